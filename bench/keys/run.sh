#!/usr/bin/env bash
# Key-scheme insert benchmark: loads N rows per key scheme into
# PostgreSQL 15 (B-tree primary key, throwaway server), SQLite (WITHOUT ROWID
# table and rowid table + unique index), DuckDB (ART primary key) and MariaDB
# 10.11 InnoDB (clustered primary key, auto-increment pk + unique secondary
# key, and the UUID type; throwaway server), batch by batch, with keys from
# sortid's generators; then sizes, a "100 newest" query and a one-hour range
# count per scheme. Writes OUT/report.md, OUT/*.svg
# (insert rows/s against rows already in the table) and OUT/raw.tsv.
#
# Usage: bench/keys/run.sh [--rows N] [--engines pg,sqlite,duckdb,mariadb] [--out DIR]
#                          [--batches B] [--binary PATH]
#   --rows     rows per scheme for every engine (default: per engine, sized so
#              the key index is several times the engine's cache, below)
#   --binary   a built sortid_keys_bench (ctest passes it); otherwise the
#              release preset builds it (installing what it needs)
# Installs what it needs on a clean Debian 12 clone; the PostgreSQL and MariaDB
# servers and the scratch databases are removed on every exit.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)

# Configured caches (stated in the report) and default row counts.
PG_SHARED_BUFFERS_MB=64
SQLITE_CACHE_MIB=4
DUCKDB_MEMORY_MB=128
MARIADB_BUFFER_POOL_MB=16
declare -A default_rows=([pg]=6000000 [sqlite]=1000000 [duckdb]=1000000 [mariadb]=1000000)
schemes=(bigint uuidv4 uuidv7 ulid ulid_monotonic ulid_text record_id_text order_ulid_text)

rows=""
engines=pg,sqlite,duckdb
out=$root/bench/keys/results/latest
batches=25
binary=""
while (($#)); do
  case $1 in
    --rows) rows=$2; shift 2 ;;
    --engines) engines=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --batches) batches=$2; shift 2 ;;
    --binary) binary=$2; shift 2 ;;
    -h | --help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
IFS=, read -r -a engine_list <<< "$engines"
for engine in "${engine_list[@]}"; do
  [[ -v default_rows[$engine] ]] || { echo "run.sh: unknown engine '$engine'" >&2; exit 2; }
done
[[ -z $rows || $rows =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --rows must be a positive integer" >&2; exit 2; }

source "$root/engines/postgres/cluster.sh"
source "$root/engines/mariadb/server.sh"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/sortid-keys.XXXXXX")
cleanup() {
  pg_cluster_stop
  maria_server_stop
  rm -rf "$scratch"
}
trap cleanup EXIT

want_pg=0 want_maria=0
[[ ,$engines, == *,pg,* ]] && want_pg=1
[[ ,$engines, == *,mariadb,* ]] && want_maria=1
parts=()
((want_pg)) && parts+=(--pg)
((want_maria)) && parts+=(--mariadb)
[[ -z $binary ]] && parts+=(--duckdb)  # the harness is built here
((${#parts[@]} == 0)) || "$root/scripts/setup.sh" "${parts[@]}"
if [[ -z $binary ]]; then
  if ((want_pg)); then
    pg_build_extension "$root"
  fi
  build=${SORTID_BUILD:-$root/build/release}
  if [[ ! -f $build/build.ninja ]] || ! grep -q sortid_keys_bench "$build/build.ninja" ||
    { ((want_pg)) && ! grep -q keys_postgres "$build/build.ninja"; } ||
    { ((want_maria)) && ! grep -q keys_mariadb "$build/build.ninja"; }; then
    (cd "$root" && cmake --preset release -DSORTID_WERROR="${SORTID_WERROR:-OFF}" > /dev/null)
  fi
  cmake --build "$build" --target sortid_keys_bench > /dev/null
  binary=$build/bench/keys/sortid_keys_bench
elif ((want_pg)); then
  pg_build_extension "$root"
fi

mkdir -p "$out"
raw=$out/raw.tsv
: > "$raw"
failures=0
# One process per (engine, layout, scheme): fresh generator state, fresh cache.
run_one() {  # engine variant scheme rows cache
  local log=$scratch/run.err
  echo "keys: $1 $2 $3 ($4 rows)" >&2
  if ! "$binary" --engine "$1" --variant "$2" --scheme "$3" --rows "$4" --batches "$batches" \
    --dir "$scratch" --cache-mib "$5" >> "$raw" 2> "$log"; then
    failures=$((failures + 1))
    printf 'error\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$(tr '\t\n' '  ' < "$log")" >> "$raw"
    cat "$log" >&2
  fi
}

start=$(date +%s)
for engine in "${engine_list[@]}"; do
  n=${rows:-${default_rows[$engine]}}
  case $engine in
    pg)
      pg_cluster_start shared_buffers=${PG_SHARED_BUFFERS_MB}MB fsync=off synchronous_commit=off \
        autovacuum=off max_parallel_workers_per_gather=0 max_parallel_maintenance_workers=0
      for scheme in "${schemes[@]}"; do run_one postgres btree "$scheme" "$n" "$PG_SHARED_BUFFERS_MB"; done
      pg_cluster_stop
      ;;
    sqlite)
      for variant in without_rowid rowid_index; do
        for scheme in "${schemes[@]}"; do run_one sqlite "$variant" "$scheme" "$n" "$SQLITE_CACHE_MIB"; done
      done
      ;;
    duckdb)
      for scheme in "${schemes[@]}"; do run_one duckdb art "$scheme" "$n" "$DUCKDB_MEMORY_MB"; done
      ;;
    mariadb)
      # Durability off as for PostgreSQL (no log flush per commit, no
      # doublewrite); no buffer pool dump or load between runs.
      maria_server_start --innodb-buffer-pool-size=${MARIADB_BUFFER_POOL_MB}M \
        --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --innodb-log-file-size=256M \
        --innodb-buffer-pool-dump-at-shutdown=0 --innodb-buffer-pool-load-at-startup=0
      maria_sql -e "CREATE DATABASE sortid_keys"
      export MARIADB_SOCKET=$MARIA_DIR/socket
      for variant in clustered secondary; do
        for scheme in "${schemes[@]}"; do run_one mariadb "$variant" "$scheme" "$n" "$MARIADB_BUFFER_POOL_MB"; done
      done
      for scheme in uuidv4 uuidv7; do run_one mariadb uuid_type "$scheme" "$n" "$MARIADB_BUFFER_POOL_MB"; done
      maria_server_stop
      ;;
  esac
done
seconds=$(($(date +%s) - start))

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
command="bench/keys/run.sh ${rows:+--rows $rows }--engines $engines --batches $batches"
/usr/bin/python3 "$root/bench/keys/report.py" "$raw" "$out" \
  --cpu "$cpu ($(nproc) cores, shared; load average $(cut -d' ' -f1-3 /proc/loadavg))" \
  --command "$command" --seconds "$seconds"
echo "keys: report in $out/report.md ($seconds s of loading), $failures failed run(s)" >&2
exit $((failures > 0))
