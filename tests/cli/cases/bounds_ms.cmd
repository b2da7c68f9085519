sortid bounds --from 1700000000000 --to 1700000000999 --format uuid
