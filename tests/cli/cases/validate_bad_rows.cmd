sortid validate bad_rows.txt
