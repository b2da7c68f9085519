sortid validate --format uuid uuids.txt
