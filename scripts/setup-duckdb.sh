#!/usr/bin/env bash
# Puts DuckDB into build/duckdb from the npm registry, with `npm pack` only:
# package scripts are never run, nothing is installed system-wide, and npm
# checks each tarball against the registry's integrity hash. Idempotent.
#   build/duckdb/lib/libduckdb.so                  @duckdb/node-bindings-linux-x64@1.4.4-r.4
#   build/duckdb/include/duckdb.h                  duckdb@1.4.4 (the C API)
#   build/duckdb/include/duckdb_extension.h        duckdb@1.4.4 (the stable C extension API)
#   build/duckdb/node/<version>/node_modules/@duckdb/{node-api,node-bindings,
#     node-bindings-linux-x64}                     the Node client for each DuckDB
#                                                  version the extension is tested in
# The Node clients: DuckDB 1.2.2 (the oldest the extension supports, platform
# linux_amd64_gcc4), DuckDB 1.4.4 (the version sortid_duckdb is built and
# benchmarked against) and the newest 1.5.x on npm when this was written
# (1.5.6-r.1; bump NODE_CLIENTS to test a newer one). Their optional
# dependency detect-libc is not needed on glibc systems and is left out.
# Usage: scripts/setup-duckdb.sh [DEST]     (x86-64 Linux only)
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:-build/duckdb}
NODE_CLIENTS=(1.2.2-alpha.19 1.4.4-r.4 1.5.6-r.1)

have_all() {
  [[ -f "$dest/lib/libduckdb.so" && -f "$dest/include/duckdb.h" &&
     -f "$dest/include/duckdb_extension.h" ]] || return 1
  local v
  for v in "${NODE_CLIENTS[@]}"; do
    [[ -f "$dest/node/$v/node_modules/@duckdb/node-bindings-linux-x64/duckdb.node" &&
       -f "$dest/node/$v/node_modules/@duckdb/node-api/package.json" ]] || return 1
  done
}
have_all && exit 0
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
echo "setup-duckdb: fetching DuckDB 1.4.4 and the Node clients with npm pack into $dest" >&2
packages=(duckdb@1.4.4)
for v in "${NODE_CLIENTS[@]}"; do
  packages+=("@duckdb/node-api@$v" "@duckdb/node-bindings@$v" "@duckdb/node-bindings-linux-x64@$v")
done
(cd "$tmp" && npm pack --silent --ignore-scripts "${packages[@]}" > /dev/null)

mkdir -p "$tmp/duckdb" "$dest/lib" "$dest/include"
tar -xzf "$tmp/duckdb-1.4.4.tgz" -C "$tmp/duckdb" package/src/duckdb/src/include/duckdb.h \
  package/src/duckdb/src/include/duckdb_extension.h
cp "$tmp/duckdb/package/src/duckdb/src/include/duckdb.h" \
  "$tmp/duckdb/package/src/duckdb/src/include/duckdb_extension.h" "$dest/include/"

# One node_modules tree per client version; a package's tarball holds package/.
for v in "${NODE_CLIENTS[@]}"; do
  modules="$dest/node/$v/node_modules/@duckdb"
  rm -rf "$dest/node/$v"
  for name in node-api node-bindings node-bindings-linux-x64; do
    mkdir -p "$modules/$name"
    tar -xzf "$tmp/duckdb-$name-$v.tgz" -C "$modules/$name" --strip-components=1
  done
done
cp "$dest/node/1.4.4-r.4/node_modules/@duckdb/node-bindings-linux-x64/libduckdb.so" \
  "$dest/lib/libduckdb.so"
echo "setup-duckdb: $dest/lib/libduckdb.so, $dest/include/duckdb{,_extension}.h," \
  "$dest/node/{${NODE_CLIENTS[*]}}" >&2
