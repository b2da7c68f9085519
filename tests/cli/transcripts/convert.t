# Golden cases: sortid convert.
# Format and --update: tests/cli/run_transcript.py.
# data/ulids.txt, uuids.txt, hex.txt and ids.bin hold the same six IDs, and
# data/ms.txt their times: a conversion between them prints another fixture.

## convert_bad_delimiter
$ sortid convert --field 1 --delimiter ab --to uuid people.csv
! sortid convert: --delimiter: expected one character (or 'tab'), not a quote or line break
[2]

## convert_bad_format
$ sortid convert --from base64 --to uuid ulids.txt
! sortid convert: --from/--format: unknown format 'base64'
[2]

## convert_bin_field
$ sortid convert --field 2 --to bin people.csv
! sortid convert: --to bin writes bare 16-byte records; it does not take --field
[2]

## convert_bin_stdin
$ sortid convert --from bin --to uuid - < ids.bin
|= data/uuids.txt

## convert_bin_to_ulid
$ sortid convert --from bin --to ulid ids.bin
|= data/ulids.txt

## convert_bin_trailing
$ sortid convert --from bin --to ulid trailing.bin
| 01ARZ3NDEKB50TBK9FQRYTBGAQ
| 01ARZ3NDEKKV1DDZEFTBT79ETC
! sortid convert: trailing.bin: record 3: 8 trailing bytes after 2 complete 16-byte records (binary input must be a multiple of 16 bytes)
[1]

## convert_crlf
$ sortid convert --to uuid crlf.txt | od -c | head -4
| 0000000   0   1   5   6   3   e   3   a   -   b   5   d   3   -   5   9
| 0000020   4   1   -   a   5   c   d   -   2   f   b   e   3   d   a   5
| 0000040   c   1   5   7  \r  \n   0   1   5   6   3   e   3   a   -   b
| 0000060   5   d   3   -   9   e   c   2   -   d   6   f   d   -   c   f

## convert_csv_fail
$ sortid convert --field 1 --header --to uuid people.csv
| id,name,note
| 01563e3a-b5d3-5941-a5cd-2fbe3da5c157,"Smith, Jane","said ""hi"""
| "01563e3a-b5d3-9ec2-d6fd-cfd2f474bb4c",plain,"two
| lines"
! sortid convert: people.csv:5:26: invalid character 'U'
[1]

## convert_csv_header
$ sortid convert --field 1 --header --to uuid --on-error keep people.csv
| id,name,note
| 01563e3a-b5d3-5941-a5cd-2fbe3da5c157,"Smith, Jane","said ""hi"""
| "01563e3a-b5d3-9ec2-d6fd-cfd2f474bb4c",plain,"two
| lines"
| 01ARZ3NDEKTSV4RRFFQ69G5FAU,bad,row
| 018df4bc-5600-b663-c81b-36b9617f2d6e,,
| short
| 018df4bc-5600-ca45-1699-d446b808c680,last,"no newline"
! sortid convert: people.csv:5:26: invalid character 'U'
! sortid convert: people.csv:7:6: wrong length: 5 bytes, expected 26
! sortid convert: 6 rows, 4 converted, 2 invalid kept as they were

## convert_csv_null
$ sortid convert --field 1 --header --to ms --on-error null people.csv
| id,name,note
| 1469922850259,"Smith, Jane","said ""hi"""
| "1469922850259",plain,"two
| lines"
| ,bad,row
| 1709208000000,,
|
| 1709208000000,last,"no newline"
! sortid convert: people.csv:5:26: invalid character 'U'
! sortid convert: people.csv:7:6: wrong length: 5 bytes, expected 26
! sortid convert: 6 rows, 4 converted, 2 invalid written with the field empty

## convert_csv_skip
$ sortid convert --field 1 --header --to iso8601 --on-error skip people.csv
| id,name,note
| 2016-07-30T23:54:10.259Z,"Smith, Jane","said ""hi"""
| "2016-07-30T23:54:10.259Z",plain,"two
| lines"
| 2024-02-29T12:00:00.000Z,,
| 2024-02-29T12:00:00.000Z,last,"no newline"
! sortid convert: people.csv:5:26: invalid character 'U'
! sortid convert: people.csv:7:6: wrong length: 5 bytes, expected 26
! sortid convert: 6 rows, 4 converted, 2 invalid skipped

## convert_empty
$ sortid convert --to uuid empty.txt

## convert_fail
$ sortid convert --to uuid bad_rows.txt
! sortid convert: bad_rows.txt:1:26: invalid character 'U'
[1]

## convert_from_ms
$ sortid convert --from ms --to uuid ulids.txt
! sortid convert: ulids.txt:1:1: not a whole number of milliseconds
[1]

## convert_hex_to_ulid
$ sortid convert --from hex --to ulid hex.txt
|= data/ulids.txt

