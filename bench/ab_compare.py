#!/usr/bin/python3
"""Interleaved A/B of sortid_bench binaries on a noisy machine.

Usage: bench/ab_compare.py ROUNDS FILTER NAME=BINARY [NAME=BINARY ...]
e.g.   bench/ab_compare.py 3 '(en|de)code_ulid/AVX2/4096$|memcpy_ulid/4096$' \
           before=/tmp/old/sortid_bench after=build/release/bench/sortid_bench

Each round runs every binary once, in order (--benchmark_repetitions=3,
--benchmark_min_time=0.05, the median of the 3 per process). The Markdown table
gives, per row, the median over rounds of IDs/s and of the row's % of memcpy of
the same format's text measured in the same process, the best round's IDs/s
(contention only ever slows a round down, so on a shared host the best round
is the closest to what the code can do), and last / first of both. Per-item
rows (`_one/`: one call per iteration) are given in ns per call.
"""
import json, subprocess, sys, statistics, re
if len(sys.argv) < 4:
    sys.exit(__doc__)
rounds = int(sys.argv[1]); filt = sys.argv[2]; bins = dict(a.split('=',1) for a in sys.argv[3:])
res = {k: {} for k in bins}
for r in range(rounds):
    for name, path in bins.items():
        out = subprocess.run([path, f'--benchmark_filter={filt}', '--benchmark_repetitions=3',
            '--benchmark_report_aggregates_only=true', '--benchmark_min_time=0.05',
            '--benchmark_format=json'], capture_output=True, text=True).stdout
        rows = {b['run_name']: b['items_per_second'] for b in json.loads(out)['benchmarks'] if b.get('aggregate_name') == 'median'}
        for row, ips in rows.items():
            fmt = re.match(r'(?:en|de)code_([a-z]+?)(?:_lines)?/', row)
            pct = None
            if fmt:
                m = [v for k, v in rows.items() if k.startswith(f'memcpy_{fmt.group(1)}/')]
                pct = 100 * ips / m[0] if m else None
            res[name].setdefault(row, []).append((ips, pct))
names = list(bins)
print('| row | ' + ' | '.join(f'{n} IDs/s | {n} % of memcpy | {n} best' for n in names) +
      f' | {names[-1]} / {names[0]} | best {names[-1]} / {names[0]} |')
print('|---|' + '---|---|---|' * len(names) + '---|---|')
def rate(row, ips):  # per-item rows (one call per iteration) read as ns per call
    return f'{1e9/ips:.2f} ns' if '_one/' in row else f'{ips/1e6:.0f} M'
for row in res[names[0]]:
    cells = []; meds = []; bests = []
    for n in names:
        v = res[n].get(row, [])
        ips = statistics.median(x[0] for x in v); meds.append(ips)
        best = max(x[0] for x in v); bests.append(best)
        pcts = [x[1] for x in v if x[1] is not None]
        cells.append(f'{rate(row, ips)} | ' + (f'{statistics.median(pcts):.0f}%' if pcts else '-') +
                     f' | {rate(row, best)}')
    print(f'| {row} | ' + ' | '.join(cells) +
          f' | {meds[-1]/meds[0]:.2f}x | {bests[-1]/bests[0]:.2f}x |')
