sortid shard --shards 2 bad_rows.txt
