#!/usr/bin/env bash
# Installs the build tree into a temporary prefix, then builds and runs small
# consumers through find_package(sortid) (shared and static targets) and
# through pkg-config. Usage: run_install_test.sh BUILD_DIR CONSUMER_DIR [CFLAGS] [LDFLAGS]
set -euo pipefail
build_dir=$1
consumer_dir=$2
extra_cflags=${3:-}
extra_ldflags=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
test -f "$work/prefix/include/sortid/sortid.h"
# lib, lib64 or lib/<multiarch> (a /usr prefix configured, as for the packages).
lib=$(dirname "$(find "$work/prefix" -name libsortid.so.1 -print -quit)")
[[ $lib != . ]] || { echo "no libsortid.so.1 installed" >&2; exit 1; }

echo "== engine modules: each one built is installed, no header without its library"
if [[ -f "$build_dir/sqlite/sortid.so" ]]; then
  ls "$lib"/sortid/sortid.so > /dev/null
fi
if [[ -f "$build_dir/duckdb/sortid.duckdb_extension" ]]; then
  ls "$lib"/sortid/sortid.duckdb_extension "$lib"/sortid/linux_amd64_gcc4/sortid.duckdb_extension \
    > /dev/null
fi
if [[ -f "$work/prefix/include/sortid/sortid_duckdb.h" ]]; then
  ls "$lib"/libsortid_duckdb.so > /dev/null
fi
if ls "$build_dir"/engines/duckdb/libsortid_duckdb.so > /dev/null 2>&1; then
  test -f "$work/prefix/include/sortid/sortid_duckdb.h"
fi

echo "== no installed file has a RUNPATH (into the build tree or elsewhere)"
find "$work/prefix" -type f \( -name '*.so*' -o -name '*.duckdb_extension' -o -path '*/bin/*' \) |
  while read -r file; do
    if readelf -d "$file" 2> /dev/null | grep -qE 'RPATH|RUNPATH'; then
      echo "$file has a RUNPATH: $(readelf -d "$file" | grep -E 'RPATH|RUNPATH')" >&2
      exit 1
    fi
  done

echo "== find_package(sortid)"
# The version the installed header names: find_package must accept it.
version=$(sed -n 's/^#define SORTID_VERSION_STRING "\(.*\)"$/\1/p' "$work/prefix/include/sortid/sortid.h")
cmake -S "$consumer_dir" -B "$work/cmake-build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DSORTID_VERSION_WANTED="${version%.*}" \
  -DCMAKE_C_FLAGS="$extra_cflags" -DCMAKE_CXX_FLAGS="$extra_cflags" \
  -DCMAKE_EXE_LINKER_FLAGS="$extra_ldflags"
cmake --build "$work/cmake-build"
"$work/cmake-build/consumer_shared"
"$work/cmake-build/consumer_static"

echo "== pkg-config sortid"
libdir=$lib/pkgconfig
export PKG_CONFIG_PATH="$libdir"
pkg-config --modversion sortid
# shellcheck disable=SC2046,SC2086
cc -std=c11 $extra_cflags "$consumer_dir/consumer.c" $(pkg-config --cflags --libs sortid) \
  $extra_ldflags -Wl,-rpath,"$(pkg-config --variable=libdir sortid)" -o "$work/consumer_pc"
"$work/consumer_pc"
echo "install test passed"
