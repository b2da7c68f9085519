sortid convert --field 1 --delimiter A --to uuid people.csv
