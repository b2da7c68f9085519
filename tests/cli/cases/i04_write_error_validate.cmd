sortid validate ulids.txt > /dev/full
