sortid convert --to ulid --out-prefix $'a\nb' ulids.txt
