#!/usr/bin/env bash
# Installs the Debian 12 packages sortid needs, only those missing (idempotent).
# Usage: scripts/setup-deps.sh [--with-fuzz]
set -euo pipefail

packages=(cmake ninja-build g++ pkg-config libhwy-dev libgtest-dev libbenchmark-dev
          libxxhash-dev libcli11-dev)
if [[ "${1:-}" == "--with-fuzz" ]]; then
  packages+=(clang libclang-rt-14-dev)
fi

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "sortid: installing missing Debian packages: ${missing[*]}" >&2
sudo=""
if [[ $(id -u) -ne 0 ]]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
