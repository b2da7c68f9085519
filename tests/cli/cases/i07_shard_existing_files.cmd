sortid shard --shards 4 --out-dir $WORK/s ulids.txt > /dev/null && sortid shard --shards 2 --out-dir $WORK/s ulids.txt 2>&1 | sed "s|$WORK|\$WORK|g"
