sortid bounds --from 2020-01-01 --to 2021-01-01 --format record
