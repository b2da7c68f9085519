sortid validate --unique ulids.txt dups.txt
