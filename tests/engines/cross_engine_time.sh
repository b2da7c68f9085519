#!/usr/bin/env bash
# The same time text names the same rows on PostgreSQL, DuckDB and SQLite:
# one table of ULIDs (around the January 2024 day, second and millisecond
# boundaries) in each engine, the same BETWEEN ulid_min(text) AND
# ulid_max(text) queries, the same rows, and the count PostgreSQL gives for
# the same range written as timestamptz comparisons on ulid_time(id). Eight
# bare digits are refused by all three. Runs from scripts/pg-test.sh with
# the server up (PGHOST etc. set). About 3 s.
# Usage: cross_engine_time.sh SQLITE_MODULE DUCKDB_EXTENSION DUCKDB_NODE_CLIENT
set -euo pipefail
sqlite_module=$1 duckdb_extension=$2 duckdb_client=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
psql -X -q -v ON_ERROR_STOP=1 > /dev/null <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS sortid;
DROP TABLE IF EXISTS cross_time;
CREATE TABLE cross_time AS
  SELECT ulid_min(t) AS id FROM generate_series('2023-12-31 00:00:00+00'::timestamptz,
    '2024-02-01 23:59:59+00', interval '17 minutes 3.217 seconds') AS t
  UNION ALL SELECT ulid_max(t) FROM generate_series('2023-12-31 00:00:00.5+00'::timestamptz,
    '2024-02-01 23:59:59+00', interval '23 minutes 1.003 seconds') AS t
  UNION ALL SELECT x FROM (VALUES
    (ulid_max('2023-12-31 23:59:59.999+00'::timestamptz)), (ulid_min('2024-01-01 00:00:00+00'::timestamptz)),
    (ulid_max('2024-01-31 23:59:59.999+00'::timestamptz)), (ulid_min('2024-02-01 00:00:00+00'::timestamptz)),
    (ulid_max('2024-01-31 11:59:59.999+00'::timestamptz)), (ulid_min('2024-01-31 12:00:00+00'::timestamptz)),
    (ulid_max('2024-01-31 12:00:00.999+00'::timestamptz)), (ulid_min('2024-01-31 12:00:01+00'::timestamptz)),
    (ulid_max('2024-01-31 12:00:00.599+00'::timestamptz)), (ulid_min('2024-01-31 12:00:00.6+00'::timestamptz))) v(x);
SQL
psql -X -A -t -c "COPY cross_time TO STDOUT" > "$work/ids.txt"
# text bounds | the same range as timestamptz, [from, to)
ranges=(
  "2024-01-01|2024-01-31|2024-01-01 00:00:00+00|2024-02-01 00:00:00+00"
  "2024-01-31T12:00:00Z|2024-01-31T12:00:00Z|2024-01-31 12:00:00+00|2024-01-31 12:00:01+00"
  "2024-01-31 13:00:00+01:00|2024-01-31 13:00:00.5+01:00|2024-01-31 12:00:00+00|2024-01-31 12:00:00.6+00"
  "1704067200000ms|1706745599999|2024-01-01 00:00:00+00|2024-02-01 00:00:00+00"
  "2024-01-31 12:00:00|2024-01-31 12:00:00.599|2024-01-31 12:00:00+00|2024-01-31 12:00:00.6+00"
)
cat > "$work/duckdb.cjs" <<'JS'
const path = require('node:path');
const [client, extension, ids, ...queries] = process.argv.slice(2);
const { DuckDBInstance } = require(path.resolve(client, 'node_modules/@duckdb/node-api'));
(async () => {
  const db = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true' });
  const c = await db.connect();
  await c.run(`LOAD '${extension}'`);
  await c.run(`CREATE TABLE cross_time AS SELECT column0 AS id FROM read_csv('${ids}', header = false, columns = {'column0': 'VARCHAR'})`);
  for (const q of queries) {
    try {
      const r = await c.runAndReadAll(q);
      for (const row of r.getRows()) console.log(String(row[0]));
    } catch (e) {
      console.log(`ERROR: ${e.message}`);
    }
    console.log('--');
  }
})().catch((e) => { console.error(e); process.exit(1); });
JS
queries=()
for r in "${ranges[@]}"; do
  IFS='|' read -r lo hi _ _ <<< "$r"
  queries+=("SELECT id FROM cross_time WHERE id BETWEEN ulid_min('$lo') AND ulid_max('$hi') ORDER BY id")
done
queries+=("SELECT id FROM cross_time WHERE id >= ulid_min('20240101') ORDER BY id")
: > "$work/pg.txt"
: > "$work/sqlite.sql"
printf '.load %s\nCREATE TABLE cross_time (id TEXT);\n.import %s cross_time\n' \
  "${sqlite_module%.so}" "$work/ids.txt" > "$work/sqlite.sql"
for q in "${queries[@]}"; do
  { psql -X -A -t -c "${q/id FROM/id::text FROM}" 2>&1 || true; echo "--"; } >> "$work/pg.txt"
  printf '%s;\nSELECT %s;\n' "$q" "'--'" >> "$work/sqlite.sql"
done
sqlite3 -bail :memory: < "$work/sqlite.sql" > "$work/sqlite.txt" 2>&1 || true
node "$work/duckdb.cjs" "$duckdb_client" "$duckdb_extension" "$work/ids.txt" "${queries[@]}" > "$work/duckdb.txt"
status=0
# Rows of the good ranges must match exactly; the refusal must name the ambiguity everywhere.
for e in pg sqlite duckdb; do
  grep -c "is ambiguous: write 2024-01-01 for a date or 20240101ms" "$work/$e.txt" > /dev/null ||
    { echo "cross-engine: FAIL $e did not refuse '20240101' as ambiguous" >&2; status=1; }
  sed -n '1,/20240101\|ambiguous/p' "$work/$e.txt" | grep -v "ambiguous\|20240101\|^Parse error\|^Error" > "$work/$e.rows"
done
cmp -s "$work/pg.rows" "$work/sqlite.rows" && cmp -s "$work/pg.rows" "$work/duckdb.rows" ||
  { echo "cross-engine: FAIL rows differ" >&2; diff "$work/pg.rows" "$work/sqlite.rows" | head >&2;
    diff "$work/pg.rows" "$work/duckdb.rows" | head >&2; status=1; }
i=0
summary=""
for r in "${ranges[@]}"; do
  IFS='|' read -r lo hi from to <<< "$r"
  i=$((i + 1))
  got=$(awk -v n="$i" '/^--$/ {k++; next} k == n - 1 {c++} END {print c + 0}' "$work/pg.rows")
  want=$(psql -X -A -t -c "SELECT count(*) FROM cross_time WHERE ulid_time(id) >= '$from' AND ulid_time(id) < '$to'")
  [[ $got == "$want" && $got -gt 0 ]] ||
    { echo "cross-engine: FAIL '$lo'..'$hi': $got rows, timestamptz range gives $want" >&2; status=1; }
  summary+=" $got"
done
echo "cross-engine: $(wc -l < "$work/ids.txt") IDs; rows per range on PostgreSQL = SQLite = DuckDB:$summary; '20240101' refused by all three"
exit "$status"
