// decodeTime and isValid decode one ULID in JavaScript (node/lib/index.js,
// ulidTime); the addon's native per-item codec is the oracle here (through
// ulidToUUID: null for an invalid ULID, else the ID whose first 12 hex digits
// are the time): every character code at every position, every length,
// random case, non-strings.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { sortid, rng, packageDir } = require('./helpers');

const native = require(path.join(packageDir, 'sortid.node'));

// The native codec's time of `id`, or -1 when it rejects it.
function nativeTime(id) {
  const uuid = native.ulidToUUID(id);
  return uuid === null ? -1 : parseInt(uuid.slice(0, 8) + uuid.slice(9, 13), 16);
}

// The JavaScript result next to the native one for `id`: the time (or -1) and
// the validity.
function check(id) {
  const expected = nativeTime(id);
  let time;
  try {
    time = sortid.decodeTime(id);
  } catch (e) {
    assert.equal(e.name, 'ULIDError', JSON.stringify(id));
    time = -1;
  }
  assert.equal(time, expected, `decodeTime(${JSON.stringify(id)})`);
  assert.equal(sortid.isValid(id), expected >= 0, `isValid(${JSON.stringify(id)})`);
}

const BASES = ['01ARYZ6S41TSV4RRFFQ69G5FAV', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ', '00000000000000000000000000',
  '01arYZ6s41tsv4RRffq69g5fav'];
// Codes past ASCII that a one-byte-table lookup could alias: Latin-1, the long
// s that upper-cases to S, a lone surrogate, the last code unit.
const WIDE = [0x80, 0xb5, 0xff, 0x100, 0x130, 0x131, 0x17f, 0x212a, 0xd800, 0xdfff, 0xff10, 0xffff];

test('per-item decodeTime / isValid: every code at every position agrees with the native codec', () => {
  for (const base of BASES) {
    check(base);
    for (let pos = 0; pos < base.length; pos++) {
      for (let code = 0; code < 256; code++) {
        check(base.slice(0, pos) + String.fromCharCode(code) + base.slice(pos + 1));
      }
      for (const code of WIDE) check(base.slice(0, pos) + String.fromCharCode(code) + base.slice(pos + 1));
    }
  }
});

test('per-item decodeTime / isValid: lengths, random IDs and non-strings agree with the native codec', () => {
  const r = rng(22);
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz';
  for (let length = 0; length <= 40; length++) check(BASES[0].repeat(2).slice(0, length));
  for (let i = 0; i < 20000; i++) {
    const id = r.pick('01234567') + r.string(alphabet, 25);
    check(id);
    assert.ok(sortid.isValid(id), id);
  }
  for (let i = 0; i < 2000; i++) check(r.pick('89ABCDEFGHJKMNPQRSTVWXYZ') + r.string(alphabet, 25));
  for (const value of [undefined, null, 42, 1.5, {}, [], ['01ARYZ6S41TSV4RRFFQ69G5FAV'], true]) {
    assert.equal(sortid.isValid(value), false);
    assert.equal(nativeTime(value), -1);
    assert.throws(() => sortid.decodeTime(value), { name: 'ULIDError' });
  }
  assert.equal(sortid.decodeTime('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'), 2 ** 48 - 1);
  assert.equal(sortid.decodeTime('01ARYZ6S41TSV4RRFFQ69G5FAV'), 1469918176385);
});
