ulimit -n 256; sortid shard --shards 1000 --out-dir $WORK/s ulids.txt; echo "exit $?, $(ls $WORK/s 2>/dev/null | wc -l) files"
