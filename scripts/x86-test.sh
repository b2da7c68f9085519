#!/usr/bin/env bash
# Runs the release build under qemu-x86_64 CPU models that lack what this
# machine has, so that every x86 target is the *best* one somewhere and code
# for a missing target would die with an illegal instruction:
#   Nehalem  -> no Highway target (the reference kernel, SCALAR)
#   Westmere -> SSE4
#   Haswell  -> AVX2 (no AVX-512)
# For each model: the unit suites (sharded, asserting the best target), a
# forced lower target's per-item codec, the CLI golden cases, and one smoke test per binding and engine (Python, Node,
# SQLite, DuckDB through its Node client) checking known answers.
# Usage: scripts/x86-test.sh [BUILD_DIR]   (default build/release; build it first)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
scripts/setup.sh --qemu
[[ -x $build/tests/sortid_tests ]] || { echo "x86: $build is not built (scripts/build.sh release)" >&2; exit 1; }

# Haswell without the features qemu's TCG lacks (it warns on stderr at every
# start otherwise, which the golden cases would see); none of them is one
# Highway's AVX2 target needs.
models=("Nehalem|SCALAR|SCALAR" "Westmere|SSE4|SSE4,SCALAR"
        "Haswell,-pcid,-tsc-deadline,-x2apic,-hle,-invpcid,-rtm|AVX2|AVX2,SSE4,SCALAR")
ULID=01ARZ3NDEKTSV4RRFFQ69G5FAV
UUID=01563e3a-b5d3-d676-4c61-efb99302bd5b
failed=0
fail() { echo "x86: FAILED: $*"; failed=1; }

source scripts/qemu-shards.sh

# The golden cases with the command under the model (the runner takes a
# binary), one runner per case: "TRANSCRIPT CASE" lines through xargs.
run_golden() {
  local wrapper list transcript
  wrapper=$(mktemp)
  printf '#!/bin/sh\nexec qemu-x86_64 %q "$@"\n' "$(realpath "$build/cli/sortid")" > "$wrapper"
  chmod +x "$wrapper"
  list=$(for transcript in tests/cli/transcripts/*.t; do
    tests/cli/run_transcript.py --list "$transcript" | sed "s|^|$transcript |"
  done)
  if ! printf '%s\n' "$list" |
    xargs -P "$(nproc)" -L 1 tests/cli/run_transcript.py "$wrapper" > "$wrapper.log" 2>&1; then
    grep -A 12 FAIL "$wrapper.log" | head -40
    rm -f "$wrapper" "$wrapper.log"
    return 1
  fi
  echo "  golden cases: $(grep -c '^ok ' "$wrapper.log") passed"
  rm -f "$wrapper" "$wrapper.log"
}

smoke_bindings() {
  local expected=$1 out
  # Python: the module loads, reports the target and converts a known answer.
  if [[ -d $build/python/sortid ]]; then
    out=$(PYTHONPATH=$build/python qemu-x86_64 /usr/bin/python3 -c "
import sortid
print(sortid.active_target(), list(sortid.convert(['$ULID'] * 40, 'uuid')) == ['$UUID'] * 40)")
    [[ $out == "$expected True" ]] || fail "python smoke: '$out'"
  fi
  # Node: the addon loads, reports the target and converts a known answer.
  if [[ -f $build/node/sortid.node ]] && command -v node > /dev/null; then
    out=$(qemu-x86_64 "$(command -v node)" -e "
const s = require('./$build/node');
console.log(s.activeTarget(), s.ulidToUUID('$ULID').toLowerCase() === '$UUID')")
    [[ $out == "$expected true" ]] || fail "node smoke: '$out'"
  fi
  # SQLite: the module loads in the real shell and converts.
  if [[ -f $build/sqlite/sortid.so ]] && command -v sqlite3 > /dev/null; then
    out=$(qemu-x86_64 "$(command -v sqlite3)" :memory: ".load $build/sqlite/sortid" \
      "SELECT lower(ulid_to_uuid('$ULID'));")
    [[ $out == "$UUID" ]] || fail "sqlite smoke: '$out'"
  fi
  # DuckDB: the extension loads in the Node client and converts a column.
  local client
  client=$(ls -d build/duckdb/node/* 2> /dev/null | tail -1 || true)
  if [[ -f $build/duckdb/sortid.duckdb_extension && -n $client ]]; then
    out=$(qemu-x86_64 "$(command -v node)" -e "
const { DuckDBInstance } = require('./$client/node_modules/@duckdb/node-api');
(async () => {
  const db = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true' });
  const c = await db.connect();
  await c.run(\"LOAD '$build/duckdb/sortid.duckdb_extension'\");
  const r = await c.runAndReadAll(
    \"SELECT count(*) FROM range(5000) WHERE lower(ulid_to_uuid('$ULID')::VARCHAR) = '$UUID'\");
  console.log(String(r.getRows()[0][0]));
})().catch((e) => { console.log('error', e.message); });")
    [[ $out == 5000 ]] || fail "duckdb smoke: '$out'"
  fi
}

for entry in "${models[@]}"; do
  IFS='|' read -r model expected supported <<< "$entry"
  echo "== qemu-x86_64 -cpu $model (best $expected; must support $supported), $(date +%T)"
  export QEMU_CPU=$model
  best=$(qemu-x86_64 "$build/cli/sortid" targets | tr '\n' ' ')
  echo "  sortid targets: $best"
  SORTID_EXPECT_BEST=$expected SORTID_EXPECT_SUPPORTED=$supported \
    run_sharded x86 qemu-x86_64 -- "$build/tests/sortid_tests" --gtest_filter=-UnsupportedTarget.* || failed=1
  # A target below the best forced through the environment runs its own
  # per-item codec (SSE4 under Haswell: the AVX2 CPU class forced down).
  if [[ $expected != SSE4 && ,$supported, == *,SSE4,* ]]; then
    out=$(SORTID_TARGET=SSE4 qemu-x86_64 "$build/tests/sortid_tests" \
      --gtest_filter=ForcedTarget.* 2>&1 | tail -3)
    [[ $out == *PASSED* && $out != *SKIPPED* && $out != *FAILED* ]] ||
      fail "SORTID_TARGET=SSE4 under $model: $out"
  fi
  # qemu-user takes madvise() as a hint: MADV_WIPEONFORK "succeeds" without
  # wiping, so _Fork and raw clone children (which no atfork handler sees)
  # repeat the parent's stream there. Those cases run natively in the tests
  # stage; fork() children are checked here too.
  SORTID_EXPECT_BEST=$expected run_sharded x86 qemu-x86_64 -- "$build/tests/generator_tests" \
    --gtest_filter=-*underscore_fork*:*raw_clone* || failed=1
  run_golden || fail "golden cases under $model"
  smoke_bindings "$expected"
  unset QEMU_CPU
done
if ((failed)); then echo "x86: some CPU model failed"; exit 1; fi
echo "x86: all CPU models passed"
