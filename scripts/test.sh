#!/usr/bin/env bash
# Builds and runs every test for each preset given (default: release).
# Usage: scripts/test.sh [PRESET...]   e.g. scripts/test.sh release asan-ubsan
set -euo pipefail
cd "$(dirname "$0")/.."
presets=("$@")
if ((${#presets[@]} == 0)); then
  presets=(release)
fi
for preset in "${presets[@]}"; do
  echo "== sortid tests: $preset"
  scripts/build.sh "$preset"
  ctest --preset "$preset" -j "$(nproc)"
done
