#!/usr/bin/env bash
# Configures and builds one CMake preset (default: release) after making sure
# the dependencies are installed. Usage: scripts/build.sh [PRESET]
# SORTID_WERROR=ON turns warnings into errors.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}

if [[ "$preset" == fuzz ]]; then
  scripts/setup-deps.sh --with-fuzz
else
  scripts/setup-deps.sh
fi
# DuckDB for the engine integration (npm; build/duckdb). Without it the rest
# builds and its tests are skipped; SORTID_REQUIRE_ENGINES=1 (CI) makes it fatal.
if [[ "$preset" != arm64 && "$preset" != fuzz ]] && ! scripts/setup-duckdb.sh; then
  if [[ "${SORTID_REQUIRE_ENGINES:-0}" == 1 ]]; then
    echo "build: DuckDB could not be set up (SORTID_REQUIRE_ENGINES=1)" >&2
    exit 1
  fi
  echo "build: WARNING: DuckDB could not be set up; sortid_duckdb and its tests are skipped" >&2
fi
[[ "$preset" == arm64 || "$preset" == fuzz ]] || scripts/setup-node.sh || { [[ "${SORTID_REQUIRE_ENGINES:-0}" != 1 ]] && echo "build: WARNING: node-addon-api could not be set up (npm); the Node.js addon is skipped" >&2; } || exit 1
# SORTID_REQUIRE_ENGINES=1 (CI): every engine and binding the preset leaves
# AUTO must build (cmake/sortid_parts.cmake), so a missing one fails here.
require=OFF
[[ "${SORTID_REQUIRE_ENGINES:-0}" == 1 ]] && require=ON
cmake --preset "$preset" -DSORTID_WERROR="${SORTID_WERROR:-OFF}" -DSORTID_REQUIRE_ENGINES="$require" \
  > /dev/null
cmake --build --preset "$preset"
