printf 'id,name' > $WORK/h.csv; sortid convert --field 1 --header --to uuid $WORK/h.csv | od -c
