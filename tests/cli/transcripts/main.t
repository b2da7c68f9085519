# Golden cases: sortid with no subcommand, --help, an unknown subcommand.
# Format and --update: tests/cli/run_transcript.py.

## help_main
$ sortid --help
|= expected/help_main.out

## i15_unknown_subcommand
$ sortid bogus
! sortid: unknown subcommand 'bogus'; the subcommands are: convert validate shard gen inspect bounds targets bench demo (sortid --help)
[2]

## usage_no_subcommand
$ sortid
! sortid: A subcommand is required (sortid --help)
[2]
