sortid shard --shards 10001 --out-dir $WORK/s ulids.txt > /dev/null && ls $WORK/s | sed -n '1p;$p'
