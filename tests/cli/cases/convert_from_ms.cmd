sortid convert --from ms --to uuid ulids.txt
