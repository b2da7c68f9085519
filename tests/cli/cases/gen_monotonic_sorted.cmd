sortid gen -n 200000 --kind ulid-monotonic --time 2026-03-01T12:00:00Z | sortid validate --unique --sorted
