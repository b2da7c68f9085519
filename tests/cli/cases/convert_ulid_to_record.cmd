sortid convert --to record ulids.txt
