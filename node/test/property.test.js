// Seeded property tests of the Node API: random prefixes of any Unicode,
// formats, letter cases, separators, output kinds, validity bitmaps, views at
// random offsets, mutated items and arguments of random types. Each property
// holds for every draw; a failure names its seed (SORTID_PROPERTY_SEED=<n>
// reruns one seed).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { sortid, rng } = require('./helpers.js');

const SEEDS = process.env.SORTID_PROPERTY_SEED ? [Number(process.env.SORTID_PROPERTY_SEED)]
  : Array.from({ length: 40 }, (_, i) => 0x5eed + i);
const FORMATS = ['ulid', 'uuid', 'hex'];
const CASES = ['canonical', 'lower', 'upper'];
const OUTPUTS = ['buffer', 'string', 'array'];
const TEXT = {
  ulid: /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  hex: /^[0-9a-f]{32}$/i,
};

// A code point from every plane, never NUL and never a lone surrogate (those
// become U+FFFD in UTF-8, so the text would not come back as given).
function codePoint(r) {
  for (;;) {
    const pick = r.int(4);
    const cp = pick === 0 ? 1 + r.int(0x7f) : pick === 1 ? 0x80 + r.int(0x780)
      : pick === 2 ? 0x800 + r.int(0xf800) : 0x10000 + r.int(0x100000);
    if (cp < 0xd800 || cp > 0xdfff) return String.fromCodePoint(cp);
  }
}
function unicode(r, max) { let s = ''; for (let n = r.int(max + 1); n > 0; n--) s += codePoint(r); return s; }

// ids as a view at a random offset into a larger buffer of noise.
function atOffset(r, bytes) {
  const offset = r.int(40);
  const backing = Buffer.alloc(offset + bytes.length + r.int(40));
  for (let i = 0; i < backing.length; i++) backing[i] = r.int(256);
  bytes.copy(backing, offset);
  return r() < 0.5 ? backing.subarray(offset, offset + bytes.length)
    : new Uint8Array(backing.buffer, backing.byteOffset + offset, bytes.length);
}

function eachSeed(body) {
  for (const seed of SEEDS) {
    try { body(rng(seed), seed); } catch (e) { e.message = `seed ${seed}: ${e.message}`; throw e; }
  }
}

test('encode then decode gives the IDs back, for any prefix, format, case, separator, output, offset', () => {
  eachSeed((r) => {
    const n = r.int(70);
    const ids = sortid.ulidBinary(n, { monotonic: r() < 0.5 });
    const prefix = r() < 0.3 ? '' : unicode(r, 6);
    const format = r.pick(FORMATS);
    const options = { prefix, format, case: r.pick(CASES), output: r.pick(OUTPUTS),
      separator: r.pick(['\n', '']) };
    if (options.output === 'array') options.separator = '\n';
    const text = sortid.encodeMany(atOffset(r, ids), options);
    const items = options.output === 'array' ? text
      : (Buffer.isBuffer(text) ? text.toString('utf8') : text).split('\n').slice(0, n);
    if (options.separator === '\n' || n <= 1) {
      assert.equal(items.length, n);
      for (const item of items) {
        assert.ok(item.startsWith(prefix), JSON.stringify([prefix, item]));
        assert.match(item.slice(prefix.length), TEXT[format]);
      }
      const input = r.pick([items, items.join('\n'), Buffer.from(items.join('\n') + (r() < 0.5 ? '\n' : ''))]);
      const decoded = sortid.decodeMany(input, { prefix, format });
      assert.equal(decoded.invalid, 0);
      assert.equal(decoded.count, n);
      assert.ok(decoded.ids.equals(ids));
    }
    assert.deepEqual([...sortid.decodeTimes(atOffset(r, ids))], [...sortid.decodeTimes(ids)]);
  });
});

test('a validity bitmap blanks exactly the items whose bit is 0', () => {
  eachSeed((r) => {
    const n = 1 + r.int(40);
    const ids = sortid.ulidBinary(n);
    const valid = Buffer.alloc(((n + 7) >> 3) + r.int(3));
    for (let i = 0; i < valid.length; i++) valid[i] = r.int(256);
    const prefix = unicode(r, 3);
    const all = sortid.encodeMany(ids, { prefix, output: 'array' });
    const some = sortid.encodeMany(ids, { prefix, output: 'array', valid: atOffset(r, valid) });
    const lines = sortid.encodeMany(ids, { prefix, output: 'string', valid }).split('\n');
    for (let i = 0; i < n; i++) {
      const bit = (valid[i >> 3] >> (i & 7)) & 1;
      assert.equal(some[i], bit ? all[i] : null);
      assert.equal(lines[i], bit ? all[i] : '');
    }
  });
});

