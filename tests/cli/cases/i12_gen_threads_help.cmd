sortid gen --help | grep -o 'not in sorted order'
