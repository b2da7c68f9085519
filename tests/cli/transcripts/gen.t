# Golden cases: sortid gen.
# Format and --update: tests/cli/run_transcript.py.

## gen_bad_kind
$ sortid gen --kind nope
! sortid gen: --kind: expected ulid, ulid-monotonic, record or uuidv7
[2]

## gen_bad_seed
$ sortid gen --seed 12ab
! sortid gen: --seed: expected 64 hex digits (32 bytes), got 4 characters
[2]

## gen_bad_time
$ sortid gen --time yesterday
! sortid gen: --time: cannot read 'yesterday' as a time: expected ISO 8601 (2024-01-31, 2024-01-31T12:00:00Z, 2024-01-31T12:00:00.250+01:00, +10889-08-02T05:31:50.655Z) or milliseconds since 1970 (1700000000000 or 1700000000000ms)
[2]

## gen_count_zero
$ sortid gen -n 0

## gen_lower_prefix
$ sortid gen -n 2 --lower --prefix ORDER# --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z
| ORDER#01kjmma2g0b50tbk9fqrytbgaq
| ORDER#01kjmma2g0kv1ddzeftbt79etc

## gen_monotonic_sorted
$ sortid gen -n 200000 --kind ulid-monotonic --time 2026-03-01T12:00:00Z | sortid validate --unique --sorted
| 200000 rows: 200000 valid, 0 invalid, 0 duplicates, sorted

## gen_monotonic_threads
$ sortid gen --kind ulid-monotonic --threads 2
! sortid gen: --kind ulid-monotonic needs one generator for one order: use --threads 1
[2]

## gen_record
$ sortid gen -n 4 --kind record --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z
| 04S6MRG0B50TBK9FWFD6
| 04S6MRG0B50TBK9FWFD7
| 04S6MRG0B50TBK9FWFD8
| 04S6MRG0B50TBK9FWFD9

## gen_record_as_uuid
$ sortid gen -n 2 --kind record --to uuid --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z
| 00000000-1326-a620-0594-1a5cd2fe3da6
| 00000000-1326-a620-0594-1a5cd2fe3da7

## gen_threads_deterministic
$ cmp <(sortid gen -n 100000 --threads 3 --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z) <(sortid gen -n 100000 --threads 3 --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z) && echo same
| same

## gen_threads_unique
$ sortid gen -n 300000 --threads 2 --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z | sortid validate --unique
| 300000 rows: 300000 valid, 0 invalid, 0 duplicates

## gen_to_bin
$ sortid gen -n 2 --to bin --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z | od -An -tx1
|  01 9c a9 45 0a 00 59 41 a5 cd 2f be 3d a5 c1 57
|  01 9c a9 45 0a 00 9e c2 d6 fd cf d2 f4 74 bb 4c

## gen_to_hex
$ sortid gen -n 2 --to hex --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z
| 019ca9450a005941a5cd2fbe3da5c157
| 019ca9450a009ec2d6fdcfd2f474bb4c

## gen_to_uuid
$ sortid gen -n 2 --to uuid --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z
| 019ca945-0a00-5941-a5cd-2fbe3da5c157
| 019ca945-0a00-9ec2-d6fd-cfd2f474bb4c

## gen_typeid
$ sortid gen -n 2 --prefix user --typeid --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z
| user_01kjmma2g0b50tbk9fqrytbgaq
| user_01kjmma2g0kv1ddzeftbt79etc

## gen_ulid
$ sortid gen -n 4 --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z
| 01KJMMA2G0B50TBK9FQRYTBGAQ
| 01KJMMA2G0KV1DDZEFTBT79ETC
| 01KJMMA2G0JETVW299812WPTEZ
| 01KJMMA2G0W9N11SNC6JVHG22R

## gen_ulid_as_record
$ sortid gen --to record
! sortid gen: --to record cannot hold --kind ulid
[2]

## gen_ulid_monotonic
$ sortid gen -n 4 --kind ulid-monotonic --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z
| 01KJMMA2G0B50TBK9FQRYTBGAQ
| 01KJMMA2G0B50TBK9FQRYTBGAR
| 01KJMMA2G0B50TBK9FQRYTBGAS
| 01KJMMA2G0B50TBK9FQRYTBGAT

