#!/usr/bin/env bash
# Installs what sortid's builds and tests need, and only what is missing
# (idempotent: a second run installs nothing). Every other script that needs
# something calls this one first; scripts/build.sh only builds.
#   scripts/setup.sh [PART...]
# Always: the Debian 12 packages of the release build without DuckDB and Node
# (toolchain, Highway, GoogleTest, Google Benchmark, xxHash, CLI11, SQLite,
# MariaDB's client headers, Python 3 with pybind11, NumPy, pandas, Dask and
# Hypothesis). Parts:
#   --duckdb   DuckDB 1.4.4 into build/duckdb (x86-64 only), from the npm registry
#   --node     Debian's nodejs, libnode-dev and valgrind; node-addon-api, npm
#              ulid and TypeScript into build/npm, from the npm registry
#   --fuzz     clang and libFuzzer (the fuzz preset)
#   --arm      the aarch64 cross compiler, qemu-user and the arm64 libraries
#              (multi-arch; the arm64 preset, scripts/arm-test.sh)
#   --qemu     qemu-user (scripts/x86-test.sh)
#   --pg       PostgreSQL 15 and its server headers (no main cluster)
#   --mariadb  mariadb-server and its client, sqlite3
#   --peers    Go with oklog/ulid, and npm ulid 3.0.2 into build/peers/node
#              (the benchmark's peers)
#   --packaging dpkg-dev (cpack's Depends), pip and venv (scripts/package-test.sh)
# Debian packages come from apt-get (through sudo when not root). npm packages
# come with `npm pack` only: no package script runs, nothing is installed
# system-wide, and npm checks each tarball against the registry's integrity
# hash. A --duckdb or --node part that cannot be set up is a warning (that
# part's build and tests are skipped) unless SORTID_REQUIRE_ENGINES=1.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ pkg-config libhwy-dev libgtest-dev libbenchmark-dev
          libxxhash-dev libcli11-dev python3 libsqlite3-dev sqlite3 libmariadb-dev
          python3-dev pybind11-dev python3-numpy python3-pandas python3-dask
          python3-distributed python3-hypothesis)
probes=()  # "package:probe": present when either is (a command, or a file by absolute path)
with_duckdb=0 with_node=0 with_arm=0 with_pg=0 with_peers=0
for arg in "$@"; do
  case "$arg" in
    --duckdb) with_duckdb=1 ;;
    --node) with_node=1; probes+=(nodejs:node npm:npm libnode-dev:/usr/include/node/node_api.h) ;;
    --fuzz) packages+=(clang libclang-rt-14-dev) ;;
    --arm) with_arm=1
      packages+=(g++-aarch64-linux-gnu qemu-user libhwy-dev:arm64 libgtest-dev:arm64
                 libxxhash-dev:arm64) ;;
    --qemu) packages+=(qemu-user) ;;
    --pg) with_pg=1; packages+=(postgresql-15 postgresql-server-dev-15) ;;
    --mariadb) packages+=(libmariadb-dev sqlite3)
      probes+=(mariadb-server:/usr/sbin/mariadbd mariadb-client:mariadb) ;;
    --peers) with_peers=1; packages+=(golang-go golang-github-oklog-ulid-dev)
      probes+=(nodejs:node npm:npm) ;;
    --packaging) packages+=(dpkg-dev python3-pip python3-venv) ;;
    -h | --help) sed -n '2,/^set /{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
    *) echo "setup: unknown option $arg (scripts/setup.sh --help)" >&2; exit 2 ;;
  esac
done
# DuckDB needs npm to fetch it.
((with_duckdb)) && probes+=(npm:npm)

sudo=""
[[ $(id -u) -ne 0 ]] && sudo=sudo
installed() {
  dpkg-query -W -f='${Status}' "$1" 2> /dev/null | grep -q "install ok installed"
}

# ---- Debian packages: one apt-get run for every part asked for.
need_update=0
if ((with_arm)) && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  echo "setup: enabling the arm64 package architecture (multi-arch)" >&2
  $sudo dpkg --add-architecture arm64
  need_update=1
fi
missing=()
for pkg in "${packages[@]}"; do
  installed "$pkg" || missing+=("$pkg")
