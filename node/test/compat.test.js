// The npm ulid 3.x surface against npm ulid 3.0.2 itself, on random and edge
// inputs: same values, error codes and messages, except the deliberate
// differences listed in DIFFERENCES (each one tested below and in docs/node.md).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { sortid, npm, rng, outcome } = require('./helpers.js');

const DIFFERENCES = [
  'isValid: a first character above 7 (value past 128 bits) is invalid; npm accepts it',
  'isValid / decodeTime: non-ASCII characters are invalid; npm upper-cases them first (ſ -> S)',
  'decodeTime: the 16 random characters are validated too; npm reads only the first 10',
  'error messages escape characters that do not print as themselves (control characters)',
  'monotonicFactory: a rejected seedTime leaves the factory as it was; npm has already stored it',
  'decodeTime(undefined / null): ULIDError DEC_TIME_MALFORMED; npm throws a TypeError',
  'monotonicFactory: a negative first seedTime throws ENC_TIME_NEG; npm throws a TypeError',
];

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const MIXED = CROCKFORD + CROCKFORD.toLowerCase() + 'ILOUilou-_ !#~\u00e9\u017f\u0131\n\t\x00';
const HEX = '0123456789abcdefABCDEF';

function randomUlid(r) { return r.pick('01234567') + r.string(CROCKFORD, 25); }
function randomCase(r, s) { return [...s].map((c) => (r() < 0.5 ? c.toLowerCase() : c)).join(''); }
function same(fn, input) {
  assert.deepEqual(outcome(() => sortid[fn](input)), outcome(() => npm[fn](input)),
    `${fn}(${JSON.stringify(input)})`);
}

test('constants and error codes are npm ulid\'s', () => {
  for (const name of ['MAX_ULID', 'MIN_ULID', 'TIME_MAX', 'TIME_LEN']) assert.equal(sortid[name], npm[name], name);
  assert.deepEqual({ ...sortid.ULIDErrorCode }, { ...npm.ULIDErrorCode });
  const ours = new sortid.ULIDError('ULID_INVALID', 'x');
  const theirs = new npm.ULIDError('ULID_INVALID', 'x');
  assert.ok(ours instanceof Error);
  assert.deepEqual([ours.name, ours.code, ours.message], [theirs.name, theirs.code, theirs.message]);
  assert.equal(DIFFERENCES.length, 7);
});

test('ulid(seedTime): the time part is npm\'s, the random part valid and fresh', () => {
  const r = rng(1);
  const seen = new Set();
  for (let i = 0; i < 2000; i++) {
    const seed = i < 5 ? [1, npm.TIME_MAX, 2 ** 40, 1469918176385, 2][i] : r.int(npm.TIME_MAX) + 1;
    const id = sortid.ulid(seed);
    assert.equal(id.slice(0, 10), npm.encodeTime(seed));
    assert.ok(npm.isValid(id) && sortid.isValid(id), id);
    assert.equal(sortid.decodeTime(id), seed);
    assert.ok(!seen.has(id));
    seen.add(id);
  }
  const now = Date.now();
  for (const seed of [undefined, 0, null, NaN, 'abc', false]) { // npm: falsy / NaN = now
    const t = sortid.decodeTime(sortid.ulid(seed));
    assert.ok(t >= now && t <= Date.now(), String(seed));
  }
});

test('ulid(seedTime): bad seeds throw npm\'s errors', () => {
  for (const seed of [npm.TIME_MAX + 1, -1, 1.5, '123', Infinity, -Infinity, 2 ** 53]) {
    const ours = outcome(() => sortid.ulid(seed));
    assert.ok(ours.error, String(seed));
    assert.deepEqual(ours, outcome(() => npm.ulid(seed)), String(seed));
  }
});

test('ulid(seedTime, prng): a caller\'s PRNG gives npm\'s exact output', () => {
  for (const seed of [1, 1469918176385, npm.TIME_MAX]) {
    assert.equal(sortid.ulid(seed, rng(7)), npm.ulid(seed, rng(7)));
  }
  const a = sortid.monotonicFactory(rng(9));
  const b = npm.monotonicFactory(rng(9));
  for (const seed of [1000, 1000, 999, 1001, 1001, 5, 2000]) assert.equal(a(seed), b(seed));
  const top = () => 0.99999; // random part ZZZ...Z: the next same-ms ID overflows
  const c = sortid.monotonicFactory(top);
  const d = npm.monotonicFactory(top);
  assert.equal(c(1000), d(1000));
  assert.deepEqual(outcome(() => c(1000)), outcome(() => d(1000)));
});