## gen_uuidv7
$ sortid gen -n 4 --kind uuidv7 --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z
| 019ca945-0a00-7941-a5cd-2fbe3da5c157
| 019ca945-0a00-7941-a5cd-2fbe3da5c158
| 019ca945-0a00-7941-a5cd-2fbe3da5c159
| 019ca945-0a00-7941-a5cd-2fbe3da5c15a

## help_gen
$ sortid gen --help
|= expected/help_gen.out

## i02_gen_count_negative
$ sortid gen -n -5
! sortid gen: -n/--count: '-5' is not a count of IDs (0 to 9223372036854775807)
[2]

## i02_gen_count_overflow
$ sortid gen -n 18446744073709551616
! sortid gen: -n/--count: '18446744073709551616' is not a count of IDs (0 to 9223372036854775807)
[2]

## i04_write_error_gen
$ sortid gen -n 10 > /dev/full
! sortid gen: standard output: write error: No space left on device
[3]

## i05_gen_seed_empty
$ sortid gen -n 1 --seed ''
! sortid gen: --seed: empty; expected 64 hex digits (32 bytes)
[2]

## i09_gen_time_expanded
$ sortid gen -n 2 --seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f --time +10000-01-01 | sortid convert --to iso8601
| +10000-01-01T00:00:00.000Z
| +10000-01-01T00:00:00.000Z

## i12_gen_threads_help
$ sortid gen --help | grep -o 'not in sorted order'
| not in sorted order

## i15_gen_time_negative
$ sortid gen -n 1 --time -1
! sortid gen: --time -1 is outside the range of --kind ulid: 1970-01-01T00:00:00.000Z to +10889-08-02T05:31:50.655Z
[2]

## i15_gen_time_out_of_range
$ sortid gen -n 1 --time +10889-08-02T05:31:50.656Z
! sortid gen: --time +10889-08-02T05:31:50.656Z is outside the range of --kind ulid: 1970-01-01T00:00:00.000Z to +10889-08-02T05:31:50.655Z
[2]

## i15_gen_typeid_prefix
$ sortid gen -n 1 --typeid --prefix User
! sortid gen: --typeid --prefix: 'User' is not a TypeID type name: 'U' at position 1 (a type name is lower-case a-z and '_', not at either end, at most 63)
[2]

## io_write_error
$ sortid gen -n 10 > /dev/full
! sortid gen: standard output: write error: No space left on device
[3]

## q10_gen_prefix_control_bytes
$ sortid gen -n 1 --prefix $'a\nb'; echo "exit $?"; sortid gen -n 1 --prefix $'a\tb'; echo "exit $?"; sortid gen -n 1 --prefix $'\x1b[31m'; echo "exit $?"; sortid convert --to ulid --out-prefix $'a\tb' ulids.txt; echo "exit $?"
| exit 2
| exit 2
| exit 2
| exit 2
! sortid gen: --prefix contains '\n', which would break the output lines
! sortid gen: --prefix contains '\t', which would break the output lines
! sortid gen: --prefix contains '\x1b', which would break the output lines
! sortid convert: --out-prefix contains '\t', which would break the output row

## q11_gen_end_of_range_writes_all
$ { sortid gen --kind record --time 2060-11-03T19:53:47.775Z -n 1048580 --seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f > $WORK/g.txt; echo "exit $?"; wc -l < $WORK/g.txt; sort -c $WORK/g.txt && echo sorted; sort -u $WORK/g.txt | wc -l; sortid gen --kind record --time 2060-11-03T19:53:47.775Z -n 1048580 --threads 2 --seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f | sort -u | wc -l; } 2>&1
| sortid gen: generation stopped after 1039360 of 1048580 IDs at --time 2060-11-03T19:53:47.775Z: value out of range for the format
| exit 1
| 1039360
| sorted
| 1039360
| 1048580

## q13_binary_to_terminal_refused
$ { script -qec '"$bin" gen -n 1 --to bin; echo "exit $?"; "$bin" convert --to bin ulids.txt; echo "exit $?"; "$bin" gen -n 1 --to bin --force-binary | wc -c; "$bin" convert --to bin --force-binary ulids.txt | wc -c' /dev/null | tr -d '\r'; sortid gen -n 2 --to bin | wc -c; }
| sortid gen: standard output is a terminal: binary records would garble it; redirect it to a file or a pipe, or add --force-binary
| exit 2
| sortid convert: standard output is a terminal: binary records would garble it; redirect it to a file or a pipe, or add --force-binary
| exit 2
| 16
| 96
| 32
