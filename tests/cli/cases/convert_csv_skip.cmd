sortid convert --field 1 --header --to iso8601 --on-error skip people.csv
