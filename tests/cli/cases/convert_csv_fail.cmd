sortid convert --field 1 --header --to uuid people.csv
