{ echo 01ARZ3NDEKTSV4RRFFQ69G5FAV; head -c 300 /dev/zero | tr '\0' x; echo; echo bad; } | sortid convert --to uuid --on-error keep --max-row-bytes 256
