# Golden cases: sortid targets.
# Format and --update: tests/cli/run_transcript.py.

## i04_write_error_targets
$ sortid targets > /dev/full
! sortid targets: standard output: write error: No space left on device
[3]

## i15_targets_bad_env
$ SORTID_TARGET=NEON sortid targets | sed -n '3p'
| active:    (none: SORTID_TARGET=NEON is not a supported target; use one of the supported names, or unset it)
