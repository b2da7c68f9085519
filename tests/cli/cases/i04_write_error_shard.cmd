sortid shard --shards 4 ulids.txt > /dev/full
