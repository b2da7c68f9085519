sortid validate --unique --max-errors 2 ulids.txt ulids.txt
