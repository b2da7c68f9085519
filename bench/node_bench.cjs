#!/usr/bin/env node
// sortid's Node.js package against npm ulid 3.0.2 in the same process:
// per-call ulid(), monotonic, decodeTime, isValid, ulidToUUID (ns per call,
// median of runs), the bulk calls on 1 M IDs (IDs/s), and the C++ bulk rate
// of the same decode from sortid_bench in the same run, for the ratio.
// Usage: node --expose-gc bench/node_bench.cjs [--preset release] [--runs 7] [--out FILE.md]
// (with --expose-gc, garbage from earlier runs is collected before each bulk run;
// MALLOC_MMAP_THRESHOLD_=4294967296 MALLOC_TRIM_THRESHOLD_=17179869184 in the
// environment lets glibc reuse freed result memory instead of unmapping it)
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const args = process.argv.slice(2);
const arg = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const root = path.resolve(__dirname, '..');
const preset = arg('--preset', 'release');
const runs = Number(arg('--runs', 7));
const out = arg('--out', null);
const sortid = require(path.join(root, 'build', preset, 'node'));
const npm = require(path.join(root, 'build', 'npm', 'ulid'));

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };

// The machine is shared: time is this process's CPU time (user + system, as
// Google Benchmark's default), so that waiting for a core does not count.
function cpuNs() {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
}

// ns per call: batches of calls until ~100 ms of CPU pass, median over runs.
function perCall(fn, inputs) {
  const n = inputs.length;
  let sink = 0;
  const samples = [];
  for (let r = 0; r < runs; r++) {
    let calls = 0;
    const start = cpuNs();
    let elapsed = 0;
    while (elapsed < 100e6) {
      for (let i = 0; i < n; i++) { const v = fn(inputs[i]); sink += v === undefined ? 0 : 1; }
      calls += n;
      elapsed = cpuNs() - start;
    }
    samples.push(elapsed / calls);
  }
  if (sink < 0) console.log(sink);
  return median(samples);
}

// IDs per second of one bulk call over count items, median over runs.
function bulk(fn, count) {
  const samples = [];
  fn(); // warm up
  for (let r = 0; r < runs; r++) {
    if (global.gc) global.gc(); // the previous run's garbage is not this run's cost
    const start = cpuNs();
    fn();
    samples.push(count / ((cpuNs() - start) / 1e9));
  }
  return { median: median(samples), best: Math.max(...samples) };
}

const fmtRate = (x) => (x >= 1e9 ? `${(x / 1e9).toFixed(2)} G` : x >= 1e6 ? `${(x / 1e6).toFixed(1)} M` : `${(x / 1e3).toFixed(0)} k`);
const fmtNs = (x) => (x >= 1000 ? `${(x / 1000).toFixed(2)} µs` : `${x.toFixed(1)} ns`);

// ---- per call ----
// Flat strings, as IDs arrive from JSON, files or a database driver (npm
// ulid() builds its result by concatenation, a rope V8 reads more slowly).
const ids = JSON.parse(JSON.stringify(Array.from({ length: 1000 }, (_, i) => npm.ulid(1469918176385 + i * 7919))));
const sortidMonotonic = sortid.monotonicFactory();
const npmMonotonic = npm.monotonicFactory();
const none = new Array(1000).fill(undefined); // the timer is read once per 1000 calls
const perCallRows = [
  ['ulid()', () => perCall(() => sortid.ulid(), none), () => perCall(() => npm.ulid(), none)],
  ['monotonicFactory()()', () => perCall(() => sortidMonotonic(), none), () => perCall(() => npmMonotonic(), none)],
  ['decodeTime(id)', () => perCall(sortid.decodeTime, ids), () => perCall(npm.decodeTime, ids)],
  ['isValid(id)', () => perCall(sortid.isValid, ids), () => perCall(npm.isValid, ids)],
  ['ulidToUUID(id)', () => perCall(sortid.ulidToUUID, ids), () => perCall(npm.ulidToUUID, ids)],
  ['encodeTime(ms)', () => perCall(sortid.encodeTime, ids.map(npm.decodeTime)), () => perCall(npm.encodeTime, ids.map(npm.decodeTime))],
  ['uuidToULID(uuid)', () => perCall(sortid.uuidToULID, ids.map(npm.ulidToUUID)), () => perCall(npm.uuidToULID, ids.map(npm.ulidToUUID))],
];
const perCallResults = perCallRows.map(([name, ours, theirs]) => {
  process.stderr.write(`${name}\n`);
  const a = ours();
  const b = theirs();
  return { name, sortid: a, npm: b, speedup: b / a };
});

