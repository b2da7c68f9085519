// npm ulid drop-in details: Date.now() is the clock of every call (fake
// timers apply), every name is importable from ESM (the ES entry and the
// CommonJS entry's names as Node's loader reads them), String objects and
// arrays give npm's values and errors, and the `ulid` command.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { sortid, npm, outcome, packageDir } = require('./helpers.js');

const ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

function withClock(ms, body) {
  const real = Date.now;
  Date.now = () => ms;
  try { return body(); } finally { Date.now = real; }
}

test('Date.now() is the clock of ulid(), the factories and the bulk calls', () => {
  for (const ms of [1469918176385, 0 + 1, 2 ** 47, npm.TIME_MAX]) {
    withClock(ms, () => {
      assert.equal(sortid.decodeTime(sortid.ulid()), ms);
      assert.equal(sortid.decodeTime(sortid.monotonicFactory()()), ms);
      assert.equal(sortid.decodeTime(sortid.sortKey('A#').slice(2)), ms);
      assert.deepEqual([...sortid.decodeTimes(sortid.ulidBinary(3))], [ms, ms, ms]);
      assert.equal(sortid.decodeTime(sortid.ulidBuffer(1).toString().trim()), ms);
    });
  }
  // Monotonic bulk IDs keep the last time when the clock goes back (as a
  // factory does), so their clock is checked going forward.
  const now = Date.now();
  for (const ms of [now + 10000, now + 20000, npm.TIME_MAX]) {
    withClock(ms, () => {
      assert.deepEqual([...sortid.decodeTimes(sortid.ulidBinary(2, { monotonic: true }))], [ms, ms]);
      const text = sortid.ulidString(2, { monotonic: true, prefix: 'p' }).split('\n');
      assert.deepEqual(text.slice(0, 2).map((t) => sortid.decodeTime(t.slice(1))), [ms, ms]);
      assert.ok(text[0] < text[1]);
    });
  }
  // A fake clock outside the ULID range gives npm's errors, not a wrong ID.
  withClock(-5, () => {
    assert.deepEqual(outcome(() => sortid.ulid()).error.code, 'ENC_TIME_NEG');
    assert.deepEqual(outcome(() => sortid.ulidBinary(1)).error.code, 'ENC_TIME_NEG');
  });
  withClock(npm.TIME_MAX + 1, () => {
    assert.deepEqual(outcome(() => sortid.ulidString(1)).error.code, 'ENC_TIME_SIZE_EXCEED');
  });
});

test('every name is importable from ESM, from the ES entry and from the CommonJS entry', () => {
  const names = Object.keys(sortid).sort();
  assert.ok(names.includes('activeTarget') && names.includes('version'));
  const script = `
    import * as esm from ${JSON.stringify(path.join(packageDir, 'index.mjs'))};
    import * as cjs from ${JSON.stringify(path.join(packageDir, 'index.js'))};
    import { activeTarget, ulid, decodeTime } from ${JSON.stringify(path.join(packageDir, 'index.mjs'))};
    const id = ulid(1469918176385);
    console.log(JSON.stringify({ esm: Object.keys(esm).sort(), cjs: Object.keys(cjs).sort(),
      target: activeTarget(), time: decodeTime(id), same: esm.ulid === cjs.default.ulid }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const out = JSON.parse(run.stdout);
  assert.deepEqual(out.esm, [...names, 'default'].sort());
  assert.deepEqual(out.cjs, [...names, 'default'].sort()); // cjs-module-lexer sees every name
  assert.equal(out.target, sortid.activeTarget());
  assert.equal(out.time, 1469918176385);
  assert.ok(out.same);
});

test('String objects and arrays: npm ulid\'s values and errors', () => {
  const uuid = '01563e3a-b5d3-d676-4c61-efb99302bd5b';
  const inputs = [new String(ID), new String(ID.toLowerCase()), new String(uuid), [...ID], [ID], [uuid],
    [...uuid], new String('8ZZZZZZZZZZZZZZZZZZZZZZZZZ'), new String(''), { length: 26 }, [1, 2]];
  for (const fn of ['decodeTime', 'isValid', 'ulidToUUID', 'uuidToULID']) {
    for (const input of inputs) {
      const ours = outcome(() => sortid[fn](input));
      const theirs = outcome(() => npm[fn](input));
      assert.deepEqual(ours, theirs, `${fn}(${JSON.stringify(input)})`);
    }
  }
});

test('the ulid command prints --count monotonic ULIDs, as npm ulid\'s', () => {
  const cli = path.join(packageDir, 'cli.js');
  const run = (args) => {
    const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.split('\n');
  };
  for (const [args, n] of [[[], 1], [['--count', '5'], 5], [['--count=3'], 3], [['--count', 'x'], 1],
    [['--count', '0'], 0], [['--other', '--count', '2'], 2], [['--count', '70000'], 70000]]) {
    const lines = run(args);
    assert.equal(lines.pop(), '');
    assert.equal(lines.length, n, args.join(' '));
    for (let i = 0; i < lines.length; i++) {
      assert.ok(sortid.isValid(lines[i]), lines[i]);
      if (i > 0) assert.ok(lines[i - 1] < lines[i]);
    }
  }
});

test('npm ulid 2.x and ulidx helpers: factory, detectPrng / detectPRNG, encodeRandom, randomChar, regexes', () => {
  const seq = (seed) => { let x = seed; return () => { x = (x * 16807) % 2147483647; return x / 2147483647; }; };
  assert.equal(sortid.factory(seq(7))(1469918176385), npm.ulid(1469918176385, seq(7)));
  assert.equal(sortid.encodeRandom(16, seq(3)), npm.ulid(1, seq(3)).slice(10));
  assert.equal(sortid.randomChar(() => 0.5), 'G');
  assert.equal(sortid.randomChar(() => 0.99999), 'Z');
  for (const detect of [sortid.detectPRNG, sortid.detectPrng]) {
    const prng = detect();
    for (let i = 0; i < 100; i++) { const x = prng(); assert.ok(x >= 0 && x < 1, String(x)); }
  }
  assert.throws(() => sortid.detectPRNG({ crypto: {} }), (e) => e.code === 'PRNG_DETECT');
  const id = sortid.factory()();
  assert.ok(sortid.isValid(id) && sortid.ULID_REGEX.test(id) && sortid.ULID_REGEX.test(sortid.MAX_ULID));
  assert.ok(!sortid.ULID_REGEX.test('8ZZZZZZZZZZZZZZZZZZZZZZZZZ'));
  assert.ok(sortid.UUID_REGEX.test(sortid.ulidToUUID(id)) && !sortid.UUID_REGEX.test(id));
});
