// Bulk calls against the single-value calls (and npm ulid): generation,
// newline-separated Buffers and string arrays in, binary / text / times out,
// invalid items flagged without disturbing their neighbours.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { sortid, npm, rng } = require('./helpers.js');

const bit = (bitmap, i) => (bitmap[i >> 3] >> (i & 7)) & 1;
const idAt = (ids, i) => ids.subarray(i * 16, i * 16 + 16).toString('hex');
const hexOfUlid = (id) => sortid.ulidToUUID(id).replace(/-/g, '').toLowerCase();

test('ulidBuffer / ulidString / ulidBinary: valid, fresh IDs in the requested layout', () => {
  for (const count of [0, 1, 7, 1000]) {
    const buffer = sortid.ulidBuffer(count);
    assert.equal(buffer.length, count * 27);
    const lines = buffer.toString('latin1').split('\n').slice(0, count);
    assert.equal(new Set(lines).size, count);
    for (const id of lines) assert.ok(sortid.isValid(id) && npm.isValid(id), id);
    const text = sortid.ulidString(count, { separator: '', prefix: 'ORDER#' });
    assert.equal(text.length, count * 32);
    for (let i = 0; i < count; i++) {
      assert.equal(text.slice(i * 32, i * 32 + 6), 'ORDER#');
      assert.ok(sortid.isValid(text.slice(i * 32 + 6, i * 32 + 32)));
    }
    assert.equal(sortid.ulidBinary(count).length, count * 16);
  }
  const now = Date.now();
  const times = sortid.decodeTimes(sortid.ulidBinary(100));
  for (const t of times) assert.ok(Math.abs(t - now) < 5000);
});

test('monotonic bulk generation is strictly increasing, also across calls', () => {
  let last = '';
  for (let round = 0; round < 5; round++) {
    const lines = sortid.ulidString(5000, { monotonic: true }).split('\n').slice(0, 5000);
    for (const id of lines) {
      assert.ok(id > last, `${id} after ${last}`);
      last = id;
    }
  }
  const ids = sortid.ulidBinary(5000, { monotonic: true });
  for (let i = 1; i < 5000; i++) assert.ok(Buffer.compare(ids.subarray((i - 1) * 16, i * 16), ids.subarray(i * 16, i * 16 + 16)) < 0);
});

test('decodeMany(Buffer | string | array) equals the single calls', () => {
  const r = rng(11);
  const ids = [];
  for (let i = 0; i < 3000; i++) ids.push(npm.ulid(1 + r.int(npm.TIME_MAX)));
  const expected = ids.map(hexOfUlid);
  const inputs = [Buffer.from(ids.join('\n') + '\n'), Buffer.from(ids.join('\n')), ids.join('\n'),
    ids, ids.map((s) => s.toLowerCase())];
  for (const input of inputs) {
    const d = sortid.decodeMany(input);
    assert.equal(d.count, ids.length);
    assert.equal(d.invalid, 0);
    for (let i = 0; i < ids.length; i++) {
      assert.equal(idAt(d.ids, i), expected[i]);
      assert.equal(bit(d.valid, i), 1);
    }
  }
  const times = sortid.decodeTimes(sortid.decodeMany(ids).ids);
  const big = sortid.decodeTimes(sortid.decodeMany(ids).ids, { bigint: true });
  assert.ok(times instanceof Float64Array && big instanceof BigInt64Array);
  for (let i = 0; i < ids.length; i++) {
    assert.equal(times[i], npm.decodeTime(ids[i]));
    assert.equal(big[i], BigInt(npm.decodeTime(ids[i])));
  }
});

test('decodeMany: bad items are flagged and zeroed, neighbours intact', () => {
  const good = '01ARYZ6S41TSV4RRFFQ69G5FAV';
  const items = [good, '8ZZZZZZZZZZZZZZZZZZZZZZZZZ', good, '', good + 'X', good, 'not an id', good,
    'ſ1ARYZ6S41TSV4RRFFQ69G5FA', good, '01ARYZ6S41TSV4RRFFQ69G5FAU'];
  const single = items.map((s) => sortid.isValid(s));
  const check = (d, n) => {
    assert.equal(d.count, n);
    assert.equal(d.invalid, single.slice(0, n).filter((v) => !v).length);
    for (let i = 0; i < n; i++) {
      assert.equal(bit(d.valid, i), single[i] ? 1 : 0, `item ${i}`);
      assert.equal(idAt(d.ids, i), single[i] ? hexOfUlid(items[i]) : '0'.repeat(32), `item ${i}`);
    }
  };
  check(sortid.decodeMany(items), items.length);
  check(sortid.decodeMany(Buffer.from(items.join('\n'))), items.length);
  const mixed = [good, null, undefined, 42, { toString: () => good }, good];
  const d = sortid.decodeMany(mixed);
  assert.deepEqual([...Array(6).keys()].map((i) => bit(d.valid, i)), [1, 0, 0, 0, 0, 1]);
  // Fixed-width lines with one bad character: the fast path, then the exact fallback.
  const lines = Buffer.from(`${good}\n${good.slice(0, 25)}!\n${good}\n`);
  const f = sortid.decodeMany(lines);
  assert.deepEqual([f.count, f.invalid, bit(f.valid, 0), bit(f.valid, 1), bit(f.valid, 2)], [3, 1, 1, 0, 1]);
  assert.equal(sortid.decodeMany(Buffer.alloc(0)).count, 0);
  assert.equal(sortid.decodeMany(`${good}\r\n`).invalid, 1); // CRLF is not stripped
});

