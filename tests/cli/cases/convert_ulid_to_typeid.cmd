sortid convert --to typeid --out-prefix user ulids.txt
