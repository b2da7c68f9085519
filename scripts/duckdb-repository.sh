#!/usr/bin/env bash
# Writes a local DuckDB extension repository for sortid, the layout INSTALL
# reads: REPO/<DuckDB version>/<platform>/sortid.duckdb_extension, for each
# DuckDB version named (1.2.x gets the linux_amd64_gcc4 file, later ones
# linux_amd64). Then, in DuckDB:
#   SET custom_extension_repository = 'REPO'; INSTALL sortid; LOAD sortid;
# (the client must allow unsigned extensions).
# Usage: scripts/duckdb-repository.sh EXTENSION_DIR REPO VERSION...
#   EXTENSION_DIR: build/release/duckdb, or /usr/lib/x86_64-linux-gnu/sortid
#   VERSION: a DuckDB version as SELECT version() prints it, e.g. v1.4.4
set -euo pipefail
if (($# < 3)); then
  echo "usage: $0 EXTENSION_DIR REPO VERSION..." >&2
  exit 2
fi
from=$1
repo=$2
shift 2
for version in "$@"; do
  if [[ ! $version =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
    echo "duckdb-repository: '$version' is not a DuckDB version like v1.4.4" >&2
    exit 2
  fi
  platform=linux_amd64 file=$from/sortid.duckdb_extension
  if [[ $version == v1.2.* ]]; then
    platform=linux_amd64_gcc4 file=$from/linux_amd64_gcc4/sortid.duckdb_extension
  fi
  mkdir -p "$repo/$version/$platform"
  cp "$file" "$repo/$version/$platform/sortid.duckdb_extension"
done
