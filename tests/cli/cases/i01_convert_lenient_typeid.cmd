sortid convert --from typeid --lenient --to uuid typeids.txt
