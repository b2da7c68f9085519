sortid convert --field 1 --to ulid --out-prefix 'a,b' people.csv
