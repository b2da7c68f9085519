"""The known answers (tests/data/ulid_known_answers.tsv, gathered from other
ULID implementations and specs) through the Python API. The generator-state kinds
(increment, increment_overflow, monotonic_seq) have no Python API: they are
exercised by tests/kernels/known_answers_test.cc and listed here so that a new kind
fails this test until it is handled."""

import datetime
import os
import unittest

import numpy as np

import sortid

DATA_DIR = os.environ.get("SORTID_TEST_DATA_DIR",
                          os.path.join(os.path.dirname(__file__), "..", "data"))
NOT_IN_PYTHON = {"increment", "increment_overflow", "monotonic_seq"}


def load_rows():
    with open(os.path.join(DATA_DIR, "ulid_known_answers.tsv"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    rows = [line.split("\t") for line in lines[1:] if line]
    return [(r[0], r[1], r[2]) for r in rows]


def min_ulid(ms):
    """ULID text of ms followed by 80 zero bits, through sortid's binary input."""
    raw = np.frombuffer(ms.to_bytes(6, "big") + bytes(10), dtype=np.uint8).reshape(1, 16)
    return sortid.convert(raw, "ulid", source="bin")[0].decode()


def expected_ms(cell):
    moment = datetime.datetime.strptime(cell[:23], "%Y-%m-%d %H:%M:%S.%f")
    ms = round(moment.replace(tzinfo=datetime.timezone.utc).timestamp() * 1000)
    if "(ms " in cell:
        assert ms == int(cell.split("(ms ")[1].split(";")[0].rstrip(")")), cell
    return ms


class KnownAnswers(unittest.TestCase):
    def check(self, kind, text, expected):
        if kind == "decode_hex":
            self.assertEqual(sortid.convert([text], "hex"), [expected])
            self.assertEqual(sortid.parse(text).hex, expected)
        elif kind == "encode_hex":
            raw = np.frombuffer(bytes.fromhex(text), dtype=np.uint8).reshape(1, 16)
            lower = expected == expected.lower()
            got = sortid.convert(raw, "ulid", source="bin", lower=lower)[0].decode()
            self.assertEqual(got, expected)
        elif kind == "decode_ms":
            self.assertEqual(sortid.convert(np.array([text], dtype="S26"), "ms").tolist(),
                             [int(expected)])
        elif kind in ("encode_time", "ms_zero_entropy"):
            got = min_ulid(int(text))
            self.assertEqual(got[:10] if kind == "encode_time" else got, expected)
        elif kind == "decode_datetime_utc":
            if text.startswith("hex:"):
                raw = np.frombuffer(bytes.fromhex(text[4:]), dtype=np.uint8).reshape(1, 16)
                times = sortid.convert(raw, "time", source="bin")
            elif "_" in text:
                type_name = text.rsplit("_", 1)[0]
                times = sortid.convert([text], "time", source="typeid", prefix=type_name)
            else:
                times = sortid.convert([text], "time")
            self.assertEqual(times.dtype, np.dtype("datetime64[ms]"))
            self.assertEqual(int(times.astype(np.int64)[0]), expected_ms(expected))
            iso = expected[:23].replace(" ", "T") + "Z"
            if not text.startswith("hex:") and "_" not in text:
                self.assertEqual(sortid.convert([text], "iso8601"), [iso])
        elif kind == "ts_to_min_ulid":
            self.assertEqual(min_ulid(expected_ms(text)), expected)
        elif kind == "ulid_to_uuid":
            lower = expected.lower()
            self.assertEqual(sortid.convert([text], "uuid"), [lower])
            self.assertEqual(str(sortid.parse(text).uuid), lower)
        elif kind == "uuid_to_ulid":
            self.assertEqual(sortid.convert(np.array([text], dtype="U36"), "ulid", source="uuid")
                             .tolist(), [expected])
            self.assertEqual(sortid.convert([text.replace("-", "")], "ulid", source="hex"),
                             [expected])
        elif kind == "typeid_to_uuid":
            type_name = text.rsplit("_", 1)[0] if "_" in text else ""
            if type_name:
                got = sortid.convert([text], "uuid", source="typeid", prefix=type_name)
                back = sortid.convert([expected], "typeid", source="uuid", out_prefix=type_name)
            else:  # a TypeID without a type is a lower-case ULID
                got = sortid.convert([text], "uuid")
                back = sortid.convert([expected], "ulid", source="uuid", lower=True)
            self.assertEqual(got, [expected])
            self.assertEqual(back, [text])
        elif kind == "alias_decode_lenient":
            self.assertFalse(sortid.validate([text])[0])
            self.assertEqual(sortid.explain(text).reason, "invalid character")
            self.assertEqual(sortid.convert([text], "hex", lenient=True), [expected[:32]])
        elif kind == "fix_base32":
            self.assertFalse(sortid.validate([text])[0])
            self.assertFalse(sortid.validate([text], lenient=True)[0])
            fixed = sortid.convert([text.replace("-", "")], "ulid", lenient=True)
            self.assertEqual(fixed, [expected[:26]])
        elif kind == "invalid":
            self.check_invalid(text, expected)
        elif kind == "ksuid_contrast":
            self.assertEqual(sortid.explain(text).reason, "wrong length")
        else:
            self.fail(f"unhandled kind {kind}")

    def check_invalid(self, text, expected):
        if text.startswith("0000XSNJG0MQJHBF4QX1EFD6Y3 with byte"):
            base = b"0000XSNJG0MQJHBF4QX1EFD6Y3"
            items = [base[:i] + bad + base[i + 1:] for i in range(26) for bad in (b"\xff", b"\0")]
            array = np.array(items, dtype="S26")
            self.assertEqual(len(array), 52)
            self.assertFalse(sortid.validate(array).any())
            self.assertTrue(sortid.validate([base]).all())
            return
        if text.startswith("\\xFF + '0'*25"):
            item = b"\xff" + b"0" * 25
            self.assertFalse(sortid.validate(np.array([item], dtype="S26"))[0])
            self.assertFalse(sortid.validate([item])[0])
            return
        if text.startswith("prefix_"):  # TypeID-only rejections
            self.assertFalse(sortid.validate([text], "typeid", prefix="prefix")[0])
            with self.assertRaisesRegex(ValueError, "item 0"):
                sortid.convert([text], "uuid", source="typeid", prefix="prefix")
            return
        self.assertFalse(sortid.validate([text])[0])
        self.assertEqual(sortid.convert([text], "uuid", on_error="null"), [None])
        why = sortid.explain(text)
        if "overflow" in expected:
            self.assertEqual((why.reason.split(" ")[0], why.position), ("value", 0))
        elif "length" in expected:
            self.assertEqual(why.reason, "wrong length")
            self.assertEqual(str(len(text)), expected.rsplit(" ", 1)[1])
        elif "invalid char '" in expected:
            bad = expected.split("'")[1]
            self.assertEqual((why.reason, why.position), ("invalid character", text.index(bad)))
        else:
            self.assertIn(why.reason, ("invalid character", "value overflows 128 bits "
                                       "(first character above '7')"))

    def test_every_row(self):
        rows = load_rows()
        self.assertGreaterEqual(len(rows), 60, "test data missing")
        handled = {}
        for kind, text, expected in rows:
            if kind in NOT_IN_PYTHON:
                handled[kind] = handled.get(kind, 0) + 1
                continue
            with self.subTest(kind=kind, input=text):
                self.check(kind, text, expected)
                handled[kind] = handled.get(kind, 0) + 1
        self.assertEqual(sum(handled.values()), len(rows))
        self.assertEqual(len(handled), 17, "every kind of vectors/README.md is present")


if __name__ == "__main__":
    unittest.main()
