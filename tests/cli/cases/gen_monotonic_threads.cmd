sortid gen --kind ulid-monotonic --threads 2
