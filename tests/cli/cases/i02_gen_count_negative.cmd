sortid gen -n -5
