sortid convert --field 1 --header --to ms --on-error null people.csv