done
# Node.js (its headers included) or npm may come from elsewhere on this machine.
for entry in "${probes[@]}"; do
  pkg=${entry%%:*} probe=${entry#*:}
  if [[ $probe == /* ]]; then [[ -e $probe ]] && continue; else command -v "$probe" > /dev/null && continue; fi
  installed "$pkg" || [[ " ${missing[*]} " == *" $pkg "* ]] || missing+=("$pkg")
done
if ((with_pg)) && [[ " ${missing[*]} " == *" postgresql-15 "* ]]; then
  # No "main" cluster on a fresh install: the tests bring their own.
  $sudo mkdir -p /etc/postgresql-common/createcluster.d
  echo "create_main_cluster = false" |
    $sudo tee /etc/postgresql-common/createcluster.d/sortid-no-main.conf > /dev/null
fi
if ((${#missing[@]} || need_update)); then
  echo "setup: installing missing Debian packages: ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  ((${#missing[@]} == 0)) ||
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
fi
# node/test/valgrind.test.js is skipped without valgrind: not fatal.
if ((with_node)) && ! command -v valgrind > /dev/null; then
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends valgrind \
    > /dev/null || echo "setup: WARNING: valgrind not installed; the addon's memcheck test is skipped" >&2
fi

# ---- npm packages.
# npm_fetch DEST NAME@VERSION:FOLDER...  unpacks each package's tarball into
# DEST/FOLDER (replacing it), fetched with `npm pack --ignore-scripts`.
npm_fetch() {
  local dest=$1 tmp entry spec folder name
  shift
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent --ignore-scripts "${@%%:*}" > /dev/null) || { rm -rf "$tmp"; return 1; }
  for entry in "$@"; do
    spec=${entry%%:*} folder=${entry#*:}
    # npm names a tarball after the package: @scope/name@v -> scope-name-v.tgz.
    name=${spec%@*}
    name=${name#@}
    mkdir -p "$tmp/unpacked/$folder"
    tar -xzf "$tmp/${name//\//-}-${spec##*@}.tgz" -C "$tmp/unpacked/$folder" --strip-components=1
    rm -rf "${dest:?}/$folder"
    mkdir -p "$(dirname "$dest/$folder")"
    mv "$tmp/unpacked/$folder" "$dest/$folder"
  done
  rm -rf "$tmp"
}

# A part that may fail softly (see the header).
soft_fail() {
  if [[ ${SORTID_REQUIRE_ENGINES:-0} == 1 ]]; then
    echo "setup: $1 (SORTID_REQUIRE_ENGINES=1)" >&2
    exit 1
  fi
  echo "setup: WARNING: $1; its build and tests are skipped" >&2
}

# DuckDB: libduckdb.so from the Linux x86-64 Node binding (the version
# sortid_duckdb is built and benchmarked against), the C API headers from the
# duckdb package, and one Node client per DuckDB version the extension is
# tested in: 1.2.2 (the oldest it supports, platform linux_amd64_gcc4), 1.4.4
# and the newest 1.5.x on npm when this was written (bump duckdb_clients to
# test a newer one). Their optional dependency detect-libc is not needed on
# glibc systems and is left out.
#   build/duckdb/lib/libduckdb.so, build/duckdb/include/duckdb{,_extension}.h
#   build/duckdb/node/<version>/node_modules/@duckdb/{node-api,node-bindings,
#     node-bindings-linux-x64}
duckdb_clients=(1.2.2-alpha.19 1.4.4-r.4 1.5.6-r.1)
have_duckdb() {
  local dest=build/duckdb v
  [[ -f $dest/lib/libduckdb.so && -f $dest/include/duckdb.h &&
     -f $dest/include/duckdb_extension.h ]] || return 1
  for v in "${duckdb_clients[@]}"; do
    [[ -f $dest/node/$v/node_modules/@duckdb/node-bindings-linux-x64/duckdb.node &&
       -f $dest/node/$v/node_modules/@duckdb/node-api/package.json ]] || return 1
  done
}
setup_duckdb() {
  local dest=build/duckdb specs=(duckdb@1.4.4:source) v name
  for v in "${duckdb_clients[@]}"; do
    for name in node-api node-bindings node-bindings-linux-x64; do
      specs+=("@duckdb/$name@$v:node/$v/node_modules/@duckdb/$name")
    done
  done
  echo "setup: fetching DuckDB 1.4.4 and the Node clients with npm pack into $dest" >&2
  npm_fetch "$dest" "${specs[@]}" || return 1
  mkdir -p "$dest/lib" "$dest/include"
  cp "$dest/source/src/duckdb/src/include/duckdb.h" \
    "$dest/source/src/duckdb/src/include/duckdb_extension.h" "$dest/include/"
  rm -rf "$dest/source"
  cp "$dest/node/1.4.4-r.4/node_modules/@duckdb/node-bindings-linux-x64/libduckdb.so" \
    "$dest/lib/libduckdb.so"
}
if ((with_duckdb)) && ! have_duckdb; then
  if [[ $(uname -m) != x86_64 ]]; then
    soft_fail "DuckDB's npm binding package is for x86-64 only"
  elif ! setup_duckdb; then
    soft_fail "DuckDB could not be fetched from the npm registry"
  fi
fi

# Node: node-addon-api 8.5.0 (C++ headers over N-API), npm ulid 3.0.2 (the
# package the addon mirrors: the tests compare against it) and TypeScript
# 5.9.3 (tsc checks node/lib/index.d.ts), in build/npm/<name>.
if ((with_node)) && ! [[ -f build/npm/node-addon-api/napi.h &&
  -f build/npm/ulid/dist/node/index.cjs && -f build/npm/typescript/bin/tsc ]]; then
  echo "setup: fetching node-addon-api, ulid and typescript with npm pack into build/npm" >&2
  npm_fetch build/npm node-addon-api@8.5.0:node-addon-api ulid@3.0.2:ulid \
    typescript@5.9.3:typescript || soft_fail "node-addon-api could not be fetched (npm)"
fi

# The peers: npm ulid where bench/peers/node/ulid_bench.cjs loads it.
if ((with_peers)) && [[ ! -f build/peers/node/node_modules/ulid/package.json ]]; then
  echo "setup: fetching ulid 3.0.2 with npm pack into build/peers/node" >&2
  npm_fetch build/peers/node ulid@3.0.2:node_modules/ulid
fi
exit 0
