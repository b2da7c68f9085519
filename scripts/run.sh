#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh), builds sortid and runs the main job on
# its embedded default sample: encode, decode and validate 1 Mi generated IDs.
# Extra arguments go to `sortid demo` (e.g. -n 10000000).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
build/release/cli/sortid targets
exec build/release/cli/sortid demo "$@"
