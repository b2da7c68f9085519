sortid convert --to uuid ulids.txt > /dev/full