## convert_keep
$ sortid convert --to uuid --on-error keep bad_rows.txt
| 01ARZ3NDEKTSV4RRFFQ69G5FAU
| 01563e3a-b5d3-5941-a5cd-2fbe3da5c157
| 01563e3a-b5d3-9ec2-d6fd-cfd2f474bb4c
| 01ARZ3NDEKTSV4RRFFQ69G5FA
| 018df4bc-5600-b663-c81b-36b9617f2d6e
| 018df4bc-5600-ca45-1699-d446b808c680
| 81ARZ3NDEKTSV4RRFFQ69G5FAV
| 01a229f7-42fb-5fab-76dc-02a37d450639
| 01a229f7-42fb-86a2-d512-01681bfe6b39
| not an id
! sortid convert: bad_rows.txt:1:26: invalid character 'U'
! sortid convert: bad_rows.txt:4:26: wrong length: 25 bytes, expected 26
! sortid convert: bad_rows.txt:7:1: value overflows 128 bits (first character above '7')
! sortid convert: bad_rows.txt:10:10: wrong length: 9 bytes, expected 26
! sortid convert: 10 rows, 6 converted, 4 invalid kept as they were

## convert_keep_bin
$ sortid convert --from bin --to ulid --on-error keep ids.bin
! sortid convert: --on-error keep cannot pass text through binary input or output
[2]

## convert_lenient
$ sortid convert --lenient --to uuid lenient.txt
| 01563e3a-b5d3-d676-4c61-efb99302bd5b
| 01563e3a-b5d3-d676-4c61-efb99302bd5b
| 01563e3a-b5d3-d676-4c61-efb99302bd40

## convert_missing_field
$ sortid convert --field 3 --delimiter tab --header --to uuid --on-error skip people.tsv
| name	id
! sortid convert: people.tsv:2:31: wrong length: 1 byte, expected 26
! sortid convert: people.tsv:3:29: missing field 3 (the row has 2)
! sortid convert: 2 rows, 0 converted, 2 invalid skipped

## convert_missing_to
$ sortid convert ulids.txt
! sortid convert: --to is required (sortid convert --help)
[2]

## convert_no_final_newline
$ sortid convert --to uuid no_final_newline.txt | tail -c 40 | od -c
| 0000000   3   9  \n   0   1   a   2   2   9   f   7   -   4   2   f   b
| 0000020   -   8   6   a   2   -   d   5   1   2   -   0   1   6   8   1
| 0000040   b   f   e   6   b   3   9  \n
| 0000050

## convert_no_such_file
$ sortid convert --to uuid no_such_file.txt
! sortid convert: no_such_file.txt: No such file or directory
[3]

## convert_null
$ sortid convert --to uuid --on-error null bad_rows.txt
|
| 01563e3a-b5d3-5941-a5cd-2fbe3da5c157
| 01563e3a-b5d3-9ec2-d6fd-cfd2f474bb4c
|
| 018df4bc-5600-b663-c81b-36b9617f2d6e
| 018df4bc-5600-ca45-1699-d446b808c680
|
| 01a229f7-42fb-5fab-76dc-02a37d450639
| 01a229f7-42fb-86a2-d512-01681bfe6b39
|
! sortid convert: bad_rows.txt:1:26: invalid character 'U'
! sortid convert: bad_rows.txt:4:26: wrong length: 25 bytes, expected 26
! sortid convert: bad_rows.txt:7:1: value overflows 128 bits (first character above '7')
! sortid convert: bad_rows.txt:10:10: wrong length: 9 bytes, expected 26
! sortid convert: 10 rows, 6 converted, 4 invalid written with the field empty

## convert_prefix_strip
$ sortid convert --prefix order_ --to uuid prefixed.txt
| 01563e3a-b5d3-5941-a5cd-2fbe3da5c157
| 01563e3a-b5d3-9ec2-d6fd-cfd2f474bb4c
| 018df4bc-5600-b663-c81b-36b9617f2d6e

## convert_record_to_iso8601
$ sortid convert --from record --to iso8601 records.txt
| 2026-06-15T08:30:00.000Z
| 2026-06-15T08:30:00.000Z
| 2026-06-15T08:30:00.000Z
| 2026-06-15T08:30:00.000Z

## convert_record_to_ms
$ sortid convert --from record --to ms records.txt
| 1781512200000
| 1781512200000
| 1781512200000
| 1781512200000

## convert_record_to_uuid
$ sortid convert --from record --to uuid records.txt
| 00000000-3538-c374-0594-1a5cd2fe3da6
| 00000000-3538-c374-0594-1a5cd2fe3da7
| 00000000-3538-c374-0594-1a5cd2fe3da8
| 00000000-3538-c374-0594-1a5cd2fe3da9

## convert_round_trip
$ sortid convert --to uuid ulids.txt | sortid convert --from uuid --to hex | sortid convert --from hex --to bin | sortid convert --from bin --to ulid | cmp - ulids.txt && echo identical
| identical

## convert_skip
# bad_rows.txt is the six IDs among four bad rows: skipped, they leave uuids.txt.
$ sortid convert --to uuid --on-error skip bad_rows.txt
|= data/uuids.txt
! sortid convert: bad_rows.txt:1:26: invalid character 'U'
! sortid convert: bad_rows.txt:4:26: wrong length: 25 bytes, expected 26
! sortid convert: bad_rows.txt:7:1: value overflows 128 bits (first character above '7')
! sortid convert: bad_rows.txt:10:10: wrong length: 9 bytes, expected 26
! sortid convert: 10 rows, 6 converted, 4 invalid skipped

## convert_stdin
$ sortid convert --to ms < ulids.txt
|= data/ms.txt

