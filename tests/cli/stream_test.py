#!/usr/bin/env python3
"""Streams a large generated input through `sortid convert` and back.

  sortid gen (deterministic: --seed, --time) | convert --to uuid
      | convert --from uuid --to ulid   ==   a second, identical gen run

The two byte streams are compared by SHA-256 as they flow (nothing is stored),
and the peak resident memory of every sortid process is checked against a
ceiling: convert must stream in constant memory whatever the input size.

Usage: stream_test.py SORTID_BINARY [--bytes N] [--max-rss-mib M] (0: no ceiling)
"""
import argparse
import hashlib
import resource
import subprocess
import threading
import time

SEED = "5" * 64
TIME = "2026-05-01T00:00:00Z"


def digest(stream, result):
    h, n = hashlib.sha256(), 0
    while True:
        block = stream.read(1 << 20)
        if not block:
            break
        h.update(block)
        n += len(block)
    result.extend([h.hexdigest(), n])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sortid")
    parser.add_argument("--bytes", type=int, default=2 << 30)
    parser.add_argument("--max-rss-mib", type=int, default=64)
    args = parser.parse_args()
    count = args.bytes // 27 + 1  # 27 bytes per ULID line
    gen = [args.sortid, "gen", "-n", str(count), "--seed", SEED, "--time", TIME,
           "--no-progress"]

    start = time.monotonic()
    p1 = subprocess.Popen(gen, stdout=subprocess.PIPE)
    p2 = subprocess.Popen([args.sortid, "convert", "--to", "uuid", "--no-progress"],
                          stdin=p1.stdout, stdout=subprocess.PIPE)
    p3 = subprocess.Popen([args.sortid, "convert", "--from", "uuid", "--to", "ulid",
                           "--no-progress"], stdin=p2.stdout, stdout=subprocess.PIPE)
    p1.stdout.close()
    p2.stdout.close()
    reference = subprocess.Popen(gen, stdout=subprocess.PIPE)
    got, expected = [], []
    threads = [threading.Thread(target=digest, args=(p3.stdout, got)),
               threading.Thread(target=digest, args=(reference.stdout, expected))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = [p.wait() for p in (p1, p2, p3, reference)]
    elapsed = time.monotonic() - start
    # ru_maxrss of waited-for children: the largest peak among them, in KiB.
    peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print("%d IDs, %.2f GB through convert twice in %.1f s; largest peak RSS %.1f MiB" %
          (count, got[1] / 1e9, elapsed, peak_mib))
    if codes != [0, 0, 0, 0]:
        raise SystemExit("exit codes %s" % codes)
    if got != expected:
        raise SystemExit("round trip differs: %s vs %s" % (got, expected))
    if got[1] < args.bytes:
        raise SystemExit("only %d bytes streamed" % got[1])
    if args.max_rss_mib and peak_mib > args.max_rss_mib:
        raise SystemExit("peak RSS %.1f MiB over the %d MiB ceiling" % (peak_mib, args.max_rss_mib))
    print("ok: byte-identical round trip, memory bounded")


if __name__ == "__main__":
    main()
