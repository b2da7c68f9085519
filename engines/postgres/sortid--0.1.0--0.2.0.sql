/* sortid 0.1.0 -> 0.2.0: sortid_version(), the library's version. */
\echo Use "ALTER EXTENSION sortid UPDATE" to load this file. \quit

CREATE FUNCTION sortid_version() RETURNS text
  AS 'MODULE_PATHNAME', 'sortid_pg_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
