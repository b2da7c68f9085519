sortid convert --prefix order_ --to uuid prefixed.txt
