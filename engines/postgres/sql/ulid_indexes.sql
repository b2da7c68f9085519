-- Index methods: btree, hash, BRIN minmax / minmax-multi / bloom. Each plan
-- is shown with sequential scans off, and each answer checked against a
-- sequential scan. IDs are in time order (one ms apart) like inserted rows;
-- their random parts come from md5(n), so the output is stable.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
CREATE TABLE events (id ulid, n int);
INSERT INTO events
SELECT uuid_to_ulid((lpad(to_hex(1700000000000 + g), 12, '0')
                     || substr(md5(g::text), 13))::uuid), g
FROM generate_series(1, 20000) AS g;
INSERT INTO events VALUES (NULL, 0);
ANALYZE events;

-- The answers every index must reproduce (equality, one second's range, the
-- NULL row), kept from the sequential scans in expected.
CREATE VIEW answers AS
SELECT (SELECT count(*) FROM events WHERE id = (SELECT id FROM events WHERE n = 777)) AS eq,
       (SELECT count(*) FROM events
        WHERE id BETWEEN ulid_min(to_timestamp(1700000001.000)) AND ulid_max(to_timestamp(1700000001.999)))
         AS range,
       (SELECT count(*) FROM events WHERE id IS NULL) AS nulls;
CREATE TABLE expected AS SELECT * FROM answers;
SELECT * FROM expected;

SET enable_seqscan = off;

-- btree (default opclass ulid_ops; sortsupport builds it).
CREATE INDEX events_btree ON events (id);
EXPLAIN (COSTS OFF) SELECT * FROM events WHERE id = '01HF7YAT00ZZZZZZZZZZZZZZZZ';
EXPLAIN (COSTS OFF) SELECT count(*) FROM events
  WHERE id BETWEEN ulid_min(to_timestamp(1700000001.000)) AND ulid_max(to_timestamp(1700000001.999));
SELECT a.eq = e.eq AS eq_ok, a.range = e.range AS range_ok, a.nulls = e.nulls AS nulls_ok
FROM answers a, expected e;
-- Ordered scans come from the index, in ULID order.
EXPLAIN (COSTS OFF) SELECT id FROM events ORDER BY id DESC LIMIT 3;
SELECT n FROM events WHERE id IS NOT NULL ORDER BY id DESC LIMIT 3;
EXPLAIN (COSTS OFF) SELECT max(id) FROM events;
SELECT max(id) = (SELECT id FROM events WHERE n = 20000) AS max_from_index FROM events;
SELECT bool_and(n = rank) AS index_order_is_time_order FROM
  (SELECT n, row_number() OVER (ORDER BY id) AS rank FROM events WHERE id IS NOT NULL) s;
-- Unique constraint through the btree.
CREATE UNIQUE INDEX events_unique ON events (id);
INSERT INTO events SELECT id, -1 FROM events WHERE n = 5;
DROP INDEX events_unique;
DROP INDEX events_btree;

-- hash.
CREATE INDEX events_hash ON events USING hash (id);
EXPLAIN (COSTS OFF) SELECT * FROM events WHERE id = '01HF7YAT00ZZZZZZZZZZZZZZZZ';
SELECT a.eq = e.eq AS eq_ok FROM answers a, expected e;
DROP INDEX events_hash;

-- BRIN: minmax (the default), minmax-multi, bloom.
CREATE INDEX events_brin ON events USING brin (id) WITH (pages_per_range = 4);
EXPLAIN (COSTS OFF) SELECT count(*) FROM events
  WHERE id BETWEEN ulid_min(to_timestamp(1700000001.000)) AND ulid_max(to_timestamp(1700000001.999));
SELECT a.eq = e.eq AS eq_ok, a.range = e.range AS range_ok, a.nulls = e.nulls AS nulls_ok
FROM answers a, expected e;
DROP INDEX events_brin;

CREATE INDEX events_brin_multi ON events USING brin (id ulid_minmax_multi_ops(values_per_range = 8))
  WITH (pages_per_range = 4);
