sortid convert --to bin --on-error null bad_rows.txt
