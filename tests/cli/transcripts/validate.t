# Golden cases: sortid validate.
# Format and --update: tests/cli/run_transcript.py.

## help_validate
$ sortid validate --help
|= expected/help_validate.out

## i04_write_error_validate
$ sortid validate ulids.txt > /dev/full
! sortid validate: standard output: write error: No space left on device
[3]

## i08_validate_bare_uuid
$ printf '0190163d-8694-739b-aea5-966c26f8ad91\n0190163d8694739baea5966c26f8ad91\n' | sortid validate --format uuid
| 2 rows: 2 valid, 0 invalid

## i15_validate_bom_mid_file
$ printf '01ARZ3NDEKTSV4RRFFQ69G5FAV\n\xef\xbb\xbf01ARZ3NDEKTSV4RRFFQ69G5FAV\n' | sortid validate
| <stdin>:2:1: starts with a UTF-8 byte order mark (EF BB BF); remove it
| 2 rows: 1 valid, 1 invalid
[1]

## i17_validate_long_row_default
$ { echo 01ARZ3NDEKTSV4RRFFQ69G5FAV; head -c 5000000 /dev/zero | tr '\0' x; echo; echo 01ARZ3NDEKTSV4RRFFQ69G5FAV; } | sortid validate
| <stdin>:2: row longer than 4194304 bytes (--max-row-bytes): skipped
| 3 rows: 2 valid, 1 invalid
[1]

## q15_validate_unique_same_file_twice
$ sortid validate --unique --max-errors 2 ulids.txt ulids.txt
| ulids.txt:1:1 (input 2): duplicate of ulids.txt:1 (input 1)
| ulids.txt:2:1 (input 2): duplicate of ulids.txt:2 (input 1)
! sortid validate: stopped after 2 problems (--max-errors)
[1]

## validate_bad_rows
$ sortid validate bad_rows.txt
| bad_rows.txt:1:26: invalid character 'U'
| bad_rows.txt:4:26: wrong length: 25 bytes, expected 26
| bad_rows.txt:7:1: value overflows 128 bits (first character above '7')
| bad_rows.txt:10:10: wrong length: 9 bytes, expected 26
| 10 rows: 6 valid, 4 invalid
[1]

## validate_bin
$ sortid validate --format bin --unique ids.bin
| 6 rows: 6 valid, 0 invalid, 0 duplicates

## validate_crlf_empty
$ sortid validate crlf.txt empty.txt no_final_newline.txt
| 12 rows: 12 valid, 0 invalid

## validate_csv
$ sortid validate --field 1 --header people.csv
| people.csv:5:26: invalid character 'U'
| people.csv:7:6: wrong length: 5 bytes, expected 26
| 6 rows: 4 valid, 2 invalid
[1]

## validate_max_errors
$ sortid validate --max-errors 2 bad_rows.txt
| bad_rows.txt:1:26: invalid character 'U'
| bad_rows.txt:4:26: wrong length: 25 bytes, expected 26
! sortid validate: stopped after 2 problems (--max-errors)
[1]

## validate_ok
$ sortid validate ulids.txt
| 6 rows: 6 valid, 0 invalid

## validate_record
$ sortid validate --format record records.txt
| 4 rows: 4 valid, 0 invalid

## validate_sorted
$ sortid validate --sorted unsorted.txt
| unsorted.txt:4:1: out of order: sorts before the previous ID (unsorted.txt:3)
| 7 rows: 7 valid, 0 invalid, not sorted
[1]

## validate_sorted_ok
$ sortid validate --sorted --unique ulids.txt
| 6 rows: 6 valid, 0 invalid, 0 duplicates, sorted

## validate_typeid
$ sortid validate --format typeid typeids.txt
| typeids.txt:4:8: invalid character 'A'
| typeids.txt:5:1: invalid TypeID type name
| 5 rows: 3 valid, 2 invalid
[1]

## validate_unique
$ sortid validate --unique dups.txt
| dups.txt:4:1: duplicate of dups.txt:2
| dups.txt:8:1: duplicate of dups.txt:1
| 8 rows: 8 valid, 0 invalid, 2 duplicates
[1]

## validate_unique_two_files
$ sortid validate --unique ulids.txt dups.txt
| dups.txt:1:1: duplicate of ulids.txt:1
| dups.txt:2:1: duplicate of ulids.txt:2
| dups.txt:3:1: duplicate of ulids.txt:3
| dups.txt:4:1: duplicate of ulids.txt:2
| dups.txt:5:1: duplicate of ulids.txt:4
| dups.txt:6:1: duplicate of ulids.txt:5
| dups.txt:7:1: duplicate of ulids.txt:6
| dups.txt:8:1: duplicate of ulids.txt:1
| 14 rows: 14 valid, 0 invalid, 8 duplicates
[1]

## validate_uuid
$ sortid validate --format uuid uuids.txt
| 6 rows: 6 valid, 0 invalid

## validate_wrong_format
$ sortid validate --format record --max-errors 1 ulids.txt
| ulids.txt:1:21: wrong length: 26 bytes, expected 20
! sortid validate: stopped after 1 problem (--max-errors)
[1]
