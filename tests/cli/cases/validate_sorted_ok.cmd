sortid validate --sorted --unique ulids.txt
