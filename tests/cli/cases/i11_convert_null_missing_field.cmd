printf 'a,b,01ARZ3NDEKTSV4RRFFQ69G5FAV\nc,d\n' | sortid convert --field 3 --to uuid --on-error null
