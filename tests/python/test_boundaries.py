"""Inputs at the boundaries of the binding: lists mutated by another thread,
non-ASCII and NUL prefixes, the private _sortid functions called with wrong
arrays, and the public API's edge cases (formats, dtypes, containers)."""

import os
import subprocess
import sys
import threading
import unittest

import numpy as np
import pandas as pd

import sortid
from sortid import _sortid

ULID = "01ARYZ6S41TSV4RRFFQ69G5FAV"


class ListMutatedDuringConvert(unittest.TestCase):
    def test_other_thread_clears_and_extends_the_list(self):
        values = list(sortid.generate(300_000))
        expected = list(values)
        stop = threading.Event()
        seen = []

        def mutate():
            while not stop.is_set():
                values.clear()
                values.extend(expected)
                values.extend(expected[:1000])
                del values[len(expected):]

        thread = threading.Thread(target=mutate)
        thread.start()
        try:
            for _ in range(20):
                for call in (lambda: sortid.convert(values, "bin", on_error="null"),
                             lambda: sortid.validate(values)):
                    result = call()
                    seen.append(len(result))
        finally:
            stop.set()
            thread.join()
        # Each call saw one consistent snapshot of the list (any length it had).
        self.assertTrue(all(0 <= n <= len(expected) + 1000 for n in seen))
        self.assertTrue(sortid.validate(expected).all())

    def test_snapshot_decodes_what_it_saw(self):
        values = list(sortid.generate(200_000))
        got = sortid.convert(values, "uuid")
        self.assertEqual(sortid.convert(got, "ulid", source="uuid"), values)


class Prefixes(unittest.TestCase):
    def test_non_ascii_out_prefix_makes_real_str(self):
        out = sortid.convert([ULID], "ulid", out_prefix="é_")
        self.assertEqual(out, ["é_" + ULID])
        self.assertEqual(len(out[0]), 28)
        series = sortid.convert(pd.Series([ULID, ULID]), "ulid", out_prefix="ü✓_")
        self.assertEqual(series.tolist(), ["ü✓_" + ULID] * 2)
        self.assertIn("ü✓_" + ULID, str(series))
        generated = sortid.generate(5, out_prefix="日本_")
        self.assertTrue(all(s.startswith("日本_") and len(s) == 29 for s in generated))

    def test_non_ascii_prefix_in_and_out_of_u_arrays(self):
        values = np.array(["é_" + ULID, "é_" + ULID.lower()])
        self.assertEqual(values.dtype.kind, "U")
        ids = sortid.convert(values, "bin", prefix="é_")
        self.assertEqual(ids.tobytes(), sortid.convert([ULID, ULID], "bin").tobytes())
        out = sortid.convert(values, "ulid", prefix="é_", out_prefix="ß")
        self.assertEqual(out.tolist(), ["ß" + ULID] * 2)
        self.assertEqual(sortid.generate(2, out_prefix="é_", dtype="U")[0][:2], "é_")

    def test_nul_in_out_prefix_is_refused(self):
        for call in (lambda: sortid.convert([ULID], "ulid", out_prefix="a\0b"),
                     lambda: sortid.generate(1, out_prefix="a\0")):
            with self.assertRaisesRegex(ValueError, "NUL"):
                call()


class BigEndianAndUuidForms(unittest.TestCase):
    def test_big_endian_u_array(self):
        values = np.array([ULID, ULID], dtype=">U26")
        self.assertTrue(sortid.validate(values).all())
        self.assertEqual(sortid.convert(values, "ulid").tolist(), [ULID, ULID])

    def test_uuid_source_takes_bare_hex(self):
        hex_text = sortid.convert([ULID], "hex")[0]
        dashed = sortid.convert([ULID], "uuid")[0]
        for values in ([hex_text, dashed], np.array([hex_text, dashed], dtype="S36"),
                       np.array([hex_text, dashed]), np.array([hex_text.encode()], dtype="S32")):
            self.assertTrue(sortid.validate(values, source="uuid").all(), values)
        self.assertEqual(sortid.convert([hex_text], "ulid", source="uuid"), [ULID])
        self.assertTrue(sortid.explain(hex_text, source="uuid").ok)
        self.assertFalse(sortid.validate([hex_text[:-1]], source="uuid")[0])


class OutOverlappingInput(unittest.TestCase):
    def test_overlap_is_refused_and_input_kept(self):
        hex_text = sortid.convert(sortid.generate(4), "hex")
        values = np.array(hex_text, dtype="S32")
        before = values.copy()
        out = values.view(np.uint8).reshape(-1, 16)[:4]
        with self.assertRaisesRegex(ValueError, "shares memory"):
            sortid.convert(values, "bin", source="hex", out=out)
        np.testing.assert_array_equal(values, before)