## convert_strict_lenient_file
$ sortid convert --to uuid lenient.txt
| 01563e3a-b5d3-d676-4c61-efb99302bd5b
! sortid convert: lenient.txt:2:2: invalid character 'I'
[1]

## convert_tsv
$ sortid convert --field 2 --delimiter tab --header --to uuid people.tsv | od -c
| 0000000   n   a   m   e  \t   i   d  \n   a  \t   0   1   5   6   3   e
| 0000020   3   a   -   b   5   d   3   -   5   9   4   1   -   a   5   c
| 0000040   d   -   2   f   b   e   3   d   a   5   c   1   5   7  \t   x
| 0000060  \n   b  \t   0   1   5   6   3   e   3   a   -   b   5   d   3
| 0000100   -   9   e   c   2   -   d   6   f   d   -   c   f   d   2   f
| 0000120   4   7   4   b   b   4   c  \r  \n
| 0000131

## convert_two_files
$ sortid convert --to ms ulids.txt - crlf.txt < no_final_newline.txt
|= data/ms.txt
|= data/ms.txt
|~ 1469922850259\r\n
|~ 1469922850259\r\n
|~ 1709208000000\r\n
|~ 1709208000000\r\n
|~ 1796000400123\r\n
|~ 1796000400123\r\n

## convert_typeid_fixed
$ sortid convert --from typeid --prefix user --to ulid --on-error skip typeids.txt
| 01ARZ3NDEKB50TBK9FQRYTBGAQ
| 01ARZ3NDEKKV1DDZEFTBT79ETC
| 01HQTBRNG0PSHWG6SPQ5GQYBBE
! sortid convert: typeids.txt:4:8: invalid character 'A'
! sortid convert: typeids.txt:5:1: prefix mismatch 'U'
! sortid convert: 5 rows, 3 converted, 2 invalid skipped

## convert_typeid_to_uuid
$ sortid convert --from typeid --to uuid --on-error keep typeids.txt
| 01563e3a-b5d3-5941-a5cd-2fbe3da5c157
| 01563e3a-b5d3-9ec2-d6fd-cfd2f474bb4c
| 018df4bc-5600-b663-c81b-36b9617f2d6e
| user_01ARZ3NDEKTSV4RRFFQ69G5FAV
| User_01h455vb4pex5vsknk084sn02q
! sortid convert: typeids.txt:4:8: invalid character 'A'
! sortid convert: typeids.txt:5:1: invalid TypeID type name
! sortid convert: 5 rows, 3 converted, 2 invalid kept as they were

## convert_ulid_lower
$ sortid convert --to ulid --lower ulids.txt
| 01arz3ndekb50tbk9fqrytbgaq
| 01arz3ndekkv1ddzeftbt79etc
| 01hqtbrng0pshwg6spq5gqybbe
| 01hqtbrng0s92hd6em8tw0hhm0
| 01m8mzegqvbynqdq02mdyma1hs
| 01m8mzegqvgthda4g1d0dzwtss

## convert_ulid_to_bin
$ sortid convert --to bin ulids.txt | od -An -tx1
|  01 56 3e 3a b5 d3 59 41 a5 cd 2f be 3d a5 c1 57
|  01 56 3e 3a b5 d3 9e c2 d6 fd cf d2 f4 74 bb 4c
|  01 8d f4 bc 56 00 b6 63 c8 1b 36 b9 61 7f 2d 6e
|  01 8d f4 bc 56 00 ca 45 16 99 d4 46 b8 08 c6 80
|  01 a2 29 f7 42 fb 5f ab 76 dc 02 a3 7d 45 06 39
|  01 a2 29 f7 42 fb 86 a2 d5 12 01 68 1b fe 6b 39

## convert_ulid_to_hex
$ sortid convert --from ulid --to hex ulids.txt
|= data/hex.txt

## convert_ulid_to_iso8601
$ sortid convert --to iso8601 ulids.txt
| 2016-07-30T23:54:10.259Z
| 2016-07-30T23:54:10.259Z
| 2024-02-29T12:00:00.000Z
| 2024-02-29T12:00:00.000Z
| 2026-11-30T01:00:00.123Z
| 2026-11-30T01:00:00.123Z

## convert_ulid_to_ms
$ sortid convert --to ms ulids.txt
|= data/ms.txt

## convert_ulid_to_record
$ sortid convert --to record ulids.txt
! sortid convert: ulids.txt:1:1: value out of range for --to record
[1]

## convert_ulid_to_typeid
$ sortid convert --to typeid --out-prefix user ulids.txt
| user_01arz3ndekb50tbk9fqrytbgaq
| user_01arz3ndekkv1ddzeftbt79etc
| user_01hqtbrng0pshwg6spq5gqybbe
| user_01hqtbrng0s92hd6em8tw0hhm0
| user_01m8mzegqvbynqdq02mdyma1hs
| user_01m8mzegqvgthda4g1d0dzwtss

## convert_ulid_to_uuid
$ sortid convert --to uuid ulids.txt
|= data/uuids.txt

## convert_uuid_to_ulid
$ sortid convert --from uuid --to ulid uuids.txt
|= data/ulids.txt

