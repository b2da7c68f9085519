sortid validate --sorted unsorted.txt
