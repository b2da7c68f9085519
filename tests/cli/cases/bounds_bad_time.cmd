sortid bounds --from soon --to 2024-01-01