## f_convert_from_iso8601
$ printf '2024-01-31\n2024-01-31T12:00:00.250Z\n+10889-08-02T05:31:50.655Z\n1700000000000\n' | sortid convert --from iso8601 --to ulid --bound max --on-error keep
| 01HNGZE5ZZZZZZZZZZZZZZZZZZ
| 01HNFP7TQTZZZZZZZZZZZZZZZZ
| 7ZZZZZZZZZZZZZZZZZZZZZZZZZ
| 1700000000000
! sortid convert: <stdin>:4:1: not an ISO 8601 time (2024-01-31, 2024-01-31T12:00:00.250Z, ...)
! sortid convert: 4 rows, 3 converted, 1 invalid kept as they were

## f_convert_from_iso8601_record
$ printf '2026-03-01T00:00:00Z\n2020-01-01\n' | sortid convert --from iso8601 --to record --on-error keep
| 04QXED00000000000000
| 2020-01-01
! sortid convert: <stdin>:2:1: time outside the range of the output format
! sortid convert: 2 rows, 1 converted, 1 invalid kept as they were

## f_convert_from_ms
$ printf '1700000000000\n0\n2024-01-31\n' | sortid convert --from ms --to uuid --on-error keep
| 018bcfe5-6800-0000-0000-000000000000
| 00000000-0000-0000-0000-000000000000
| 2024-01-31
! sortid convert: <stdin>:3:1: not a whole number of milliseconds
! sortid convert: 3 rows, 2 converted, 1 invalid kept as they were

## f_convert_rejects
$ { sortid convert --to uuid --rejects $WORK/rejects.txt bad_rows.txt > $WORK/out.txt; echo "exit $?"; cat $WORK/rejects.txt; echo "$(wc -l < $WORK/out.txt) + $(grep -vc '^#' $WORK/rejects.txt) = $(wc -l < bad_rows.txt)"; } 2>&1 | sed "s|$WORK|\$WORK|g"
| sortid convert: bad_rows.txt:1:26: invalid character 'U'
| sortid convert: bad_rows.txt:4:26: wrong length: 25 bytes, expected 26
| sortid convert: bad_rows.txt:7:1: value overflows 128 bits (first character above '7')
| sortid convert: bad_rows.txt:10:10: wrong length: 9 bytes, expected 26
| sortid convert: 10 rows, 6 converted, 4 invalid skipped (listed in $WORK/rejects.txt)
| exit 0
| # bad_rows.txt:1:26: invalid character 'U'
| 01ARZ3NDEKTSV4RRFFQ69G5FAU
| # bad_rows.txt:4:26: wrong length: 25 bytes, expected 26
| 01ARZ3NDEKTSV4RRFFQ69G5FA
| # bad_rows.txt:7:1: value overflows 128 bits (first character above '7')
| 81ARZ3NDEKTSV4RRFFQ69G5FAV
| # bad_rows.txt:10:10: wrong length: 9 bytes, expected 26
| not an id
| 6 + 4 = 10

## f_convert_rejects_csv
$ { sortid convert --field 1 --header --to uuid --rejects $WORK/rejects.txt people.csv; cat $WORK/rejects.txt; } 2>&1 | sed "s|$WORK|\$WORK|g"
| sortid convert: people.csv:5:26: invalid character 'U'
| sortid convert: people.csv:7:6: wrong length: 5 bytes, expected 26
| id,name,note
| 01563e3a-b5d3-5941-a5cd-2fbe3da5c157,"Smith, Jane","said ""hi"""
| "01563e3a-b5d3-9ec2-d6fd-cfd2f474bb4c",plain,"two
| lines"
| 018df4bc-5600-b663-c81b-36b9617f2d6e,,
| 018df4bc-5600-ca45-1699-d446b808c680,last,"no newline"
| sortid convert: 6 rows, 4 converted, 2 invalid skipped (listed in $WORK/rejects.txt)
| # people.csv:5:26: invalid character 'U'
| 01ARZ3NDEKTSV4RRFFQ69G5FAU,bad,row
| # people.csv:7:6: wrong length: 5 bytes, expected 26
| short

## help_convert
$ sortid convert --help
|= expected/help_convert.out

## i01_convert_lenient_typeid
$ sortid convert --from typeid --lenient --to uuid typeids.txt
! sortid convert: --lenient does not apply to --from typeid (a TypeID suffix is lower-case Crockford base32 without aliases)
[2]

## i03_convert_header_to_bin
$ sortid convert --header --to bin ulids.txt
! sortid convert: --to bin writes bare 16-byte records; a --header row has no place in them
[2]

## i04_write_error_convert
$ sortid convert --to uuid ulids.txt > /dev/full
! sortid convert: standard output: write error: No space left on device
[3]

## i04_write_error_help
$ sortid convert --help > /dev/full
! sortid: standard output: write error: No space left on device
[3]

## i06_convert_null_to_bin
$ sortid convert --to bin --on-error null bad_rows.txt
! sortid convert: --on-error null with --to bin: a binary record has no empty value (16 zero bytes are a valid ID); use skip, or --rejects FILE
[2]

## i08_convert_bare_uuid
$ printf '0190163d-8694-739b-aea5-966c26f8ad91\n0190163D8694739BAEA5966C26F8AD91\n0190163d8694\n' | sortid convert --from uuid --to ulid --on-error keep
| 01J0B3V1MMEEDTX9CPDGKFHBCH
| 01J0B3V1MMEEDTX9CPDGKFHBCH
| 0190163d8694
! sortid convert: <stdin>:3:13: wrong length: 12 bytes, expected 36 or 32
! sortid convert: 3 rows, 2 converted, 1 invalid kept as they were

