sortid bounds --from 2026-06-01T00:00:00+02:00 --to 2026-06-02 --format record
