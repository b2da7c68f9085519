// sortid.duckdb_extension from a real DuckDB client: the Node client
// (@duckdb/node-api, fetched by scripts/setup.sh --duckdb) opens DuckDB with
// allow_unsigned_extensions, LOADs the built file and runs every function and
// cast, NULLs, invalid rows, and a 1 M-row CSV -> Parquet conversion that must
// equal the sortid command's conversion of the same rows.
// Usage: node duckdb_extension_test.cjs CLIENT_DIR EXTENSION SORTID_CLI [ROWS]
//   CLIENT_DIR: build/duckdb/node/<version> (holds node_modules/@duckdb/node-api)
'use strict';
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const [clientDir, extensionPath, cliPath, rowsArg] = process.argv.slice(2);
if (!clientDir || !extensionPath || !cliPath) {
  console.error('usage: duckdb_extension_test.cjs CLIENT_DIR EXTENSION SORTID_CLI [ROWS]');
  process.exit(2);
}
const { DuckDBInstance } = require(path.resolve(clientDir, 'node_modules/@duckdb/node-api'));
const ROWS = Number(rowsArg || 1000000);

const U = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const UUID = '01563e3a-b5d3-d676-4c61-efb99302bd5b';
const HEX = '01563E3AB5D3D6764C61EFB99302BD5B';
const TIME = '2016-07-30 23:54:10.259';

let connection;
// Every column as text (NULL -> null), rows as arrays.
async function rows(sql) {
  const reader = await connection.runAndReadAll(`SELECT COLUMNS(*)::VARCHAR FROM (${sql})`);
  return reader.getRows();
}
async function one(sql) {
  return (await rows(sql))[0];
}
// The error message of a statement that must fail.
async function failure(sql) {
  try {
    await connection.run(sql);
  } catch (e) {
    return e.message;
  }
  assert.fail(`expected an error from: ${sql}`);
}

const checks = [];
function check(name, fn) {
  checks.push({ name, fn });
}

check('the extension loaded (sortid_version)', async () => {
  assert.match((await one('SELECT sortid_version()'))[0], /^\d+\.\d+\.\d+$/);
});

check('functions on one known ID', async () => {
  assert.deepEqual(
    await one(`SELECT ulid_to_uuid('${U}'), try_ulid_to_uuid(lower('${U}')),
      uuid_to_ulid('${UUID}'::UUID), hex(ulid_to_blob('${U}')), hex(try_ulid_to_blob('${U}')),
      ulid_from_blob(unhex('${HEX}')), ulid_time('${U}'), try_ulid_time('${U}'),
      epoch_ms(ulid_time('${U}')), ulid_valid('${U}'), ulid_valid('nope')`),
    [UUID, UUID, U, HEX, HEX, U, TIME, TIME, '1469922850259', 'true', 'false']);
  assert.deepEqual(
    await one(`SELECT epoch_ms(record_id_time('0D9RRDT0B50TBK9FWFD6')),
      epoch_ms(try_record_id_time('0D9RRDT0B50TBK9FWFD6'))`),
    ['1781512200000', '1781512200000']);
});

check('ulid_min / ulid_max: TIMESTAMP, TIMESTAMPTZ, DATE (whole day), text', async () => {
  const min = '01HK153X000000000000000000', max = '01HNGZE5ZZZZZZZZZZZZZZZZZZ';
  assert.deepEqual(
    await one(`SELECT ulid_min(TIMESTAMP '2024-01-01'), ulid_max(TIMESTAMP '2024-01-31 23:59:59.999'),
      ulid_min(TIMESTAMPTZ '2024-01-01 00:00:00+00'), ulid_max(TIMESTAMPTZ '2024-01-31 23:59:59.999+00'),
      ulid_min(DATE '2024-01-01'), ulid_max(DATE '2024-01-31'),
      ulid_min('2024-01-01'), ulid_max('2024-01-31')`),
    [min, max, min, max, min, max, min, max]);
  // Text names a period: a whole second, or the fraction's last digit.
  assert.deepEqual(
    await one(`SELECT ulid_max('2024-01-31 23:59:59'), ulid_min('2024-01-31T23:59:59Z'),
      ulid_max('2024-01-31 23:59:59.5') = ulid_max(TIMESTAMP '2024-01-31 23:59:59.599'),
      ulid_max('2024-01-31 23:59:59.000') < ulid_max('2024-01-31 23:59:59')`),
    [max, '01HNGZE50R0000000000000000', 'true', 'true']);
  assert.deepEqual(
    await one(`SELECT ulid_min(now()) <= ulid_max(now()),
      epoch_ms(ulid_time(ulid_min(now()))) = epoch_ms(now())`),
    ['true', 'true']);
  assert.match(await failure(`SELECT ulid_min(TIMESTAMP '1960-01-01')`), /outside the ULID range/);
});

