sortid convert --lenient --to uuid lenient.txt
