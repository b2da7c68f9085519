sortid convert --from typeid --prefix user --to ulid --on-error skip typeids.txt
