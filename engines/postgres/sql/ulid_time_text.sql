-- ulid_min(text) / ulid_max(text): the rule every sortid engine and the
-- sortid command share (docs/formats.md, "Time text"), not timestamptz input.
SET TimeZone = 'America/New_York';  -- a text time without an offset is still UTC
-- A date is its whole day: ulid_max is the day's last millisecond.
SELECT ulid_min('2024-01-31') AS min_day, ulid_max('2024-01-31') AS max_day,
       ulid_time(ulid_max('2024-01-31')) AS max_day_time;
SELECT ulid_min('2024-01-31') = ulid_min('2024-01-31T00:00:00Z'::timestamptz) AS day_start_utc,
       ulid_max('2024-01-31') = ulid_max('2024-01-31T23:59:59.999Z'::timestamptz) AS day_end_utc;
-- A time without milliseconds names its second; '.5' names 100 ms.
SELECT ulid_max('2024-01-31T12:00:00Z') = ulid_max('2024-01-31T12:00:00.999Z'::timestamptz) AS second_end,
       ulid_max('2024-01-31 12:00:00.5Z') = ulid_max('2024-01-31T12:00:00.599Z'::timestamptz) AS tenth_end,
       ulid_min('2024-01-31 12:00:00') = ulid_min('2024-01-31T12:00:00Z'::timestamptz) AS no_offset_is_utc,
       ulid_min('2024-01-31T13:00:00+01:00') = ulid_min('2024-01-31T12:00:00Z'::timestamptz) AS offset;
-- Unix milliseconds, with or without the unit.
SELECT ulid_min('1704067200000') = ulid_min('2024-01-01') AS ms_integer,
       ulid_min('1704067200000ms') = ulid_min('2024-01-01') AS ms_unit,
       ulid_max('1704067200000ms') = ulid_max('2024-01-01T00:00:00.000Z') AS ms_is_one_ms;
-- varchar and an explicit text cast take the same overload; timestamptz keeps its reading.
SELECT ulid_max('2024-01-31'::varchar) = ulid_max('2024-01-31') AS varchar_same,
       ulid_max('2024-01-31'::timestamptz) = ulid_max('2024-01-31 00:00:00-05'::timestamptz) AS tz_midnight;
-- Refused: eight bare digits (a date to a person, 1970 to a parser), words,
-- a unit on a date, out of range, bytes escaped in the message.
SELECT ulid_min('20240101');
SELECT ulid_max('20240101');
SELECT ulid_min('yesterday');
SELECT ulid_min('2024-01-01ms');
SELECT ulid_min('');
SELECT ulid_min(E'2024-01-01\n');
SELECT ulid_min('1969-12-31');
SELECT ulid_max('+10889-08-03');
SELECT ulid_min(NULL::text) IS NULL AND ulid_max(NULL::text) IS NULL AS nulls;
-- The bounds fold to constants: an index range scan, as with timestamptz.
CREATE TABLE time_text (id ulid PRIMARY KEY);
EXPLAIN (COSTS OFF) SELECT * FROM time_text WHERE id BETWEEN ulid_min('2024-01-01') AND ulid_max('2024-01-31');
DROP TABLE time_text;
RESET TimeZone;