EXPLAIN (COSTS OFF) SELECT count(*) FROM events
  WHERE id BETWEEN ulid_min(to_timestamp(1700000001.000)) AND ulid_max(to_timestamp(1700000001.999));
SELECT a.eq = e.eq AS eq_ok, a.range = e.range AS range_ok FROM answers a, expected e;
-- Out-of-order rows make multi-range summaries merge by distance.
INSERT INTO events SELECT gen_ulid(), -2 FROM generate_series(1, 2000);
INSERT INTO events SELECT ulid_min(to_timestamp(1700000001.5)), -3;
SELECT brin_summarize_new_values('events_brin_multi') >= 0 AS summarized;
SELECT count(*) AS found FROM events WHERE id = ulid_min(to_timestamp(1700000001.5));
DELETE FROM events WHERE n < 0;
DROP INDEX events_brin_multi;
-- The distance function (support procedure 11) decides which values merge:
-- rows from 4 interleaved time clusters summarize as exactly those 4 ranges
-- (pageinspect, shipped with the server).
CREATE EXTENSION pageinspect;
CREATE TABLE clusters (id ulid);
INSERT INTO clusters
SELECT ulid_min(to_timestamp(1700000000 + (g % 4) * 100000 + g * 0.001))
FROM generate_series(1, 2000) AS g;
CREATE INDEX clusters_brin ON clusters USING brin (id ulid_minmax_multi_ops(values_per_range = 8))
  WITH (pages_per_range = 32);
SELECT blknum, value FROM brin_page_items(get_raw_page('clusters_brin', 2), 'clusters_brin');
DROP TABLE clusters;
DROP EXTENSION pageinspect;

CREATE INDEX events_bloom ON events USING brin (id ulid_bloom_ops(false_positive_rate = 0.01))
  WITH (pages_per_range = 4);
EXPLAIN (COSTS OFF) SELECT * FROM events WHERE id = '01HF7YAT00ZZZZZZZZZZZZZZZZ';
SELECT a.eq = e.eq AS eq_ok FROM answers a, expected e;
DROP INDEX events_bloom;
RESET enable_seqscan;

-- Every opclass passes PostgreSQL's own validation (amvalidate).
SELECT opcname, amname, amvalidate(opc.oid) AS valid
FROM pg_opclass opc JOIN pg_am am ON am.oid = opc.opcmethod
WHERE opcintype = 'ulid'::regtype ORDER BY amname, opcname;

-- Partitioning: by hash (needs the extended hash) and by time range.
CREATE TABLE hashed (id ulid) PARTITION BY HASH (id);
CREATE TABLE hashed_0 PARTITION OF hashed FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE hashed_1 PARTITION OF hashed FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO hashed SELECT id FROM events WHERE id IS NOT NULL;
SELECT (SELECT count(*) FROM hashed_0) > 9000 AND (SELECT count(*) FROM hashed_1) > 9000 AS balanced,
       (SELECT count(*) FROM hashed) AS total;
CREATE TABLE by_month (id ulid) PARTITION BY RANGE (id);
CREATE TABLE by_month_2023_11 PARTITION OF by_month
  FOR VALUES FROM (ulid_min('2023-11-01 00:00:00+00')) TO (ulid_min('2023-12-01 00:00:00+00'));
CREATE TABLE by_month_2023_12 PARTITION OF by_month
  FOR VALUES FROM (ulid_min('2023-12-01 00:00:00+00')) TO (ulid_min('2024-01-01 00:00:00+00'));
INSERT INTO by_month VALUES (ulid_max('2023-11-30 23:59:59.999+00')), (ulid_min('2023-12-01 00:00:00+00'));
SELECT tableoid::regclass AS partition, id, ulid_time(id) FROM by_month ORDER BY id;
EXPLAIN (COSTS OFF) SELECT * FROM by_month WHERE id >= ulid_min('2023-12-05 00:00:00+00');
