#!/usr/bin/env python3
"""Throughput of the sortid command on files in the page cache.

Generates a 1 GiB one-ULID-per-line file (once, in --dir), then times, with
the median of --runs runs each (output to /dev/null):
  cat FILE                              the read-side limit of this machine
  sortid convert --to uuid FILE         --threads 1 and --threads 2
  sortid convert --field 2 ... CSV      field mode (a 3-column CSV of the IDs)
  sortid gen -n 100000000 [--threads T]
Usage: bench/cli_throughput.py SORTID_BINARY [--dir DIR] [--runs N]
"""
import argparse
import os
import statistics
import subprocess
import time

GIB = 1 << 30


def timed(cmd, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sortid")
    parser.add_argument("--dir", default="/tmp/sortid-cli-bench")
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    ulids = os.path.join(args.dir, "ulids_1gib.txt")
    csv = os.path.join(args.dir, "ulids_1gib.csv")
    lines = GIB // 27 + 1
    if not os.path.exists(ulids) or os.path.getsize(ulids) != lines * 27:
        with open(ulids, "wb") as out:
            subprocess.run([args.sortid, "gen", "-n", str(lines), "--no-progress"], stdout=out,
                           check=True)
    if not os.path.exists(csv):
        with open(ulids, "rb") as src, open(csv, "wb") as out:
            for i, line in enumerate(src):
                out.write(b"%d,%s,\"note, %d\"\n" % (i, line.rstrip(b"\n"), i % 97))
    size = os.path.getsize(ulids)
    csv_size = os.path.getsize(csv)
    subprocess.run(["cat", ulids, csv], stdout=subprocess.DEVNULL, check=True)  # page cache

    # cat and convert alternate, so that both see the same machine state; a
    # ratio is the median of the per-round ratios.
    cats, converts = [], {1: [], 2: []}
    for _ in range(args.runs):
        cats.append(timed(["cat", ulids], 1))
        for threads in converts:
            converts[threads].append(timed([args.sortid, "convert", "--to", "uuid", "--threads",
                                            str(threads), "--no-progress", ulids], 1))
    cat = statistics.median(cats)
    field = timed([args.sortid, "convert", "--field", "2", "--to", "uuid", "--no-progress", csv],
                  args.runs)
    print("input: %s (%.2f GiB, %d lines), median of %d runs" % (ulids, size / GIB, lines,
                                                                 args.runs))
    print("cat > /dev/null:                 %7.1f ms  %6.2f GB/s" % (cat * 1e3, size / cat / 1e9))
    for threads, times in converts.items():
        convert = statistics.median(times)
        ratio = statistics.median(c / v for c, v in zip(cats, times))
        print("convert --to uuid --threads %d:    %7.1f ms  %6.2f GB/s  = %.0f%% of cat (median of"
              " per-round ratios)" % (threads, convert * 1e3, size / convert / 1e9, 100 * ratio))
    print("convert --field 2 (CSV, %.2f GiB): %6.1f ms  %6.2f GB/s  %6.1f M rows/s" %
          (csv_size / GIB, field * 1e3, csv_size / field / 1e9, lines / field / 1e6))
    for threads in (1, 2):
        gen = timed([args.sortid, "gen", "-n", "100000000", "--threads", str(threads),
                     "--no-progress"], max(3, args.runs // 2))
        print("gen -n 100000000 --threads %d:    %7.1f ms  %6.1f M IDs/s" %
              (threads, gen * 1e3, 100e6 / gen / 1e6))


if __name__ == "__main__":
    main()
