sortid convert --to uuid --bogus ulids.txt
