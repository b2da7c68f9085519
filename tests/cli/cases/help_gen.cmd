sortid gen --help
