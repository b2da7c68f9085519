-- Every byte 1..255 at every position 1..26 of a valid ULID (the database is
-- SQL_ASCII so each byte is one character). A byte is accepted exactly when
-- it is in the case-insensitive Crockford alphabet (and, at position 1, in
-- '0'..'7'); otherwise the error names that position.
CREATE FUNCTION ulid_parse_result(input text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  detail text;
BEGIN
  RETURN input::ulid::text;
EXCEPTION WHEN invalid_text_representation THEN
  GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
  RETURN 'error: ' || detail;
END $$;

CREATE TABLE bad_byte_cases AS
SELECT p AS position, b AS byte,
       overlay('01GV5PA9EQG7D82Q3Y4PKBZSYV' PLACING chr(b) FROM p FOR 1) AS input,
       chr(b) ~ '^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]$' AS in_alphabet
FROM generate_series(1, 26) AS p, generate_series(1, 255) AS b;
ALTER TABLE bad_byte_cases ADD COLUMN result text;
UPDATE bad_byte_cases SET result = ulid_parse_result(input);

SELECT count(*) AS cases FROM bad_byte_cases;

-- Accepted: exactly the alphabet (position 1: only '0'..'7'), and the value
-- printed back is the input in upper case.
SELECT position,
       count(*) FILTER (WHERE result NOT LIKE 'error: %') AS accepted,
       count(*) FILTER (WHERE result NOT LIKE 'error: %' AND result = upper(input))
         AS round_trip,
       count(*) FILTER (WHERE result = 'error: Invalid character at position ' || position || '.')
         AS invalid_here,
       count(*) FILTER (WHERE result = 'error: Value overflows 128 bits (first character above ''7'') at position 1.')
         AS overflow
FROM bad_byte_cases GROUP BY position ORDER BY position;

-- Nothing else happened: every case is accepted iff expected, every rejection
-- names its own position.
SELECT count(*) AS unexpected FROM bad_byte_cases
WHERE (result NOT LIKE 'error: %') <> (in_alphabet AND (position > 1 OR chr(byte) BETWEEN '0' AND '7'))
   OR (result LIKE 'error: %' AND result NOT LIKE '% at position ' || position || '.');

-- The overflow set at position 1: every alphabet character above '7'.
SELECT string_agg(chr(byte), '' ORDER BY byte) AS overflowing_first_characters
FROM bad_byte_cases WHERE position = 1 AND result LIKE 'error: Value overflows%';

-- Bytes >= 0x80 appear escaped in the message.
SELECT ('01GV5PA9EQG7D82Q3Y4PKBZSY' || chr(200))::ulid;
