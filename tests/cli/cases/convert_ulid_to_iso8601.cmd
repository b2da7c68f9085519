sortid convert --to iso8601 ulids.txt
