// sortid for Node.js: the npm `ulid` 3.x API (same names, codes and messages)
// on sortid's native codec, plus bulk calls over Buffers and arrays.
// Deliberate differences from npm ulid 3.0.2 are listed in docs/node.md
// ("Differences from npm ulid") and checked by node/test/compat.test.js.
'use strict';

const native = require('./sortid.node');

const ENCODING = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford's Base32
const ENCODING_LEN = 32;
const TIME_LEN = 10;
const RANDOM_LEN = 16;
const MAX_ULID = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ';
const MIN_ULID = '00000000000000000000000000';
const TIME_MAX = 281474976710655; // 2^48 - 1

const ULIDErrorCode = Object.freeze({
  Base32IncorrectEncoding: 'B32_ENC_INVALID',
  DecodeTimeInvalidCharacter: 'DEC_TIME_CHAR',
  DecodeTimeValueMalformed: 'DEC_TIME_MALFORMED',
  EncodeTimeNegative: 'ENC_TIME_NEG',
  EncodeTimeSizeExceeded: 'ENC_TIME_SIZE_EXCEED',
  EncodeTimeValueMalformed: 'ENC_TIME_MALFORMED',
  PRNGDetectFailure: 'PRNG_DETECT',
  ULIDInvalid: 'ULID_INVALID',
  Unexpected: 'UNEXPECTED',
  UUIDInvalid: 'UUID_INVALID',
});

class ULIDError extends Error {
  constructor(errorCode, message) {
    super(`${message} (${errorCode})`);
    this.name = 'ULIDError';
    this.code = errorCode;
  }
}

// A character for an error message, escaped when it would not print as itself.
function shown(char) {
  return /^[\x20-\x7e]$/.test(char) ? char : JSON.stringify(char).slice(1, -1);
}

// ---- Time ----

// npm ulid's checks on a time (encodeTime): throws the same ULIDError.
function checkTime(now) {
  if (isNaN(now)) {
    throw new ULIDError(ULIDErrorCode.EncodeTimeValueMalformed, `Time must be a number: ${now}`);
  } else if (now > TIME_MAX) {
    throw new ULIDError(ULIDErrorCode.EncodeTimeSizeExceeded,
      `Cannot encode a time larger than ${TIME_MAX}: ${now}`);
  } else if (now < 0) {
    throw new ULIDError(ULIDErrorCode.EncodeTimeNegative, `Time must be positive: ${now}`);
  } else if (Number.isInteger(now) === false) {
    throw new ULIDError(ULIDErrorCode.EncodeTimeValueMalformed, `Time must be an integer: ${now}`);
  }
}

function encodeTime(now, len = TIME_LEN) {
  checkTime(now);
  if (len === TIME_LEN) return native.encodeTime(now);
  let mod;
  let str = '';
  for (let currentLen = len; currentLen > 0; currentLen--) {
    mod = now % ENCODING_LEN;
    str = ENCODING.charAt(mod) + str;
    now = (now - mod) / ENCODING_LEN;
  }
  return str;
}

// Crockford value of each character code below 128 in either case, -1 for
// every other code (the native codec's strict ULID alphabet).
const CROCKFORD_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < ENCODING_LEN; i++) {
  CROCKFORD_VALUE[ENCODING.charCodeAt(i)] = i;
  CROCKFORD_VALUE[ENCODING.toLowerCase().charCodeAt(i)] = i;
}

// The Crockford value of character code `code`, or -1 when it is outside the
// alphabet (branchless: codes past 127 give -1).
function crockfordValue(code) {
  return CROCKFORD_VALUE[code & 127] | ((127 - code) >> 31);
}

// The npm error for a string decodeTime rejected (cold path), plus sortid's
// stricter checks of the random part. A message names the 1-based position,
// as every sortid interface does (docs/formats.md); error.position is the
// 0-based string index, for code that indexes the input.
function decodeTimeError(id) {
  if (typeof id !== 'string' || id.length !== TIME_LEN + RANDOM_LEN) {
    return new ULIDError(ULIDErrorCode.DecodeTimeValueMalformed, 'Malformed ULID');
  }
  let time = 0;
  for (let index = TIME_LEN - 1; index >= 0; index--) { // npm scans right to left
    const value = crockfordValue(id.charCodeAt(index));
    if (value === -1) {
      const char = id.charCodeAt(index) < 0x80 ? id[index].toUpperCase() : id[index];
      const error = new ULIDError(ULIDErrorCode.DecodeTimeInvalidCharacter,
        `Time decode error: Invalid character: ${shown(char)}`);
      error.position = index;
      return error;
    }
    time += value * Math.pow(ENCODING_LEN, TIME_LEN - 1 - index);
  }
  if (time > TIME_MAX) {
    const error = new ULIDError(ULIDErrorCode.DecodeTimeValueMalformed,
      `Malformed ULID: timestamp too large: ${time}`);
    error.position = 0;
    return error;
  }
  for (let index = TIME_LEN; index < id.length; index++) {
    if (crockfordValue(id.charCodeAt(index)) === -1) {
      const error = new ULIDError(ULIDErrorCode.DecodeTimeInvalidCharacter,
        `ULID decode error: Invalid character in the random part at position ${index + 1}: ` +
        shown(id[index]));
      error.position = index;
      return error;
    }
  }
  return new ULIDError(ULIDErrorCode.Unexpected, `Unexpected decode failure: ${id}`);
}

