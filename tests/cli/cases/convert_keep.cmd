sortid convert --to uuid --on-error keep bad_rows.txt
