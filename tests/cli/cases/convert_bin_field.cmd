sortid convert --field 2 --to bin people.csv
