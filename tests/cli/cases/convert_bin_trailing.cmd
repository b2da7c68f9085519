sortid convert --from bin --to ulid trailing.bin
