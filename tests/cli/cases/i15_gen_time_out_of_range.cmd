sortid gen -n 1 --time +10889-08-02T05:31:50.656Z
