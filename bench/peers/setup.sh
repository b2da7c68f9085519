#!/usr/bin/env bash
# Installs and builds the peer benchmarks (idempotent):
#   Go oklog/ulid: Debian golang-go + golang-github-oklog-ulid-dev, built in
#     GOPATH mode from Debian's source tree -> build/peers/oklog_bench
#   npm ulid 3.0.2: npm install --ignore-scripts into build/peers/node
# Usage: bench/peers/setup.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
missing=()
for pkg in golang-go golang-github-oklog-ulid-dev nodejs npm; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    # Node.js may come from elsewhere on this machine; only install when absent.
    if [[ "$pkg" == nodejs && -x "$(command -v node)" ]] || [[ "$pkg" == npm && -x "$(command -v npm)" ]]; then
      continue
    fi
    missing+=("$pkg")
  fi
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo=sudo
  echo "peers: installing Debian packages: ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
mkdir -p build/peers
if [[ ! -x build/peers/oklog_bench || bench/peers/go/oklog_bench.go -nt build/peers/oklog_bench ]]; then
  GOPATH=/usr/share/gocode GO111MODULE=off GOFLAGS= GOCACHE="$PWD/build/peers/gocache" \
    go build -o build/peers/oklog_bench bench/peers/go/oklog_bench.go
fi
if [[ ! -f build/peers/node/node_modules/ulid/package.json ]]; then
  npm install --silent --ignore-scripts --no-audit --no-fund --prefix build/peers/node ulid@3.0.2
fi
echo "peers: build/peers/oklog_bench, build/peers/node/node_modules/ulid" >&2
