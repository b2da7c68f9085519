sortid shard --shards 0 ulids.txt
