sortid validate --format bin --unique ids.bin
