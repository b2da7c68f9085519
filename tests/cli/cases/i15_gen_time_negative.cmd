sortid gen -n 1 --time -1
