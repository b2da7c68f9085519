"""sortid.convert over every format pair and every input container, checked
against the independent oracle (oracle.py)."""

import os
import random
import unittest

import numpy as np
import pandas as pd

import oracle
import sortid

FORMATS = ("ulid", "record", "uuid", "hex", "typeid")


def random_ids(n, seed, record_safe=False):
    rng = random.Random(seed)
    ids = []
    for _ in range(n):
        value = rng.getrandbits(100 if record_safe else 128)
        ids.append(value.to_bytes(16, "big"))
    return ids


def prefix_kwargs(fmt, role):
    """typeid needs a type name; the other formats are tried without a prefix."""
    if fmt != "typeid":
        return {}
    return {"prefix": "user"} if role == "source" else {"out_prefix": "user"}


class FormatPairs(unittest.TestCase):
    def test_every_text_format_to_every_output(self):
        ids = random_ids(300, seed=1, record_safe=True)
        for source in FORMATS:
            values = [oracle.text(raw, source, "user" if source == "typeid" else "")
                      for raw in ids]
            for to in FORMATS:
                with self.subTest(source=source, to=to):
                    got = sortid.convert(values, to, source=source,
                                         **prefix_kwargs(source, "source"),
                                         **prefix_kwargs(to, "to"))
                    want = [oracle.text(raw, to, "user" if to == "typeid" else "") for raw in ids]
                    self.assertEqual(got, want)
            with self.subTest(source=source, to="bin"):
                got = sortid.convert(values, "bin", source=source,
                                     **prefix_kwargs(source, "source"))
                self.assertEqual(got.dtype, np.uint8)
                self.assertEqual(got.shape, (len(ids), 16))
                self.assertEqual([row.tobytes() for row in got], ids)
            with self.subTest(source=source, to="ms"):
                got = sortid.convert(values, "ms", source=source,
                                     **prefix_kwargs(source, "source"))
                self.assertEqual(got.dtype, np.int64)
                layout = "record" if source == "record" else "ulid"
                self.assertEqual(got.tolist(), [oracle.ms(raw, layout) for raw in ids])

    def test_outputs_name_what_convert_produces(self):
        # TARGETS, the former name, stays an alias (active_target() is a CPU).
        self.assertIs(sortid.TARGETS, sortid.OUTPUTS)
        value = oracle.text(random_ids(1, seed=3, record_safe=True)[0], "ulid", "")
        for to in sortid.OUTPUTS:
            with self.subTest(to=to):
                sortid.convert([value], to, **prefix_kwargs(to, "to"))
        with self.assertRaises(ValueError):
            sortid.convert([value], "avx2")

    def test_binary_source(self):
        ids = random_ids(200, seed=2)
        array = np.frombuffer(b"".join(ids), dtype=np.uint8).reshape(-1, 16)
        same = sortid.convert(array, "bin", source="bin")
        self.assertIsNot(same, array)
        self.assertTrue((same == array).all())
        got = sortid.convert(array, "uuid", source="bin")
        self.assertIsInstance(got, np.ndarray)
        self.assertEqual(got.dtype, np.dtype("S36"))
        self.assertEqual([v.decode() for v in got], [oracle.text(r, "uuid") for r in ids])
        series = pd.Series(ids + [None], index=range(10, 211))
        got = sortid.convert(series, "ulid", source="bin", on_error="null")
        self.assertEqual(got.tolist(), [oracle.ulid(r) for r in ids] + [None])
        self.assertEqual(list(got.index), list(range(10, 211)))
        with self.assertRaisesRegex(ValueError, r"item 2 b'short' is not a 16-byte ID"):
            sortid.convert([ids[0], ids[1], b"short"], "ulid", source="bin")

    def test_decode_into_a_reused_buffer(self):
        ids = random_ids(300, seed=6)
        text = np.array([oracle.ulid(raw) for raw in ids], dtype="S26")
        buffer = np.full((300, 16), 0xAA, dtype=np.uint8)
        got = sortid.convert(text, "bin", out=buffer)
        self.assertIs(got, buffer)
        self.assertEqual([row.tobytes() for row in buffer], ids)
        text[5] = b"bad"
        masked = sortid.convert(text, "bin", out=buffer, on_error="null")
        self.assertTrue(masked.mask[5].all())
        self.assertEqual(buffer[5].tolist(), [0] * 16, "invalid slots are zeroed")
        with self.assertRaisesRegex(ValueError, r"\(300, 16\)"):
            sortid.convert(text, "bin", out=np.empty((299, 16), dtype=np.uint8))
        with self.assertRaisesRegex(TypeError, "uint8"):
            sortid.convert(text, "bin", out=np.empty((300, 16), dtype=np.int64))
        with self.assertRaisesRegex(ValueError, "only for to='bin'"):
            sortid.convert(text, "uuid", out=buffer)

    def test_time_and_iso8601(self):
        ids = random_ids(100, seed=3, record_safe=True)
        ulids = [oracle.ulid(raw) for raw in ids]
        times = sortid.convert(ulids, "time")
        self.assertEqual(times.dtype, np.dtype("datetime64[ms]"))
        self.assertEqual(times.astype(np.int64).tolist(), [oracle.ms(r, "ulid") for r in ids])
        records = [oracle.record(raw) for raw in ids]
        iso = sortid.convert(records, "iso8601", source="record")
        self.assertEqual(iso, [oracle.iso8601(oracle.ms(r, "record")) for r in ids])
        # Times past 9999 have no ISO 8601 text; as null they are missing.
        self.assertEqual(sortid.convert(["7ZZZZZZZZZZZZZZZZZZZZZZZZZ"], "iso8601",
                                        on_error="null"), [None])
        with self.assertRaisesRegex(ValueError, "past year 9999"):
            sortid.convert(["7ZZZZZZZZZZZZZZZZZZZZZZZZZ"], "iso8601")

    def test_prefix_and_case_options(self):
        ids = random_ids(50, seed=4)
        prefixed = ["user_" + oracle.ulid(raw) for raw in ids]
        got = sortid.convert(prefixed, "ulid", prefix="user_", out_prefix="u:", lower=True)
        self.assertEqual(got, ["u:" + oracle.ulid(raw).lower() for raw in ids])
        # Decoding is case-insensitive; TypeID suffixes must be lower case.
        self.assertEqual(sortid.convert([oracle.ulid(ids[0]).lower()], "hex"), [ids[0].hex()])
        upper_typeid = "user_" + oracle.ulid(ids[0])
        self.assertFalse(sortid.validate([upper_typeid], "typeid", prefix="user")[0])
        with self.assertRaisesRegex(ValueError, "needs the type name"):
            sortid.convert(prefixed, "typeid", prefix="user_")
        with self.assertRaisesRegex(ValueError, "needs the type name"):
            sortid.validate(prefixed, "typeid")

    def test_lenient(self):
        text = "01ARYZ6S4ITSV4RRFFQ69G5FAV"  # I -> 1
        self.assertFalse(sortid.validate([text])[0])
        self.assertEqual(sortid.convert([text], "ulid", lenient=True),
                         ["01ARYZ6S41TSV4RRFFQ69G5FAV"])

    def test_record_out_of_range(self):
        wide = bytes([0xFF] * 16)
        ulids = [oracle.ulid(wide), "01ARYZ6S41TSV4RRFFQ69G5FAV"[:1] + "0" * 25]
        with self.assertRaisesRegex(ValueError, r"item 0 '7Z+' does not fit a record"):
            sortid.convert(ulids, "record")
        self.assertEqual(sortid.convert(ulids, "record", on_error="null"),
                         [None, "0" * 20])

    def test_unknown_names(self):
        with self.assertRaisesRegex(ValueError, "to='ksuid'"):
            sortid.convert([], "ksuid")
        with self.assertRaisesRegex(ValueError, "source='x'"):
            sortid.convert([], "ulid", source="x")
        with self.assertRaisesRegex(ValueError, "on_error='skip'"):
            sortid.convert([], "ulid", on_error="skip")
        # The compiled core checks the names too (for callers of sortid._sortid).
        with self.assertRaisesRegex(ValueError,
                                    r"unknown text format 'x' \(ulid, record, uuid or hex\)"):
            sortid._sortid.explain(b"x", "x", "", False, False)
        with self.assertRaisesRegex(
                ValueError, r"unknown kind 'x' \(ulid, ulid-monotonic, record or uuidv7\)"):
            sortid._sortid.generate_binary(1, "x")