// The Unix ms of a valid ULID string, or -1 when `id` is not one: 26
// characters of the alphabet in either case, the first 0-7 (the same rules as
// the native codec, which node/test/single.test.js checks code by code). One
// ID is decoded here rather than in the addon: an N-API call and copying the
// string out of V8 cost ~40 ns, the decode itself ~5 ns, and V8 compiles this
// to table lookups on the string's own characters. The time is two 25-bit
// halves in int32 arithmetic.
function ulidTime(id) {
  if (typeof id !== 'string' || id.length !== TIME_LEN + RANDOM_LEN) return -1;
  let high = 0;
  let low = 0;
  let invalid = 0;
  for (let i = 0; i < 5; i++) {
    const value = crockfordValue(id.charCodeAt(i));
    invalid |= value;
    high = (high << 5) | value;
  }
  for (let i = 5; i < TIME_LEN; i++) {
    const value = crockfordValue(id.charCodeAt(i));
    invalid |= value;
    low = (low << 5) | value;
  }
  for (let i = TIME_LEN; i < TIME_LEN + RANDOM_LEN; i++) invalid |= crockfordValue(id.charCodeAt(i));
  // high holds the top 25 of the 50 bits: a first character above 7 puts the
  // time past 2^48 - 1.
  return invalid < 0 || high > 0x7fffff ? -1 : high * 0x2000000 + low;
}

// A String object (new String(id)) is read as its string, as npm ulid reads
// it (cold path: only after the string fast path failed).
function isStringObject(value) {
  return typeof value === 'object' && value !== null &&
    Object.prototype.toString.call(value) === '[object String]';
}

// npm ulid calls string methods on what it was given; for another object
// (an array, say) that gets past its first check it throws this TypeError.
function notAString(name, method) {
  return new TypeError(`${name}.${method} is not a function`);
}

function decodeTime(id) {
  const time = ulidTime(id);
  if (time >= 0) return time;
  if (isStringObject(id)) return decodeTime(id.valueOf());
  if (typeof id === 'object' && id !== null && id.length === TIME_LEN + RANDOM_LEN) {
    throw notAString('id', 'substr');
  }
  throw decodeTimeError(id);
}

// ---- Generation ----

// npm ulid's seed rule: a falsy or NaN seedTime means now.
function seedOf(seedTime) {
  return !seedTime || isNaN(seedTime) ? Date.now() : seedTime;
}

function randomChar(prng) {
  const randomPosition = Math.floor(prng() * ENCODING_LEN) % ENCODING_LEN;
  return ENCODING.charAt(randomPosition);
}

function encodeRandom(len, prng) {
  let str = '';
  for (; len > 0; len--) str = randomChar(prng) + str;
  return str;
}

function ulid(seedTime, prng) {
  if (prng) { // a caller's PRNG: npm ulid's JavaScript path, character by character
    const seed = seedOf(seedTime);
    return encodeTime(seed, TIME_LEN) + encodeRandom(RANDOM_LEN, prng);
  }
  const seed = seedOf(seedTime); // Date.now(), as npm: fake timers apply
  checkTime(seed);
  return native.ulidAt(seed);
}

const overflowError = () =>
  new ULIDError(ULIDErrorCode.Base32IncorrectEncoding, 'Incorrectly encoded string');

function monotonicFactory(prng) {
  if (prng) return jsMonotonicFactory(prng);
  const state = new Uint8Array(16); // the last ULID, binary
  let lastTime = 0;
  return function _ulid(seedTime) {
    const seed = seedOf(seedTime);
    if (seed <= lastTime && lastTime > 0) { // npm: a TypeError before the first ID
      const next = native.monotonicIncrement(state);
      if (next === null) throw overflowError();
      return next;
    }
    checkTime(seed); // before any state changes (npm ulid updates its state first)
    lastTime = seed;
    return native.monotonicFresh(state, seed);
  };
}

