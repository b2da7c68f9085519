sortid convert --field 1 --delimiter ab --to uuid people.csv
