sortid convert --to ms ulids.txt
