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
cmake --preset "$preset" -DSORTID_WERROR="${SORTID_WERROR:-OFF}" > /dev/null
cmake --build --preset "$preset"
