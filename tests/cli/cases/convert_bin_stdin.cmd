sortid convert --from bin --to uuid - < ids.bin
