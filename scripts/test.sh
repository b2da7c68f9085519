#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh), builds and runs every test for
# each preset given (default: release).
# Usage: scripts/test.sh [PRESET...]   e.g. scripts/test.sh release asan-ubsan
set -euo pipefail
cd "$(dirname "$0")/.."
presets=("$@")
if ((${#presets[@]} == 0)); then
  presets=(release)
fi
for preset in "${presets[@]}"; do
  echo "== sortid tests: $preset"
  # The parts each preset builds: DuckDB and Node everywhere but the fuzzers
  # and the cross build.
  case "$preset" in
    fuzz) scripts/setup.sh --fuzz ;;
    arm64) scripts/setup.sh --arm ;;
    *) scripts/setup.sh --duckdb --node ;;
  esac
  scripts/build.sh "$preset"
  ctest --preset "$preset" -j "$(nproc)"
done
