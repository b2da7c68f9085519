sortid convert --to uuid empty.txt