function jsMonotonicFactory(prng) {
  let lastTime = 0;
  let lastRandom;
  return function _ulid(seedTime) {
    const seed = seedOf(seedTime);
    if (seed <= lastTime) {
      lastRandom = incrementBase32(lastRandom);
      return encodeTime(lastTime, TIME_LEN) + lastRandom;
    }
    checkTime(seed);
    lastTime = seed;
    lastRandom = encodeRandom(RANDOM_LEN, prng);
    return encodeTime(seed, TIME_LEN) + lastRandom;
  };
}

// ---- npm ulid's PRNG helpers (3.x builds and 2.x, ulidx) ----

// npm ulid's PRNG from the platform's CSPRNG: one random byte per call, as
// npm's (only for the JavaScript path that a caller's PRNG selects).
function detectPRNG(root) {
  const source = (root && (root.crypto || root.msCrypto)) || globalThis.crypto ||
    require('node:crypto').webcrypto;
  if (!source || typeof source.getRandomValues !== 'function') {
    throw new ULIDError(ULIDErrorCode.PRNGDetectFailure, 'Failed to find a reliable PRNG');
  }
  const buffer = new Uint8Array(1);
  return () => {
    source.getRandomValues(buffer);
    return buffer[0] / 256;
  };
}

// npm ulid 2.x: detectPrng(allowInsecure, root) and factory(prng).
function detectPrng(allowInsecure, root) {
  return detectPRNG(root);
}

function factory(prng) {
  return (seedTime) => ulid(seedTime, prng || detectPRNG());
}

// ---- Validation and conversion ----

function isValid(id) {
  return ulidTime(id) >= 0;
}

// npm ulid's checks: a regular expression on the argument as text.
const ULID_REGEX = /^[0-7][0-9a-hjkmnp-tv-zA-HJKMNP-TV-Z]{25}$/;
const UUID_REGEX = /^[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/;

// One of npm ulid's ID conversions, with its errors: a String object is read
// as its string; another object that looks like an ID fails in the string
// method npm calls on it (a TypeError); anything else is a ULIDError.
function convertId(convert, value, pattern, argument, method, code, kind) {
  const out = convert(value);
  if (out !== null) return out;
  if (isStringObject(value)) {
    return convertId(convert, value.valueOf(), pattern, argument, method, code, kind);
  }
  if (typeof value === 'object' && value !== null && pattern.test(value)) {
    throw notAString(argument, method);
  }
  throw new ULIDError(code, `Invalid ${kind}: ${value}`);
}

function ulidToUUID(id) {
  return convertId(native.ulidToUUID, id, ULID_REGEX, 'input', 'toUpperCase',
    ULIDErrorCode.ULIDInvalid, 'ULID');
}

function uuidToULID(uuid) {
  return convertId(native.uuidToULID, uuid, UUID_REGEX, 'uuid', 'replace',
    ULIDErrorCode.UUIDInvalid, 'UUID');
}

// ---- npm ulid's string helpers (same code paths as npm ulid 3.0.2) ----

function fixULIDBase32(id) {
  return id.replace(/i/gi, '1').replace(/l/gi, '1').replace(/o/gi, '0').replace(/-/g, '');
}

function replaceCharAt(str, index, char) {
  if (index > str.length - 1) return str;
  return str.substr(0, index) + char + str.substr(index + 1);
}

function incrementBase32(str) {
  let done;
  let index = str.length;
  let output = str;
  const maxCharIndex = ENCODING_LEN - 1;
  while (!done && index-- >= 0) {
    const charIndex = ENCODING.indexOf(output[index]);
    if (charIndex === -1) throw overflowError();
    if (charIndex === maxCharIndex) {
      output = replaceCharAt(output, index, ENCODING[0]);
      continue;
    }
    done = replaceCharAt(output, index, ENCODING[charIndex + 1]);
  }
  if (typeof done === 'string') return done;
  throw new ULIDError(ULIDErrorCode.Base32IncorrectEncoding, 'Failed incrementing string');
}

// ---- DynamoDB sort keys ----

// A time for sortKeyRange: ms (integer), a Date, or text the CLI accepts
// (ISO 8601, UTC unless an offset is given, or an integer count of ms).
// As an upper bound (end true), text that names a whole day or second means
// its last millisecond, as `sortid bounds --to` reads it.
function timeOf(value, name, end = false) {
  let ms = value;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'string') ms = native.parseTime(value, end);
  if (typeof ms !== 'number' || !Number.isInteger(ms)) {
    throw new ULIDError(ULIDErrorCode.EncodeTimeValueMalformed, `${name}: cannot read time '${value}'`);
  }
  if (ms < 0) throw new ULIDError(ULIDErrorCode.EncodeTimeNegative, `${name}: time before 1970: ${ms}`);
  if (ms > TIME_MAX) {
    throw new ULIDError(ULIDErrorCode.EncodeTimeSizeExceeded, `${name}: time past ${TIME_MAX}: ${ms}`);
  }
  return ms;
}

