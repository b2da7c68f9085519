#!/usr/bin/env bash
# One ID per call, sortid against oklog/ulid (Go) and npm ulid in one run
# (about 2 minutes): sortid_bench's parse_one/ and format_one/ rows (CPU time,
# median of 5), then the peers' per-call rows on the same data set, then the
# "One ID per call" table of bench/report. Usage:
#   bench/per_call.sh [BUILD_DIR (default build/release)] [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
out=${2:-build/per_call}
mkdir -p "$out"
scripts/setup.sh --peers
cmake --build "$build" --target sortid_bench sortid_cli > /dev/null
bench/peers/build.sh
data=build/peers/data
bench/peers/make_dataset.sh "$build/cli/sortid" "$data"
"$build/bench/sortid_bench" --benchmark_filter='_one/' --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true --benchmark_min_time=0.2 \
  --benchmark_format=json --benchmark_out="$out/sortid.json" --benchmark_out_format=json \
  > /dev/null
build/peers/oklog_bench "$data" --per-call-only > "$out/oklog.json"
ULID_MODULE="$PWD/build/peers/node/node_modules/ulid" node bench/peers/node/ulid_bench.cjs "$data" \
  > "$out/npm_ulid.json"
bench/report "$out" > /dev/null
sed -n '/^## One ID per call/,/^## /p' "$out/report.md" | sed '$d'
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
