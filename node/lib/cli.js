#!/usr/bin/env node
// The `ulid` command of the package, as npm ulid's: `ulid [--count N]`
// prints N (default 1) monotonic ULIDs, one per line. Like npm's, options
// it does not know are ignored, and a count that does not start with a
// digit means 1.
'use strict';
const { ulidString } = require('./index.js');

function parseArgs(args) {
  const output = {};
  while (args.length > 0) {
    const arg = args.shift();
    if (!/^--/.test(arg)) continue;
    if (/=/.test(arg)) {
      const [key, value] = arg.split('=');
      output[key.substring(2)] = value;
      continue;
    }
    const value = args.shift();
    if (/^-/.test(value)) args.unshift(value);
    else output[arg.substring(2)] = value || true;
  }
  return output;
}

const argv = parseArgs(process.argv.slice(2));
let count = /^\d+/.test(argv.count) ? parseInt(argv.count, 10) : 1;
// Bulk monotonic generation in chunks: one order for the whole run.
const CHUNK = 1 << 20;
function write() {
  while (count > 0) {
    const n = Math.min(count, CHUNK);
    count -= n;
    if (!process.stdout.write(ulidString(n, { monotonic: true }))) {
      process.stdout.once('drain', write);
      return;
    }
  }
}
process.stdout.on('error', (e) => { if (e.code !== 'EPIPE') throw e; });
write();
