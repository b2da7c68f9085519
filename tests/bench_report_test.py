#!/usr/bin/env python3
"""bench/report on a made-up sortid_bench JSON: the kernel tables give each
target's IDs/s as % of memcpy of the same bytes (same run), the best target in
bold, and the header names the CPU recorded in the run's context; the per-item
table has one column per target; the README and docs blocks carry every CPU
class's current report, best class first."""
import importlib.machinery
import importlib.util
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


def per_call(name, ns):
    return {"name": name + "_median", "run_name": name, "aggregate_name": "median",
            "cpu_time": ns, "real_time": ns, "time_unit": "ns"}


class CpuClassTest(unittest.TestCase):
    def write_class(self, parent, folder, cpu, best, rows):
        os.makedirs(os.path.join(parent, folder))
        with open(os.path.join(parent, folder, "sortid.json"), "w") as f:
            json.dump({"context": {"cpu_model": cpu, "num_cpus": 2, "date": "2026-12-02",
                                   "best_target": best}, "benchmarks": rows}, f)
        return os.path.join(parent, folder)

    def test_every_class_in_readme_and_docs(self):
        with tempfile.TemporaryDirectory() as parent:
            avx2 = self.write_class(parent, "avx2", "Zen 3 CPU", "AVX2", [
                row("encode_ulid/AVX2/4096", 5.0e8), row("memcpy_ulid/4096", 1.0e9),
                per_call("parse_one/ulid/AVX2", 9.5), per_call("parse_one/ulid/SCALAR", 21.0)])
            vbmi = self.write_class(parent, "avx512-vbmi", "Xeon CPU", "AVX3_DL", [
                row("encode_ulid/AVX3_DL/4096", 2.0e9), row("memcpy_ulid/4096", 3.0e9),
                per_call("parse_one/ulid/AVX3_DL", 4.25), per_call("format_one/ulid/AVX2", 6.5)])
            readme = os.path.join(parent, "README.md")
            docs = os.path.join(parent, "performance.md")
            for path in (readme, docs):
                with open(path, "w") as f:
                    f.write("before\n<!-- bench-report:begin -->\nold\n<!-- bench-report:end -->\n"
                            "<!-- bench-report:per-item:begin -->\nold\n"
                            "<!-- bench-report:per-item:end -->\nafter\n")
            subprocess.run([sys.executable, REPORT, avx2, "--readme", readme, "--docs", docs],
                           check=True, stdout=subprocess.DEVNULL)
            with open(readme) as f:
                text = f.read()
            self.assertNotIn("old", text.split("<!-- bench-report:per-item:begin -->")[0])
            first = text.index("### AVX-512 with VBMI (`avx512-vbmi`)")
            second = text.index("### AVX2 without AVX-512 (`avx2`)")
            self.assertLess(first, second)  # best class first, whichever was run
            self.assertIn("CPU: Xeon CPU, 2 logical CPUs; best target AVX3_DL", text)
            self.assertIn("CPU: Zen 3 CPU, 2 logical CPUs; best target AVX2", text)
            self.assertTrue(text.endswith("after\n"))
            lines = text[second:].splitlines()
            table_at = lines.index("#### One ID per call, per target") + 2
            self.assertEqual(lines[table_at], "| one ID per call (CPU ns) | AVX2 | SCALAR |")
            self.assertEqual(lines[table_at + 2], "| `Ulid::parse` | 9.5 | 21 |")
            with open(docs) as f:
                per_item = f.read().split("<!-- bench-report:per-item:begin -->")[1]
            self.assertIn("| `Ulid::parse` | 4.25 | – |", per_item)
            self.assertIn("| `Ulid::to_chars` | – | 6.5 |", per_item)
            self.assertIn("(avx512-vbmi/report.md)", per_item)
            self.assertNotIn("old", per_item)

    def test_class_of_best_target(self):
        loader = importlib.machinery.SourceFileLoader("report", REPORT)
        report = importlib.util.module_from_spec(importlib.util.spec_from_loader("report", loader))
        loader.exec_module(report)
        self.assertEqual(report.cpu_class("AVX3_DL"), "avx512-vbmi")
        self.assertEqual(report.cpu_class("AVX3"), "avx512")
        self.assertEqual(report.cpu_class("AVX2"), "avx2")
        self.assertEqual(report.cpu_class("SVE2"), "arm-sve")
        self.assertEqual(report.cpu_class("NEON"), "arm-neon")


if __name__ == "__main__":
    unittest.main()
