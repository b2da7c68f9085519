// The build folder is an npm package: `npm pack` makes a tarball that installs
// offline (no registry, no install scripts) and loads with the prebuilt addon.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { packageDir } = require('./helpers.js');

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 120000 });
  assert.equal(result.status, 0, `${command} ${args.join(' ')}: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

test('npm pack, npm install --offline, require', (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sortid-node-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', tmp], packageDir));
  const files = packed[0].files.map((f) => f.path).sort();
  assert.deepEqual(files, ['README.md', 'cli.js', 'index.d.ts', 'index.js', 'index.mjs', 'package.json',
    'sortid.node']);
  const app = path.join(tmp, 'app');
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), '{"name":"app","version":"1.0.0","private":true}');
  run('npm', ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund',
    path.join(tmp, packed[0].filename)], app);
  const out = run(process.execPath, ['-e', `
    const { ulid, decodeTime, isValid, sortKeyRange, decodeMany } = require('sortid');
    const id = ulid(1469918176385);
    const ok = isValid(id) && decodeTime(id) === 1469918176385 && decodeMany([id]).invalid === 0;
    console.log(require.resolve('sortid'), ok, sortKeyRange('ORDER#', 0, 0)[0]);`], app);
  assert.match(out, new RegExp(`${app.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/node_modules/sortid/index.js true ORDER#0{26}`));
  // The ES entry by package name, and the `ulid` command npm links.
  const esm = run(process.execPath, ['--input-type=module', '-e', `
    import { activeTarget, ulid, isValid } from 'sortid';
    import sortid from 'sortid';
    console.log(typeof activeTarget(), isValid(ulid()), sortid.ulid === ulid);`], app);
  assert.equal(esm.trim(), 'string true true');
  const lines = run(path.join(app, 'node_modules', '.bin', 'ulid'), ['--count', '3'], app).trim().split('\n');
  assert.equal(lines.length, 3);
  assert.ok(lines.every((l) => /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/.test(l)) && lines[0] < lines[1] && lines[1] < lines[2]);
});
