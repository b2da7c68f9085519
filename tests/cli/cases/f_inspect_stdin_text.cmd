printf '01ARZ3NDEKTSV4RRFFQ69G5FAV\n' | sortid inspect
