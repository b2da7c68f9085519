#!/usr/bin/env python3
"""bench/report on a made-up sortid_bench JSON: the kernel tables give each
target's IDs/s as % of memcpy of the same bytes (same run), the best target in
bold, and the header names the CPU recorded in the run's context."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

REPORT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "report")


def row(name, items_per_second):
    return {"name": name + "_median", "run_name": name, "aggregate_name": "median",
            "items_per_second": items_per_second, "bytes_per_second": items_per_second * 26}


def table(report, title):
    """The Markdown table after heading `title`, as a list of cell lists."""
    lines = report.splitlines()
    start = lines.index(title) + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


class BenchReportTest(unittest.TestCase):
    def run_report(self, context):
        benchmarks = [
            row("encode_ulid/AVX2/4096", 1.0e9), row("encode_ulid/SSE4/4096", 4.0e8),
            row("encode_ulid/SCALAR/4096", 5.0e7), row("decode_ulid/AVX2/4096", 3.0e8),
            row("decode_ulid/SSE4/4096", 6.0e8), row("memcpy_ulid/4096", 2.0e9),
            row("encode_ulid/AVX2/4194304", 4.5e8), row("memcpy_ulid/4194304", 5.0e8),
        ]
        with tempfile.TemporaryDirectory() as results:
            with open(os.path.join(results, "sortid.json"), "w") as f:
                json.dump({"context": context, "benchmarks": benchmarks}, f)
            subprocess.run([sys.executable, REPORT, results], check=True,
                           stdout=subprocess.DEVNULL)
            with open(os.path.join(results, "report.md")) as f:
                return f.read()

    def test_percent_of_memcpy_per_target(self):
        report = self.run_report({"cpu_model": "Test CPU 9000 (family 25, model 17)",
                                  "num_cpus": 2, "date": "2026-11-30T21:00:00",
                                  "best_target": "AVX2"})
        rows = table(report, "## Kernels, in cache (4 Ki IDs)")
        self.assertEqual(rows[0], ["op (4 Ki IDs)", "AVX2", "SSE4", "SCALAR", "memcpy",
                                   "AVX2 % of memcpy", "SSE4 % of memcpy",
                                   "SCALAR % of memcpy", "best / SCALAR"])
        by_op = {r[0]: r for r in rows[2:]}
        self.assertEqual(by_op["encode_ulid"][1:], ["**1 G**", "400 M", "50 M", "2 G", "50%",
                                                    "20%", "2%", "20.0×"])
        # The best target is the fastest per op (SSE4 here); no SCALAR row: no ratio.
        self.assertEqual(by_op["decode_ulid"][1:], ["300 M", "**600 M**", "–", "2 G", "15%",
                                                    "30%", "–", "–"])
        big = {r[0]: r for r in table(report, "## Kernels, beyond L3 (4 Mi IDs)")[2:]}
        self.assertEqual(big["encode_ulid"][1:], ["**450 M**", "500 M", "90%", "–"])
        # No dataset, peer or per-call rows in this run: those sections are left out.
        self.assertNotIn("## Against peers", report)
        self.assertNotIn("## One ID per call", report)
        self.assertIn("CPU: Test CPU 9000 (family 25, model 17), 2 logical CPUs; "
                      "best target AVX2; 2026-11-30.", report)

    def test_cpu_not_recorded_is_said_to_be_this_machines(self):
        report = self.run_report({"num_cpus": 2, "date": "2026-11-30"})
        header = report.splitlines()[2]
        self.assertTrue(header.startswith("CPU: "), header)
        self.assertTrue("not recorded by the run" in header or "unknown CPU" in header, header)


if __name__ == "__main__":
    unittest.main()
