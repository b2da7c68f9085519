printf 'x,"01ARZ3NDEKTSV4RRFFQ69G5FAV"zz,y\n' | sortid convert --field 2 --to uuid
