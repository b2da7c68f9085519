#!/usr/bin/env bash
# Builds the Debian packages from the release build: reconfigures it for the
# /usr prefix with the PostgreSQL extension (nothing is recompiled for that),
# builds what the packages carry and runs cpack. The .debs land in
# build/release/packages/ (libsortid1, libsortid-dev, sortid, postgresql-15-sortid).
#   scripts/package.sh        then: apt install ./build/release/packages/*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release -DCMAKE_INSTALL_PREFIX=/usr -DSORTID_WITH_POSTGRES=ON \
  -DSORTID_WERROR="${SORTID_WERROR:-OFF}" > /dev/null
cmake --build --preset release --target sortid sortid_static sortid_cli sortid_sqlite \
  sortid_duckdb_extension sortid_man sortid_postgres sortid_symbols
rm -rf build/release/packages
(cd build/release && cpack -G DEB > cpack.log) || { cat build/release/cpack.log >&2; exit 1; }
ls build/release/packages/*.deb
