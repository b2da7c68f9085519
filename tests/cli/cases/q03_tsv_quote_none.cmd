printf '"Al\t01ARZ3NDEKTSV4RRFFQ69G5FAV\nBo\t01ARZ3NDEKTSV4RRFFQ69G5FAV\nCy "q"\t01ARZ3NDEKTSV4RRFFQ69G5FAV\n' | sortid convert --field 2 --delimiter tab --quote none --to uuid
