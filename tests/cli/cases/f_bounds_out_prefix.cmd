sortid bounds --from 2024-01-01 --to 2024-01-31 --out-prefix 'ORDER#'
