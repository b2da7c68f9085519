sortid gen -n 1 --seed ''
