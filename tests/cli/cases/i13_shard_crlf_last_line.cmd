printf '01ARZ3NDEKTSV4RRFFQ69G5FAV\r\n01ARZ3NDEKTSV4RRFFQ69G5FAV' > $WORK/in.txt; sortid shard --shards 1 --out-dir $WORK/s $WORK/in.txt > /dev/null; od -c $WORK/s/shard-0000.txt
