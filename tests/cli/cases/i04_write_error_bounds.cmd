sortid bounds --from 2024-01-01 --to 2024-01-02 > /dev/full