class Generate(unittest.TestCase):
    def test_bad_counts_and_dtypes(self):
        for n in (2.5, "3", None):
            with self.assertRaises(TypeError):
                sortid.generate(n)
        self.assertEqual(len(sortid.generate(np.int64(3))), 3)
        for dtype in (np.int32, "S5", "U3", float):
            with self.assertRaises(ValueError):
                sortid.generate(2, dtype=dtype)

    def test_record_text_only_from_record_ids(self):
        for kind in ("ulid", "ulid-monotonic", "uuidv7"):
            with self.assertRaisesRegex(ValueError, "Record ID"):
                sortid.generate(3, kind=kind, to="record")
        self.assertTrue(all(len(s) == 20 for s in sortid.generate(3, kind="record")))


class Containers(unittest.TestCase):
    def test_dataframe_is_refused(self):
        frame = pd.DataFrame({"id": [ULID]})
        with self.assertRaisesRegex(TypeError, "DataFrame"):
            sortid.convert(frame, "uuid")
        with self.assertRaisesRegex(TypeError, "DataFrame"):
            sortid.validate(frame)


class ParsedIds(unittest.TestCase):
    def test_record_ms(self):
        record = sortid.generate(1, kind="record")[0]
        ms = int(sortid.convert([record], "ms", source="record")[0])
        self.assertEqual(sortid.parse(record, "record").ms, ms)
        self.assertGreater(ms, 1767225600000)  # after 2026-01-01

    def test_all_six_comparisons(self):
        a, b = sortid.parse("0" * 26), sortid.parse(ULID)
        self.assertTrue(a < b and a <= b and b > a and b >= a and a != b and a == a)
        self.assertFalse(a > b or a >= b or b < a or b <= a or a == b)
        self.assertNotEqual(a, ULID)
        with self.assertRaises(TypeError):
            a < ULID  # noqa: B015


class ActiveTarget(unittest.TestCase):
    def test_unsupported_target_raises(self):
        env = dict(os.environ, SORTID_TARGET="NO_SUCH_TARGET")
        code = ("import sortid\ntry:\n    sortid.active_target()\nexcept RuntimeError as e:\n"
                "    print(e)\n")
        got = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True).stdout
        self.assertIn("SORTID_TARGET=NO_SUCH_TARGET", got)


class PrivateFunctions(unittest.TestCase):
    """sortid._sortid trusts nothing: wrong arrays raise, never read or write out of bounds."""

    def assert_refused(self, call):
        with self.assertRaises((TypeError, ValueError)):
            call()

    def test_wrong_shapes_dtypes_and_kinds(self):
        ids = np.zeros((3, 16), dtype=np.uint8)
        ok = np.ones(3, dtype=bool)
        text = np.array([ULID] * 3, dtype="S26")
        objects = np.empty(3, dtype=object)
        self.assert_refused(lambda: _sortid.timestamps(np.zeros(5, np.uint8), "ulid"))
        self.assert_refused(lambda: _sortid.timestamps(np.zeros((2, 8), np.uint8), "ulid"))
        self.assert_refused(lambda: _sortid.fill_bytes(ids, ok, np.zeros(3, np.uint8)))
        self.assert_refused(lambda: _sortid.fill_bytes(ids, ok, np.empty(2, object)))
        self.assert_refused(lambda: _sortid.fill_bytes(ids, np.ones(1, bool), objects))
        self.assert_refused(lambda: _sortid.fill_bytes(ids, ok, "abc"))
        self.assert_refused(lambda: _sortid.fill_str(text, ok, np.zeros(3, np.int64)))
        self.assert_refused(lambda: _sortid.fill_str(text, ok, [None]))
        self.assert_refused(lambda: _sortid.fill_str(np.zeros(3, np.int64), ok, [None] * 3))
        self.assert_refused(lambda: _sortid.fill_str(text[::-1], ok, [None] * 3))
        self.assert_refused(lambda: _sortid.fill_str(text, ok, 7))
        self.assert_refused(lambda: _sortid.decode_binary_objects(np.zeros(4, np.uint8)))
        self.assert_refused(lambda: _sortid.decode_binary_objects(np.empty((2, 2), object)))
        self.assert_refused(lambda: _sortid.decode_binary_objects(7))
        self.assert_refused(lambda: _sortid.iso8601(np.zeros(4, np.int64), np.ones(1, bool)))
        self.assert_refused(lambda: _sortid.decode_seconds(np.zeros(4, np.int64), "ulid", None))
        self.assert_refused(lambda: _sortid.decode_seconds(text[::-1], "ulid", None))
        self.assert_refused(lambda: _sortid.decode(np.empty(3, object)[::2], "ulid", "", False,
                                                   False))
        self.assert_refused(lambda: _sortid.encode(np.zeros(5, np.uint8), None, "ulid", "",
                                                   False, False))

    def test_right_arrays_still_work(self):
        ids = sortid.convert([ULID] * 3, "bin")
        objects = np.empty(3, dtype=object)
        _sortid.fill_bytes(ids, np.ones(3, bool), objects)
        self.assertEqual(objects[0], ids[0].tobytes())
        out = [None] * 3
        _sortid.fill_str(np.array([ULID] * 3, dtype="S26"), np.ones(3, bool), out)
        self.assertEqual(out, [ULID] * 3)


if __name__ == "__main__":
    unittest.main()
