sortid convert --from ulid --to hex ulids.txt
