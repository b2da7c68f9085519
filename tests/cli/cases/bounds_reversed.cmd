sortid bounds --from 2024-02-01 --to 2024-01-01
