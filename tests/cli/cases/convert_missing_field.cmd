sortid convert --field 3 --delimiter tab --header --to uuid --on-error skip people.tsv
