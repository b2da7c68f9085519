sortid convert --to uuid no_such_file.txt
