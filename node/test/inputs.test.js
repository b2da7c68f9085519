// The addon never trusts its caller: text with prefixes outside ASCII comes
// back as the same Unicode text, library errors keep their reason, and every
// native function (reachable directly as sortid.node) rejects wrong types,
// detached buffers and other typed arrays with a TypeError instead of reading
// or writing memory it was not given.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { sortid, packageDir } = require('./helpers.js');

const native = require(path.join(packageDir, 'sortid.node'));
const ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const ULID_TEXT = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

function detached(bytes) {
  const view = new Uint8Array(bytes);
  structuredClone(view.buffer, { transfer: [view.buffer] });
  assert.equal(view.byteLength, 0);
  return view;
}

test('prefixes outside ASCII come back as UTF-8 text, not Latin-1', () => {
  for (const prefix of ['é', 'ORDER#é_', '日本', '\u{1F600}/', 'ſ']) {
    const one = sortid.ulidString(1, { prefix });
    assert.ok(one.startsWith(prefix + '01') || one.startsWith(prefix), JSON.stringify(one));
    assert.equal(one.length, prefix.length + 27, JSON.stringify(one));
    assert.match(one.slice(prefix.length, -1), ULID_TEXT);
    const lines = sortid.ulidBuffer(3, { prefix }).toString('utf8').split('\n');
    assert.deepEqual(lines.slice(0, 3).map((l) => l.slice(0, prefix.length)), [prefix, prefix, prefix]);
    const ids = sortid.ulidBinary(3);
    const array = sortid.encodeMany(ids, { prefix, output: 'array' });
    const text = sortid.encodeMany(ids, { prefix, output: 'string' });
    const buffer = sortid.encodeMany(ids, { prefix }).toString('utf8');
    assert.equal(text, buffer);
    assert.equal(text, array.map((s) => s + '\n').join(''));
    for (const item of array) assert.ok(item.startsWith(prefix) && ULID_TEXT.test(item.slice(prefix.length)));
    // And they decode back with the same prefix, from every input form.
    for (const input of [array, text, Buffer.from(text)]) {
      const decoded = sortid.decodeMany(input, { prefix });
      assert.equal(decoded.invalid, 0);
      assert.ok(decoded.ids.equals(ids));
    }
    const uuids = sortid.ulidsToUUIDs(array, { prefix, output: 'array' });
    assert.deepEqual(uuids.text, sortid.encodeMany(ids, { format: 'uuid', output: 'array' }));
  }
  const invalid = sortid.encodeMany(Buffer.alloc(32, 0xff), { prefix: 'é', output: 'array',
    valid: Buffer.from([2]) });
  assert.equal(invalid[0], null);
  assert.equal(invalid[1], 'é7ZZZZZZZZZZZZZZZZZZZZZZZZZ');
});

test('an array item longer than an ID by one multi-byte character is invalid', () => {
  for (const extra of ['é', '日', '\u{1F600}', 'x']) {
    assert.equal(sortid.decodeMany([ID + extra, ID]).invalid, 1, extra);
    assert.equal(sortid.decodeMany(['é' + ID + extra], { prefix: 'é' }).invalid, 1, extra);
    assert.equal(sortid.decodeMany([ID.slice(0, 24) + extra]).invalid, 1, extra);
  }
  const decoded = sortid.decodeMany([ID + 'é', ID]);
  assert.deepEqual([...decoded.valid], [2]);
  assert.ok(decoded.ids.subarray(0, 16).equals(Buffer.alloc(16)));
});

test('an unsupported SORTID_TARGET is reported as such by every generating call', () => {
  const script = `
    const s = require(${JSON.stringify(packageDir)});
    const calls = { ulid: () => s.ulid(), ulidAt: () => s.ulid(1469918176385),
      monotonic: () => s.monotonicFactory()(), binary: () => s.ulidBinary(1),
      string: () => s.ulidString(1), sortKey: () => s.sortKey('A#') };
    const out = {};
    for (const [name, call] of Object.entries(calls)) {
      try { out[name] = 'no error: ' + call(); } catch (e) { out[name] = e.message; }
    }
    console.log(JSON.stringify(out));`;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8',
    env: { ...process.env, SORTID_TARGET: 'NO_SUCH_TARGET' } });
  assert.equal(child.status, 0, child.stderr);
  const out = JSON.parse(child.stdout);
  for (const [name, message] of Object.entries(out)) {
    assert.equal(message, 'sortid: CPU target unknown or not supported', name);
  }
});

test('detached buffers and other views are TypeErrors, never read', () => {
  const checks = [
    () => sortid.encodeMany(detached(32)), () => sortid.decodeMany(detached(27)),
    () => sortid.decodeTimes(detached(16)), () => sortid.ulidsToUUIDs(detached(27)),
    () => sortid.encodeMany(Buffer.alloc(32), { valid: detached(4) }),
    () => sortid.encodeMany(new Uint16Array(16)), () => sortid.encodeMany(new DataView(new ArrayBuffer(16))),
    () => sortid.decodeMany(new Float64Array(4)), () => sortid.decodeTimes(new Uint8ClampedArray(16)),
    () => sortid.encodeMany(Buffer.alloc(17)), () => sortid.decodeTimes(new ArrayBuffer(16)),
    () => sortid.encodeMany(Buffer.alloc(32), { valid: new Uint8Array(0) }),
  ];
  for (const check of checks) assert.throws(check, TypeError, check.toString());
});

