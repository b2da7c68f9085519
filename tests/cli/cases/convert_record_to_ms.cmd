sortid convert --from record --to ms records.txt
