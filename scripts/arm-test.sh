#!/usr/bin/env bash
# Cross-builds sortid for aarch64 and runs the test suite (kernel suites,
# C API, CLI, fuzz corpus replay) under qemu-aarch64 for several CPU models, so
# that every Arm target Highway compiles (NEON, SVE, SVE2, SVE_256, SVE2_128)
# executes and is compared with the reference kernel. Each run also asserts
# which target the model selects by default.
# Usage: scripts/arm-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --arm
# The engines and bindings are not cross-built: none is required here.
SORTID_REQUIRE_ENGINES=0 scripts/build.sh arm64
# qemu CPU model | the target Highway must choose | the targets it must support
# | per-target cases left out. sve128 / sve256 make the SVE2_128 / SVE_256
# targets supported, and as the best supported bits they are the default; the
# per-target suites force each supported target and skip the others. A target
# runs its per-target cases once per vector length: NEON on the first model,
# SVE at 512 bits (qemu's default for max and a64fx alike) on max.
neon=":Targets/*/NEON:KindsTimesTargets/*_NEON"
sve=":Targets/*/SVE:KindsTimesTargets/*_SVE"
models=("max,sve=off|NEON|NEON|"
        "max|SVE2|SVE2,SVE,NEON|$neon"
        "max,sve128=on|SVE2_128|SVE2_128,SVE2,SVE,NEON|$neon"
        "max,sve256=on|SVE_256|SVE_256,SVE2,SVE,NEON|$neon"
        "a64fx|SVE|SVE,NEON|$neon$sve")
# The two googletest executables (ctest label "unit", nearly all the tests) run
# whole, sharded (scripts/qemu-shards.sh).
source scripts/qemu-shards.sh
# -L /: the loader and the C library from the same multi-arch libc6:arm64
# (the libraries are linked from there). -L /usr/aarch64-linux-gnu took the
# cross package's loader with the multi-arch libc.so.6, two glibc builds in one
# process, and every pthread_create spun forever.
arm=(qemu-aarch64 -L /)
# The generator cases that exec the test binary again (the host cannot start
# an aarch64 program without binfmt_misc), and, as on qemu-x86_64, the _Fork
# and raw clone children: qemu-user takes MADV_WIPEONFORK as a hint only.
not_emulated="GeneratorVfork.*:GeneratorTarget.UnknownTargetIsReported"
not_emulated+=":GeneratorFirstUse.ChildClonedDuringFirstUseFinishes:*underscore_fork*:*raw_clone*"

# --threads N against --threads 1 with the model's kernels: the same
# output, messages and exit code, from a file and from a pipe, with chunks
# small enough for many boundaries.
cli_threads_check() {
  local dir cmd threads input run rc
  dir=$(mktemp -d)
  "${arm[@]}" build/arm64/cli/sortid gen -n 20000 --no-progress > "$dir/ids.txt"
  printf '01ARZ3NDEKTSV4RRFFQ69G5FAU\nnot an id\n' >> "$dir/ids.txt"
  "${arm[@]}" build/arm64/cli/sortid gen -n 3000 --no-progress >> "$dir/ids.txt"
  for cmd in "convert --to uuid --on-error skip" "validate"; do
    for threads in 1 3; do
      for input in file pipe; do
        run=$dir/$input.$threads
        rc=0
        if [[ $input == file ]]; then
          # shellcheck disable=SC2086  # cmd is words
          SORTID_CHUNK_BYTES=4096 timeout 120 "${arm[@]}" build/arm64/cli/sortid $cmd \
            --no-progress --threads "$threads" "$dir/ids.txt" > "$run.out" 2> "$run.err" || rc=$?
          sed -i "s|$dir/ids.txt|<stdin>|" "$run.out" "$run.err"  # as a pipe is named
        else
          # shellcheck disable=SC2086
          SORTID_CHUNK_BYTES=4096 timeout 120 "${arm[@]}" build/arm64/cli/sortid $cmd \
            --no-progress --threads "$threads" < "$dir/ids.txt" > "$run.out" 2> "$run.err" || rc=$?
        fi
        echo "exit $rc" >> "$run.err"
        if [[ $run != "$dir/file.1" ]] &&
          ! { cmp -s "$run.out" "$dir/file.1.out" && cmp -s "$run.err" "$dir/file.1.err"; }; then
          echo "arm64: FAILED: sortid $cmd --threads $threads from a $input: not as --threads 1"
          diff "$dir/file.1.err" "$run.err" | head -5
          rm -rf "$dir"
          return 1
        fi
      done
    done
    echo "  sortid $cmd: --threads 3 as --threads 1, file and pipe ($(tail -1 "$dir/file.1.err"))"
  done
  rm -rf "$dir"
}

for entry in "${models[@]}"; do
  IFS='|' read -r model expected supported covered <<< "$entry"
  echo "== qemu-aarch64 -cpu $model (default $expected; must support $supported), $(date +%T)"
  QEMU_CPU=$model "${arm[@]}" build/arm64/cli/sortid targets
  export QEMU_CPU=$model SORTID_EXPECT_BEST=$expected SORTID_EXPECT_SUPPORTED=$supported
  run_sharded arm64 "${arm[@]}" -- build/arm64/tests/sortid_tests \
    "--gtest_filter=-UnsupportedTarget.*$covered"
  run_sharded arm64 "${arm[@]}" -- build/arm64/tests/generator_tests "--gtest_filter=-$not_emulated"
  cli_threads_check
  ctest --preset arm64 -LE unit -j "$(nproc)" --timeout 300  # a stall fails, not hangs
done
echo "arm64: all CPU models passed"
