#!/usr/bin/env bash
# Puts DuckDB 1.4.4 (the engine sortid_duckdb is tested and benchmarked in)
# into build/duckdb from the npm registry, with `npm pack` only: package
# scripts are never run, nothing is installed system-wide.
#   build/duckdb/lib/libduckdb.so      from @duckdb/node-bindings-linux-x64@1.4.4-r.4
#   build/duckdb/include/duckdb.h      from duckdb@1.4.4
# npm checks each tarball against the registry's integrity hash. Idempotent.
# Usage: scripts/setup-duckdb.sh [DEST]     (x86-64 Linux only)
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:-build/duckdb}
if [[ -f "$dest/lib/libduckdb.so" && -f "$dest/include/duckdb.h" ]]; then
  exit 0
fi
if [[ "$(uname -m)" != x86_64 ]]; then
  echo "setup-duckdb: the npm binding package is for x86-64 only; skipping" >&2
  exit 1
fi
if ! command -v npm > /dev/null; then
  echo "setup-duckdb: installing Debian's npm" >&2
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends npm
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "setup-duckdb: fetching DuckDB 1.4.4 with npm pack into $dest" >&2
(cd "$tmp" && npm pack --silent --ignore-scripts @duckdb/node-bindings-linux-x64@1.4.4-r.4 \
  duckdb@1.4.4 > /dev/null)
mkdir -p "$dest/lib" "$dest/include"
tar -xzf "$tmp/duckdb-node-bindings-linux-x64-1.4.4-r.4.tgz" -C "$tmp" package/libduckdb.so
tar -xzf "$tmp/duckdb-1.4.4.tgz" -C "$tmp" package/src/duckdb/src/include/duckdb.h
mv "$tmp/package/libduckdb.so" "$dest/lib/libduckdb.so"
mv "$tmp/package/src/duckdb/src/include/duckdb.h" "$dest/include/duckdb.h"
echo "setup-duckdb: $dest/lib/libduckdb.so, $dest/include/duckdb.h" >&2
