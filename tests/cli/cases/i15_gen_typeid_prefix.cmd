sortid gen -n 1 --typeid --prefix User
