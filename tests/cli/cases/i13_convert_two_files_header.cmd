sortid convert --field 1 --header --to ms --on-error skip people.csv people.csv
