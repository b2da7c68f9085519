#!/usr/bin/env bash
# The Debian packages as a user gets them: builds them from the release build
# (scripts/package.sh), installs them with apt, moves the whole build/ folder
# away and then uses every interface from system paths only: the sortid
# command, a C program built with `pkg-config sortid`, the SQLite module in the
# sqlite3 shell, the DuckDB extension LOADed from DuckDB's Node client, CREATE
# EXTENSION sortid on a fresh PostgreSQL 15 cluster; then the Python package
# (pip into a fresh venv) and the npm tarball (npm install into an empty
# folder) where their packaging is present; finally removes the packages and
# checks that none of their files is left. Needs root (apt). About 2 min on
# top of a release build.   Usage: scripts/package-test.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/engines/postgres/cluster.sh"
start=$(date +%s)
say() { echo "package-test: $*" >&2; }
fail() {
  say "FAILED: $*"
  exit 1
}

"$root/scripts/setup.sh" --pg --duckdb --node --packaging
"$root/scripts/package.sh"
build=$root/build/release
packages=("$build"/packages/*.deb)
names=()
for deb in "${packages[@]}"; do
  names+=("$(dpkg-deb -f "$deb" Package)")
  say "$(basename "$deb"): $(du -k "$deb" | cut -f1) KiB, Depends: $(dpkg-deb -f "$deb" Depends)"
done

# A PostgreSQL Makefile run with a relative SORTID_BUILD, from the repository
# root, as docs/postgres.md writes it (dry run: the rules must resolve).
(cd "$root" && make -s -n -C engines/postgres PG_CONFIG="$PG_CONFIG" \
  SORTID_BUILD="build/release" all > /dev/null) ||
  fail "make -C engines/postgres SORTID_BUILD=build/release"

work=$(mktemp -d)
chmod 755 "$work"
away="$root/build.package-test-away"
remove_packages() {
  local installed=()
  for name in "${names[@]}"; do
    dpkg-query -W -f='${Status}' "$name" 2> /dev/null | grep -q "ok installed" && installed+=("$name")
  done
  ((${#installed[@]} == 0)) ||
    DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq --purge "${installed[@]}" > /dev/null 2>&1
}
restore() {
  pg_cluster_stop || true
  remove_packages
  if [[ -d $away ]]; then mv "$away" "$root/build"; fi
  rm -rf "$work" "$root/python/build" "$root"/python/*.egg-info
}
trap restore EXIT
# The DuckDB Node client is the user's program, not part of the build.
for client in 1.2.2-alpha.19 1.4.4-r.4; do
  cp -a "$root/build/duckdb/node/$client" "$work/duckdb-$client"
done
npm_tarball=""
if [[ -x $root/scripts/node-package.sh ]]; then
  npm_tarball=$("$root/scripts/node-package.sh" "$build" "$work")
fi

wheel=""
if [[ -f $root/python/setup.py ]]; then
  SORTID_BUILD_DIR=$build /usr/bin/python3 -m pip wheel -q --no-build-isolation --no-deps \
    --no-index -w "$work/wheels" "$root/python" > "$work/wheel.log" 2>&1 ||
    { cat "$work/wheel.log" >&2; fail "pip wheel ./python"; }
  wheel=$(ls "$work"/wheels/sortid-*.whl)
fi
remove_packages  # a run that stopped half-way may have left them
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" > "$work/apt.log" 2>&1 ||
  { cat "$work/apt.log" >&2; fail "apt-get install"; }
dpkg -L "${names[@]}" | sort -u > "$work/files"
libdir=$(dirname "$(grep -E '/libsortid\.so\.[0-9]+$' "$work/files")")
mv "$root/build" "$away"

echo "== no RUNPATH, no path into a build tree"
while read -r file; do
  [[ -f $file && ! -L $file ]] || continue
  if readelf -d "$file" 2> /dev/null | grep -qE 'RPATH|RUNPATH'; then fail "$file has a RUNPATH"; fi
done < "$work/files"

cd "$work"
export PATH=/usr/sbin:/usr/bin:/sbin:/bin  # system paths only
echo "== the command"
version=$(sed -n 's/^#define SORTID_VERSION_STRING "\(.*\)"$/\1/p' /usr/include/sortid/sortid.h)
[[ $(sortid --version) == "$version" ]] || fail "sortid --version: $(sortid --version) != $version"
[[ $(sortid gen -n 3 | wc -l) -eq 3 ]] || fail "sortid gen -n 3"
sortid gen -n 3
gzip -dc /usr/share/man/man1/sortid.1.gz | grep -q '^\.TH SORTID 1' || fail "man page"
for sub in $(sortid --help | sed -n '/^Subcommands:/,/^$/p' | awk 'NR > 1 && NF {print $1}'); do
  gzip -dc /usr/share/man/man1/sortid.1.gz | grep -q "^\.B $sub\$" || fail "man page lacks $sub"
  grep -q "subcommands=.*\b$sub\b" /usr/share/bash-completion/completions/sortid ||
    fail "bash completion lacks $sub"
done
bash -n /usr/share/bash-completion/completions/sortid

echo "== a C program built with pkg-config sortid"
cp "$root/tests/install/consumer/consumer.c" .
# shellcheck disable=SC2046
cc -std=c11 consumer.c $(pkg-config --cflags --libs sortid) -o consumer
./consumer
[[ $(pkg-config --modversion sortid) == "$version" ]] || fail "pkg-config --modversion"

echo "== sqlite3 .load of the installed module"
out=$(sqlite3 :memory: ".load $libdir/sortid/sortid" \
  "SELECT sortid_version(), length(ulid()), ulid_to_uuid('01ARZ3NDEKTSV4RRFFQ69G5FAV');")
echo "$out"
[[ $out == "$version|26|01563e3a-b5d3-d676-4c61-efb99302bd5b" ]] || fail "sqlite3: $out"

echo "== DuckDB LOAD of the installed extension (Node client)"
cat > duckdb_load.cjs << 'EOF'
// LOAD EXTENSION (a quoted path or a name); with REPO: INSTALL from that folder first.
const [client, extension, repo] = process.argv.slice(2);
const { DuckDBInstance } = require(`${client}/node_modules/@duckdb/node-api`);
(async () => {
  const db = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true' });
  const c = await db.connect();
  if (repo) {
    await c.run(`SET custom_extension_repository = '${repo}'`);
    await c.run(`INSTALL ${extension}`);
  }
  await c.run(`LOAD ${extension}`);
  const r = await c.runAndReadAll(
    "SELECT sortid_version(), length(ulid()::VARCHAR), ulid_to_uuid('01ARZ3NDEKTSV4RRFFQ69G5FAV')::VARCHAR");
  console.log(r.getRows()[0].join('|'));
})().catch((e) => { console.error(e.message); process.exit(1); });
EOF
out=$(node duckdb_load.cjs "$work/duckdb-1.4.4-r.4" "'$libdir/sortid/sortid.duckdb_extension'")
echo "$out"
[[ $out == "$version|26|01563e3a-b5d3-d676-4c61-efb99302bd5b" ]] || fail "duckdb 1.4.4: $out"
out=$(node duckdb_load.cjs "$work/duckdb-1.2.2-alpha.19" \
  "'$libdir/sortid/linux_amd64_gcc4/sortid.duckdb_extension'")
[[ $out == "$version|26|01563e3a-b5d3-d676-4c61-efb99302bd5b" ]] || fail "duckdb 1.2.2: $out"
echo "== DuckDB INSTALL from a local repository folder"
"$root/scripts/duckdb-repository.sh" "$libdir/sortid" "$work/repo" v1.2.2 v1.4.4
mkdir -p "$work/home"
for client in 1.2.2-alpha.19 1.4.4-r.4; do
  out=$(HOME=$work/home node duckdb_load.cjs "$work/duckdb-$client" sortid "$work/repo")
  [[ $out == "$version|26|01563e3a-b5d3-d676-4c61-efb99302bd5b" ]] || fail "INSTALL in $client: $out"
done
ls "$work"/home/.duckdb/extensions/*/*/sortid.duckdb_extension

echo "== CREATE EXTENSION sortid on a fresh PostgreSQL cluster"
pg_cluster_start
out=$(psql -XAtq -v ON_ERROR_STOP=1 -c "CREATE EXTENSION sortid" \
  -c "SELECT sortid_version(), extversion, length(gen_ulid()::text) FROM pg_extension WHERE extname = 'sortid'")
echo "$out"
[[ $out == "$version|$version|26" ]] || fail "postgres: $out"
pg_cluster_stop

if [[ -n $wheel ]]; then
  echo "== pip install $(basename "$wheel") into a fresh venv and into the user site"
  /usr/bin/python3 -m venv --system-site-packages venv  # numpy: Debian's python3-numpy
  venv/bin/pip install -q --no-index "$wheel"
  check_python="import sortid; assert sortid.__version__ == '$version', sortid.__version__; print(sortid.ulid())"
  (cd / && "$work/venv/bin/python" -c "$check_python")
  [[ $(venv/bin/python -m sortid gen -n 3 | wc -l) -eq 3 ]] || fail "python3 -m sortid gen -n 3"
  PYTHONUSERBASE=$work/user /usr/bin/python3 -m pip install -q --user --no-index \
    --break-system-packages "$wheel"
  (cd / && PYTHONUSERBASE=$work/user /usr/bin/python3 -c "$check_python")
else
  say "python/setup.py missing: pip install not tested"
fi

if [[ -n $npm_tarball ]]; then
  echo "== npm install of $(basename "$npm_tarball") into an empty folder"
  mkdir app && cd app
  npm init -y > /dev/null
  npm install --offline --no-audit --no-fund "$npm_tarball" > /dev/null
  node -e "const { ulid } = require('sortid'); const id = ulid(); if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)) process.exit(1); console.log(id)"
  cd "$work"
else
  say "scripts/node-package.sh missing: npm install not tested"
fi

echo "== apt remove: nothing left"
remove_packages
left=0
while read -r path; do
  [[ -e $path && ! -d $path ]] && { say "left behind: $path"; left=1; }
done < "$work/files"
[[ -d $libdir/sortid || -d /usr/include/sortid ]] && { say "left behind: a sortid folder"; left=1; }
((left == 0)) || fail "files left after apt remove"
say "passed in $(($(date +%s) - start)) s (${names[*]})"
