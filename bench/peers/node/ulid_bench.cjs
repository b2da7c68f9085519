// Peer benchmark: the npm `ulid` package (3.0.2) over the shared data set
// (bench/peers/make_dataset.sh). Prints a JSON array like the Go peer, names
// "npm_ulid/<op>", plus per-call rows (decode_time_one, generate_one).
// Usage: node ulid_bench.cjs DATA_DIR (ULID_MODULE = path of the installed
// package).
"use strict";
const fs = require("fs");
const path = require("path");
const { ulid, monotonicFactory, decodeTime, ulidToUUID, uuidToULID, isValid } = require(
  process.env.ULID_MODULE || "ulid");

const dir = process.argv[2];
const ulids = fs.readFileSync(path.join(dir, "ulids.txt"), "latin1").split("\n").filter(Boolean);
const uuids = fs.readFileSync(path.join(dir, "uuids.txt"), "latin1").split("\n").filter(Boolean);
const n = ulids.length;
const reps = 3;
let sink = 0;

// Median rate of reps runs; each run covers the data set in order, or as much
// of it as fits in one second (ulid() is too slow for 1 M IDs per run here).
function measure(name, f) {
  const rates = [];
  let done = 0;
  for (let r = 0; r < reps; r++) {
    const start = process.hrtime.bigint();
    let i = 0, seconds = 0;
    while (i < n && seconds < 1.0) {
      const end = Math.min(i + 1000, n);
      for (; i < end; i++) f(i);
      seconds = Number(process.hrtime.bigint() - start) / 1e9;
    }
    rates.push(i / seconds);
    done = i;
  }
  rates.sort((a, b) => a - b);
  return { name: "npm_ulid/" + name, items_per_second: rates[Math.floor(reps / 2)], items: done,
           repetitions: reps };
}

if (ulidToUUID(ulids[0]).toLowerCase() !== uuids[0].toLowerCase()) {
  throw new Error("ulidToUUID disagrees with the data set");
}
const next = monotonicFactory();
const results = [
  measure("decode_time", (i) => { sink += decodeTime(ulids[i]); }),
  measure("validate_ulid", (i) => { sink += isValid(ulids[i]) ? 1 : 0; }),
  measure("ulid_to_uuid", (i) => { sink += ulidToUUID(ulids[i]).length; }),
  measure("uuid_to_ulid", (i) => { sink += uuidToULID(uuids[i]).length; }),
  measure("generate_ulid", () => { sink += ulid().length; }),
  measure("generate_ulid_monotonic", () => { sink += next().length; }),
];

// Per-call rows over the first 4096 IDs (cycled), like sortid_bench's
// parse_one / format_one rows: decodeTime is npm ulid's only decode.
// cpu_items_per_second uses the process's CPU time (user + system), which
// other load on the machine inflates less than wall time.
function perCall(name, calls, f) {
  const rates = [], cpuRates = [];
  for (let r = 0; r < reps; r++) {
    const start = process.hrtime.bigint();
    const cpuStart = process.cpuUsage();
    for (let i = 0; i < calls; i++) f(i & 4095);
    const cpu = process.cpuUsage(cpuStart);
    rates.push(calls / (Number(process.hrtime.bigint() - start) / 1e9));
    cpuRates.push(calls / ((cpu.user + cpu.system) / 1e6));
  }
  rates.sort((a, b) => a - b);
  cpuRates.sort((a, b) => a - b);
  return { name: "npm_ulid/" + name, items_per_second: rates[Math.floor(reps / 2)],
           cpu_items_per_second: cpuRates[Math.floor(reps / 2)], items: calls,
           repetitions: reps };
}
if (n < 4096) throw new Error("data set smaller than the per-call pool");
results.push(perCall("decode_time_one", 5000000, (i) => { sink += decodeTime(ulids[i]); }));
results.push(perCall("generate_one", 200000, () => { sink += ulid().length; }));
if (sink === 0) process.stderr.write("unexpected zero sink\n");
process.stdout.write(JSON.stringify(results, null, 1) + "\n");
