sortid convert --to uuid --on-error null bad_rows.txt
