printf '2024-01-31\n2024-01-31T12:00:00.250Z\n+10889-08-02T05:31:50.655Z\n1700000000000\n' | sortid convert --from iso8601 --to ulid --bound max --on-error keep
