sortid gen -n 10 > /dev/full
