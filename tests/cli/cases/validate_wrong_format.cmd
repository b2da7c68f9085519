sortid validate --format record --max-errors 1 ulids.txt
