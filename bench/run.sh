#!/usr/bin/env bash
# Reproduces the benchmark report in one command (about 6-8 minutes here):
# builds the bench preset, sets up the peers (Go oklog/ulid from Debian, npm
# ulid), makes the shared 1 M-ID data set, runs sortid_bench, the peers and the
# engine benchmark, and writes bench/results/latest/{report.md,plot.svg,*.json}
# and the summary tables in README.md ("Performance").
# Usage: bench/run.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench/results/latest}
mkdir -p "$out"
scripts/build.sh bench
bench/peers/setup.sh
data=build/peers/data
bench/peers/make_dataset.sh build/bench/cli/sortid "$data"
echo "== sortid_bench" >&2
SORTID_BENCH_DATA=$data build/bench/bench/sortid_bench \
  --benchmark_filter='/4096$|/4194304(/|$)|^dataset/|^generate_|^chacha20|^getrandom|^arc4random|_one/' \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true --benchmark_min_time=0.05 \
  --benchmark_format=json --benchmark_out="$out/sortid.json" --benchmark_out_format=json > /dev/null
bench/summarize.py "$out/sortid.json"  # the medians the report reads, not the raw output
echo "== oklog/ulid" >&2
build/peers/oklog_bench "$data" > "$out/oklog.json"
echo "== npm ulid" >&2
ULID_MODULE="$PWD/build/peers/node/node_modules/ulid" node bench/peers/node/ulid_bench.cjs "$data" \
  > "$out/npm_ulid.json"
if [[ -x build/bench/bench/sortid_engine_bench ]]; then
  echo "== engines (DuckDB, SQLite)" >&2
  SORTID_ENGINE_ROWS=${SORTID_ENGINE_ROWS:-10000000} build/bench/bench/sortid_engine_bench \
    --benchmark_format=json --benchmark_out="$out/engines.json" --benchmark_out_format=json \
    > /dev/null
fi
if [[ "$out" == bench/results/latest ]]; then
  bench/report "$out" --readme README.md
else
  bench/report "$out"
fi
