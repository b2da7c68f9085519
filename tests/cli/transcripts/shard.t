# Golden cases: sortid shard.
# Format and --update: tests/cli/run_transcript.py.

## help_shard
$ sortid shard --help
|= expected/help_shard.out

## i04_write_error_shard
$ sortid shard --shards 4 ulids.txt > /dev/full
! sortid shard: standard output: write error: No space left on device
[3]

## i07_shard_existing_files
$ sortid shard --shards 4 --out-dir $WORK/s ulids.txt > /dev/null && sortid shard --shards 2 --out-dir $WORK/s ulids.txt 2>&1 | sed "s|$WORK|\$WORK|g"
| sortid shard: $WORK/s already holds 4 shard files (shard-0000.txt, ...); remove them, or pass --force to replace them
[2]

## i07_shard_force
$ sortid shard --shards 4 --out-dir $WORK/s ulids.txt > /dev/null && sortid shard --shards 2 --force --out-dir $WORK/s ulids.txt && ls $WORK/s && cat $WORK/s/* | sort | cmp - <(sort ulids.txt) && echo same rows
| shard 0	4
| shard 1	2
| total	6 rows in 2 shards, largest 1.333 x the mean
| shard-0000.txt
| shard-0001.txt
| same rows

## i07_shard_name_width
$ sortid shard --shards 10001 --out-dir $WORK/s ulids.txt > /dev/null && ls $WORK/s | sed -n '1p;$p'
| shard-00000.txt
| shard-10000.txt

## i07_shard_open_file_limit
$ ulimit -n 256; sortid shard --shards 1000 --out-dir $WORK/s ulids.txt; echo "exit $?, $(ls $WORK/s 2>/dev/null | wc -l) files"
| exit 2, 0 files
! sortid shard: --shards 1000 needs 1032 open files; the limit here is 256 (ulimit -n); nothing was created

## i07_shard_out_dir_empty
$ sortid shard --shards 2 --out-dir '' ulids.txt
! sortid shard: --out-dir: empty directory name (leave the option out to only count)
[2]

## i13_shard_crlf_last_line
$ printf '01ARZ3NDEKTSV4RRFFQ69G5FAV\r\n01ARZ3NDEKTSV4RRFFQ69G5FAV' > $WORK/in.txt; sortid shard --shards 1 --out-dir $WORK/s $WORK/in.txt > /dev/null; od -c $WORK/s/shard-0000.txt
| 0000000   0   1   A   R   Z   3   N   D   E   K   T   S   V   4   R   R
| 0000020   F   F   Q   6   9   G   5   F   A   V  \r  \n   0   1   A   R
| 0000040   Z   3   N   D   E   K   T   S   V   4   R   R   F   F   Q   6
| 0000060   9   G   5   F   A   V  \r  \n
| 0000070

## o04_shard_force_keeps_input
$ { sortid shard --shards 2 --out-dir $WORK/sh ulids.txt > /dev/null; cp $WORK/sh/shard-0000.txt $WORK/before.txt; sortid shard --shards 2 --out-dir $WORK/sh --force $WORK/sh/shard-0000.txt; echo "exit $?"; cmp $WORK/before.txt $WORK/sh/shard-0000.txt && echo "input intact"; } 2>&1 | sed "s|$WORK|\$WORK|g"
| sortid shard: shard file '$WORK/sh/shard-0000.txt' is the input '$WORK/sh/shard-0000.txt' (the same file): refused, nothing was written
| exit 2
| input intact

## shard_counts
$ sortid shard --shards 4 ulids.txt
| shard 0	2
| shard 1	1
| shard 2	2
| shard 3	1
| total	6 rows in 4 shards, largest 1.333 x the mean

## shard_fail
$ sortid shard --shards 2 bad_rows.txt
! sortid shard: bad_rows.txt:1:26: invalid character 'U'
[1]

## shard_out_dir
$ sortid shard --shards 3 --field 1 --header --on-error skip --out-dir $WORK/s people.csv && cd $WORK/s && head -n 100 *
| shard 0	1
| shard 1	2
| shard 2	1
| total	4 rows in 3 shards, largest 1.500 x the mean, 2 invalid rows skipped
| ==> shard-0000.csv <==
| id,name,note
| 01ARZ3NDEKB50TBK9FQRYTBGAQ,"Smith, Jane","said ""hi"""
|
| ==> shard-0001.csv <==
| id,name,note
| "01ARZ3NDEKKV1DDZEFTBT79ETC",plain,"two
| lines"
| 01HQTBRNG0PSHWG6SPQ5GQYBBE,,
|
| ==> shard-0002.csv <==
| id,name,note
| 01HQTBRNG0S92HD6EM8TW0HHM0,last,"no newline"
! sortid shard: people.csv:5:26: invalid character 'U' (skipped)
! sortid shard: people.csv:7:6: wrong length: 5 bytes, expected 26 (skipped)

## shard_zero
$ sortid shard --shards 0 ulids.txt
! sortid shard: --shards: Value 0 not in range 1 to 65536 (sortid shard --help)
[2]
