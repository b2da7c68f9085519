#!/usr/bin/env python3
"""Benchmark of the Python module: rows/s of sortid.convert from a numpy S26
array, a list of str and a pandas Series, against the standard library
(str(uuid.UUID(...))) and a pure-Python Crockford decoder written the way
python-ulid does it; the C++ bulk decode rate in the same process on the same
buffer; Dask rows/s with 1 and 2 worker processes.

Usage: PYTHONPATH=build/release/python /usr/bin/python3 bench/python_bench.py
       [--rows 10000000] [--baseline-rows 1000000] [--dask-rows 10000000]
       [--out $(bench/cpu_class)/python.md]
Medians and best-of figures are from this one run; name the machine's load.
"""

import argparse
import os
import platform
import statistics
import sys
import time
import uuid

import numpy as np
import pandas as pd

import sortid

# ---- A pure-Python ULID decoder in python-ulid's style (base32.decode_ulid):
# a 256-entry table, one expression per output byte, validation by lookup.
_ENCODE = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_DECODE = [0xFF] * 256
for _i, _c in enumerate(_ENCODE):
    _DECODE[ord(_c)] = _i
    _DECODE[ord(_c.lower())] = _i


def _ulid_byte(j):
    """Byte j of the 16, one expression as python-ulid writes it: the 128 bits
    are the 26 characters' 5-bit values, most significant first, less the top
    2 bits, so byte j is stream bits 2 + 8j .. 9 + 8j, and each character c it
    overlaps (bits 5c .. 5c + 4) is shifted so that its last bit lands there."""
    last = 9 + 8 * j
    terms = []
    for c in range((2 + 8 * j) // 5, last // 5 + 1):
        shift = last - (5 * c + 4)
        term = f"d[encoded[{c}]]"
        terms.append(f"({term} << {shift})" if shift > 0 else
                     f"({term} >> {-shift})" if shift < 0 else term)
    return f"(({' | '.join(terms)}) & 0xFF)"


# The decoder's source is made once, written out as python-ulid's has it (the 16
# expressions in one bytes() call, no loop), so that the baseline runs the
# bytecode python-ulid runs.
_SOURCE = f"""
def python_ulid_decode(value):
    \"\"\"26 characters -> 16 bytes, like python-ulid's base32.decode_ulid.\"\"\"
    if len(value) != 26:
        raise ValueError("ULID has to be exactly 26 characters long.")
    encoded = value.encode("ascii")
    d = _DECODE
    if any(d[c] == 0xFF for c in encoded) or d[encoded[0]] > 7:
        raise ValueError("ULID contains invalid characters.")
    return bytes(({", ".join(_ulid_byte(j) for j in range(16))}))
"""
exec(compile(_SOURCE, __file__, "exec"))


def timed(fn, repeats):
    """(best seconds, median seconds, last result) of repeats runs (wall time)."""
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times), result


def timed_cpu(fn):
    """(wall seconds, CPU seconds of this thread) of one run: the bulk calls run
    on the calling thread, so its CPU time (user + system, page faults
    included) is the work done, whatever else the shared machine runs."""
    cpu, start = time.thread_time(), time.perf_counter()
    fn()
    return time.perf_counter() - start, time.thread_time() - cpu


def rate(n, seconds):
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n / seconds >= scale:
            return f"{n / seconds / scale:.3g} {unit}"
    return f"{n / seconds:.3g}"


def sortid_bench_rate(path):
    """items/s of sortid_bench's decode_ulid on the active target, 4 Mi IDs (beyond L3),
    best of 3 repetitions; None when the benchmark binary is not built."""
    import json
    import subprocess

    if not path or not os.access(path, os.X_OK):
        return None
    target = sortid.active_target()
    done = subprocess.run([path, f"--benchmark_filter=^decode_ulid/{target}/4194304",
                           "--benchmark_repetitions=3", "--benchmark_format=json"],
                          capture_output=True, check=True, text=True)
    runs = [b for b in json.loads(done.stdout)["benchmarks"] if b.get("run_type") == "iteration"]
    return max(b["items_per_second"] for b in runs) if runs else None


