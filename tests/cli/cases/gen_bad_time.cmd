sortid gen --time yesterday
