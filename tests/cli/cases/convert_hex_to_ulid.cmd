sortid convert --from hex --to ulid hex.txt
