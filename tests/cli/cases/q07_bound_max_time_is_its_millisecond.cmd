printf '2024-01-31T12:00:00Z\n2024-01-31T12:00:00.000Z\n2024-01-31\n' | sortid convert --from iso8601 --to ulid --bound max
