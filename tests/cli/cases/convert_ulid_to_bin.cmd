sortid convert --to bin ulids.txt | od -An -tx1
