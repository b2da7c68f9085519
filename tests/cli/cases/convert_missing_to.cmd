sortid convert ulids.txt
