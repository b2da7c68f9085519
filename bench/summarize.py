#!/usr/bin/python3
"""Reduces a Google Benchmark JSON file in place to what bench/report reads:
the context and, per benchmark, its median aggregate with the name, time and
rate fields. The committed report keeps this summary, not the raw output.

Usage: bench/summarize.py FILE.json
"""
import json
import sys

KEEP = ("name", "run_name", "aggregate_name", "time_unit", "real_time", "cpu_time",
        "items_per_second", "bytes_per_second", "cpu_items_per_second", "error_occurred")

if len(sys.argv) != 2:
    sys.exit(__doc__)
with open(sys.argv[1]) as f:
    data = json.load(f)
benchmarks = data.get("benchmarks", [])
has_aggregates = any("aggregate_name" in b for b in benchmarks)
kept = [{k: b[k] for k in KEEP if k in b} for b in benchmarks
        if not has_aggregates or b.get("aggregate_name") == "median"]
context = {k: v for k, v in data.get("context", {}).items() if k != "caches"}
with open(sys.argv[1], "w") as f:
    json.dump({"context": context, "benchmarks": kept}, f, indent=1)
    f.write("\n")
