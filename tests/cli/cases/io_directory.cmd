sortid convert --to uuid .