test('monotonicFactory(): increasing, npm\'s increment within a millisecond, clock steps back', () => {
  const next = sortid.monotonicFactory();
  let prev = next(1000);
  assert.equal(prev.slice(0, 10), npm.encodeTime(1000));
  for (const seed of [1000, 1000, 999, 5, 1000]) { // same or earlier: last time + 1
    const id = next(seed);
    assert.equal(id.slice(0, 10), npm.encodeTime(1000));
    assert.equal(id.slice(10), npm.incrementBase32(prev.slice(10)));
    prev = id;
  }
  const later = next(1001);
  assert.equal(later.slice(0, 10), npm.encodeTime(1001));
  assert.ok(later > prev);
  const live = sortid.monotonicFactory();
  let last = '';
  for (let i = 0; i < 20000; i++) {
    const id = live();
    assert.ok(id > last, `${id} after ${last}`);
    last = id;
  }
});

test('difference: a rejected seed does not poison a monotonic factory', () => {
  const ours = sortid.monotonicFactory();
  const theirs = npm.monotonicFactory();
  assert.deepEqual(outcome(() => ours(npm.TIME_MAX + 1)), outcome(() => theirs(npm.TIME_MAX + 1)));
  assert.ok(sortid.isValid(ours())); // npm: every later call throws (its lastTime is past TIME_MAX)
  assert.equal(outcome(() => theirs()).error.code, 'ENC_TIME_SIZE_EXCEED');
  assert.equal(outcome(() => npm.monotonicFactory()(-5)).error.name, 'TypeError');
  assert.equal(outcome(() => sortid.monotonicFactory()(-5)).error.code, 'ENC_TIME_NEG');
});

test('decodeTime: npm\'s times and errors', () => {
  const r = rng(2);
  for (let i = 0; i < 5000; i++) same('decodeTime', randomCase(r, randomUlid(r)));
  for (const id of [npm.MAX_ULID, npm.MIN_ULID, '01ARYZ6S41TSV4RRFFQ69G5FAV', '', 'x', 42, npm.MAX_ULID + '0', npm.MAX_ULID.slice(1), '8ZZZZZZZZZZZZZZZZZZZZZZZZZ',
    'ZZZZZZZZZZZZZZZZZZZZZZZZZZ', '7ZZZZZZZZZ0000000000000000']) {
    same('decodeTime', id);
  }
  for (let pos = 0; pos < 10; pos++) { // bad characters in the time part
    for (const bad of ['U', 'i', 'L', 'o', '!', '#', ' ', '~']) {
      const id = '01ARYZ6S41TSV4RRFFQ69G5FAV';
      same('decodeTime', id.slice(0, pos) + bad + id.slice(pos + 1));
    }
  }
  for (let i = 0; i < 3000; i++) { // random text: same wherever npm rejects it
    const id = r.string(MIXED, r() < 0.8 ? 26 : r.int(30));
    const theirs = outcome(() => npm.decodeTime(id));
    const ours = outcome(() => sortid.decodeTime(id));
    if (theirs.error && /^[\x20-\x7e]*$/.test(id.slice(0, 10))) assert.deepEqual(ours, theirs, JSON.stringify(id));
    if (ours.value !== undefined) assert.deepEqual(ours, theirs, JSON.stringify(id));
  }
});

test('difference: decodeTime validates the random part; non-ASCII is invalid', () => {
  const lax = '01ARYZ6S41TSV4RRFFQ69G5F!V';
  assert.equal(npm.decodeTime(lax), 1469918176385);
  const e = outcome(() => sortid.decodeTime(lax)).error;
  assert.equal(e.code, 'DEC_TIME_CHAR');
  assert.match(e.message, /random part at position 25: ! \(DEC_TIME_CHAR\)$/); // 1-based, as the engines
  assert.throws(() => sortid.decodeTime(lax), (raw) => raw.position === 24); // the 0-based index
  const longS = '01ARYZ6S4\u017fTSV4RRFFQ69G5FAV'; // ſ upper-cases to S in npm
  assert.equal(npm.decodeTime(longS), npm.decodeTime('01ARYZ6S4STSV4RRFFQ69G5FAV'));
  assert.equal(outcome(() => sortid.decodeTime(longS)).error.code, 'DEC_TIME_CHAR');
  for (const v of [undefined, null]) {
    assert.equal(outcome(() => npm.decodeTime(v)).error.name, 'TypeError');
    assert.equal(outcome(() => sortid.decodeTime(v)).error.message, 'Malformed ULID (DEC_TIME_MALFORMED)');
  }
  const control = '01ARYZ6S4\nTSV4RRFFQ69G5FAV';
  assert.equal(outcome(() => sortid.decodeTime(control)).error.message,
    'Time decode error: Invalid character: \\n (DEC_TIME_CHAR)');
});

