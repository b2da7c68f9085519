#!/usr/bin/env bash
# The data set every implementation reads: 1 M ULIDs (seeded, so the same on
# every run), as ULID lines (ulids.txt), UUID lines (uuids.txt) and 16-byte
# binary IDs (ids.bin). Usage: bench/peers/make_dataset.sh SORTID DIR [COUNT]
set -euo pipefail
sortid=$1
dir=$2
count=${3:-1000000}
mkdir -p "$dir"
if [[ -f "$dir/ulids.txt" && $(wc -l < "$dir/ulids.txt") == "$count" ]]; then
  exit 0
fi
"$sortid" gen -n "$count" --seed 5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed \
  --time 2026-06-01T12:00:00Z --no-progress > "$dir/ulids.txt"
"$sortid" convert --to uuid --no-progress "$dir/ulids.txt" > "$dir/uuids.txt"
"$sortid" convert --to bin --no-progress "$dir/ulids.txt" > "$dir/ids.bin"