## i09_convert_iso8601_expanded
$ printf '7ZZZZZZZZZZZZZZZZZZZZZZZZZ\n01ARZ3NDEKTSV4RRFFQ69G5FAV\n' | sortid convert --to iso8601
| +10889-08-02T05:31:50.655Z
| 2016-07-30T23:54:10.259Z

## i11_convert_delimiter_in_ids
$ sortid convert --field 1 --delimiter A --to uuid people.csv
! sortid convert: --delimiter 'A': IDs contain that character (letters, digits, '-' and '_' cannot separate fields)
[2]

## i11_convert_null_missing_field
$ printf 'a,b,01ARZ3NDEKTSV4RRFFQ69G5FAV\nc,d\n' | sortid convert --field 3 --to uuid --on-error null
| a,b,01563e3a-b5d3-d676-4c61-efb99302bd5b
| c,d
! sortid convert: <stdin>:2:4: missing field 3 (the row has 2)
! sortid convert: 2 rows, 1 converted, 1 invalid written with the field empty; 1 of them has no field 3 and is written unchanged

## i11_convert_out_prefix_delimiter
$ sortid convert --field 1 --to ulid --out-prefix 'a,b' people.csv
! sortid convert: --out-prefix contains ',', which would break the output row
[2]

## i11_convert_out_prefix_newline
$ sortid convert --to ulid --out-prefix $'a\nb' ulids.txt
! sortid convert: --out-prefix contains '\n', which would break the output row
[2]

## i11_convert_text_after_quote
$ printf 'x,"01ARZ3NDEKTSV4RRFFQ69G5FAV"zz,y\n' | sortid convert --field 2 --to uuid
! sortid convert: <stdin>:1:31: 'z' after the closing quote of a field (RFC 4180: a quoted field ends at its closing quote)
[1]

## i13_convert_crlf_last_line
$ printf '01ARZ3NDEKTSV4RRFFQ69G5FAV\r\n01ARZ3NDEKTSV4RRFFQ69G5FAV' | sortid convert --to uuid | od -c
| 0000000   0   1   5   6   3   e   3   a   -   b   5   d   3   -   d   6
| 0000020   7   6   -   4   c   6   1   -   e   f   b   9   9   3   0   2
| 0000040   b   d   5   b  \r  \n   0   1   5   6   3   e   3   a   -   b
| 0000060   5   d   3   -   d   6   7   6   -   4   c   6   1   -   e   f
| 0000100   b   9   9   3   0   2   b   d   5   b  \r  \n
| 0000114

## i13_convert_header_only_no_newline
$ printf 'id,name' > $WORK/h.csv; sortid convert --field 1 --header --to uuid $WORK/h.csv | od -c
| 0000000   i   d   ,   n   a   m   e  \n
| 0000010

## i13_convert_two_files_header
$ sortid convert --field 1 --header --to ms --on-error skip people.csv people.csv
| id,name,note
| 1469922850259,"Smith, Jane","said ""hi"""
| "1469922850259",plain,"two
| lines"
| 1709208000000,,
| 1709208000000,last,"no newline"
| 1469922850259,"Smith, Jane","said ""hi"""
| "1469922850259",plain,"two
| lines"
| 1709208000000,,
| 1709208000000,last,"no newline"
! sortid convert: people.csv:5:26: invalid character 'U'
! sortid convert: people.csv:7:6: wrong length: 5 bytes, expected 26
! sortid convert: people.csv:5:26: invalid character 'U'
! sortid convert: people.csv:7:6: wrong length: 5 bytes, expected 26
! sortid convert: 12 rows, 8 converted, 4 invalid skipped

## i15_convert_bom
$ printf '\xef\xbb\xbf01ARZ3NDEKTSV4RRFFQ69G5FAV\n01ARZ3NDEKTSV4RRFFQ69G5FAV\n' | sortid convert --to uuid
| 01563e3a-b5d3-d676-4c61-efb99302bd5b
| 01563e3a-b5d3-d676-4c61-efb99302bd5b
! sortid convert: <stdin>: skipped the UTF-8 byte order mark (EF BB BF) at the start

## i15_convert_unclosed_quote
$ printf 'a,01ARZ3NDEKTSV4RRFFQ69G5FAV\n"b,01ARZ3NDEKTSV4RRFFQ69G5FAV\nc,01ARZ3NDEKTSV4RRFFQ69G5FAV\n' | sortid convert --field 2 --to uuid
| a,01563e3a-b5d3-d676-4c61-efb99302bd5b
! sortid convert: <stdin>:2:1: quoted field not closed before the end of input (the quote opens here): the row is this line only
[1]

## i17_convert_long_row_fail
$ { echo 01ARZ3NDEKTSV4RRFFQ69G5FAV; head -c 300 /dev/zero | tr '\0' x; echo; echo 01ARZ3NDEKTSV4RRFFQ69G5FAV; } | sortid convert --to uuid --max-row-bytes 256
| 01563e3a-b5d3-d676-4c61-efb99302bd5b
! sortid convert: <stdin>:2: row longer than 256 bytes (raise the limit with --max-row-bytes, or take such rows as bad rows with --on-error skip)
[1]

