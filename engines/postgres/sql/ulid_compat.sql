-- pgx_ulid's casts and names, gen_monotonic_ulid and ulid_extract_timestamp.
SET TimeZone = 'UTC';
-- ulid <-> timestamp / timestamptz: the ID's millisecond; back: random part zero.
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::timestamp AS ts,
       '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::timestamptz AS tstz,
       '2023-03-10 12:00:49.111'::timestamp::ulid AS from_ts,
       '2023-03-10 12:00:49.111'::timestamptz::ulid AS from_tstz;
-- A timestamp (no zone) is UTC whatever the session's zone; a timestamptz is its instant.
SET TimeZone = 'Asia/Tokyo';
SELECT '2023-03-10 12:00:49.111'::timestamp::ulid AS from_ts_tokyo,
       '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::timestamp AS ts_tokyo,
       '2023-03-10 21:00:49.111+09'::timestamptz::ulid AS from_tstz_tokyo;
SET TimeZone = 'UTC';
-- Sub-millisecond times floor; the round trip keeps the millisecond.
SELECT '2023-03-10 12:00:49.111999'::timestamp::ulid = '2023-03-10 12:00:49.111'::timestamp::ulid AS floors,
       ulid_time(gen_ulid()::timestamp::ulid) IS NOT NULL AS round_trip;
SELECT 'infinity'::timestamp::ulid;
SELECT '1969-12-31 23:59:59.999'::timestamp::ulid;
-- No implicit cast: a ulid is not compared as a time by accident.
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid < now();
-- ulid <-> bytea: the 16 big-endian bytes; other lengths refused.
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::bytea AS bytes,
       '\x0186cb6525d781da815c7e25a6bfe7db'::bytea::ulid AS from_bytes,
       ulid_to_bytea('01GV5PA9EQG7D82Q3Y4PKBZSYV') = uuid_send('0186cb65-25d7-81da-815c-7e25a6bfe7db') AS same_as_uuid_send;
SELECT '\x0186cb'::bytea::ulid;
SELECT ''::bytea::ulid;
-- pgx_ulid's function names.
SELECT ulid_from_uuid('0186cb65-25d7-81da-815c-7e25a6bfe7db') AS from_uuid,
       ulid_to_timestamp('01GV5PA9EQG7D82Q3Y4PKBZSYV') AS to_ts,
       ulid_to_timestamptz('01GV5PA9EQG7D82Q3Y4PKBZSYV') AS to_tstz,
       timestamp_to_ulid('2023-03-10 12:00:49.111') AS ts_to,
       timestamptz_to_ulid('2023-03-10 12:00:49.111+00') AS tstz_to;
-- ulid_extract_timestamp, like uuid_extract_timestamp for UUIDv7.
SELECT ulid_extract_timestamp('01GV5PA9EQG7D82Q3Y4PKBZSYV') AS extracted,
       ulid_extract_timestamp(NULL) IS NULL AS null_in_null_out,
       pg_typeof(ulid_extract_timestamp(gen_ulid())) AS type;
-- gen_monotonic_ulid without shared_preload_libraries: refused with a hint
-- (scripts/pg-test.sh runs the server-wide order on a preloaded server).
SELECT current_setting('shared_preload_libraries') = '' AS not_preloaded;
SELECT gen_monotonic_ulid();
SELECT proname, provolatile, proparallel FROM pg_proc WHERE proname = 'gen_monotonic_ulid';
RESET TimeZone;
