sortid convert --from bin --to ulid --on-error keep ids.bin
