-- Functions: time, bounds, conversions, generators, Record ID.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

-- ulid_time and the cast: exact milliseconds (known answers from
-- tests/data: ClickHouse docs, ulid/javascript, sqlite-ulid tests).
SELECT id, ulid_time(id::ulid), id::ulid::timestamptz AS cast,
       extract(epoch FROM ulid_time(id::ulid)) * 1000 AS unix_ms
FROM (VALUES ('01GNB2S2FGN2P93QPXDNB4EN2R'), ('01GWJWKW30MFPQJRYEAF4XFZ9E'),
             ('01GMP2G8ZG6PMKWYVKS62TTA41'), ('01ARYZ6S41TSV4RRFFQ69G5FAV'),
             ('00000000000000000000000000'), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')) AS v(id);

-- ulid_min / ulid_max: all-zero / all-one random part of the timestamp's ms.
SELECT ts, ulid_min(ts), ulid_max(ts), ulid_time(ulid_min(ts)) AS min_time,
       ulid_time(ulid_max(ts)) AS max_time
FROM (VALUES ('2016-07-30 23:54:10.259+00'::timestamptz),
             ('2016-07-30 23:54:10.2599+00'),        -- sub-ms: the ms it falls in
             ('1970-01-01 00:00:00+00'),             -- smallest
             ('10889-08-02 05:31:50.655+00'),        -- largest
             ('1969-12-31 23:59:59.9999+00' ::timestamptz + interval '1 ms')) AS v(ts);
-- Known answers (oklog/ulid tests: timestamp with zero entropy).
SELECT ulid_min(to_timestamp(1469918176.385)) = '01ARYZ6S410000000000000000' AS oklog_alizain,
       ulid_min(to_timestamp(100)) = '00000031N00000000000000000' AS oklog_100000_ms;
SELECT ulid_min('01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::timestamptz)
         <= '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid
       AND '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid
         <= ulid_max('01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::timestamptz) AS brackets;
-- Out of range: before 1970, past 2^48 - 1 ms, infinities.
SELECT ulid_min('1969-12-31 23:59:59.999+00'::timestamptz);
SELECT ulid_max('10889-08-02 05:31:50.656+00'::timestamptz);
SELECT ulid_min('infinity'::timestamptz);
SELECT ulid_max('-infinity'::timestamptz);
SELECT ulid_min(NULL) IS NULL AND ulid_max(NULL) IS NULL AND ulid_time(NULL) IS NULL AS nulls;

-- gen_ulid: current time, distinct values; random part differs.
SELECT abs(extract(epoch FROM ulid_time(gen_ulid()) - clock_timestamp())) < 5 AS now_ish,
       gen_ulid() <> gen_ulid() AS distinct_values,
       pg_typeof(gen_ulid()) AS type;
-- gen_ulid_monotonic: increasing within a statement and across statements.
SELECT gen_ulid_monotonic() AS first \gset
SELECT gen_ulid_monotonic() > :'first'::ulid AS later_statement_larger,
       abs(extract(epoch FROM ulid_time(gen_ulid_monotonic()) - clock_timestamp())) < 5 AS now_ish;
SELECT bool_and(id > previous) AS increasing FROM
  (SELECT id, lag(id) OVER (ORDER BY g) AS previous
   FROM (SELECT g, gen_ulid_monotonic() AS id FROM generate_series(1, 10000) AS g) s) t
WHERE previous IS NOT NULL;

-- gen_uuidv7: RFC 9562 version 7, variant 10, current time in the top 48 bits.
SELECT substr(u::text, 15, 1) AS version, substr(u::text, 20, 1) IN ('8', '9', 'a', 'b') AS variant,
       abs(extract(epoch FROM ulid_time(u::ulid)) - extract(epoch FROM clock_timestamp())) < 5
         AS now_ish,
       pg_typeof(u) AS type
FROM (SELECT gen_uuidv7() AS u) s;
SELECT bool_and(u > previous) AS increasing FROM
  (SELECT u, lag(u) OVER (ORDER BY g) AS previous
   FROM (SELECT g, gen_uuidv7() AS u FROM generate_series(1, 10000) AS g) s) t
WHERE previous IS NOT NULL;

-- Record ID: 20 Crockford characters; record_id_time reads its timestamp
-- (40-bit ms since 2026-01-01). Known answers: fields packed by hand.
SELECT length(r) AS length, r ~ '^[0-9A-HJKMNP-TV-Z]{20}$' AS alphabet,
       abs(extract(epoch FROM record_id_time(r) - clock_timestamp())) < 5 AS now_ish,
       pg_typeof(r) AS type
FROM (SELECT gen_record_id() AS r) s;
SELECT r, record_id_time(r)
FROM (VALUES ('00000000000000000000'), ('00000001ZZZZZZZZZZZZ'), ('0000000Z000000000000'),
             ('zzzzzzzz000000000000'), ('ZZZZZZZZZZZZZZZZZZZZ')) AS v(r);
SELECT record_id_time('0000000000000000000');
SELECT record_id_time('0000000000000000000U');
SELECT record_id_time(E'00000000\x0100000000000');
SELECT record_id_time(NULL) IS NULL AS null_in_null_out;
SELECT bool_and(r > previous) AS increasing FROM
  (SELECT r, lag(r) OVER (ORDER BY g) AS previous
   FROM (SELECT g, gen_record_id() AS r FROM generate_series(1, 10000) AS g) s) t
WHERE previous IS NOT NULL;

-- Volatility and parallel safety as declared.
SELECT proname, provolatile, proparallel, proisstrict
FROM pg_proc WHERE proname IN ('gen_ulid', 'gen_ulid_monotonic', 'gen_uuidv7', 'gen_record_id',
                               'ulid_time', 'ulid_min', 'ulid_max', 'record_id_time',
                               'ulid_to_uuid', 'uuid_to_ulid')
ORDER BY proname;
