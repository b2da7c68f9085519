sortid validate --format typeid typeids.txt
