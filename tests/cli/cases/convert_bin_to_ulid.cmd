sortid convert --from bin --to ulid ids.bin
