sortid convert --from record --to iso8601 records.txt
