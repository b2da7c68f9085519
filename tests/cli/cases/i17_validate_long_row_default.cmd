{ echo 01ARZ3NDEKTSV4RRFFQ69G5FAV; head -c 5000000 /dev/zero | tr '\0' x; echo; echo 01ARZ3NDEKTSV4RRFFQ69G5FAV; } | sortid validate
