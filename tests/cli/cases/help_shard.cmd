sortid shard --help
