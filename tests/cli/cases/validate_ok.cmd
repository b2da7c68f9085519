sortid validate ulids.txt
