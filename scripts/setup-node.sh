#!/usr/bin/env bash
# Puts what the Node.js addon (node/) needs into build/npm from the npm
# registry, with `npm pack` only (package scripts never run; npm checks each
# tarball against the registry's integrity hash). Idempotent.
#   build/npm/node-addon-api/   node-addon-api 8.5.0 (C++ headers over N-API)
#   build/npm/ulid/             ulid 3.0.2 (the npm package the addon mirrors:
#                               the tests compare against it, the benchmark races it)
#   build/npm/typescript/       typescript 5.9.3 (tsc checks node/lib/index.d.ts)
# Node's own headers (node_api.h) come from the nodejs / libnode-dev package;
# the script installs Debian's when node, its headers or valgrind (a memcheck
# test of the addon) are missing.
# Usage: scripts/setup-node.sh [DEST]
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:-build/npm}
addon_api=8.5.0
ulid=3.0.2
typescript=5.9.3
if [[ -f "$dest/node-addon-api/napi.h" && -f "$dest/ulid/dist/node/index.cjs" &&
  -f "$dest/typescript/bin/tsc" ]] && command -v valgrind > /dev/null; then
  exit 0
fi
sudo=""
[[ $(id -u) -ne 0 ]] && sudo=sudo
missing=()
command -v node > /dev/null || missing+=(nodejs)
command -v npm > /dev/null || missing+=(npm)
[[ -f /usr/include/node/node_api.h ]] || missing+=(libnode-dev)
if ((${#missing[@]})); then
  echo "setup-node: installing Debian's ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
fi
if ! command -v valgrind > /dev/null; then  # node/test/valgrind.test.js; skipped without it
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends valgrind ||
    echo "setup-node: WARNING: valgrind not installed; the addon's memcheck test is skipped" >&2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "setup-node: fetching node-addon-api@$addon_api, ulid@$ulid and typescript@$typescript" \
  "with npm pack into $dest" >&2
(cd "$tmp" && npm pack --silent --ignore-scripts "node-addon-api@$addon_api" "ulid@$ulid" \
  "typescript@$typescript" > /dev/null)
mkdir -p "$dest"
for pkg in "node-addon-api-$addon_api:node-addon-api" "ulid-$ulid:ulid" \
  "typescript-$typescript:typescript"; do
  mkdir -p "$tmp/${pkg#*:}"
  tar -xzf "$tmp/${pkg%%:*}.tgz" -C "$tmp/${pkg#*:}" --strip-components=1
  rm -rf "${dest:?}/${pkg#*:}"
  mv "$tmp/${pkg#*:}" "$dest/${pkg#*:}"
done
echo "setup-node: $dest/node-addon-api, $dest/ulid, $dest/typescript" >&2