check('generators: fresh, valid, current, typed', async () => {
  assert.deepEqual(
    await one(`SELECT count(DISTINCT u), count(DISTINCT m), count(DISTINCT r), count(DISTINCT g),
        bool_and(ulid_valid(u)), bool_and(ulid_valid(m)),
        bool_and(abs(epoch_ms(ulid_time(u)) - epoch_ms(now())) < 60000),
        bool_and(abs(epoch_ms(record_id_time(r)) - epoch_ms(now())) < 60000),
        bool_and(abs(epoch_ms(ulid_time(g)) - epoch_ms(now())) < 60000), any_value(typeof(g))
      FROM (SELECT ulid() u, ulid_monotonic() m, record_id() r, gen_ulid() g FROM range(50000))`),
    ['50000', '50000', '50000', '50000', 'true', 'true', 'true', 'true', 'true', 'ULID']);
  await connection.run('SET threads = 1');
  assert.deepEqual(
    await one(`SELECT count(*) FROM (SELECT m, lag(m) OVER (ORDER BY i) p FROM
      (SELECT range i, gen_ulid_monotonic() m FROM range(50000))) WHERE p >= m`), ['0']);
  await connection.run('RESET threads');
});

check('ULID type: casts to and from text, UUID, BLOB, TIMESTAMP_MS', async () => {
  assert.deepEqual(
    await one(`SELECT '${U}'::ULID, lower('${U}')::ULID, typeof('${U}'::ULID),
      '${U}'::ULID::UUID, '${UUID}'::UUID::ULID, hex('${U}'::ULID::BLOB),
      unhex('${HEX}')::ULID, '${U}'::ULID::TIMESTAMP_MS, ulid_time('${U}'::ULID),
      TRY_CAST('nope' AS ULID), TRY_CAST(unhex('0102') AS ULID), NULL::ULID`),
    [U, U, 'ULID', UUID, U, HEX, U, TIME, TIME, null, null, null]);
  // Every 16-byte value round-trips bit-exact through UUID and BLOB.
  assert.deepEqual(
    await one(`SELECT count(*) FILTER (WHERE u::ULID::UUID <> u OR u::ULID::BLOB::ULID::UUID <> u
        OR u::ULID::VARCHAR::ULID::UUID <> u) FROM (SELECT gen_random_uuid() u FROM range(20000))`),
    ['0']);
  // ULID order: ORDER BY the type equals ORDER BY the canonical text.
  assert.deepEqual(
    await one(`SELECT count(*) FROM (SELECT row_number() OVER (ORDER BY u::ULID) a,
      row_number() OVER (ORDER BY u) b FROM (SELECT ulid() u FROM range(20000))) WHERE a <> b`),
    ['0']);
  const bad = await failure(`SELECT CAST('01ARZ3NDEKTSV4RRFFQ69G5FAU' AS ULID)`);
  assert.match(bad, /'01ARZ3NDEKTSV4RRFFQ69G5FAU' is not a valid ULID: invalid character at position 26/);
  assert.match(await failure(`SELECT unhex('0102')::ULID`), /16 bytes, got 2/);
});

