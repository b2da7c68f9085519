# Golden cases: sortid bounds.
# Format and --update: tests/cli/run_transcript.py.

## bounds_bad_time
$ sortid bounds --from soon --to 2024-01-01
! sortid bounds: --from: cannot read 'soon' as a time: expected ISO 8601 (2024-01-31, 2024-01-31T12:00:00Z, 2024-01-31T12:00:00.250+01:00, +10889-08-02T05:31:50.655Z) or milliseconds since 1970 (1700000000000 or 1700000000000ms)
[2]

## bounds_iso
$ sortid bounds --from 2024-01-01 --to 2024-01-31T23:59:59.999Z
| min	01HK153X000000000000000000
| max	01HNGZE5ZZZZZZZZZZZZZZZZZZ

## bounds_ms
$ sortid bounds --from 1700000000000 --to 1700000000999 --format uuid
| min	018bcfe5-6800-0000-0000-000000000000
| max	018bcfe5-6be7-ffff-ffff-ffffffffffff

## bounds_record
$ sortid bounds --from 2026-06-01T00:00:00+02:00 --to 2026-06-02 --format record
| min	0C4K4SR0000000000000
| max	0C9YSYZZZZZZZZZZZZZZ

## bounds_record_range
$ sortid bounds --from 2020-01-01 --to 2021-01-01 --format record
! sortid bounds: time outside the range of record: 2026-01-01T00:00:00.000Z to 2060-11-03T19:53:47.775Z
[2]

## bounds_reversed
$ sortid bounds --from 2024-02-01 --to 2024-01-01
! sortid bounds: --from is after --to
[2]

## f_bounds_out_prefix
$ sortid bounds --from 2024-01-01 --to 2024-01-31 --out-prefix 'ORDER#'
| min	ORDER#01HK153X000000000000000000
| max	ORDER#01HNGZE5ZZZZZZZZZZZZZZZZZZ

## help_bounds
$ sortid bounds --help
|= expected/help_bounds.out

## i04_write_error_bounds
$ sortid bounds --from 2024-01-01 --to 2024-01-02 > /dev/full
! sortid bounds: standard output: write error: No space left on device
[3]

## i09_bounds_expanded
$ sortid bounds --from +10889-08-02T05:31:50.655Z --to +10889-08-02T05:31:50.655Z
| min	7ZZZZZZZZZ0000000000000000
| max	7ZZZZZZZZZZZZZZZZZZZZZZZZZ

## i10_bounds_ambiguous
$ sortid bounds --from 20240101 --to 2024-01-31
! sortid bounds: --from: '20240101' is ambiguous: write 2024-01-01 for a date, or 20240101ms for milliseconds
[2]

## i10_bounds_date_end
$ sortid bounds --from 2024-01-01 --to 2024-01-31 --format uuid
| min	018cc251-f400-0000-0000-000000000000
| max	018d61f7-17ff-ffff-ffff-ffffffffffff

## i10_bounds_ms_unit
$ sortid bounds --from 1704067200000ms --to 1706745599999
| min	01HK153X000000000000000000
| max	01HNGZE5ZZZZZZZZZZZZZZZZZZ
