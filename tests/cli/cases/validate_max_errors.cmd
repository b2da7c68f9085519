sortid validate --max-errors 2 bad_rows.txt
