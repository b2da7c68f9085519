# Sourced by scripts/arm-test.sh and scripts/x86-test.sh.
# run_sharded NAME EMULATOR... -- TEST_BINARY [ARGS...]
# Runs a googletest binary under the emulator in one process per shard
# (GTEST_TOTAL_SHARDS = cores): one emulator process per test, as ctest would
# start, costs about 0.15 s of CPU each. Each shard has a time limit (a stall
# fails, not hangs); a failing shard prints its log; one summary line a shard.
run_sharded() {
  local name=$1 emulator=() shards logs=() pids=() failed=0
  shift
  while [[ $1 != -- ]]; do emulator+=("$1"); shift; done
  shift
  shards=$(nproc)
  for ((i = 0; i < shards; ++i)); do
    logs+=("$(mktemp)")
    GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i GTEST_BRIEF=1 timeout 900 \
      "${emulator[@]}" "$@" > "${logs[i]}" 2>&1 &
    pids+=($!)
  done
  for ((i = 0; i < shards; ++i)); do
    if ! wait "${pids[i]}"; then
      failed=1
      echo "$name: FAILED: $* (shard $i of $shards, QEMU_CPU=${QEMU_CPU:-})"
      cat "${logs[i]}"
    fi
    grep -E '^\[=+\] .* ran\.|^\[  PASSED  \]' "${logs[i]}" | tr '\n' ' ' |
      sed "s|^|  $(basename "$1") shard $i: |; s| *$|\n|"
    rm -f "${logs[i]}"
  done
  return "$failed"
}
