sortid convert --field 1 --header --to uuid --on-error keep people.csv
