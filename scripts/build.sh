#!/usr/bin/env bash
# Configures and builds one CMake preset (default: release); installs
# nothing (scripts/setup.sh does). Usage: scripts/build.sh [PRESET]
# SORTID_WERROR=ON turns warnings into errors. SORTID_REQUIRE_ENGINES=1 (CI):
# every engine and binding the preset leaves AUTO must build
# (cmake/sortid_parts.cmake), so a missing one fails here.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
require=OFF
[[ "${SORTID_REQUIRE_ENGINES:-0}" == 1 ]] && require=ON
cmake --preset "$preset" -DSORTID_WERROR="${SORTID_WERROR:-OFF}" -DSORTID_REQUIRE_ENGINES="$require" \
  > /dev/null
cmake --build --preset "$preset"
