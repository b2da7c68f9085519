// The TypeScript declarations are a superset of npm ulid 3.0.2's: one program
// written against npm ulid's index.d.ts (every exported type and name,
// ULIDErrorCode as an enum type, ulidToUUID's UUID) type-checks with
// `tsc --strict` against npm ulid and, with only its import line changed,
// against sortid, from CommonJS and from ESM. TypeScript comes from the npm
// registry (scripts/setup.sh --node puts it in build/npm/typescript); skipped,
// with a message, without it.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { packageDir, root } = require('./helpers.js');

const npmDir = process.env.SORTID_NPM_DIR || path.join(root, 'build', 'npm');
const tsc = path.join(npmDir, 'typescript', 'bin', 'tsc');
const npmUlid = process.env.SORTID_NPM_ULID || path.join(npmDir, 'ulid');

const PROGRAM = `
import { ulid, monotonicFactory, decodeTime, encodeTime, isValid, ulidToUUID, uuidToULID,
  fixULIDBase32, incrementBase32, ULIDError, ULIDErrorCode, MAX_ULID, MIN_ULID, TIME_LEN,
  TIME_MAX } from 'MODULE';
import type { ULID, UUID, PRNG, ULIDFactory } from 'MODULE';

const prng: PRNG = () => 0.5;
const id: ULID = ulid(Date.now(), prng);
const factory: ULIDFactory = monotonicFactory();
const next: string = factory(1);
const time: number = decodeTime(id) + TIME_LEN + TIME_MAX;
const text: string = encodeTime(time, 10) + fixULIDBase32(id) + incrementBase32(id) + MAX_ULID + MIN_ULID;
const uuid: UUID = ulidToUUID(id);
const shaped: \`\${string}-\${string}-\${string}-\${string}-\${string}\` = ulidToUUID(id);
const back: ULID = uuidToULID(uuid);
const ok: boolean = isValid(next);
function describe(code: ULIDErrorCode): string {
  switch (code) {
    case ULIDErrorCode.ULIDInvalid: return 'ulid';
    case ULIDErrorCode.UUIDInvalid: return 'uuid';
    default: return code;
  }
}
try {
  decodeTime('x');
} catch (e) {
  if (e instanceof ULIDError) {
    const code: ULIDErrorCode = e.code;
    console.log(describe(code), e.message);
  }
}
const made = new ULIDError(ULIDErrorCode.Unexpected, 'm');
console.log(id, text, shaped, back, ok, made);
`;

test('a program typed against npm ulid type-checks against sortid (tsc --strict)', {
  skip: !fs.existsSync(tsc) && `TypeScript not found at ${tsc} (scripts/setup.sh --node fetches it)`,
  timeout: 120000,
}, (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sortid-tsc-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  fs.mkdirSync(path.join(tmp, 'node_modules'));
  fs.symlinkSync(npmUlid, path.join(tmp, 'node_modules', 'ulid'));
  fs.symlinkSync(packageDir, path.join(tmp, 'node_modules', 'sortid'));
  fs.writeFileSync(path.join(tmp, 'package.json'), '{"name":"t","private":true}');
  const files = [];
  for (const mod of ['ulid', 'sortid']) {
    for (const ext of ['cts', 'mts']) {
      const file = path.join(tmp, `check-${mod}.${ext}`);
      fs.writeFileSync(file, PROGRAM.replaceAll('MODULE', mod));
      files.push(file);
    }
  }
  fs.writeFileSync(path.join(tmp, 'only-sortid.mts'), `
    import { activeTarget, decodeMany, ulidBinary, type Decoded } from 'sortid';
    const d: Decoded = decodeMany(['x']);
    console.log(activeTarget(), d.invalid, ulidBinary(1).length);`);
  files.push(path.join(tmp, 'only-sortid.mts'));
  // Buffer and crypto.UUID without @types/node (console comes from lib.dom).
  fs.writeFileSync(path.join(tmp, 'globals.d.ts'),
    'interface Buffer extends Uint8Array {}\ndeclare module "crypto" { export type UUID = `${string}-${string}-${string}-${string}-${string}`; }\n');
  files.push(path.join(tmp, 'globals.d.ts'));
  const run = spawnSync(process.execPath, [tsc, '--strict', '--noEmit', '--module', 'nodenext',
    '--moduleResolution', 'nodenext', '--target', 'es2022', ...files],
  { cwd: tmp, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stdout + run.stderr);
});
