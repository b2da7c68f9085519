sortid gen --kind nope
