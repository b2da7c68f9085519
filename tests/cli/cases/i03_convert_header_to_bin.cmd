sortid convert --header --to bin ulids.txt
