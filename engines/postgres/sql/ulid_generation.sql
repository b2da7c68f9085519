-- One million generated IDs per generator: unique, and increasing in
-- generation order for the monotonic ones.
CREATE TABLE generated AS
SELECT g, gen_ulid() AS random_id, gen_ulid_monotonic() AS monotonic_id
FROM generate_series(1, 1000000) AS g;

SELECT count(*) AS rows, count(DISTINCT random_id) AS distinct_random,
       count(DISTINCT monotonic_id) AS distinct_monotonic
FROM generated;
SELECT count(*) AS not_increasing FROM
  (SELECT monotonic_id, lag(monotonic_id) OVER (ORDER BY g) AS previous FROM generated) s
WHERE monotonic_id <= previous;
-- Timestamps are about now.
SELECT abs(extract(epoch FROM max(ulid_time(monotonic_id)) - clock_timestamp())) < 60 AS now_ish
FROM generated;
DROP TABLE generated;

CREATE TABLE generated AS
SELECT g, gen_uuidv7() AS uuid_id, gen_record_id() AS record_id
FROM generate_series(1, 1000000) AS g;
SELECT count(DISTINCT uuid_id) AS distinct_uuidv7, count(DISTINCT record_id) AS distinct_record
FROM generated;
SELECT count(*) FILTER (WHERE uuid_id <= previous_uuid) AS uuidv7_not_increasing,
       count(*) FILTER (WHERE record_id <= previous_record) AS record_not_increasing
FROM (SELECT uuid_id, lag(uuid_id) OVER (ORDER BY g) AS previous_uuid,
             record_id COLLATE "C" AS record_id,
             lag(record_id COLLATE "C") OVER (ORDER BY g) AS previous_record
      FROM generated) s;
DROP TABLE generated;