test('encodeTime: npm\'s text and errors', () => {
  const r = rng(3);
  for (let i = 0; i < 5000; i++) same('encodeTime', r.int(npm.TIME_MAX + 1));
  for (const t of [0, -0, 1, npm.TIME_MAX, npm.TIME_MAX + 1, -1, 1.5, NaN, '5', null, undefined,
    Infinity, {}, [], 2 ** 53]) {
    same('encodeTime', t);
  }
  for (const len of [0, 1, 5, 9, 11, 16]) {
    assert.deepEqual(outcome(() => sortid.encodeTime(1469918176385, len)),
      outcome(() => npm.encodeTime(1469918176385, len)), `len ${len}`);
  }
});

test('isValid: npm\'s answers except the deliberate differences', () => {
  const r = rng(4);
  for (let i = 0; i < 5000; i++) {
    const id = randomCase(r, randomUlid(r));
    assert.equal(sortid.isValid(id), true, id);
    assert.equal(npm.isValid(id), true, id);
  }
  for (const v of [undefined, null, 42, {}, [], '', npm.MIN_ULID, npm.MAX_ULID, npm.MAX_ULID + 'x',
    'ILOU0000000000000000000000', '0000000000000000000000000U']) {
    same('isValid', v);
  }
  let differed = 0;
  for (let i = 0; i < 20000; i++) {
    const id = r.string(MIXED, r() < 0.9 ? 26 : r.int(30));
    const theirs = npm.isValid(id);
    if (sortid.isValid(id) === theirs) continue;
    // The only differences: first character above 7, or a non-ASCII character npm upper-cases.
    assert.ok(theirs && (!'01234567'.includes(id[0]) || /[^\x00-\x7f]/.test(id)), JSON.stringify(id));
    differed++;
  }
  assert.ok(differed > 0);
});

test('difference: isValid rejects values past 128 bits (first character above 7)', () => {
  for (const c of '89ABCDEFGHJKMNPQRSTVWXYZz') {
    const id = c + '0000000000000000000000000';
    assert.equal(npm.isValid(id), true, id);
    assert.equal(sortid.isValid(id), false, id);
  }
  assert.equal(npm.isValid('\u017f'.repeat(26)), true);
  assert.equal(sortid.isValid('\u017f'.repeat(26)), false);
});

test('ulidToUUID / uuidToULID: npm\'s text and errors', () => {
  const r = rng(5);
  for (let i = 0; i < 5000; i++) {
    same('ulidToUUID', randomCase(r, randomUlid(r)));
    const hex = r.string(HEX, 32);
    same('uuidToULID', `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
  }
  for (const v of [npm.MAX_ULID, npm.MIN_ULID, '8ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ILOU0000000000000000000000',
    '', 42, undefined, null, npm.MAX_ULID + '0']) {
    same('ulidToUUID', v);
  }
  for (const v of ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '0000000000000000000000000000000000', '00000000000000000000000000000000', '{00000000-0000-0000-0000-000000000000}',
    '0000000-00000-0000-0000-000000000000', '00000000-0000-0000-0000-00000000000g', '', 42, null, undefined]) {
    same('uuidToULID', v);
  }
  for (let i = 0; i < 3000; i++) {
    same('ulidToUUID', r.string(MIXED, 26));
    same('uuidToULID', r.string(HEX + '-gG ', 36));
  }
});

test('fixULIDBase32 / incrementBase32: npm\'s text and errors', () => {
  const r = rng(6);
  for (let i = 0; i < 3000; i++) {
    same('fixULIDBase32', r.string(MIXED, r.int(30)));
    same('incrementBase32', r.string(CROCKFORD, 1 + r.int(20)));
    same('incrementBase32', r.string(CROCKFORD + 'U!a', 1 + r.int(5)));
  }
  for (const s of ['Z', 'ZZZZ', '0', 'A', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ', '', 'a', 'ZZZZZZZZZZZZZZZZ']) same('incrementBase32', s);
});