def dask_rates(rows, worker_counts):
    """Rows/s of sortid.dask.convert (ULID -> UUID text) over data held on the workers."""
    import dask.dataframe as dd
    from dask import delayed
    from distributed import Client, LocalCluster, wait

    import sortid.dask

    parts = 8
    per_part = rows // parts

    def make_part(n):
        return pd.DataFrame({"id": sortid.generate(n)})

    out = {}
    for workers in worker_counts:
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster):
            meta = pd.DataFrame({"id": pd.Series([], dtype=object)})
            frame = dd.from_delayed([delayed(make_part)(per_part) for _ in range(parts)],
                                    meta=meta).persist()
            wait(frame)
            runs = iter(range(1000))

            def run():
                # A fresh key per run (salt), so no result of an earlier run is reused.
                column = frame["id"].map_partitions(lambda part, salt: part, next(runs),
                                                    meta=frame["id"]._meta)
                converted = sortid.dask.convert(column, "uuid")
                lengths = converted.map_partitions(lambda part: pd.Series([len(part)]),
                                                   meta=pd.Series([], dtype=np.int64))
                return int(lengths.compute().sum())

            best, median, total = timed(run, 3)
            assert total == per_part * parts
            out[workers] = (total, best, median)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--baseline-rows", type=int, default=1_000_000,
                        help="rows for the pure-Python baselines (they are slow)")
    parser.add_argument("--dask-rows", type=int, default=10_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", default=None, help="write the Markdown report here")
    parser.add_argument("--cpp-bench", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "build", "release", "bench",
        "sortid_bench"), help="sortid_bench binary for the C++ reference ('' to skip)")
    args = parser.parse_args()
    n, nb = args.rows, args.baseline_rows

    s26 = sortid.generate(n, dtype="S")
    as_list = sortid.generate(n)  # object array of str
    as_list = as_list.tolist()
    series = pd.Series(as_list)
    hexes = sortid.convert(as_list[:nb], "hex")
    rows = []  # (what, rows, best s, median s, note)

    # The acceptance pairs, interleaved so that all see the same machine
    # state: the library's bulk decode timed in C++ on the S26 buffer (no
    # Python on the path) and sortid.convert on the same buffer, each into a
    # fresh result array (np.empty: its page faults are part of the call) and
    # into a reused, already touched one (out=, as sortid_bench does).
    runs = {"cpp_fresh": [], "fresh": [], "cpp_reused": [], "reused": []}  # (wall, cpu)
    buffer = np.empty((n, 16), dtype=np.uint8)
    sortid.convert(s26, "bin", out=buffer)  # touch the buffer once
    for _ in range(args.repeats):
        runs["cpp_fresh"].append(
            sortid._sortid.decode_seconds(s26, "ulid", np.empty((n, 16), dtype=np.uint8)))
        runs["fresh"].append(timed_cpu(lambda: sortid.convert(s26, "bin")))
        runs["cpp_reused"].append(sortid._sortid.decode_seconds(s26, "ulid", buffer))
        runs["reused"].append(timed_cpu(lambda: sortid.convert(s26, "bin", out=buffer)))
    best = {name: (min(w for w, _ in r), min(c for _, c in r)) for name, r in runs.items()}
    bench_rate = sortid_bench_rate(args.cpp_bench)
    if bench_rate:
        rows.append(("C++ sortid_bench decode_ulid (4 Mi IDs, beyond L3)", 4194304,
                     4194304 / bench_rate, 4194304 / bench_rate,
                     f"target {sortid.active_target()}; best of 3 repetitions"))
    target = sortid.active_target()
    for name, what, note in (
            ("cpp_fresh", "C++ sortid::decode (ULID, same S26 buffer, no Python)",
             f"target {target}; fresh np.empty result each call"),
            ("fresh", "sortid.convert(S26 array, 'bin')", "fresh (n, 16) result each call"),
            ("cpp_reused", "C++ sortid::decode (ULID, same S26 buffer, no Python)",
             f"target {target}; output reused"),
            ("reused", "sortid.convert(S26 array, 'bin', out=buffer)", "output reused")):
        rows.append((what, n, best[name][0], statistics.median(w for w, _ in runs[name]),
                     f"{note}; CPU-time rate {rate(n, best[name][1])}"))

    def add(what, count, fn, repeats, note=""):
        best, median, _ = timed(fn, repeats)
        rows.append((what, count, best, median, note))
        print(f"{what}: {rate(count, best)} rows/s (best), {rate(count, median)} (median)",
              file=sys.stderr)
        return best

    add("sortid.convert(S26 array, 'uuid') -> S36 array", n,
        lambda: sortid.convert(s26, "uuid"), args.repeats)
    add("sortid.validate(S26 array)", n, lambda: sortid.validate(s26), args.repeats)
    add("sortid.convert(list of str, 'bin')", n, lambda: sortid.convert(as_list, "bin"), 3)
    add("sortid.convert(list of str, 'uuid') -> list of str", n,
        lambda: sortid.convert(as_list, "uuid"), 3)
    add("sortid.convert(Series, 'uuid') -> Series", n, lambda: sortid.convert(series, "uuid"), 3)
    add("sortid.convert(Series, 'ms') -> int64 Series", n, lambda: sortid.convert(series, "ms"),
        3)
    add("sortid.convert(hex list, 'uuid', source='hex')", nb,
        lambda: sortid.convert(hexes, "uuid", source="hex"), 3)
    add("stdlib: [str(uuid.UUID(h)) for h in hex list]", nb,
        lambda: [str(uuid.UUID(h)) for h in hexes], 1, "standard library baseline")
    sub = as_list[:nb]
    add("pure Python (python-ulid style): [decode(s) for s in list]", nb,
        lambda: [python_ulid_decode(s) for s in sub], 1, "-> 16-byte bytes objects")
    add("pure Python decode + str(uuid.UUID(bytes=...))", nb,
        lambda: [str(uuid.UUID(bytes=python_ulid_decode(s))) for s in sub], 1,
        "ULID -> UUID text")

    dask = dask_rates(args.dask_rows, (1, 2)) if args.dask_rows else {}
    for workers, (total, dask_best, dask_median) in dask.items():
        rows.append((f"sortid.dask.convert(column, 'uuid'), {workers} worker process"
                     f"{'es' if workers > 1 else ''}", total, dask_best, dask_median,
                     "8 partitions held on the workers"))
        print(f"dask {workers} workers: {rate(total, dask_best)} rows/s (best)", file=sys.stderr)

    load = os.getloadavg()
    lines = [
        "# Python module benchmark",
        "",
        f"{platform.processor() or platform.machine()}, CPU `{cpu_name()}`, {os.cpu_count()} "
        f"logical CPUs, Python {platform.python_version()}, numpy {np.__version__}, pandas "
        f"{pd.__version__}; load average at the end {load[0]:.1f} / {load[1]:.1f} / "
        f"{load[2]:.1f} (the machine is shared: absolute figures are noisy; ratios are from "
        f"the same run). Command: `{' '.join(['bench/python_bench.py'] + sys.argv[1:])}`.",
        "",
        "| conversion | rows | rows/s (best) | rows/s (median) | note |",
        "|---|---|---|---|---|",
    ]
    for what, count, row_best, row_median, note in rows:
        lines.append(f"| {what} | {count:,} | {rate(count, row_best)} | {rate(count, row_median)} "
                     f"| {note} |")
    cpu = {name: best[name][1] for name in best}
    wall = {name: best[name][0] for name in best}
    def share(py, cpp, times):
        return f"{100 * times[cpp] / times[py]:.0f}%"

    lines += ["", f"**numpy S26 -> binary through sortid.convert, as a share of the C++ bulk "
              f"rate on the same buffer doing the same: {share('fresh', 'cpp_fresh', cpu)} "
              f"into a fresh result array, {share('reused', 'cpp_reused', cpu)} with out= "
              f"(reused buffer)** by thread CPU time (wall time: "
              f"{share('fresh', 'cpp_fresh', wall)} and {share('reused', 'cpp_reused', wall)}); "
              f"acceptance >= 50%. Best of {args.repeats} interleaved runs each. A fresh result "
              f"against the C++ decode into a reused buffer: {share('fresh', 'cpp_reused', cpu)}"
              f" by CPU time ({share('fresh', 'cpp_reused', wall)} wall): the difference is the "
              f"page faults of a new {n * 16 / 1e6:.0f} MB array."]
    if bench_rate:
        lines.append(f"Against sortid_bench's decode_ulid ({rate(1, 1 / bench_rate)} IDs/s) "
                     f"measured in the same run: sortid.convert(S26, 'bin') reaches "
                     f"{100 * n / wall['fresh'] / bench_rate:.0f}% (fresh result) and "
                     f"{100 * n / wall['reused'] / bench_rate:.0f}% (out=) by wall time.")
    if dask:
        one, two = dask[1], dask[2]
        lines.append(f"Dask: 2 workers / 1 worker = {one[1] / two[1]:.2f}x on "
                     f"{os.cpu_count()} logical CPUs.")
    report = "\n".join(lines) + "\n"
    print(report)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(report)


def cpu_name():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


if __name__ == "__main__":
    main()
