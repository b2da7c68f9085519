sortid gen --to record
