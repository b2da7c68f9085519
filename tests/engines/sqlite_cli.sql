-- Run by tests/engines/sqlite_cli_test.sh in the sqlite3 shell after
-- `.load <build>/sqlite/sortid`; output compared with sqlite_cli.expected.
.mode list
SELECT ulid_to_uuid('01ARZ3NDEKTSV4RRFFQ69G5FAV');
SELECT uuid_to_ulid('01563e3a-b5d3-d676-4c61-efb99302bd5b');
SELECT hex(ulid_to_blob('01ARZ3NDEKTSV4RRFFQ69G5FAV'));
SELECT ulid_from_blob(x'01563E3AB5D3D6764C61EFB99302BD5B');
SELECT ulid_time('01ARZ3NDEKTSV4RRFFQ69G5FAV');
SELECT ulid_valid('01ARZ3NDEKTSV4RRFFQ69G5FAV'), ulid_valid('01ARZ3NDEKTSV4RRFFQ69G5FAU');
SELECT ulid_min('2024-01-01'), ulid_max('2024-01-31T23:59:59.999Z');
SELECT record_id_time('0D9RRDT0B50TBK9FWFD6');
SELECT quote(try_ulid_to_uuid('bad')), quote(ulid_time(NULL));
SELECT length(ulid()), length(ulid_monotonic()), length(record_id());
CREATE TABLE t(id TEXT);
INSERT INTO t VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV'), ('01BX5ZZKBKACTAV9WEVGEMMVRZ'), (NULL);
SELECT quote(ulid_to_uuid(id)) FROM t;
SELECT ulid_to_uuid('01ARZ3NDEKTSV4RRFFQ69G5FAU');
