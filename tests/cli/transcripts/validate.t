# Golden cases: sortid validate.
# Format and --update: tests/cli/run_transcript.py.

## help_validate
$ sortid validate --help
| Report every invalid row, duplicates and order; exit 1 if anything is bad
| Usage: sortid validate [OPTIONS] [files...]
|
| Positionals:
|   files TEXT ...              input files ('-' or none: standard input)
|
| Options:
|   -h,--help                   Print this help message and exit
|   --format TEXT=ulid          ulid, record, uuid (36 or 32 characters), hex, bin or typeid
|   --field UINT:UINT in [1 - 1048576]
|                               1-based field holding the ID (CSV/TSV rows, like cut -f)
|   --delimiter TEXT=,          field delimiter: one character or 'tab'
|   --quote TEXT=csv            field mode: csv (RFC 4180 quotes) or none ('"' is an ordinary byte, as in TSV)
|   --header                    the first row of each input is a header: not checked
|   --prefix TEXT               prefix every input ID carries (with typeid: the type name)
|   --lenient                   accept Crockford aliases I/L (as 1) and O (as 0)
|   --max-row-bytes UINT:UINT in [64 - 1073741824]=4194304
|                               longest row accepted, line ending not counted (longer: an error, or a bad row under --on-error skip/keep/null); also the most a quoted field may span
|   --progress TEXT=auto        progress bar on stderr: auto, always or never
|   --no-progress               no progress bar (same as --progress never)
|   --threads UINT:UINT in [1 - 256]
|                               threads (default: the cores available, at most 8; 1: one thread); the output is the same for any N
|   --unique                    report duplicate IDs
|   --sorted                    report the first row out of order
|   --max-errors UINT           stop after K problems (0: report all)
|
| Exit codes: 0 ok, 1 bad data, 2 usage, 3 I/O error.

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
