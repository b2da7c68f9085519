sortid convert --from typeid --to uuid --on-error keep typeids.txt
