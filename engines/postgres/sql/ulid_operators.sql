-- Comparison operators, sort order, hashing, casts to and from uuid.
SELECT a, b, a < b AS lt, a <= b AS le, a = b AS eq, a <> b AS ne, a >= b AS ge, a > b AS gt,
       ulid_cmp(a, b) AS cmp
FROM (VALUES ('01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid, '01GV5PA9EQG7D82Q3Y4PKBZSYW'::ulid),
             ('01gv5pa9eqg7d82q3y4pkbzsyv', '01GV5PA9EQG7D82Q3Y4PKBZSYV'),
             ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', '00000000000000000000000000'),
             ('01GV5PA9EQG7D82Q3Y4PKBZSYV', NULL)) AS v(a, b);

SELECT min(id), max(id), count(*)
FROM (VALUES ('01HASJFZZ862S826DA2NJK4WMT'::ulid), ('01GV5PA9EQG7D82Q3Y4PKBZSYV'), (NULL),
             ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'), ('00000000000000000000000000')) AS v(id);

-- Sort order = text order (C collation) = uuid byte order, over 50000 random
-- values (large enough for abbreviated keys and their cardinality check).
CREATE TABLE sort_cases AS
SELECT gen_random_uuid()::ulid AS id FROM generate_series(1, 50000);
SELECT count(*) AS mismatches FROM
  (SELECT id, row_number() OVER (ORDER BY id) AS by_ulid,
          row_number() OVER (ORDER BY id::text COLLATE "C") AS by_text,
          row_number() OVER (ORDER BY id::uuid) AS by_uuid
   FROM sort_cases) s
WHERE by_ulid <> by_text OR by_ulid <> by_uuid;

-- The same with 30000 IDs sharing their first 8 bytes (one timestamp and
-- random prefix): abbreviated keys all tie, the sort aborts abbreviation and
-- the full comparison orders them.
CREATE TABLE tie_cases AS
SELECT uuid_to_ulid(('0186cb6525d781da' || lpad(to_hex((random() * 2^31)::bigint), 8, '0')
                     || lpad(to_hex(g), 8, '0'))::uuid) AS id
FROM generate_series(1, 30000) AS g;
SELECT count(*) AS mismatches FROM
  (SELECT row_number() OVER (ORDER BY id) AS by_ulid,
          row_number() OVER (ORDER BY id::text COLLATE "C") AS by_text
   FROM tie_cases) s
WHERE by_ulid <> by_text;
SELECT count(*) AS descending_mismatches FROM
  (SELECT row_number() OVER (ORDER BY id DESC) AS by_ulid,
          row_number() OVER (ORDER BY id::text COLLATE "C" DESC) AS by_text
   FROM tie_cases) s
WHERE by_ulid <> by_text;

-- Hashes equal uuid's for the same bytes; the extended hash takes a seed.
SELECT ulid_hash(id) = uuid_hash(id::uuid) AS hash_like_uuid,
       ulid_hash_extended(id, 0) = uuid_hash_extended(id::uuid, 0) AS extended_like_uuid,
       ulid_hash_extended(id, 0) <> ulid_hash_extended(id, 1) AS seed_matters,
       (ulid_hash_extended(id, 0) & 4294967295) = (ulid_hash(id)::int8 & 4294967295)
         AS seed_0_low_bits_are_the_hash
FROM (VALUES ('01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid)) AS v(id);
SELECT count(DISTINCT ulid_hash(id)) > 49900 AS hashes_spread FROM sort_cases;
-- Hash join and hash aggregation use it.
SET enable_sort = off;
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM sort_cases a JOIN sort_cases b USING (id);
SELECT count(*) FROM sort_cases a JOIN sort_cases b USING (id);
EXPLAIN (COSTS OFF) SELECT count(*) FROM (SELECT id FROM sort_cases GROUP BY id) g;
SELECT count(*) FROM (SELECT id FROM sort_cases GROUP BY id) g;
RESET enable_sort;
RESET enable_mergejoin;

-- Casts: ulid <-> uuid reinterpret the bytes (binary coercible, no function).
SELECT castsource::regtype, casttarget::regtype, castmethod, castcontext
FROM pg_cast WHERE castsource = 'ulid'::regtype OR casttarget = 'ulid'::regtype
ORDER BY 1::text, 2::text;
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::uuid AS as_uuid,
       '0186cb65-25d7-81da-815c-7e25a6bfe7db'::uuid::ulid AS as_ulid,
       ulid_to_uuid('01GV5PA9EQG7D82Q3Y4PKBZSYV') AS to_uuid,
       uuid_to_ulid('0186cb65-25d7-81da-815c-7e25a6bfe7db') AS to_ulid,
       ulid_to_uuid(NULL) IS NULL AND uuid_to_ulid(NULL) IS NULL AS nulls;
SELECT count(*) AS round_trip_mismatches FROM sort_cases
WHERE uuid_to_ulid(ulid_to_uuid(id)) <> id OR id::uuid::ulid <> id;
-- Mixed comparisons need an explicit cast (no implicit cast either way).
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid = '0186cb65-25d7-81da-815c-7e25a6bfe7db'::uuid;
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid = '0186cb65-25d7-81da-815c-7e25a6bfe7db'::uuid::ulid;
-- Assignment: a uuid goes into a ulid column and back.
CREATE TABLE assigned (u ulid, v uuid);
INSERT INTO assigned VALUES ('0186cb65-25d7-81da-815c-7e25a6bfe7db'::uuid,
                             '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid);
SELECT * FROM assigned;

-- Changing a column between uuid and ulid keeps the table's file (no rewrite).
CREATE TABLE retyped (id uuid);
INSERT INTO retyped SELECT id::uuid FROM sort_cases;
SELECT pg_relation_filenode('retyped') AS filenode_before \gset
ALTER TABLE retyped ALTER COLUMN id TYPE ulid;
SELECT pg_relation_filenode('retyped') = :filenode_before AS not_rewritten,
       (SELECT count(*) FROM retyped r JOIN sort_cases s USING (id)) AS rows_equal;
ALTER TABLE retyped ALTER COLUMN id TYPE uuid;
SELECT pg_relation_filenode('retyped') = :filenode_before AS not_rewritten_back;
