#!/usr/bin/env bash
# PostgreSQL extension tests on a real server: installs Debian's PostgreSQL 15
# and its server headers if missing (scripts/setup.sh --pg, with DuckDB's Node
# client for the cross-engine test), builds libsortid.a (release preset) and
# the extension (PGXS), installs it, starts a throwaway cluster (initdb into a
# temp dir as the postgres user, Unix socket only) and runs the pg_regress
# suite in engines/postgres (sql/*.sql against expected/*.out). The cluster is
# stopped and removed on every exit. Then the server is restarted with
# shared_preload_libraries = 'sortid' for gen_monotonic_ulid() across
# concurrent sessions (concurrent_monotonic.sh). Usage: scripts/pg-test.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/engines/postgres/cluster.sh"
source "$root/engines/postgres/concurrent_monotonic.sh"

start=$(date +%s)
"$root/scripts/setup.sh" --pg --duckdb
pg_build_extension "$root"
trap pg_cluster_stop EXIT
pg_cluster_start

status=0
make -C "$root/engines/postgres" PG_CONFIG="$PG_CONFIG" installcheck > "$PG_CLUSTER_DIR/regress.out" 2>&1 ||
  status=$?
grep -E '^(test |ok |not ok |     )' "$PG_CLUSTER_DIR/regress.out" | grep -E '\.\.\.|ok' || true
passed=$(grep -cE '^(test|ok) .*\.\.\. ok|^ok ' "$PG_CLUSTER_DIR/regress.out" || true)
failed=$(grep -cE 'FAILED|failed \(ignored\)|^not ok' "$PG_CLUSTER_DIR/regress.out" || true)
if ((status != 0)); then
  grep -v "^test " "$PG_CLUSTER_DIR/regress.out" | tail -n 30 >&2
  [[ -f $root/engines/postgres/regression.diffs ]] && head -n 200 "$root/engines/postgres/regression.diffs" >&2
  echo "pg-test: server log tail:" >&2
  tail -n 20 "$PG_CLUSTER_DIR/server.log" >&2
fi
# The same time text on PostgreSQL, DuckDB and SQLite (their modules from
# the same build folder), when the DuckDB client is there (setup.sh --duckdb).
build=${SORTID_BUILD:-$root/build/release}
client=$root/build/duckdb/node/1.4.4-r.4
if ((status == 0)) && [[ -d $client ]] && command -v sqlite3 > /dev/null &&
  cmake --build "$build" --target sortid_sqlite sortid_duckdb_extension > /dev/null; then
  "$root/tests/engines/cross_engine_time.sh" "$build/sqlite/sortid.so" \
    "$build/duckdb/sortid.duckdb_extension" "$client" || status=1
elif [[ ${SORTID_REQUIRE_ENGINES:-0} == 1 ]]; then
  echo "pg-test: FAIL the cross-engine time test needs sqlite3 and the DuckDB client" >&2
  status=1
fi
# The opt-in server-wide generator: the same server restarted with
# shared_preload_libraries = 'sortid', concurrent sessions.
if ((status == 0)); then
  pg_check_server_wide_monotonic || status=1
fi
echo "pg-test: finished in $(( $(date +%s) - start )) s"
echo "pg-test: $passed passed, $failed failed"
exit "$status"
