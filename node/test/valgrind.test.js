// Every byte the library's decoder reads from the addon's scratch buffers is
// defined: items of the wrong length (array elements, lines of a Buffer) are
// filled before the one bulk decode reads their slots. Valgrind's memcheck
// sees reads of uninitialised memory that ASan does not; only errors with a
// frame in sortid.node count (node itself has a few of its own). Skipped,
// with a message, where valgrind is not installed (Debian's `valgrind`).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { packageDir } = require('./helpers.js');

const hasValgrind = spawnSync('valgrind', ['--version']).status === 0;
const underAsan = /libasan/.test(process.env.LD_PRELOAD || '');

test('decodeMany of mis-sized items reads no uninitialised byte (valgrind)', {
  skip: (underAsan && 'ASan is preloaded (valgrind cannot run it)') ||
    (!hasValgrind && 'valgrind not installed (apt-get install valgrind)'),
  timeout: 120000,
}, (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sortid-vg-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const xml = path.join(tmp, 'memcheck.xml');
  const script = `
    const s = require(${JSON.stringify(packageDir)});
    const id = s.ulid();
    const a = s.decodeMany([id, 'short', id + 'x', 5, id, '', id + 'é'], {});
    const b = s.decodeMany(Buffer.from([id, 'short', id + 'xyz', '', id].join('\\n')));
    const c = s.decodeMany(['é' + id, 'é', 'é' + id + 'é'], { prefix: 'é' });
    console.log(a.invalid, b.invalid, c.invalid);`;
  const run = spawnSync('valgrind', ['--xml=yes', `--xml-file=${xml}`, process.execPath, '-e', script],
    { encoding: 'utf8', timeout: 110000 });
  assert.equal(run.stdout.trim(), '5 3 2', run.stderr);
  const errors = fs.readFileSync(xml, 'utf8').split('<error>').slice(1);
  const ours = errors.filter((e) => /<obj>[^<]*sortid\.node<\/obj>/.test(e));
  assert.deepEqual(ours.map((e) => (e.match(/<kind>([^<]*)<\/kind>/) || [])[1]), [],
    ours.join('\n').slice(0, 4000));
});