class InputContainers(unittest.TestCase):
    def setUp(self):
        self.ids = random_ids(1000, seed=5)
        self.ulids = [oracle.ulid(raw) for raw in self.ids]
        self.uuids = [oracle.text(raw, "uuid") for raw in self.ids]

    def test_list_and_tuple_and_iterable(self):
        self.assertEqual(sortid.convert(self.ulids, "uuid"), self.uuids)
        got = sortid.convert(tuple(self.ulids), "uuid")
        self.assertIsInstance(got, np.ndarray)
        self.assertEqual(got.dtype, object)
        self.assertEqual(got.tolist(), self.uuids)
        self.assertEqual(sortid.convert(iter(self.ulids), "uuid"), self.uuids)
        self.assertEqual(sortid.convert([], "uuid"), [])

    def test_bytes_items(self):
        values = [u.encode() for u in self.ulids]
        self.assertEqual(sortid.convert(values, "uuid"), self.uuids)

    def test_numpy_s_exact_width_in_place(self):
        array = np.array(self.ulids, dtype="S26")
        got = sortid.convert(array, "uuid")
        self.assertEqual(got.dtype, np.dtype("S36"))
        self.assertEqual([v.decode() for v in got], self.uuids)
        self.assertTrue(sortid.validate(array).all())

    def test_numpy_s_wider_than_the_id_is_nul_padded(self):
        array = np.array(self.ulids + ["01ARYZ6S41TSV4RRFFQ69G5FAVXX", "01ARYZ6S41"], dtype="S30")
        self.assertEqual(array.dtype.itemsize, 30)
        valid = sortid.validate(array)
        self.assertTrue(valid[:-2].all())
        self.assertFalse(valid[-2], "bytes past the ID that are not padding are an error")
        self.assertFalse(valid[-1])
        got = sortid.convert(array, "uuid", on_error="null")
        self.assertEqual([v.decode() for v in got[:-2]], self.uuids)
        self.assertEqual(got.mask.tolist(), [False] * 1000 + [True, True])
        with self.assertRaisesRegex(ValueError, r"item 1000 b'01ARYZ6S41TSV4RRFFQ69G5FAVXX' is "
                                                r"not a valid ulid: wrong length$"):
            sortid.convert(array, "uuid")

    def test_numpy_s_narrower_than_the_id(self):
        array = np.array([u[:20] for u in self.ulids[:5]], dtype="S20")
        self.assertFalse(sortid.validate(array).any())
        # Record IDs are 20 characters: the same array is valid as records.
        self.assertTrue(sortid.validate(array, "record").all())

    def test_numpy_s_strided_view(self):
        array = np.array(self.ulids, dtype="S26")[::2]
        self.assertEqual([v.decode() for v in sortid.convert(array, "uuid")], self.uuids[::2])

    def test_numpy_unicode(self):
        for width in (26, 40):
            array = np.array(self.ulids, dtype=f"U{width}")
            got = sortid.convert(array, "uuid")
            self.assertEqual(got.dtype.kind, "U")
            self.assertEqual(got.tolist(), self.uuids)
        array = np.array(["01ARYZ6S41TSV4RRFFQ69G5FAÉ", "01ARYZ6S41TSV4RRFFQ69G5FAV"], dtype="U26")
        self.assertEqual(sortid.validate(array).tolist(), [False, True])
        with self.assertRaisesRegex(ValueError, r"item 0 '01ARYZ6S41TSV4RRFFQ69G5FA\\xc9' .* "
                                                r"non-ASCII character at position 26$"):
            sortid.convert(array, "uuid")

    def test_numpy_object(self):
        array = np.array(self.ulids, dtype=object)
        got = sortid.convert(array, "uuid")
        self.assertEqual(got.dtype, object)
        self.assertEqual(got.tolist(), self.uuids)

    def test_pandas_series_keeps_index_and_name(self):
        index = pd.Index([f"row{i}" for i in range(1000)])
        series = pd.Series(self.ulids, index=index, name="id")
        got = sortid.convert(series, "uuid")
        self.assertIsInstance(got, pd.Series)
        self.assertTrue(got.index.equals(index))
        self.assertEqual(got.name, "id")
        self.assertEqual(got.tolist(), self.uuids)
        self.assertTrue(sortid.convert(series, "ms").index.equals(index))
        with self.assertRaisesRegex(ValueError, "outside pandas' datetime64"):
            sortid.convert(series, "time")  # random IDs: times up to the year 10889
        self.assertEqual(sortid.convert(series, "time", on_error="null").isna().sum(),
                         sum(oracle.ms(r, "ulid") > 9223372036854 for r in self.ids))
        recent = pd.Series(sortid.generate(10), index=range(5, 15))
        times = sortid.convert(recent, "time")
        self.assertEqual(times.dtype, np.dtype("datetime64[ns]"))
        self.assertTrue(times.index.equals(recent.index))
        self.assertEqual((times.astype(np.int64) // 1000000).tolist(),
                         sortid.convert(recent, "ms").tolist())
        bins = sortid.convert(series, "bin")
        self.assertEqual(bins.tolist(), self.ids)

    def test_pandas_string_dtype_and_index(self):
        series = pd.Series(self.ulids + [None], dtype="string")
        got = sortid.convert(series, "uuid", on_error="null")
        self.assertEqual(got.tolist(), self.uuids + [None])
        self.assertEqual(sortid.convert(pd.Index(self.ulids), "uuid").tolist(), self.uuids)

    def test_rejects_wrong_shapes_and_types(self):
        with self.assertRaisesRegex(TypeError, "one value"):
            sortid.convert("01ARYZ6S41TSV4RRFFQ69G5FAV", "uuid")
        with self.assertRaisesRegex(ValueError, "1-D"):
            sortid.convert(np.array([self.ulids[:2]] * 2), "uuid")
        with self.assertRaisesRegex(TypeError, "dtype int64"):
            sortid.convert(np.arange(3), "uuid")
        with self.assertRaisesRegex(TypeError, "source='bin'"):
            sortid.convert(np.zeros((2, 16), dtype=np.uint8), "uuid")


if __name__ == "__main__":
    unittest.main()
