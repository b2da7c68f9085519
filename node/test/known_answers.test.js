// Every row of tests/data/ulid_known_answers.tsv (the project's known answers)
// through the Node.js package; a row of an unknown kind fails.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { sortid, dataDir } = require('./helpers.js');

const rows = fs.readFileSync(path.join(dataDir, 'ulid_known_answers.tsv'), 'utf8')
  .split('\n').slice(1).filter((line) => line.length > 0)
  .map((line) => { const [kind, input, expected] = line.split('\t'); return { kind, input, expected }; });

const hexOf = (uuid) => uuid.replace(/-/g, '').toLowerCase();
const uuidOf = (hex) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
const suffixOf = (id) => id.slice(id.lastIndexOf('_') + 1);
function decodedHex(id) {
  const d = sortid.decodeMany([id]);
  return d.invalid === 0 ? d.ids.toString('hex') : null;
}

// Inputs the table spells in words: expanded into the strings they stand for.
function invalidInputs(input) {
  const spelled = /^(\S+) with byte 0xFF or 0x00 at any index$/.exec(input);
  if (spelled) {
    const out = [];
    for (let i = 0; i < spelled[1].length; i++) {
      for (const b of ['\xff', '\x00']) out.push(spelled[1].slice(0, i) + b + spelled[1].slice(i + 1));
    }
    return out;
  }
  if (input === "\\xFF + '0'*25") return ['\xff' + '0'.repeat(25)];
  return [input];
}

const handlers = {
  decode_hex: ({ input, expected }) => {
    assert.equal(hexOf(sortid.ulidToUUID(input)), expected);
    assert.equal(decodedHex(input), expected);
  },
  encode_hex: ({ input, expected }) => {
    assert.equal(sortid.uuidToULID(uuidOf(input)), expected.toUpperCase()); // canonical upper case
    assert.deepEqual(sortid.encodeMany(Buffer.from(input, 'hex'), { output: 'array', case: 'lower' }),
      [expected.toLowerCase()]);
  },
  decode_ms: ({ input, expected }) => assert.equal(sortid.decodeTime(input), Number(expected)),
  encode_time: ({ input, expected }) => assert.equal(sortid.encodeTime(Number(input)), expected),
  ms_zero_entropy: ({ input, expected }) => {
    assert.equal(sortid.sortKeyRange('', Number(input), Number(input))[0], expected);
    assert.equal(sortid.encodeTime(Number(input)) + '0'.repeat(16), expected);
  },
  decode_datetime_utc: ({ input, expected }) => {
    const [date, time] = expected.split(' ');
    const iso = `${date}T${time}Z`;
    if (input.startsWith('hex:')) {
      const [ms] = sortid.decodeTimes(Buffer.from(input.slice(4), 'hex'));
      assert.equal(new Date(ms).toISOString(), iso);
    } else {
      assert.equal(new Date(sortid.decodeTime(suffixOf(input))).toISOString(), iso);
    }
  },
  ts_to_min_ulid: ({ input, expected }) => {
    assert.equal(sortid.sortKeyRange('', input, input)[0], expected);
  },
  ulid_to_uuid: ({ input, expected }) => assert.equal(sortid.ulidToUUID(input), expected.toUpperCase()),
  uuid_to_ulid: ({ input, expected }) => assert.equal(sortid.uuidToULID(input), expected),
  typeid_to_uuid: ({ input, expected }) => {
    assert.equal(sortid.ulidToUUID(suffixOf(input)), expected.toUpperCase());
  },
  increment: ({ input, expected }) => {
    assert.equal(input.slice(0, 10) + sortid.incrementBase32(input.slice(10)), expected);
  },
  increment_overflow: ({ input }) => {
    // The random part is all ones: the monotonic step fails instead of carrying into the time.
    assert.throws(() => sortid.incrementBase32(input.slice(10)), /B32_ENC_INVALID/);
    const next = sortid.monotonicFactory(() => 0.99999);
    const time = sortid.decodeTime(input);
    assert.equal(next(time), input);
    assert.throws(() => next(time), /B32_ENC_INVALID/);
  },
  monotonic_seq: ({ input, expected }) => {
    const seeds = /^seed=(\d+) .* x(\d+)$/.exec(input);
    const list = seeds ? Array(Number(seeds[2])).fill(Number(seeds[1]))
      : /^seeds=([\d,]+) /.exec(input)[1].split(',').map(Number);
    const next = sortid.monotonicFactory(() => 0.96);
    assert.deepEqual(list.map((s) => next(s)), expected.split(','));
  },
  alias_decode_lenient: ({ input, expected }) => {
    assert.equal(sortid.isValid(input), false); // strict
    assert.equal(decodedHex(sortid.fixULIDBase32(input)), expected.split(' ')[0]);
  },
  fix_base32: ({ input, expected }) => {
    assert.equal(sortid.isValid(input), false);
    assert.equal(sortid.fixULIDBase32(input), expected.split(' ')[0]);
  },
  invalid: ({ input, expected }) => {
    if (input.startsWith('prefix_')) {
      if (expected.startsWith('reject (TypeID only)')) { // plain ULID decoding accepts it
        assert.equal(sortid.decodeMany([input], { prefix: 'prefix_' }).invalid, 0);
      } else {
        assert.equal(sortid.decodeMany([input], { prefix: 'prefix_' }).invalid, 1);
      }
      return;
    }
    for (const id of invalidInputs(input)) {
      assert.equal(sortid.isValid(id), false, JSON.stringify(id));
      assert.throws(() => sortid.decodeTime(id), /DEC_TIME/);
      assert.throws(() => sortid.ulidToUUID(id), /ULID_INVALID/);
      assert.equal(decodedHex(id), null);
      if (id.length > 0) { // an empty Buffer holds no lines at all
        assert.equal(sortid.decodeMany(Buffer.from(id + '\n', 'latin1')).invalid, 1);
      }
    }
  },
  ksuid_contrast: ({ input }) => assert.equal(sortid.isValid(input), false),
};

test('every known-answer row', () => {
  const seen = new Set();
  for (const row of rows) {
    const handler = handlers[row.kind];
    assert.ok(handler, `unknown kind ${row.kind}`);
    try { handler(row); } catch (e) { e.message = `${row.kind} ${row.input}: ${e.message}`; throw e; }
    seen.add(row.kind);
  }
  assert.equal(seen.size, 17); // every kind the known-answer file holds
  assert.ok(rows.length >= 64);
});
