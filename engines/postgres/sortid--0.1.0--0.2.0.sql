/* sortid 0.1.0 -> 0.2.0: what 0.2.0 added or changed. A fresh install of
   0.2.0 runs sortid--0.1.0.sql and then this script, as an update from 0.1.0
   does; the ulid_version regression test lists what each step leaves. */
\echo Use "ALTER EXTENSION sortid UPDATE" to load this file. \quit

-- gen_uuidv7 and gen_record_id keep per-backend state (the UUIDv7 order, the
-- Record ID machine id): they must run in the backend that owns it, or a
-- parallel worker would start an order (and machine id) of its own.
ALTER FUNCTION gen_uuidv7() PARALLEL RESTRICTED;
ALTER FUNCTION gen_record_id() PARALLEL RESTRICTED;

-- ---- Time text: ulid_min('2024-01-31') / ulid_max('2024-01-31') read the
-- text as every sortid engine and the sortid command do (docs/formats.md,
-- "Time text"): a date is its whole day, a time without an offset is UTC,
-- Unix ms may carry the unit ('1704067200000ms'), '20240101' is refused as
-- ambiguous. An untyped literal picks these text overloads (PostgreSQL
-- prefers the string category), so it is not read as timestamptz midnight
-- in the session's time zone; pass a timestamptz for that reading.
CREATE FUNCTION ulid_min(text) RETURNS ulid
  AS 'MODULE_PATHNAME', 'ulid_min_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_max(text) RETURNS ulid
  AS 'MODULE_PATHNAME', 'ulid_max_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_min(text) IS
  'smallest ULID of the first millisecond of the period the text names (a date: its day)';
COMMENT ON FUNCTION ulid_max(text) IS
  'largest ULID of the last millisecond of the period the text names (a date: its day)';

-- ---- pgx_ulid's names and casts. timestamp and timestamptz have one
-- representation, so a timestamp (without time zone) is read and written as
-- UTC, as pgx_ulid does. Casts to and from times are explicit: a ulid is not
-- silently compared as a time.
CREATE FUNCTION ulid_to_timestamptz(ulid) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'ulid_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_to_timestamp(ulid) RETURNS timestamp
  AS 'MODULE_PATHNAME', 'ulid_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timestamptz_to_ulid(timestamptz) RETURNS ulid
  AS 'MODULE_PATHNAME', 'ulid_min' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION timestamp_to_ulid(timestamp) RETURNS ulid
  AS 'MODULE_PATHNAME', 'ulid_min' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (ulid AS timestamp) WITH FUNCTION ulid_to_timestamp(ulid);
CREATE CAST (timestamptz AS ulid) WITH FUNCTION timestamptz_to_ulid(timestamptz);
CREATE CAST (timestamp AS ulid) WITH FUNCTION timestamp_to_ulid(timestamp);
COMMENT ON FUNCTION timestamp_to_ulid(timestamp) IS
  'smallest ULID of the millisecond (random part all zeros); the timestamp is read as UTC';

CREATE FUNCTION ulid_to_bytea(ulid) RETURNS bytea
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION bytea_to_ulid(bytea) RETURNS ulid
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (ulid AS bytea) WITH FUNCTION ulid_to_bytea(ulid);
CREATE CAST (bytea AS ulid) WITH FUNCTION bytea_to_ulid(bytea);

CREATE FUNCTION ulid_from_uuid(uuid) RETURNS ulid
  AS 'MODULE_PATHNAME', 'uuid_to_ulid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

-- uuid_extract_timestamp (PostgreSQL 17, UUIDv1/v7) for a ulid.
CREATE FUNCTION ulid_extract_timestamp(ulid) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'ulid_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

-- ---- One monotonic order for the whole server: shared memory, so only
-- with shared_preload_libraries = 'sortid' (refused with a hint otherwise).
-- PARALLEL RESTRICTED like gen_ulid_monotonic: rows get IDs in the order
-- the leader produces them.
CREATE FUNCTION gen_monotonic_ulid() RETURNS ulid
  AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL RESTRICTED;

-- ---- The library's version (equals the extension's own).
CREATE FUNCTION sortid_version() RETURNS text
  AS 'MODULE_PATHNAME', 'sortid_pg_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
