# Golden cases: sortid with no subcommand, --help, an unknown subcommand.
# Format and --update: tests/cli/run_transcript.py.

## help_main
$ sortid --help
| sortid: encode, decode, validate and generate sortable IDs in bulk
| Usage: sortid [OPTIONS] SUBCOMMAND
|
| Options:
|   -h,--help                   Print this help message and exit
|   --version                   Display program version information and exit
|
| Subcommands:
|   convert                     Convert one ID per line, or one CSV/TSV field, between formats
|   validate                    Report every invalid row, duplicates and order; exit 1 if anything is bad
|   shard                       Route rows to N shards by a hash of the binary ID; print the counts
|   gen                         Generate N IDs, one per line (or 16-byte records)
|   inspect                     Detect each ID's format and print its fields (time, random, machine, ...)
|   bounds                      Smallest and largest ID of a time window, for BETWEEN range queries
|   targets                     List compiled, supported and active targets
|   bench                       Quick table of IDs/s per CPU target
|   demo                        Encode, decode and validate a generated sample; print what happened
|
| Exit codes: 0 ok, 1 bad data, 2 usage, 3 I/O error.

## i15_unknown_subcommand
$ sortid bogus
! sortid: unknown subcommand 'bogus'; the subcommands are: convert validate shard gen inspect bounds targets bench demo (sortid --help)
[2]

## usage_no_subcommand
$ sortid
! sortid: A subcommand is required (sortid --help)
[2]
