sortid convert --to uuid --on-error skip bad_rows.txt