test('views with an offset read exactly their own bytes', () => {
  const ids = sortid.ulidBinary(8);
  const backing = Buffer.alloc(16 * 10 + 3, 0xee);
  ids.copy(backing, 19);
  const view = backing.subarray(19, 19 + 16 * 8);
  assert.deepEqual(sortid.encodeMany(view, { output: 'array' }), sortid.encodeMany(ids, { output: 'array' }));
  assert.deepEqual([...sortid.decodeTimes(view)], [...sortid.decodeTimes(ids)]);
  const text = Buffer.from('XX' + sortid.encodeMany(ids, { output: 'string' }) + 'YY');
  const decoded = sortid.decodeMany(text.subarray(2, text.length - 2));
  assert.equal(decoded.invalid, 0);
  assert.ok(decoded.ids.equals(ids));
  const u8 = new Uint8Array(backing.buffer, backing.byteOffset + 19, 16 * 8);
  assert.ok(sortid.decodeMany(sortid.encodeMany(u8)).ids.equals(ids));
});

test('the native functions check every argument themselves', () => {
  const array = [];
  const bytes = new Uint8Array(16);
  const bad = [undefined, null, true, -1, 1.5, NaN, 2 ** 53, '1', {}, array, Symbol('s'), 10n,
    () => 0, bytes, detached(16)];
  const calls = {
    generate: (x) => native.generate(x, false, false, '', true, true, 0),
    generateNow: (x) => native.generate(1, false, false, '', true, true, x),
    generatePrefix: (x) => native.generate(1, false, false, x, true, true, 0),
    decodeFormat: (x) => native.decode([ID], x, undefined),
    decodePrefix: (x) => native.decode([ID], 0, x),
    decodeInput: (x) => native.decode(x, 0, undefined),
    encodeIds: (x) => native.encode(x, 0, undefined, true, 0, 0, undefined),
    encodeFormat: (x) => native.encode(Buffer.alloc(16), x, undefined, true, 0, 0, undefined),
    encodePrefix: (x) => native.encode(Buffer.alloc(16), 0, x, true, 0, 0, undefined),
    encodeCase: (x) => native.encode(Buffer.alloc(16), 0, undefined, true, x, 0, undefined),
    encodeOutput: (x) => native.encode(Buffer.alloc(16), 0, undefined, true, 0, x, undefined),
    encodeValid: (x) => native.encode(Buffer.alloc(16), 0, undefined, true, 0, 0, x),
    timestamps: (x) => native.timestamps(x, false),
    ulidAt: (x) => native.ulidAt(x),
    encodeTime: (x) => native.encodeTime(x),
    monotonicFresh: (x) => native.monotonicFresh(x, 0),
    monotonicIncrement: (x) => native.monotonicIncrement(x),
    sortKeyBounds: (x) => native.sortKeyBounds(x, 0, 0),
  };
  const accepted = { // the values each argument legitimately takes
    generate: [-0], generatePrefix: [undefined, '1'], decodePrefix: [undefined, '1'], decodeInput: [array, bytes, '1'],
    encodeIds: [bytes], encodeCase: [undefined], encodeOutput: [undefined],
    encodeValid: [undefined, null, bytes], decodeFormat: [], generateNow: [], encodeFormat: [],
    encodePrefix: [undefined, '1'], timestamps: [bytes], monotonicFresh: [bytes],
    monotonicIncrement: [bytes], ulidAt: [], encodeTime: [], sortKeyBounds: ['1'],
  };
  for (const [name, call] of Object.entries(calls)) {
    for (const x of bad) {
      const ok = accepted[name].some((a) => Object.is(a, x));
      if (ok) continue;
      assert.throws(() => call(x), (e) => e instanceof TypeError || e instanceof RangeError || e instanceof Error,
        `${name}(${typeof x === 'symbol' ? 'Symbol' : typeof x === 'bigint' ? '10n' : JSON.stringify(x)})`);
    }
  }
  // Other formats than the four, and non-integer choices, never reach the library.
  for (const f of [4, 255, -1, 0.5, 1e10]) assert.throws(() => native.decode([ID], f), TypeError);
  for (const c of [3, 0.5, -1]) assert.throws(() => native.encode(Buffer.alloc(16), 0, '', true, c, 0), TypeError);
  for (const o of [3, 0.5, -1]) assert.throws(() => native.encode(Buffer.alloc(16), 0, '', true, 0, o), TypeError);
  assert.throws(() => native.decode([ID], 0, 'a\0b'), TypeError);
  assert.throws(() => native.generate(1, false, false, 'a\0b', true, true, 0), TypeError);
});
