#!/usr/bin/env bash
# Installs the Debian 12 packages sortid needs, only those missing (idempotent).
# Usage: scripts/setup-deps.sh [--with-fuzz] [--with-arm]
set -euo pipefail

packages=(cmake ninja-build g++ pkg-config libhwy-dev libgtest-dev libbenchmark-dev
          libxxhash-dev libcli11-dev python3 libsqlite3-dev sqlite3 libmariadb-dev)
packages+=(python3-dev pybind11-dev python3-numpy python3-pandas python3-dask python3-distributed
           python3-hypothesis)  # python/
with_arm=0
for arg in "$@"; do
  case "$arg" in
    --with-fuzz) packages+=(clang libclang-rt-14-dev) ;;
    --with-arm) with_arm=1
      packages+=(g++-aarch64-linux-gnu qemu-user libhwy-dev:arm64 libgtest-dev:arm64
        libxxhash-dev:arm64) ;;
    *) echo "setup-deps: unknown option $arg" >&2; exit 2 ;;
  esac
done

sudo=""
if [[ $(id -u) -ne 0 ]]; then
  sudo="sudo"
fi
need_update=0
if ((with_arm)) && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  echo "sortid: enabling the arm64 package architecture (multi-arch)" >&2
  $sudo dpkg --add-architecture arm64
  need_update=1
fi

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if ((${#missing[@]} == 0 && need_update == 0)); then
  exit 0
fi

echo "sortid: installing missing Debian packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
