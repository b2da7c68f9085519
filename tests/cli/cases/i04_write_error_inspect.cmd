sortid inspect 01ARZ3NDEKTSV4RRFFQ69G5FAV > /dev/full
