sortid gen -n 2 --to hex --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z
