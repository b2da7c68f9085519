sortid convert --to uuid --rejects - bad_rows.txt; echo "exit $?"; sortid shard --shards 2 --out-dir $WORK/sh --rejects - ulids.txt; echo "exit $?"; ls -- - 2>/dev/null | wc -l
