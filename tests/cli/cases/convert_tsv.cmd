sortid convert --field 2 --delimiter tab --header --to uuid people.tsv | od -c
