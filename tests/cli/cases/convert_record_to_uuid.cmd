sortid convert --from record --to uuid records.txt
