#!/usr/bin/env bash
# Builds the libFuzzer fuzzers (the `fuzz` preset: clang, ASan + UBSan) and runs
# each for SECONDS (default 60) on a scratch copy of its committed corpus.
# Usage: scripts/fuzz.sh [SECONDS] [FUZZER...]   (fuzzers: decode encode roundtrip)
# A mismatch or crash stops the run with a non-zero exit; the reproducer is in
# the log (hex input from the mismatch report, libFuzzer's crash-* file and
# base64 line) and under build/fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
fuzzers=("$@")
if ((${#fuzzers[@]} == 0)); then
  fuzzers=(decode encode roundtrip)
fi
scripts/setup.sh --fuzz
scripts/build.sh fuzz
findings=build/fuzz/findings
mkdir -p "$findings"
for name in "${fuzzers[@]}"; do
  work=$(mktemp -d)
  cp -r "fuzz/corpus/$name/." "$work/"
  echo "== fuzz_$name for ${seconds}s"
  log="$findings/fuzz_$name.log"
  status=0
  (cd "$findings" && "../fuzz/fuzz_$name" -max_total_time="$seconds" -print_final_stats=1 \
     -timeout=10 -rss_limit_mb=4096 "$work") > "$log" 2>&1 || status=$?
  # Progress lines are noise; everything else (reports, stats) goes to the log.
  grep -vE '^#[0-9]+.*(NEW|REDUCE|pulse)' "$log" || true
  rm -rf "$work"
  if ((status != 0)); then
    echo "fuzz_$name FAILED (exit $status): reproducer in $findings (and the report above)"
    exit 1
  fi
done
echo "fuzzing finished: ${#fuzzers[@]} fuzzers x ${seconds}s, no findings"