## i17_convert_long_row_skip
$ { echo 01ARZ3NDEKTSV4RRFFQ69G5FAV; head -c 300 /dev/zero | tr '\0' x; echo; echo 01ARZ3NDEKTSV4RRFFQ69G5FAV; } | sortid convert --to uuid --on-error skip --max-row-bytes 256
| 01563e3a-b5d3-d676-4c61-efb99302bd5b
| 01563e3a-b5d3-d676-4c61-efb99302bd5b
! sortid convert: <stdin>:2: row longer than 256 bytes (--max-row-bytes): skipped
! sortid convert: 3 rows, 2 converted, 1 invalid skipped

## io_directory
$ sortid convert --to uuid .
! sortid convert: .: is a directory
[3]

## o01_rejects_is_input
$ { cp bad_rows.txt $WORK/in.txt; ln -s in.txt $WORK/link.txt; ln $WORK/in.txt $WORK/hard.txt; sortid convert --to uuid --rejects $WORK/in.txt $WORK/in.txt; echo "exit $?"; sortid convert --to uuid --rejects $WORK/link.txt $WORK/hard.txt; echo "exit $?"; sortid shard --shards 2 --out-dir $WORK/sh --rejects $WORK/./in.txt $WORK/in.txt; echo "exit $?"; cmp bad_rows.txt $WORK/in.txt && echo "input intact"; } 2>&1 | sed "s|$WORK|\$WORK|g"
| sortid convert: --rejects '$WORK/in.txt' is the input '$WORK/in.txt' (the same file): refused, nothing was written
| exit 2
| sortid convert: --rejects '$WORK/link.txt' is the input '$WORK/hard.txt' (the same file): refused, nothing was written
| exit 2
| sortid shard: --rejects '$WORK/./in.txt' is the input '$WORK/in.txt' (the same file): refused, nothing was written
| exit 2
| input intact

## o02_rejects_is_stdout
$ { sortid convert --to uuid --rejects $WORK/out.txt bad_rows.txt > $WORK/out.txt; echo "exit $?"; wc -c < $WORK/out.txt; } 2>&1 | sed "s|$WORK|\$WORK|g"
| sortid convert: standard output and --rejects '$WORK/out.txt' are the same file: refused, nothing was written
| exit 2
| 0

## o03_output_appended_to_input
$ { cp ulids.txt $WORK/g.txt; sortid convert --to ulid $WORK/g.txt >> $WORK/g.txt; echo "exit $?"; sortid validate $WORK/g.txt >> $WORK/g.txt; echo "exit $?"; sortid convert --to uuid < $WORK/g.txt >> $WORK/g.txt; echo "exit $?"; cmp ulids.txt $WORK/g.txt && echo "input intact"; } 2>&1 | sed "s|$WORK|\$WORK|g"
| sortid convert: standard output is the input '$WORK/g.txt' (the same file): refused, nothing was written
| exit 2
| sortid validate: standard output is the input '$WORK/g.txt' (the same file): refused, nothing was written
| exit 2
| sortid convert: standard output is the standard input (the same file): refused, nothing was written
| exit 2
| input intact

## q01_stray_quote_costs_its_line
$ { printf 'name,id\n"Al,01ARZ3NDEKTSV4RRFFQ69G5FAV\nBo,01ARZ3NDEKTSV4RRFFQ69G5FAV\n"Cy,01ARZ3NDEKTSV4RRFFQ69G5FAV\nDi,01ARZ3NDEKTSV4RRFFQ69G5FAV\n"Ed,01ARZ3NDEKTSV4RRFFQ69G5FAV\n' | sortid convert --field 2 --header --to uuid --rejects $WORK/rj.txt; echo "exit $?"; cat $WORK/rj.txt; } 2>&1 | sed "s|$WORK|\$WORK|g"
| sortid convert: <stdin>:2:1: quoted field spans lines and has text after its closing quote (RFC 4180; the quote opens here): the row is this line only
| sortid convert: <stdin>:4:1: quoted field spans lines and has text after its closing quote (RFC 4180; the quote opens here): the row is this line only
| sortid convert: <stdin>:6:1: quoted field not closed before the end of input (the quote opens here): the row is this line only
| name,id
| Bo,01563e3a-b5d3-d676-4c61-efb99302bd5b
| Di,01563e3a-b5d3-d676-4c61-efb99302bd5b
| sortid convert: 5 rows, 2 converted, 3 invalid skipped (listed in $WORK/rj.txt)
| exit 0
| # <stdin>:2:1: quoted field spans lines and has text after its closing quote (RFC 4180; the quote opens here): the row is this line only
| "Al,01ARZ3NDEKTSV4RRFFQ69G5FAV
| # <stdin>:4:1: quoted field spans lines and has text after its closing quote (RFC 4180; the quote opens here): the row is this line only
| "Cy,01ARZ3NDEKTSV4RRFFQ69G5FAV
| # <stdin>:6:1: quoted field not closed before the end of input (the quote opens here): the row is this line only
| "Ed,01ARZ3NDEKTSV4RRFFQ69G5FAV

