sortid convert --to uuid lenient.txt
