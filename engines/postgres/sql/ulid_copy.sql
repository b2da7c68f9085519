-- COPY in text and binary format, round trips, and the uuid wire format.
CREATE TABLE copied (id ulid, note text);
COPY copied FROM STDIN;
01GV5PA9EQG7D82Q3Y4PKBZSYV	known
01gv5pa9eqg7d82q3y4pkbzsyw	lower case in
7ZZZZZZZZZZZZZZZZZZZZZZZZZ	max
00000000000000000000000000	nil
\N	null
\.
COPY copied TO STDOUT;
-- A bad row stops COPY with the line and the position.
COPY copied FROM STDIN;
01GV5PA9EQG7D82Q3Y4PKBZSYV	fine
01GV5PA9EQG7D82Q3Y4PKBZSYU	bad
\.
SELECT count(*) AS rows_after_failed_copy FROM copied;

-- Round trips through server-side files (in the cluster's data directory,
-- which the server can write; the suite runs on a throwaway cluster).
SELECT current_setting('data_directory') || '/sortid_regress_copy.txt' AS text_file,
       current_setting('data_directory') || '/sortid_regress_copy.bin' AS binary_file \gset
CREATE TABLE many AS SELECT gen_ulid() AS id, g FROM generate_series(1, 10000) AS g;
INSERT INTO many VALUES (NULL, 0);
COPY many TO :'text_file';
CREATE TABLE many_text (LIKE many);
COPY many_text FROM :'text_file';
COPY many TO :'binary_file' (FORMAT binary);
CREATE TABLE many_binary (LIKE many);
COPY many_binary FROM :'binary_file' (FORMAT binary);
SELECT (SELECT count(*) FROM many_text) AS text_rows,
       (SELECT count(*) FROM many_binary) AS binary_rows,
       (SELECT count(*) FROM many m JOIN many_text t ON t.g = m.g
        WHERE t.id IS NOT DISTINCT FROM m.id) AS text_equal,
       (SELECT count(*) FROM many m JOIN many_binary b ON b.g = m.g
        WHERE b.id IS NOT DISTINCT FROM m.id) AS binary_equal;

-- ulid's binary format is uuid's: a binary COPY of ulid loads into uuid and back.
CREATE TABLE as_uuid (id uuid, g int);
COPY as_uuid FROM :'binary_file' (FORMAT binary);
SELECT count(*) AS uuid_equal FROM many m JOIN as_uuid u ON u.g = m.g
WHERE u.id IS NOT DISTINCT FROM m.id::uuid;
COPY as_uuid TO :'binary_file' (FORMAT binary);
TRUNCATE many_binary;
COPY many_binary FROM :'binary_file' (FORMAT binary);
SELECT count(*) AS back_equal FROM many m JOIN many_binary b ON b.g = m.g
WHERE b.id IS NOT DISTINCT FROM m.id;
-- A short binary field is an error, not a partial value.
CREATE TABLE short_field (b bytea);
INSERT INTO short_field VALUES ('\x0102');
COPY short_field TO :'binary_file' (FORMAT binary);
CREATE TABLE short_target (id ulid);
COPY short_target FROM :'binary_file' (FORMAT binary);
-- So is a long one (17 bytes): the whole field must be one ULID.
TRUNCATE short_field;
INSERT INTO short_field VALUES ('\x0186cb6525d781da815c7e25a6bfe7db00');
COPY short_field TO :'binary_file' (FORMAT binary);
COPY short_target FROM :'binary_file' (FORMAT binary);
SELECT count(*) AS rows_loaded FROM short_target;