test('bulk validation agrees with isValid on mutated items of any Unicode', () => {
  const base = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
  eachSeed((r) => {
    const prefix = r() < 0.5 ? '' : unicode(r, 3);
    const items = [];
    for (let i = 0; i < 60; i++) {
      const chars = [...(r() < 0.5 ? sortid.ulid() : base)];
      switch (r.int(6)) {
        case 0: chars[r.int(26)] = codePoint(r); break;
        case 1: chars.length = r.int(26); break;
        case 2: chars.push(unicode(r, 2) || 'x'); break;
        case 3: chars[r.int(26)] = r.pick('ILOUilou!#\n\r '); break;
        case 4: chars[r.int(26)] = chars[r.int(26)].toLowerCase(); break;
        default: break;
      }
      items.push(r() < 0.9 ? prefix + chars.join('') : r.pick([5, null, {}, [], undefined]));
    }
    const decoded = sortid.decodeMany(items, { prefix });
    let invalid = 0;
    items.forEach((item, i) => {
      const expect = typeof item === 'string' && item.startsWith(prefix) && sortid.isValid(item.slice(prefix.length));
      const bit = (decoded.valid[i >> 3] >> (i & 7)) & 1;
      assert.equal(bit, expect ? 1 : 0, JSON.stringify(item));
      if (expect) assert.equal(sortid.encodeMany(decoded.ids.subarray(i * 16, i * 16 + 16), { output: 'array' })[0],
        item.slice(prefix.length).toUpperCase());
      else { invalid++; assert.ok(decoded.ids.subarray(i * 16, i * 16 + 16).equals(Buffer.alloc(16))); }
    });
    assert.equal(decoded.invalid, invalid);
    const strings = items.filter((x) => typeof x === 'string' && !x.includes('\n'));
    const lines = sortid.decodeMany(Buffer.from(strings.join('\n')), { prefix });
    const expected = sortid.decodeMany(strings, { prefix });
    assert.equal(lines.count, strings.length - (strings.length > 0 && strings.at(-1) === "" ? 1 : 0), JSON.stringify(strings));
    assert.ok(lines.ids.equals(expected.ids.subarray(0, lines.count * 16)), JSON.stringify(strings));
  });
});

test('arguments of any type either work or throw an Error, never crash', () => {
  const values = (r) => [undefined, null, true, 0, -1, 1.5, NaN, 2 ** 60, '', unicode(r, 30), 10n,
    Symbol('x'), {}, [], [unicode(r, 26)], new String(sortid.ulid()), new Uint8Array(r.int(40)),
    new Uint16Array(8), new Float64Array(2), new DataView(new ArrayBuffer(16)), new ArrayBuffer(16),
    Buffer.alloc(r.int(3) * 16), () => 1, new Date(r.int(1e12)), { length: 26 }];
  const fns = ['ulid', 'decodeTime', 'encodeTime', 'isValid', 'ulidToUUID', 'uuidToULID',
    'sortKey', 'sortKeyRange', 'ulidBuffer', 'ulidString', 'ulidBinary', 'decodeMany', 'encodeMany',
    'ulidsToUUIDs', 'decodeTimes'];
  eachSeed((r) => {
    const pool = values(r);
    for (const fn of fns) {
      for (let k = 0; k < 6; k++) {
        const args = [r.pick(pool), r() < 0.5 ? r.pick(pool) : { prefix: r.pick(pool), format: r.pick(pool),
          output: r.pick(pool), case: r.pick(pool), valid: r.pick(pool), separator: r.pick(pool) }, r.pick(pool)];
        if (fn.startsWith('ulid') && typeof args[0] === 'number' && args[0] > 1e5) args[0] = 3;
        try { sortid[fn](...args); } catch (e) { assert.ok(e instanceof Error, `${fn}: ${String(e)}`); }
      }
    }
  });
});
