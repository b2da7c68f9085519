sortid gen -n 300000 --threads 2 --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --time 2026-03-01T12:00:00Z | sortid validate --unique