// ---- bulk, 1 M IDs ----
const N = 1 << 20;
const lines = sortid.ulidBuffer(N);
const array = lines.toString('latin1').split('\n', N);
const decoded = sortid.decodeMany(lines);
const bulkRows = [
  ['ulidBuffer(n): text, one Buffer', () => bulk(() => sortid.ulidBuffer(N), N)],
  ['ulidString(n): text, one string', () => bulk(() => sortid.ulidString(N), N)],
  ['ulidBinary(n): 16-byte IDs', () => bulk(() => sortid.ulidBinary(N), N)],
  ['ulidBinary(n, {monotonic})', () => bulk(() => sortid.ulidBinary(N, { monotonic: true }), N)],
  ['decodeMany(Buffer of lines)', () => bulk(() => sortid.decodeMany(lines), N)],
  ['decodeMany(array of strings)', () => bulk(() => sortid.decodeMany(array), N)],
  ['encodeMany(ids) -> Buffer', () => bulk(() => sortid.encodeMany(decoded.ids), N)],
  ['encodeMany(ids, {output: array})', () => bulk(() => sortid.encodeMany(decoded.ids, { output: 'array' }), N)],
  ['ulidsToUUIDs(Buffer of lines)', () => bulk(() => sortid.ulidsToUUIDs(lines), N)],
  ['decodeTimes(ids) -> Float64Array', () => bulk(() => sortid.decodeTimes(decoded.ids), N)],
  ['decodeTimes(ids, {bigint}) -> BigInt64Array', () => bulk(() => sortid.decodeTimes(decoded.ids, { bigint: true }), N)],
  // npm ulid has no bulk calls: its per-call loop, on n / 64 IDs (it is that slow).
  ['npm ulid: ulid() loop', () => bulk(() => { for (let i = 0; i < N / 64; i++) npm.ulid(); }, N / 64)],
  ['npm ulid: decodeTime loop', () => bulk(() => { for (let i = 0; i < N / 64; i++) npm.decodeTime(array[i]); }, N / 64)],
];
const bulkResults = bulkRows.map(([name, fn]) => { process.stderr.write(`${name}\n`); return { name, rate: fn() }; });

// ---- the C++ bulk rate of the same decode (newline-separated ULIDs), same run ----
let cpp = null;
const benchBinary = path.join(root, 'build', preset, 'bench', 'sortid_bench');
const target = sortid.activeTarget();
if (fs.existsSync(benchBinary)) {
  const r = spawnSync(benchBinary, [`--benchmark_filter=^decode_ulid_lines/${target}/4194304(/|$)`,
    '--benchmark_format=json', `--benchmark_repetitions=${Math.max(3, Math.min(runs, 5))}`,
    '--benchmark_report_aggregates_only=true'], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status === 0 && r.stdout.trim().startsWith('{')) {
    const med = JSON.parse(r.stdout).benchmarks.find((b) => b.aggregate_name === 'median');
    if (med) cpp = { name: med.run_name, rate: med.items_per_second };
  }
}
const addonDecode = bulkResults.find((b) => b.name.startsWith('decodeMany(Buffer')).rate.median;

// ---- report ----
const cpu = os.cpus()[0].model;
let md = `# Node.js package: sortid vs npm ulid 3.0.2 (same process)\n\n`;
md += `CPU: ${cpu}, ${os.cpus().length} cores (shared); Node ${process.version}; sortid target ${target}; `;
const mallocEnv = ['MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_'].filter((k) => process.env[k])
  .map((k) => `${k}=${process.env[k]} `).join('');
md += `CPU time (user + system) per call, median of ${runs} runs${global.gc ? ', a full GC before each bulk run' : ''}. `;
md += `Command: \`${mallocEnv}node ${global.gc ? '--expose-gc ' : ''}bench/node_bench.cjs --preset ${preset} --runs ${runs}\`.\n\n`;
md += `## Per call\n\n| call | sortid | npm ulid | speed-up |\n| --- | ---: | ---: | ---: |\n`;
for (const r of perCallResults) md += `| ${r.name} | ${fmtNs(r.sortid)} | ${fmtNs(r.npm)} | ${r.speedup.toFixed(1)}× |\n`;
md += `\n## Bulk, ${N} IDs per call (IDs/s)\n\n`;
md += `Each call allocates its result. A page fault costs ~20 µs in this VM, so a run whose result lands on `;
md += `fresh pages is up to 30x slower than one that reuses memory the allocator kept: *median* is the `;
md += `typical run, *best* the run on reused memory (the cost of the call itself).\n\n`;
md += `| call | median IDs/s | best IDs/s |\n| --- | ---: | ---: |\n`;
for (const r of bulkResults) md += `| ${r.name} | ${fmtRate(r.rate.median)} | ${fmtRate(r.rate.best)} |\n`;
if (cpp) {
  md += `\nC++ bulk decode of the same layout (\`sortid_bench ${cpp.name}\`, 4 Mi newline-separated ULIDs, ` +
    `same run): ${fmtRate(cpp.rate)} IDs/s. decodeMany(Buffer) through the addon, 1 Mi IDs: ${fmtRate(addonDecode)} IDs/s (median) = ` +
    `**${((100 * addonDecode) / cpp.rate).toFixed(0)}%** of the C++ rate (the addon also allocates its ` +
    `16 MiB result Buffer and the bitmap on every call).\n`;
} else {
  md += `\n(C++ rate not measured: build ${benchBinary} with \`cmake --build build/${preset} --target sortid_bench\`.)\n`;
}
process.stdout.write(md);
if (out) fs.writeFileSync(out, md);
