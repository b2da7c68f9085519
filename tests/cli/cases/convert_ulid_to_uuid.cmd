sortid convert --to uuid ulids.txt
