sortid targets > /dev/full
