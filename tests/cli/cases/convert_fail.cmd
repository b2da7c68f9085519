sortid convert --to uuid bad_rows.txt
