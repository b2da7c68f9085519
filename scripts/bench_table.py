#!/usr/bin/env python3
"""Turns sortid_bench JSON (run with --benchmark_repetitions and
--benchmark_report_aggregates_only) into a Markdown table of median IDs/s per
operation and target. Usage: bench_table.py RESULT.json [RESULT.json ...]"""
import json
import sys

rows = {}
targets = []
for path in sys.argv[1:]:
    with open(path) as f:
        data = json.load(f)
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        parts = b["run_name"].split("/")
        if parts[0].startswith("memcpy"):
            op, target, items = parts[0], "memcpy", parts[1]
        else:
            op, target, items = parts
        key = (op, items)
        rows.setdefault(key, {})[target] = b["items_per_second"]
        if target not in targets:
            targets.append(target)

def fmt(v):
    return "—" if v is None else (f"{v / 1e9:.2f} G" if v >= 1e9 else f"{v / 1e6:.0f} M")

print("| op | items | " + " | ".join(targets) + " |")
print("|---|---|" + "---|" * len(targets))
for (op, items), by_target in sorted(rows.items(), key=lambda kv: (kv[0][1], kv[0][0])):
    if op.startswith("memcpy"):
        continue
    memcpy = rows.get(("memcpy_" + op.split("_")[1], items), {}).get("memcpy")
    cells = [fmt(by_target.get(t)) if t != "memcpy" else fmt(memcpy) for t in targets]
    print(f"| {op} | {items} | " + " | ".join(cells) + " |")
