-- The ulid type: text input and output, size, NULLs, send/recv.
CREATE EXTENSION sortid;

-- Known answers (tests/data/ulid_known_answers.tsv): text -> bytes via uuid.
SELECT v.text, v.text::ulid AS ulid, v.text::ulid::uuid AS bytes
FROM (VALUES ('00000000000000000000000000'),   -- nil
             ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),   -- max (ulid/spec)
             ('01GV5PA9EQG7D82Q3Y4PKBZSYV'),   -- pgx_ulid tests
             ('01gv5pa9eqg7d82q3y4pkbzsyv'),   -- lower case decodes
             ('2d9rw50ma499cmaghm6dd42dtp'),   -- ulid-rs base32 tests
             ('01HASJFZZ862S826DA2NJK4WMT')) AS v(text);

-- bytes -> text (canonical upper case).
SELECT v.hex::uuid::ulid AS ulid, v.expected, v.hex::uuid::ulid::text = v.expected AS same
FROM (VALUES ('41414141414141414141414141414141', '21850M2GA1850M2GA1850M2GA1'),
             ('4d4e385051444a59454234335a413756', '2D9RW50MA499CMAGHM6DD42DTP'),
             ('0000587cea2c04040404040404040404', '0001C7STHC0G2081040G208104'),
             ('012345566789abcdeffedcba98765432', '014D2NCSW9NF6YZZPWQAC7CN1J')) AS v(hex, expected);

-- 16 bytes on disk, fixed length, by reference, char alignment.
SELECT pg_column_size('01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid) AS column_size;
SELECT typlen, typbyval, typalign, typstorage FROM pg_type WHERE typname = 'ulid';
CREATE TABLE ulid_sizes (id ulid);
INSERT INTO ulid_sizes VALUES ('01GV5PA9EQG7D82Q3Y4PKBZSYV');
SELECT pg_column_size(id) FROM ulid_sizes;

-- The overflowing ULID other parsers accept, and every other kind of error.
SELECT '8ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid;
SELECT 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid;
SELECT ''::ulid;
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSY'::ulid;
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYVV'::ulid;
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYU'::ulid;
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYI'::ulid;
SELECT 'I1GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid;
SELECT '01GV5PA9EQG7-82Q3Y4PKBZSYV'::ulid;
SELECT ' 01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid;
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV '::ulid;
SELECT '018ab327-ffe8-30b2-8119-aa156532729a'::ulid;
-- Bytes shown escaped; long input cut at 64 bytes.
SELECT E'01GV5PA9EQG7D82Q3\tY4PKBZSY'::ulid;
SELECT E'01GV5PA9EQG7D82Q3Y4PKB"\\SY'::ulid;
SELECT repeat('0', 100)::ulid;
-- The SQLSTATE is invalid_text_representation (22P02).
DO $$
BEGIN
  PERFORM '01GV5PA9EQG7D82Q3Y4PKBZSYU'::ulid;
EXCEPTION WHEN invalid_text_representation THEN
  RAISE NOTICE 'caught %', SQLSTATE;
END $$;

-- NULL in, NULL out.
SELECT NULL::ulid IS NULL AS is_null, NULL::text::ulid IS NULL AS from_text,
       NULL::ulid::text IS NULL AS to_text;

-- Binary send / receive: 16 bytes, the same as the uuid with those bytes.
SELECT ulid_send('01GV5PA9EQG7D82Q3Y4PKBZSYV') AS sent,
       ulid_send('01GV5PA9EQG7D82Q3Y4PKBZSYV') = uuid_send('0186cb6525d781da815c7e25a6bfe7db')
         AS same_as_uuid;
