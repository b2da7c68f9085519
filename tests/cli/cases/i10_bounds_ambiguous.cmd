sortid bounds --from 20240101 --to 2024-01-31
