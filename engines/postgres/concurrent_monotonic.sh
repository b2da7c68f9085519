# Sourced by scripts/pg-test.sh with a server running (PGHOST etc. set):
# restarts it with shared_preload_libraries = 'sortid' and checks that
# gen_monotonic_ulid() gives one order across concurrent sessions. Within a
# millisecond a server-wide order is one run of consecutive values (each ID
# the previous + 1), whichever session drew it; per-session generators
# (gen_ulid_monotonic) give one random run per session instead, which the
# same check must catch. About 5 s.
pg_concurrent_monotonic() {
  local fn=$1 sessions=4 per=40000 s
  psql -X -q -v ON_ERROR_STOP=1 -c "SET client_min_messages = warning; DROP TABLE IF EXISTS mono; CREATE TABLE mono (s int, id ulid);"
  for ((s = 1; s <= sessions; s++)); do
    psql -X -q -v ON_ERROR_STOP=1 \
      -c "INSERT INTO mono SELECT $s, $fn() FROM generate_series(1, $per);" &
  done
  wait
  # low48: the last 48 bits of the random part (a carry past them has
  # odds of about 2^-30 per run: counted as consecutive).
  psql -X -A -t -v ON_ERROR_STOP=1 -c "
    WITH v AS (
      SELECT s, id, left(encode(ulid_to_bytea(id), 'hex'), 12) AS ms,
             ('x' || lpad(right(encode(ulid_to_bytea(id), 'hex'), 12), 16, '0'))::bit(64)::bigint AS low48
      FROM mono),
    w AS (
      SELECT ms, s, low48, lag(low48) OVER (PARTITION BY ms ORDER BY id) AS prev FROM v)
    SELECT count(*) = $sessions * $per AS all_rows,
           (SELECT count(DISTINCT id) FROM mono) = $sessions * $per AS distinct_ids,
           (SELECT count(*) FROM (SELECT ms FROM w GROUP BY ms HAVING count(DISTINCT s) > 1) x) AS shared_ms,
           count(*) FILTER (WHERE prev IS NOT NULL AND low48 <> prev + 1
                            AND NOT (low48 = 0 AND prev = 281474976710655)) AS breaks
    FROM w;"
}

pg_check_server_wide_monotonic() {
  local out
  pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_CLUSTER_DIR/data" -m fast -w -t 60 \
    -o "-c listen_addresses= -k $PG_CLUSTER_DIR -p $PGPORT -c shared_preload_libraries=sortid" \
    restart > /dev/null || { tail -n 20 "$PG_CLUSTER_DIR/server.log" >&2; return 1; }
  psql -X -q -c "CREATE EXTENSION IF NOT EXISTS sortid;" > /dev/null
  out=$(pg_concurrent_monotonic gen_monotonic_ulid) || return 1
  echo "pg-test: gen_monotonic_ulid, 4 sessions x 40000: all|distinct|ms shared by sessions|breaks = $out"
  # Every ID, one order, and sessions did meet in a millisecond.
  [[ $out =~ ^t\|t\|[1-9][0-9]*\|0$ ]] || { echo "pg-test: FAIL server-wide order" >&2; return 1; }
  out=$(pg_concurrent_monotonic gen_ulid_monotonic) || return 1
  echo "pg-test: gen_ulid_monotonic (per session), the same check: $out"
  [[ $out =~ \|[1-9][0-9]*$ ]] || { echo "pg-test: FAIL the check did not see per-session runs" >&2; return 1; }
}
