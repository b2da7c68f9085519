sortid shard --shards 3 --field 1 --header --on-error skip --out-dir $WORK/s people.csv && cd $WORK/s && head -n 100 *
