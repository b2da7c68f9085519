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
arm=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
for entry in "${models[@]}"; do
  IFS='|' read -r model expected supported covered <<< "$entry"
  echo "== qemu-aarch64 -cpu $model (default $expected; must support $supported), $(date +%T)"
  QEMU_CPU=$model qemu-aarch64 -L /usr/aarch64-linux-gnu build/arm64/cli/sortid targets
  export QEMU_CPU=$model SORTID_EXPECT_BEST=$expected SORTID_EXPECT_SUPPORTED=$supported \
    SORTID_TEST_QUICK=1
  run_sharded arm64 "${arm[@]}" -- build/arm64/tests/sortid_tests \
    "--gtest_filter=-UnsupportedTarget.*$covered"
  run_sharded arm64 "${arm[@]}" -- build/arm64/tests/generator_tests
  ctest --preset arm64 -LE unit -j "$(nproc)" --timeout 300  # a stall fails, not hangs
done
echo "arm64: all CPU models passed"
