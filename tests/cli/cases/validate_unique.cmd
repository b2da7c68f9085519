sortid validate --unique dups.txt