## q02_stray_quote_over_limit
$ { printf 'a,01ARZ3NDEKTSV4RRFFQ69G5FAV\n"b,01ARZ3NDEKTSV4RRFFQ69G5FAV\n'; for i in 1 2 3 4 5; do printf 'c%s,01ARZ3NDEKTSV4RRFFQ69G5FAV\n' $i; done; printf 'd,"01ARZ3NDEKTSV4RRFFQ69G5FAV"\n'; } | sortid convert --field 2 --to uuid --max-row-bytes 64 --on-error skip 2>&1
| sortid convert: <stdin>:2:1: quoted field not closed within --max-row-bytes (64 bytes; the quote opens here): the row is this line only
| a,01563e3a-b5d3-d676-4c61-efb99302bd5b
| c1,01563e3a-b5d3-d676-4c61-efb99302bd5b
| c2,01563e3a-b5d3-d676-4c61-efb99302bd5b
| c3,01563e3a-b5d3-d676-4c61-efb99302bd5b
| c4,01563e3a-b5d3-d676-4c61-efb99302bd5b
| c5,01563e3a-b5d3-d676-4c61-efb99302bd5b
| d,"01563e3a-b5d3-d676-4c61-efb99302bd5b"
| sortid convert: 8 rows, 7 converted, 1 invalid skipped

## q03_tsv_quote_none
$ printf '"Al\t01ARZ3NDEKTSV4RRFFQ69G5FAV\nBo\t01ARZ3NDEKTSV4RRFFQ69G5FAV\nCy "q"\t01ARZ3NDEKTSV4RRFFQ69G5FAV\n' | sortid convert --field 2 --delimiter tab --quote none --to uuid
| "Al	01563e3a-b5d3-d676-4c61-efb99302bd5b
| Bo	01563e3a-b5d3-d676-4c61-efb99302bd5b
| Cy "q"	01563e3a-b5d3-d676-4c61-efb99302bd5b

## q04_quote_option_refused
$ sortid convert --quote none --to uuid ulids.txt; echo "exit $?"; sortid convert --field 1 --quote rfc --to uuid ulids.txt; echo "exit $?"
| exit 2
| exit 2
! sortid convert: --quote applies to field mode only (--field N)
! sortid convert: --quote: expected csv or none

## q05_bin_partial_record_to_rejects
$ { sortid convert --from bin --to ulid --rejects $WORK/rj.txt trailing.bin; echo "exit $?"; cat $WORK/rj.txt; sortid validate --format bin trailing.bin; echo "exit $?"; } 2>&1 | sed "s|$WORK|\$WORK|g"
| sortid convert: trailing.bin: record 3: 8 trailing bytes after 2 complete 16-byte records (binary input must be a multiple of 16 bytes)
| 01ARZ3NDEKB50TBK9FQRYTBGAQ
| 01ARZ3NDEKKV1DDZEFTBT79ETC
| sortid convert: 3 rows, 2 converted, 1 invalid skipped (listed in $WORK/rj.txt)
| exit 0
| # trailing.bin: record 3: 8 trailing bytes after 2 complete 16-byte records (binary input must be a multiple of 16 bytes)
| 018df4bc5600b663
| trailing.bin: record 3: 8 trailing bytes after 2 complete 16-byte records (binary input must be a multiple of 16 bytes)
| 3 rows: 2 valid, 1 invalid
| exit 1

## q06_max_row_bytes_exact
$ { x=$(head -c 37 /dev/zero | tr '\0' x); printf '%s,01ARZ3NDEKTSV4RRFFQ69G5FAV\n%s,01ARZ3NDEKTSV4RRFFQ69G5FAV\r\n' $x $x | sortid convert --field 2 --to uuid --max-row-bytes 64; echo "exit $?"; printf 'P%s01ARZ3NDEKTSV4RRFFQ69G5FAV\n' $x | sortid convert --prefix P$x --to uuid --max-row-bytes 64; echo "exit $?"; printf 'x%s,01ARZ3NDEKTSV4RRFFQ69G5FAV\n' $x | sortid convert --field 2 --to uuid --max-row-bytes 64; echo "exit $?"; printf '01ARZ3NDEKTSV4RRFFQ69G5FAV\nxx%s,01ARZ3NDEKTSV4RRFFQ69G5FAV\r\n01ARZ3NDEKTSV4RRFFQ69G5FAV\n' $x | sortid convert --to uuid --max-row-bytes 64 --on-error skip; echo "exit $?"; printf 'xxx%s,01ARZ3NDEKTSV4RRFFQ69G5FAV\n' $x | sortid convert --field 2 --to uuid --max-row-bytes 64; echo "exit $?"; } 2>&1
| xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx,01563e3a-b5d3-d676-4c61-efb99302bd5b
|~ xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx,01563e3a-b5d3-d676-4c61-efb99302bd5b\r\n
| exit 0
| 01563e3a-b5d3-d676-4c61-efb99302bd5b
| exit 0
| sortid convert: <stdin>:1: row longer than 64 bytes (raise the limit with --max-row-bytes, or take such rows as bad rows with --on-error skip)
| exit 1
| sortid convert: <stdin>:2: row longer than 64 bytes (--max-row-bytes): skipped
| 01563e3a-b5d3-d676-4c61-efb99302bd5b
| 01563e3a-b5d3-d676-4c61-efb99302bd5b
| sortid convert: 3 rows, 2 converted, 1 invalid skipped
| exit 0
| sortid convert: <stdin>:1: row longer than 64 bytes (raise the limit with --max-row-bytes, or take such rows as bad rows with --on-error skip)
| exit 1

