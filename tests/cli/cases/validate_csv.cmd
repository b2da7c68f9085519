sortid validate --field 1 --header people.csv