check('ULID in JSON, EXPLAIN and client rows: DuckDB writes UUID text, ::VARCHAR / ::JSON the ULID', async () => {
  await connection.run(`CREATE TEMP TABLE typed AS SELECT '${U}'::ULID AS id, 1 AS n`);
  // The workarounds docs/duckdb.md gives.
  assert.deepEqual(await one(`SELECT id::JSON, to_json(id::VARCHAR), to_json({'id': id::VARCHAR}),
      json_object('id', id::JSON), NULL::ULID::JSON FROM typed`),
    [`"${U}"`, `"${U}"`, `{"id":"${U}"}`, `{"id":"${U}"}`, null]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sortid-duckdb-json-'));
  try {
    const text = path.join(dir, 'text.json'), raw = path.join(dir, 'raw.json');
    await connection.run(`COPY (SELECT * REPLACE (id::VARCHAR AS id) FROM typed) TO '${text}' (FORMAT JSON)`);
    await connection.run(`COPY typed TO '${raw}' (FORMAT JSON)`);
    assert.equal(fs.readFileSync(text, 'utf8').trim(), `{"id":"${U}","n":1}`);
    // What DuckDB itself does with the type (no extension hook; documented).
    assert.equal(fs.readFileSync(raw, 'utf8').trim(), `{"id":"${UUID}","n":1}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  assert.deepEqual(await one('SELECT to_json(id) FROM typed'), [`"${UUID}"`]);
  const result = await connection.runAndReadAll('SELECT id FROM typed');
  assert.deepEqual(result.getRowObjectsJson(), [{ id: UUID }]);
  assert.equal(result.columnTypes()[0].alias, 'ULID');
  // EXPLAIN prints a ULID constant as its UUID text (the box may wrap it).
  await connection.run('CREATE TEMP TABLE many AS SELECT gen_ulid() AS id, range AS n FROM range(10000)');
  const [mid, midUuid] = await one('SELECT id, id::UUID FROM many ORDER BY id LIMIT 1 OFFSET 5000');
  const plan = (await connection.runAndReadAll(`EXPLAIN SELECT n FROM many WHERE id >= '${mid}'`))
    .getRows().map((row) => String(row[1])).join('').replace(/[\s\u2500-\u257f]/g, '');
  assert.ok(plan.includes(`'${midUuid}'::ULID`), plan);
  assert.ok(!plan.includes(mid), plan);
});

check('NULL in, NULL out', async () => {
  const fns = ['ulid_to_uuid', 'try_ulid_to_uuid', 'uuid_to_ulid', 'ulid_to_blob',
    'try_ulid_to_blob', 'ulid_from_blob', 'ulid_time', 'try_ulid_time', 'ulid_valid', 'ulid_min',
    'ulid_max', 'record_id_time', 'try_record_id_time'];
  assert.deepEqual(await one(`SELECT ${fns.map((f) => `${f}(NULL)`).join(', ')}`),
    fns.map(() => null));
  assert.deepEqual(
    (await rows(`SELECT uuid_to_ulid(ulid_to_uuid(id)), id::ULID, ulid_time(id::ULID)
      FROM (VALUES ('${U}'), (NULL)) v(id)`)),
    [[U, U, TIME], [null, null, null]]);
});

check('invalid rows: strict errors quote the value (escaped), try_ gives NULL', async () => {
  await connection.run(`CREATE TEMP TABLE bad AS SELECT * FROM (VALUES ('${U}'),
    ('01ARZ3NDEKTSV4RRFFQ69G5FAU'), ('short'), ('81ARZ3NDEKTSV4RRFFQ69G5FAV'),
    ('01ARZ3NDEKTSV4RRFFQ69G5FA' || chr(0))) v(id)`);
  assert.match(await failure('SELECT ulid_to_uuid(id) FROM bad'),
    /ulid_to_uuid: '01ARZ3NDEKTSV4RRFFQ69G5FAU' is not a valid ULID: invalid character at position 26/);
  assert.deepEqual((await rows('SELECT try_ulid_to_uuid(id), ulid_valid(id), TRY_CAST(id AS ULID) FROM bad')),
    [[UUID, 'true', U], [null, 'false', null], [null, 'false', null], [null, 'false', null],
      [null, 'false', null]]);
  assert.match(await failure(`SELECT ulid_time('01ARZ3NDEKTSV4RRFFQ69G5FA' || chr(0))`),
    /'01ARZ3NDEKTSV4RRFFQ69G5FA\\x00' is not a valid ULID: invalid character at position 26/);
  assert.match(await failure(`SELECT ulid_time(chr(27) || '[2J' || repeat('A', 80))`),
    /'\\x1b\[2JA{60}'\u2026 is not a valid ULID: wrong length/);
  assert.match(await failure(`SELECT ulid_to_blob('81ARZ3NDEKTSV4RRFFQ69G5FAV')`), /overflows/);
  assert.match(await failure(`SELECT record_id_time('${U}')`), /Record ID/);
});

check(`Parquet: ${ROWS} rows, CSV -> Parquet with ulid_to_uuid equals the sortid command`, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sortid-duckdb-ext-'));
  try {
    const csv = path.join(dir, 'logs.csv'), parquet = path.join(dir, 'logs.parquet');
    const typed = path.join(dir, 'typed.parquet'), cliCsv = path.join(dir, 'cli.csv');
    // n, id (ULID text; every 1000th row invalid), payload.
    await connection.run(`COPY (SELECT range AS n,
        CASE WHEN range % 1000 = 999 THEN 'not-a-ulid-' || range ELSE ulid() END AS id,
        'row ' || range AS payload FROM range(${ROWS})) TO '${csv}' (HEADER true)`);
    execFileSync(cliPath, ['convert', '--field', '2', '--header', '--to', 'uuid', '--on-error',
      'null', '--no-progress', csv], { stdio: ['ignore', fs.openSync(cliCsv, 'w'), 'ignore'] });
    await connection.run(`COPY (SELECT * REPLACE (try_ulid_to_uuid(id) AS id) FROM '${csv}')
      TO '${parquet}'`);
    await connection.run(`COPY (SELECT * REPLACE (TRY_CAST(id AS ULID) AS id) FROM '${csv}')
      TO '${typed}'`);
    const cli = fs.readFileSync(cliCsv, 'utf8').split('\n');
    assert.equal(cli[0], 'n,id,payload');
    assert.equal(cli.length, ROWS + 2);  // header, rows, final newline
    const got = await rows(`SELECT n, id, payload FROM '${parquet}' ORDER BY n`);
    assert.equal(got.length, ROWS);
    let mismatches = 0;
    for (let i = 0; i < ROWS; ++i) {
      const want = cli[i + 1].split(',');
      const row = got[i];
      if (row[0] !== want[0] || (row[1] ?? '') !== want[1] || row[2] !== want[2]) ++mismatches;
    }
    assert.equal(mismatches, 0, 'Parquet rows that differ from the sortid command');
    assert.deepEqual(await one(`SELECT count(*) FILTER (WHERE id IS NULL), typeof(any_value(id))
      FROM '${parquet}'`), [String(Math.floor(ROWS / 1000)), 'UUID']);
    // The ULID-typed column is stored as a 16-byte UUID: bit-exact, same rows.
    assert.deepEqual(await one(`SELECT count(*) FROM '${parquet}' p JOIN '${typed}' t USING (n)
      WHERE p.id IS DISTINCT FROM t.id`), ['0']);
    assert.deepEqual(await one(`SELECT count(*) FROM '${typed}' t JOIN '${csv}' c USING (n)
      WHERE t.id IS NOT NULL AND t.id::ULID::VARCHAR <> c.id`), ['0']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

(async () => {
  const instance = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true' });
  connection = await instance.connect();
  await connection.run(`LOAD '${path.resolve(extensionPath)}'`);
  const version = (await one('SELECT version()'))[0];
  let failed = 0;
  for (const { name, fn } of checks) {
    try {
      await fn();
      console.log(`ok    DuckDB ${version}: ${name}`);
    } catch (e) {
      ++failed;
      console.log(`FAIL  DuckDB ${version}: ${name}\n${e.stack || e}`);
    }
  }
  console.log(`${checks.length - failed}/${checks.length} checks passed in DuckDB ${version}`);
  process.exit(failed ? 1 : 0);
})().catch((e) => {
  console.error(`FAIL: ${e.stack || e}`);
  process.exit(1);
});