function checkPrefix(prefix) {
  if (typeof prefix !== 'string') throw new TypeError('prefix must be a string');
}

function sortKey(prefix, seedTime) {
  checkPrefix(prefix);
  return prefix + ulid(seedTime);
}

function sortKeyRange(prefix, from, to) {
  checkPrefix(prefix);
  const fromMs = timeOf(from, 'from');
  const toMs = timeOf(to, 'to', true);
  if (fromMs > toMs) throw new RangeError(`from (${fromMs}) is after to (${toMs})`);
  return native.sortKeyBounds(prefix, fromMs, toMs);
}

// ---- Bulk ----

const FORMATS = Object.freeze({ ulid: 0, uuid: 2, hex: 3 });
const CASES = Object.freeze({ canonical: 0, lower: 1, upper: 2 });

function formatOf(options) {
  const name = options.format === undefined ? 'ulid' : options.format;
  const format = FORMATS[name];
  if (format === undefined) throw new TypeError(`format must be 'ulid', 'uuid' or 'hex': ${name}`);
  return format;
}

function separatorOf(options) {
  const separator = options.separator === undefined ? '\n' : options.separator;
  if (separator !== '\n' && separator !== '') throw new TypeError("separator must be '\\n' or ''");
  return separator === '\n';
}

function prefixOf(options) {
  const prefix = options.prefix === undefined ? '' : options.prefix;
  checkPrefix(prefix);
  return prefix;
}

// The bulk calls' clock is Date.now() too (checked: fake timers may set any value).
function now() {
  const ms = Date.now();
  checkTime(ms);
  return ms;
}

function ulidBuffer(count, options = {}) {
  return native.generate(count, !!options.monotonic, false, prefixOf(options), separatorOf(options),
    false, now());
}

function ulidString(count, options = {}) {
  return native.generate(count, !!options.monotonic, false, prefixOf(options), separatorOf(options),
    true, now());
}

function ulidBinary(count, options = {}) {
  return native.generate(count, !!options.monotonic, true, '', false, false, now());
}

function decodeMany(input, options = {}) {
  return native.decode(input, formatOf(options), prefixOf(options));
}

function encodeMany(ids, options = {}) {
  const output = options.output === undefined ? 'buffer' : options.output;
  const outputs = { buffer: 0, string: 1, array: 2 };
  if (!(output in outputs)) throw new TypeError("output must be 'buffer', 'string' or 'array'");
  const letterCase = CASES[options.case === undefined ? 'canonical' : options.case];
  if (letterCase === undefined) throw new TypeError("case must be 'canonical', 'lower' or 'upper'");
  return native.encode(ids, formatOf(options), prefixOf(options), separatorOf(options), letterCase,
    outputs[output], options.valid);
}

function ulidsToUUIDs(input, options = {}) {
  const decoded = native.decode(input, FORMATS.ulid, prefixOf(options));
  const text = encodeMany(decoded.ids, {
    format: 'uuid', case: options.case, separator: options.separator, output: options.output,
    valid: decoded.invalid > 0 ? decoded.valid : undefined,
  });
  return { text, valid: decoded.valid, invalid: decoded.invalid, count: decoded.count };
}

function decodeTimes(ids, options = {}) {
  return native.timestamps(ids, !!options.bigint);
}

const version = native.version;
const activeTarget = native.activeTarget;

// Shorthand names only: Node's ESM loader (cjs-module-lexer) reads the names
// of a CommonJS module from this literal and stops at the first `name: value`.
module.exports = {
  // npm ulid 3.x
  MAX_ULID, MIN_ULID, TIME_LEN, TIME_MAX, ULIDError, ULIDErrorCode,
  decodeTime, encodeTime, fixULIDBase32, incrementBase32, isValid, monotonicFactory, ulid,
  ulidToUUID, uuidToULID,
  // npm ulid's other helpers (3.x build, 2.x, ulidx)
  detectPRNG, detectPrng, factory, encodeRandom, randomChar, ULID_REGEX, UUID_REGEX,
  // sort keys
  sortKey, sortKeyRange,
  // bulk
  ulidBuffer, ulidString, ulidBinary, decodeMany, encodeMany, ulidsToUUIDs, decodeTimes,
  // library
  version, activeTarget,
};
