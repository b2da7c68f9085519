/* sortid 0.1.0: the ulid type, its operators and index support, generators.
   The one install script: CREATE EXTENSION sortid runs it, then the update
   scripts (sortid--0.1.0--0.2.0.sql, ...) up to default_version in
   sortid.control, the path ALTER EXTENSION sortid UPDATE takes from 0.1.0.
   So this file stays as 0.1.0 was; a change goes into a new update script. */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION sortid" to load this file. \quit

-- ---- The type: 16 bytes, big-endian, the layout of uuid.
CREATE TYPE ulid;

CREATE FUNCTION ulid_in(cstring) RETURNS ulid
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_out(ulid) RETURNS cstring
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_recv(internal) RETURNS ulid
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_send(ulid) RETURNS bytea
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE ulid (
  INPUT = ulid_in,
  OUTPUT = ulid_out,
  RECEIVE = ulid_recv,
  SEND = ulid_send,
  INTERNALLENGTH = 16,
  ALIGNMENT = char,
  STORAGE = plain
);
COMMENT ON TYPE ulid IS 'ULID: 48-bit Unix ms timestamp + 80 random bits, 16 bytes';

-- ---- Comparison.
CREATE FUNCTION ulid_cmp(ulid, ulid) RETURNS int4
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_lt(ulid, ulid) RETURNS bool
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_le(ulid, ulid) RETURNS bool
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_eq(ulid, ulid) RETURNS bool
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_ne(ulid, ulid) RETURNS bool
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_ge(ulid, ulid) RETURNS bool
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_gt(ulid, ulid) RETURNS bool
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE OPERATOR < (LEFTARG = ulid, RIGHTARG = ulid, PROCEDURE = ulid_lt,
  COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = ulid, RIGHTARG = ulid, PROCEDURE = ulid_le,
  COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR = (LEFTARG = ulid, RIGHTARG = ulid, PROCEDURE = ulid_eq,
  COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = ulid, RIGHTARG = ulid, PROCEDURE = ulid_ne,
  COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR >= (LEFTARG = ulid, RIGHTARG = ulid, PROCEDURE = ulid_ge,
  COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR > (LEFTARG = ulid, RIGHTARG = ulid, PROCEDURE = ulid_gt,
  COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);

CREATE FUNCTION ulid_smaller(ulid, ulid) RETURNS ulid
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_larger(ulid, ulid) RETURNS ulid
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE AGGREGATE min(ulid) (SFUNC = ulid_smaller, STYPE = ulid, SORTOP = <,
  COMBINEFUNC = ulid_smaller, PARALLEL = SAFE);
CREATE AGGREGATE max(ulid) (SFUNC = ulid_larger, STYPE = ulid, SORTOP = >,
  COMBINEFUNC = ulid_larger, PARALLEL = SAFE);

-- ---- btree: sort support with abbreviated keys; deduplication allowed.
CREATE FUNCTION ulid_sortsupport(internal) RETURNS void
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR CLASS ulid_ops DEFAULT FOR TYPE ulid USING btree AS
  OPERATOR 1 <,
  OPERATOR 2 <=,
  OPERATOR 3 =,
  OPERATOR 4 >=,
  OPERATOR 5 >,
  FUNCTION 1 ulid_cmp(ulid, ulid),
  FUNCTION 2 ulid_sortsupport(internal),
  FUNCTION 4 btequalimage(oid);

-- ---- hash: 32-bit and the seeded 64-bit hash (hash partitioning).
CREATE FUNCTION ulid_hash(ulid) RETURNS int4
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_hash_extended(ulid, int8) RETURNS int8
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE OPERATOR CLASS ulid_ops DEFAULT FOR TYPE ulid USING hash AS
  OPERATOR 1 =,
  FUNCTION 1 ulid_hash(ulid),
  FUNCTION 2 ulid_hash_extended(ulid, int8);

-- ---- BRIN: minmax (default), minmax-multi, bloom, with PostgreSQL's own
-- support procedures, as for uuid_minmax_ops / uuid_minmax_multi_ops /
-- uuid_bloom_ops.
CREATE OPERATOR CLASS ulid_minmax_ops DEFAULT FOR TYPE ulid USING brin AS
  OPERATOR 1 <,
  OPERATOR 2 <=,
  OPERATOR 3 =,
  OPERATOR 4 >=,
  OPERATOR 5 >,
  FUNCTION 1 brin_minmax_opcinfo(internal),
  FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
  FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
  FUNCTION 4 brin_minmax_union(internal, internal, internal),
  STORAGE ulid;

CREATE FUNCTION ulid_brin_distance(internal, internal) RETURNS float8
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR CLASS ulid_minmax_multi_ops FOR TYPE ulid USING brin AS
  OPERATOR 1 <,
  OPERATOR 2 <=,
  OPERATOR 3 =,
  OPERATOR 4 >=,
  OPERATOR 5 >,
  FUNCTION 1 brin_minmax_multi_opcinfo(internal),
  FUNCTION 2 brin_minmax_multi_add_value(internal, internal, internal, internal),
  FUNCTION 3 brin_minmax_multi_consistent(internal, internal, internal, int4),
  FUNCTION 4 brin_minmax_multi_union(internal, internal, internal),
  FUNCTION 5 brin_minmax_multi_options(internal),
  FUNCTION 11 ulid_brin_distance(internal, internal),
  STORAGE ulid;

CREATE OPERATOR CLASS ulid_bloom_ops FOR TYPE ulid USING brin AS
  OPERATOR 1 =,
  FUNCTION 1 brin_bloom_opcinfo(internal),
  FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
  FUNCTION 3 brin_bloom_consistent(internal, internal, internal, int4),
  FUNCTION 4 brin_bloom_union(internal, internal, internal),
  FUNCTION 5 brin_bloom_options(internal),
  FUNCTION 11 ulid_hash(ulid),
  STORAGE ulid;

-- ---- Casts. uuid <-> ulid reinterpret the same 16 bytes (binary coercible:
-- ALTER COLUMN ... TYPE does not rewrite the table). Assignment, not
-- implicit: INSERTs and ALTER TYPE convert without a USING clause, while a
-- comparison of a ulid with a uuid needs an explicit cast instead of picking
-- one of two operator families silently.
CREATE CAST (ulid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (uuid AS ulid) WITHOUT FUNCTION AS ASSIGNMENT;

CREATE FUNCTION ulid_to_uuid(ulid) RETURNS uuid
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_to_ulid(uuid) RETURNS ulid
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

-- ---- Time.
CREATE FUNCTION ulid_time(ulid) RETURNS timestamptz
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE CAST (ulid AS timestamptz) WITH FUNCTION ulid_time(ulid);
CREATE FUNCTION ulid_min(timestamptz) RETURNS ulid
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_max(timestamptz) RETURNS ulid
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_min(timestamptz) IS
  'smallest ULID of the timestamp''s millisecond (random part all zeros)';
COMMENT ON FUNCTION ulid_max(timestamptz) IS
  'largest ULID of the timestamp''s millisecond (random part all ones)';

-- ---- Generators. gen_ulid_monotonic keeps per-backend state: it must run
-- in the backend that owns the state (PARALLEL RESTRICTED), like random().
-- gen_uuidv7 and gen_record_id keep some too; 0.2.0 makes them PARALLEL
-- RESTRICTED (sortid--0.1.0--0.2.0.sql).
CREATE FUNCTION gen_ulid() RETURNS ulid
  AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION gen_ulid_monotonic() RETURNS ulid
  AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL RESTRICTED;
CREATE FUNCTION gen_uuidv7() RETURNS uuid
  AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;

-- ---- Record ID (20 Crockford Base32 characters; docs/spec.md §1).
CREATE FUNCTION gen_record_id() RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION record_id_time(text) RETURNS timestamptz
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