test('encodeMany / ulidsToUUIDs equal the single calls; prefixes and formats round-trip', () => {
  const r = rng(12);
  const ids = [];
  for (let i = 0; i < 2000; i++) ids.push(npm.ulid(1 + r.int(npm.TIME_MAX)));
  const { ids: binary } = sortid.decodeMany(ids);
  assert.deepEqual(sortid.encodeMany(binary, { output: 'array' }), ids);
  assert.equal(sortid.encodeMany(binary, { output: 'string' }), ids.join('\n') + '\n');
  assert.equal(sortid.encodeMany(binary).toString(), ids.join('\n') + '\n');
  assert.equal(sortid.encodeMany(binary, { separator: '', case: 'lower', output: 'string' }),
    ids.join('').toLowerCase());
  const uuids = ids.map((s) => sortid.ulidToUUID(s));
  assert.deepEqual(sortid.encodeMany(binary, { format: 'uuid', case: 'upper', output: 'array' }), uuids);
  assert.deepEqual(sortid.ulidsToUUIDs(ids, { case: 'upper', output: 'array' }).text, uuids);
  assert.deepEqual(sortid.ulidsToUUIDs(ids, { output: 'array' }).text, uuids.map((u) => u.toLowerCase()));
  for (const format of ['uuid', 'hex']) {
    const text = sortid.encodeMany(binary, { format, prefix: 'ORDER#' });
    const back = sortid.decodeMany(text, { format, prefix: 'ORDER#' });
    assert.equal(back.invalid, 0);
    assert.ok(back.ids.equals(binary));
  }
  const withBad = sortid.ulidsToUUIDs([ids[0], 'bad', ids[1]], { output: 'array' });
  assert.deepEqual(withBad.text, [uuids[0].toLowerCase(), null, uuids[1].toLowerCase()]);
  assert.equal(sortid.ulidsToUUIDs([ids[0], 'bad', ids[1]]).text.toString(),
    `${uuids[0].toLowerCase()}\n\n${uuids[1].toLowerCase()}\n`);
});

test('bulk argument errors are thrown, not crashes', () => {
  assert.throws(() => sortid.ulidBuffer(-1), TypeError);
  assert.throws(() => sortid.ulidBuffer(1.5), TypeError);
  assert.throws(() => sortid.decodeMany(42), TypeError);
  assert.throws(() => sortid.decodeMany([], { format: 'nope' }), TypeError);
  assert.throws(() => sortid.encodeMany(Buffer.alloc(15)), TypeError);
  assert.throws(() => sortid.decodeTimes(Buffer.alloc(17)), TypeError);
  assert.throws(() => sortid.encodeMany(Buffer.alloc(32), { valid: Buffer.alloc(0) }), TypeError);
  assert.throws(() => sortid.ulidBuffer(1, { separator: ',' }), TypeError);
});

test('sortKey / sortKeyRange: prefix + ULID, sortid::bounds (all-zero / all-one random part)', () => {
  const key = sortid.sortKey('ORDER#');
  assert.ok(key.startsWith('ORDER#') && sortid.isValid(key.slice(6)));
  assert.equal(sortid.sortKey('ORDER#', 1469918176385).slice(0, 16), 'ORDER#01ARYZ6S41');
  const from = Date.UTC(2024, 0, 1);
  const to = Date.UTC(2024, 0, 31, 23, 59, 59, 999);
  const expected = [`ORDER#${npm.encodeTime(from)}0000000000000000`, `ORDER#${npm.encodeTime(to)}ZZZZZZZZZZZZZZZZ`];
  assert.deepEqual(sortid.sortKeyRange('ORDER#', from, to), expected);
  assert.deepEqual(sortid.sortKeyRange('ORDER#', new Date(from), new Date(to)), expected);
  assert.deepEqual(sortid.sortKeyRange('ORDER#', '2024-01-01', '2024-01-31T23:59:59.999Z'), expected);
  assert.deepEqual(sortid.sortKeyRange('ORDER#', String(from), String(to)), expected);
  // Every key minted inside the window sorts inside the range (inclusive to the ms).
  const [min, max] = sortid.sortKeyRange('ORDER#', from, to);
  for (const t of [from, from + 1, to - 1, to]) {
    const k = sortid.sortKey('ORDER#', t);
    assert.ok(k >= min && k <= max, k);
  }
  assert.ok(sortid.sortKey('ORDER#', to + 1) > max && sortid.sortKey('ORDER#', from - 1) < min);
  assert.throws(() => sortid.sortKeyRange('ORDER#', to, from), RangeError);
  assert.throws(() => sortid.sortKeyRange('ORDER#', 'yesterday', to), /ENC_TIME_MALFORMED/);
  assert.throws(() => sortid.sortKeyRange('ORDER#', -1, to), /ENC_TIME_NEG/);
  assert.throws(() => sortid.sortKeyRange('ORDER#', 0, 2 ** 48), /ENC_TIME_SIZE_EXCEED/);
  assert.throws(() => sortid.sortKey(7), TypeError);
});

