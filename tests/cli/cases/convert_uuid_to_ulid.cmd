sortid convert --from uuid --to ulid uuids.txt
