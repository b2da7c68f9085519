printf '\xef\xbb\xbf01ARZ3NDEKTSV4RRFFQ69G5FAV\n01ARZ3NDEKTSV4RRFFQ69G5FAV\n' | sortid convert --to uuid
