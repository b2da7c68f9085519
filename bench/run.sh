#!/usr/bin/env bash
# Reproduces the benchmark report in one command (about 6-8 minutes here):
# installs what is missing (scripts/setup.sh: DuckDB, Node, the peers: Go
# oklog/ulid from Debian, npm ulid), builds the bench preset and the Go peer,
# makes the shared 1 M-ID data set, runs sortid_bench, the peers and the
# engine benchmark and the command on a 1 GiB file (bench/cli_throughput.py, 3 GiB
# of files in SORTID_CLI_DIR, default /tmp/sortid-cli-bench), and writes
# bench/results/<CPU class>/{report.md,plot.svg,*.json,cli.txt}
# (the class named after this CPU's best target, bench/report's cpu_class: one
# current report per class, replaced in place), the summary tables in README.md
# ("Performance") and the per-item tables in docs/performance.md.
# Usage: bench/run.sh [OUT_DIR]   (an OUT_DIR elsewhere leaves README and docs alone)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --duckdb --node --peers
scripts/build.sh bench
class_dir=$(bench/cpu_class build/bench/cli/sortid)
out=${1:-$class_dir}
mkdir -p "$out"
bench/peers/build.sh
data=build/peers/data
bench/peers/make_dataset.sh build/bench/cli/sortid "$data"
echo "== sortid_bench" >&2
SORTID_BENCH_DATA=$data build/bench/bench/sortid_bench \
  --benchmark_filter='/4096$|/4194304(/|$)|^dataset/|^generate_|^chacha20|^getrandom|^arc4random|_one/' \
  --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=true --benchmark_min_time=0.05 \
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
echo "== the command on 1 GiB in the page cache" >&2
bench/cli_throughput.py build/bench/cli/sortid --dir "${SORTID_CLI_DIR:-/tmp/sortid-cli-bench}" \
  --runs 5 > "$out/cli.txt"
if [[ "$out" == "$class_dir" ]]; then
  bench/report "$out" --readme README.md --docs docs/performance.md
else
  bench/report "$out"
fi
