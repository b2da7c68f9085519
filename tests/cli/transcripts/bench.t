# Golden cases: sortid bench.
# Format and --update: tests/cli/run_transcript.py.

## q09_bench_seconds_nan
$ sortid bench --seconds nan
! sortid bench: --seconds: expected a number from 0.01 to 60
[2]
