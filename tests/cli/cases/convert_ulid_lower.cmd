sortid convert --to ulid --lower ulids.txt