test('sortKeyRange matches `sortid bounds` (and --out-prefix where the CLI has it)', (t) => {
  const cli = process.env.SORTID_CLI;
  if (!cli) return t.skip('SORTID_CLI not set (ctest sets it)');
  const { spawnSync } = require('node:child_process');
  const help = spawnSync(cli, ['bounds', '--help'], { encoding: 'utf8' }).stdout;
  const withPrefix = help.includes('--out-prefix');
  for (const [from, to] of [['2024-01-01', '2024-01-31T23:59:59.999Z'], ['0', '0'],
    ['1469918176385', '1469918176386'], ['2023-03-10 12:00:49.111 UTC', '2023-03-10T14:00:00+01:00']]) {
    const args = ['bounds', '--from', from, '--to', to, ...(withPrefix ? ['--out-prefix', 'ORDER#'] : [])];
    const result = spawnSync(cli, args, { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    const lines = Object.fromEntries(result.stdout.trim().split('\n').map((l) => l.split('\t')));
    assert.deepEqual([lines.min, lines.max], sortid.sortKeyRange(withPrefix ? 'ORDER#' : '', from, to));
  }
});

test('worker threads load the addon and generate on their own generator', async () => {
  const { Worker } = require('node:worker_threads');
  const { packageDir } = require('./helpers.js');
  const run = () => new Promise((resolve, reject) => {
    const worker = new Worker(`
      const { parentPort, workerData } = require('node:worker_threads');
      const s = require(workerData);
      const m = s.monotonicFactory();
      parentPort.postMessage([s.ulidString(1000, { separator: '\\n' }), m(), s.decodeTime(s.ulid(5))]);`,
    { eval: true, workerData: packageDir });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const results = await Promise.all([run(), run(), run()]);
  const all = new Set();
  for (const [text, mono, time] of results) {
    assert.equal(time, 5);
    assert.ok(sortid.isValid(mono));
    for (const id of text.split('\n', 1000)) { assert.ok(sortid.isValid(id)); all.add(id); }
  }
  assert.equal(all.size, 3000);
});

test('batches past 2 GiB of results are a RangeError, empty batches are empty', () => {
  assert.throws(() => sortid.ulidBuffer(2 ** 32 - 1), RangeError);
  assert.throws(() => sortid.ulidBinary(2 ** 32 - 1), RangeError);
  assert.equal(sortid.ulidBinary(0).length, 0);
  assert.equal(sortid.encodeMany(Buffer.alloc(0)).length, 0);
  assert.equal(sortid.encodeMany(Buffer.alloc(0), { output: 'string' }), '');
  assert.deepEqual(sortid.encodeMany(Buffer.alloc(0), { output: 'array' }), []);
  assert.equal(sortid.decodeMany([]).ids.length, 0);
  assert.equal(sortid.decodeTimes(Buffer.alloc(0)).length, 0);
});

test('decodeMany(array): a throwing element getter propagates its own exception', () => {
  const a = [sortid.ulid(), sortid.ulid()];
  Object.defineProperty(a, 1, { get() { throw new Error('getter says no'); } });
  assert.throws(() => sortid.decodeMany(a), /getter says no/);
});

test('decodeMany(array) agrees with decodeMany(string) for long and non-ASCII prefixes', () => {
  for (const prefix of ['x'.repeat(37), 'ORDER#'.repeat(9), 'é', 'ü_']) {
    const id = sortid.ulid();
    const fromArray = sortid.decodeMany([prefix + id, prefix + id + 'X', id], { prefix });
    const fromString = sortid.decodeMany(prefix + id, { prefix });
    assert.equal(fromString.invalid, 0, prefix);
    assert.equal(fromArray.invalid, 2, prefix);
    assert.deepEqual(Buffer.from(fromArray.ids.subarray(0, 16)), Buffer.from(fromString.ids), prefix);
  }
});

test('decodeMany: validity bits past the count are 0 (unterminated last line)', () => {
  for (let lines = 0; lines <= 17; ++lines) {
    Buffer.alloc(1 << 16, 0xff);  // leave garbage in the allocator's free memory
    const text = Array.from({ length: lines + 1 }, () => sortid.ulid()).join('\n');
    const { valid, count, invalid } = sortid.decodeMany(text);
    assert.equal(invalid, 0);
    for (let i = count; i < valid.length * 8; ++i) {
      assert.equal((valid[i >> 3] >> (i & 7)) & 1, 0, `lines ${lines + 1}, bit ${i}`);
    }
  }
});
