#!/usr/bin/env bash
# PostgreSQL benchmark of the sortid extension on a throwaway PostgreSQL 15
# cluster: COPY of N ULIDs as text into a ulid column, of the same IDs as
# UUID text into a uuid column, and of the ULID text into a text column
# (rows/s, median of REPEATS loads), table and btree index sizes
# (pg_relation_size), btree build time, and a one-day index range scan by time
# via ulid_min/ulid_max (and the equivalent bounds on the uuid and text
# columns). Writes postgres.md into this CPU class's report
# (bench/cpu_class).
#
# Usage: engines/postgres/bench.sh [N=10000000] [REPEATS=3]
# The IDs are in time order, 3 s apart from 2026-01-01 (10 M span 347 days),
# with random bits from gen_random_uuid(). Unlogged tables, fsync off: the
# figures are the server's parse + tuple cost, not the disk's.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/engines/postgres/cluster.sh"
rows=${1:-10000000}
repeats=${2:-3}
out=$root/$("$root/bench/cpu_class")/postgres.md

"$root/scripts/setup.sh" --pg
pg_build_extension "$root"
trap pg_cluster_stop EXIT
pg_cluster_start shared_buffers=1GB maintenance_work_mem=1GB work_mem=256MB fsync=off \
  synchronous_commit=off full_page_writes=off wal_level=minimal max_wal_senders=0 \
  max_wal_size=8GB autovacuum=off max_parallel_maintenance_workers=0 \
  max_parallel_workers_per_gather=0

sql() { psql -X -q -v ON_ERROR_STOP=1 -At "$@"; }
now_ns() { date +%s%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

ulid_file=$PG_CLUSTER_DIR/ulids.txt
uuid_file=$PG_CLUSTER_DIR/uuids.txt
echo "bench: generating $rows IDs" >&2
sql <<SQL
CREATE EXTENSION sortid;
CREATE UNLOGGED TABLE source AS
SELECT uuid_to_ulid((lpad(to_hex(1767225600000 + g::bigint * 3000), 12, '0')
                     || substr(replace(gen_random_uuid()::text, '-', ''), 13))::uuid) AS id
FROM generate_series(1, $rows) AS g;
COPY source TO '$ulid_file';
COPY (SELECT id::uuid FROM source) TO '$uuid_file';
DROP TABLE source;
CREATE UNLOGGED TABLE t_ulid (id ulid);
CREATE UNLOGGED TABLE t_uuid (id uuid);
CREATE UNLOGGED TABLE t_text (id text COLLATE "C");
SQL

# COPY rows/s: median over the repeats, the table truncated before each load.
declare -A copy_rate table_bytes index_bytes index_seconds scan_ms scan_rows
for table in t_ulid t_uuid t_text; do
  file=$ulid_file
  [[ $table == t_uuid ]] && file=$uuid_file
  for ((i = 0; i < repeats; i++)); do
    sql -c "TRUNCATE $table" -c "CHECKPOINT"
    t0=$(now_ns)
    sql -c "COPY $table FROM '$file'"
    t1=$(now_ns)
    echo $(((t1 - t0) / 1000))
  done > "$PG_CLUSTER_DIR/$table.us"
  us=$(median < "$PG_CLUSTER_DIR/$table.us")
  copy_rate[$table]=$(awk -v r="$rows" -v us="$us" 'BEGIN { printf "%.0f", r / (us / 1e6) }')
  echo "bench: COPY $table: ${copy_rate[$table]} rows/s (median of $repeats)" >&2
  t0=$(now_ns)
  sql -c "CREATE INDEX ${table}_id ON $table (id)"
  t1=$(now_ns)
  index_seconds[$table]=$(awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.2f", ns / 1e9 }')
  sql -c "VACUUM ANALYZE $table"
  table_bytes[$table]=$(sql -c "SELECT pg_relation_size('$table')")
  index_bytes[$table]=$(sql -c "SELECT pg_relation_size('${table}_id')")
done

# One day of IDs by time, through each column's btree: median of 5 runs of
# the server's own execution time (EXPLAIN ANALYZE, TIMING OFF).
# The day in the middle of the data.
day=$(sql -c "SET timezone = 'UTC'; SELECT date_trunc('day', to_timestamp(1767225600 + $rows::bigint / 2 * 3))::date")
from="ulid_min('$day 00:00:00+00')"
to="ulid_max('$day 23:59:59.999+00')"
declare -A scan_sql=(
  [t_ulid]="SELECT count(*) FROM t_ulid WHERE id BETWEEN $from AND $to"
  [t_uuid]="SELECT count(*) FROM t_uuid WHERE id BETWEEN $from::uuid AND $to::uuid"
  [t_text]="SELECT count(*) FROM t_text WHERE id BETWEEN $from::text AND $to::text")
for table in t_ulid t_uuid t_text; do
  scan_rows[$table]=$(sql -c "${scan_sql[$table]}")
  plan=$(sql -c "EXPLAIN (COSTS OFF) ${scan_sql[$table]}" | grep -o 'Index Only Scan\|Index Scan\|Bitmap Index Scan\|Seq Scan' | head -1)
  for ((i = 0; i < 5; i++)); do
    sql -c "EXPLAIN (ANALYZE, TIMING OFF) ${scan_sql[$table]}" |
      sed -n 's/^Execution Time: \([0-9.]*\) ms$/\1/p'
  done > "$PG_CLUSTER_DIR/$table.scan"
  scan_ms[$table]="$(median < "$PG_CLUSTER_DIR/$table.scan") ms ($plan)"
done

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
version=$(sql -c "SHOW server_version")
mib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
mkdir -p "$(dirname "$out")"
{
  echo "# PostgreSQL: the sortid extension's ulid type"
  echo
  echo "$(date -u +%Y-%m-%d), $cpu ($(nproc) cores, shared), PostgreSQL $version,"
  echo "\`engines/postgres/bench.sh $rows $repeats\`: $rows IDs in time order; unlogged"
  echo "tables, fsync off, one backend, no parallel workers; COPY rate = median of $repeats"
  echo "loads of a server-side file; scan = median of 5 server execution times for one"
  echo "day ($day UTC; 28,800 IDs at 3 s apart) through each column's btree, bounds"
  echo "\`ulid_min('$day 00:00')\` .. \`ulid_max('$day 23:59:59.999')\` (cast to uuid / text"
  echo "for those columns)."
  echo
  echo "| column | input text | COPY rows/s | vs uuid | table MiB | btree MiB | btree build s | one-day range scan |"
  echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |"
  for table in t_ulid t_uuid t_text; do
    case $table in
      t_ulid) column=ulid input="ULID (26 chars)" ;;
      t_uuid) column=uuid input="same IDs as UUID (36 chars)" ;;
      t_text) column='text COLLATE "C"' input="ULID (26 chars)" ;;
    esac
    echo "| $column | $input | ${copy_rate[$table]} | $(ratio "${copy_rate[$table]}" "${copy_rate[t_uuid]}") |" \
      "$(mib "${table_bytes[$table]}") | $(mib "${index_bytes[$table]}") | ${index_seconds[$table]} |" \
      "${scan_rows[$table]} rows, ${scan_ms[$table]} |"
  done
} > "$out"
cat "$out"
