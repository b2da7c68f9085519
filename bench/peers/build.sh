#!/usr/bin/env bash
# Builds the Go peer benchmark (oklog/ulid, from Debian's source tree, in
# GOPATH mode) into build/peers/oklog_bench when it is missing or older than
# its source. scripts/setup.sh --peers installs Go, oklog/ulid and npm ulid
# (build/peers/node) first. Usage: bench/peers/build.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p build/peers
if [[ ! -x build/peers/oklog_bench || bench/peers/go/oklog_bench.go -nt build/peers/oklog_bench ]]; then
  GOPATH=/usr/share/gocode GO111MODULE=off GOFLAGS= GOCACHE="$PWD/build/peers/gocache" \
    go build -o build/peers/oklog_bench bench/peers/go/oklog_bench.go
fi
echo "peers: build/peers/oklog_bench, build/peers/node/node_modules/ulid" >&2
