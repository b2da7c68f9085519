sortid convert --from base64 --to uuid ulids.txt
