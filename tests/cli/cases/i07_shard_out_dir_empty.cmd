sortid shard --shards 2 --out-dir '' ulids.txt
