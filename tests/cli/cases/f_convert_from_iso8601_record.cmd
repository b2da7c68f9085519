printf '2026-03-01T00:00:00Z\n2020-01-01\n' | sortid convert --from iso8601 --to record --on-error keep