## q07_bound_max_time_is_its_millisecond
$ printf '2024-01-31T12:00:00Z\n2024-01-31T12:00:00.000Z\n2024-01-31\n' | sortid convert --from iso8601 --to ulid --bound max
| 01HNFP7TG0ZZZZZZZZZZZZZZZZ
| 01HNFP7TG0ZZZZZZZZZZZZZZZZ
| 01HNGZE5ZZZZZZZZZZZZZZZZZZ

## q08_options_that_do_not_apply
$ sortid convert --from bin --to ulid --prefix X ids.bin; echo "exit $?"; sortid convert --from bin --to ulid --lenient ids.bin; echo "exit $?"; sortid convert --to uuid --bound max ulids.txt; echo "exit $?"; sortid convert --to bin --out-prefix X ulids.txt; echo "exit $?"; sortid convert --to bin --lower ulids.txt; echo "exit $?"; sortid convert --to ms --out-prefix X ulids.txt; echo "exit $?"; sortid convert --from uuid --lenient --to ulid uuids.txt; echo "exit $?"
| exit 2
| exit 2
| exit 2
| exit 2
| exit 2
| exit 2
| exit 2
! sortid convert: --prefix / --lenient do not apply to binary input
! sortid convert: --prefix / --lenient do not apply to binary input
! sortid convert: --bound applies to time input only (--from ms or iso8601)
! sortid convert: --out-prefix / --lower do not apply to --to bin (no text)
! sortid convert: --out-prefix / --lower do not apply to --to bin (no text)
! sortid convert: --out-prefix / --lower do not apply to --to ms (not an ID text)
! sortid convert: --lenient applies to Crockford base32 input (ulid, record); --from uuid has no aliases

## q12_cli11_errors_prefixed
$ sortid convert --field 0 --to uuid ulids.txt; echo "exit $?"; sortid gen --threads -1; echo "exit $?"; sortid convert --to uuid --to hex ulids.txt; echo "exit $?"; sortid; echo "exit $?"
| exit 2
| exit 2
| exit 2
| exit 2
! sortid convert: --field: Value 0 not in range 1 to 1048576 (sortid convert --help)
! sortid gen: Could not convert: --threads = -1 (sortid gen --help)
! sortid convert: --to: At Most 1 required but received 2 (sortid convert --help)
! sortid: A subcommand is required (sortid --help)

## q14_rejects_dash_refused
$ sortid convert --to uuid --rejects - bad_rows.txt; echo "exit $?"; sortid shard --shards 2 --out-dir $WORK/sh --rejects - ulids.txt; echo "exit $?"; ls -- - 2>/dev/null | wc -l
| exit 2
| exit 2
| 0
! sortid convert: --rejects -: give a file name ('-' would mix the rejected rows into standard output)
! sortid shard: --rejects -: give a file name ('-' would mix the rejected rows into standard output)
[2]

## q16_messages_precise
$ printf '"01ARZ3NDEKTSV4RRFFQ6""9G5FAV"\n' | sortid convert --field 1 --to uuid; echo "exit $?"; printf '9223372036854775807\n' | sortid convert --from ms --to ulid; echo "exit $?"; printf '\xff\xfe0\x001\x00\n' | sortid validate; echo "exit $?"; sortid gen --typeid --prefix user --kind record; echo "exit $?"
| exit 1
| exit 1
| <stdin>:1:7: wrong length: 6 bytes, expected 26
| 1 rows: 0 valid, 1 invalid
| exit 1
| exit 2
! sortid convert: <stdin>:1:29: wrong length: 27 bytes, expected 26
! sortid convert: <stdin>:1:1: a whole number of milliseconds outside the times sortid reads
! sortid validate: <stdin>: starts with FF FE, a UTF-16 byte order mark: sortid reads UTF-8 or ASCII (convert it first: iconv -f UTF-16 -t UTF-8)
! sortid gen: --typeid writes ULID text: --kind record writes record text by default (add --to ulid)

## q17_keep_counts_forced_skips
$ { echo 01ARZ3NDEKTSV4RRFFQ69G5FAV; head -c 300 /dev/zero | tr '\0' x; echo; echo bad; } | sortid convert --to uuid --on-error keep --max-row-bytes 256
| 01563e3a-b5d3-d676-4c61-efb99302bd5b
| bad
! sortid convert: <stdin>:2: row longer than 256 bytes (--max-row-bytes): skipped
! sortid convert: <stdin>:3:4: wrong length: 3 bytes, expected 26
! sortid convert: 3 rows, 1 converted, 2 invalid kept as they were; 1 of them was skipped all the same (over --max-row-bytes, or a short binary record)

## q19_progress_cleared_before_messages
$ sortid convert --to uuid --progress always --on-error skip bad_rows.txt 2>&1 >/dev/null | tr '\r' '\n' | sed $'s/^\x1b\\[K//' | grep 'sortid convert:' | grep -c -v '^sortid convert:'
| 0
[1]

## usage_unknown_option
$ sortid convert --to uuid --bogus ulids.txt
! sortid convert: The following argument was not expected: --bogus (sortid convert --help)
[2]
