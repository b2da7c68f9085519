#!/usr/bin/env bash
# Builds the npm package sortid-<version>.tgz from a generated folder: the
# package folder the build writes (build/<preset>/node: package.json, the
# JavaScript entries, the prebuilt addon sortid.node for this platform) copied
# to a fresh folder, checked to load, and packed with `npm pack`. The addon
# links Highway dynamically: it needs Debian's libhwy1 at run time (stated in
# the package's README, docs/node.md). Prints the tarball's path.
#   scripts/node-package.sh [BUILD_DIR] [OUT_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/release}
out=${2:-$build}
cmake --build "$build" --target sortid_node > /dev/null
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
# Every file package.json's "files" names, nothing else.
node -e '
const fs = require("fs"), path = require("path");
const [from, to] = process.argv.slice(1);
const pkg = JSON.parse(fs.readFileSync(path.join(from, "package.json")));
for (const f of ["package.json", ...pkg.files]) {
  fs.cpSync(path.join(from, f), path.join(to, f), { recursive: true });
}' "$build/node" "$folder"
strip --strip-debug "$folder/sortid.node"  # RelWithDebInfo: the debug info stays in the build
(cd "$folder" && node -e "require('./')" && npm pack --silent --pack-destination "$out" > /dev/null)
ls "$out"/sortid-*.tgz | tail -n 1
