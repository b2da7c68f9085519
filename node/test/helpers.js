// Shared by the node --test files: the package under test (build/<preset>/node,
// or SORTID_NODE_PACKAGE), npm ulid 3.0.2 (build/npm/ulid from
// scripts/setup.sh --node, or SORTID_NPM_ULID) and a seeded random source.
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const root = path.resolve(__dirname, '..', '..');
const packageDir = process.env.SORTID_NODE_PACKAGE || path.join(root, 'build', 'release', 'node');
const npmUlidDir = process.env.SORTID_NPM_ULID || path.join(root, 'build', 'npm', 'ulid');
const dataDir = process.env.SORTID_TEST_DATA_DIR || path.join(root, 'tests', 'data');

if (!fs.existsSync(path.join(npmUlidDir, 'package.json'))) {
  throw new Error(`npm ulid 3.0.2 not found in ${npmUlidDir}: run scripts/setup.sh --node`);
}
const sortid = require(packageDir);
const npm = require(npmUlidDir);
if (require(path.join(npmUlidDir, 'package.json')).version !== '3.0.2') {
  throw new Error('the comparison needs npm ulid 3.0.2');
}

// xorshift32: reproducible inputs (the seed is printed on failure by the caller).
function rng(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (s) => s[next.int(s.length)];
  next.string = (alphabet, n) => { let s = ''; for (let i = 0; i < n; i++) s += next.pick(alphabet); return s; };
  return next;
}

// What a call does: its value, or the error's name, code and message.
function outcome(fn) {
  try {
    return { value: fn() };
  } catch (e) {
    return { error: { name: e.name, code: e.code, message: e.message } };
  }
}

module.exports = { sortid, npm, rng, outcome, packageDir, dataDir, root };
