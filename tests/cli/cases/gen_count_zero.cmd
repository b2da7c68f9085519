sortid gen -n 0
