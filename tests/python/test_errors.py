"""Error policies, missing values, validate and explain."""

import unittest

import numpy as np
import pandas as pd

import sortid

GOOD = "01ARYZ6S41TSV4RRFFQ69G5FAV"
GOOD_UUID = "01563df3-6481-d676-4c61-efb99302bd5b"
GOOD_MS = 1469918176385


class RaisePolicy(unittest.TestCase):
    def assert_message(self, values, pattern, **kwargs):
        with self.assertRaisesRegex(ValueError, pattern):
            sortid.convert(values, "uuid", **kwargs)

    def test_names_index_value_reason_and_byte(self):
        self.assert_message([GOOD, GOOD[:24] + "U" + GOOD[25:]],
                            r"item 1 '01ARYZ6S41TSV4RRFFQ69G5FUV' is not a valid ulid: "
                            r"invalid character at position 25$")
        self.assert_message([GOOD, "8" + GOOD[1:]], r"item 1 .* value overflows 128 bits .* "
                                                    r"at position 1$")
        self.assert_message([GOOD[:25]], r"item 0 .* wrong length$")
        self.assert_message(["u_" + GOOD.lower(), "u_" + GOOD.lower(), "v_" + GOOD.lower()],
                            r"item 2 'v_01aryz6s41tsv4rrffq69g5fav' .* "
                            r"prefix mismatch at position 1$",
                            source="typeid", prefix="u")
        self.assert_message(["01563df3+6481-d676-4c61-efb99302bd5b"],
                            r"hyphen missing or misplaced at position 9$", source="uuid")

    def test_first_bad_item_is_named(self):
        values = [GOOD] * 10 + ["bad1"] + [GOOD] * 5 + ["bad2"]
        self.assert_message(values, r"item 10 'bad1'")

    def test_value_is_escaped_for_a_terminal(self):
        self.assert_message([GOOD[:20] + "\x1b[31m"], r"'01ARYZ6S41TSV4RRFFQ6\\x1b\[31m'")
        self.assert_message([GOOD[:25] + "\u202e"], r"\\u202e")
        self.assert_message(np.array([b"\xff" + b"0" * 25]), r"b'\\xff0000.* non-ASCII character "
                                                             r"at position 1$")
        long_value = "Z" * 1000
        with self.assertRaises(ValueError) as caught:
            sortid.convert([long_value], "uuid")
        self.assertLess(len(str(caught.exception)), 200, "long values are shortened")

    def test_series_names_the_label(self):
        series = pd.Series([GOOD, "nope"], index=["a", "b"])
        self.assert_message(series, r"item 1 \(index 'b'\) 'nope'")

    def test_missing_values_raise(self):
        for missing in (None, float("nan"), pd.NA, pd.NaT, np.nan):
            with self.subTest(missing=missing):
                self.assert_message([GOOD, missing], r"item 1 is missing .*on_error='null'")
        self.assert_message([GOOD, 42], r"item 1 42 is not a valid ulid: not text \(int\)")

    def test_nothing_partial_is_returned(self):
        values = [GOOD, "bad"]
        with self.assertRaises(ValueError):
            result = sortid.convert(values, "uuid")
            self.fail(f"returned {result}")
        self.assertEqual(values, [GOOD, "bad"], "the input is not modified")


class NullPolicy(unittest.TestCase):
    VALUES = [GOOD, "bad", None, float("nan"), GOOD]

    def test_list_gives_none(self):
        self.assertEqual(sortid.convert(self.VALUES, "uuid", on_error="null"),
                         [GOOD_UUID, None, None, None, GOOD_UUID])

    def test_object_array_gives_none(self):
        got = sortid.convert(np.array(self.VALUES, dtype=object), "ulid", on_error="null")
        self.assertEqual(got.tolist(), [GOOD, None, None, None, GOOD])

    def test_numpy_outputs_without_a_missing_value_are_masked(self):
        array = np.array([GOOD, "bad", GOOD], dtype="S26")
        text = sortid.convert(array, "uuid", on_error="null")
        self.assertIsInstance(text, np.ma.MaskedArray)
        self.assertEqual(text.mask.tolist(), [False, True, False])
        self.assertEqual(text[0], GOOD_UUID.encode())
        ms = sortid.convert(array, "ms", on_error="null")
        self.assertEqual(ms.tolist(), [GOOD_MS, None, GOOD_MS])
        bins = sortid.convert(array, "bin", on_error="null")
        self.assertEqual(bins.shape, (3, 16))
        self.assertEqual(bins.mask.all(axis=1).tolist(), [False, True, False])
        unicode = sortid.convert(array.astype("U26"), "ulid", on_error="null")
        self.assertEqual(unicode.tolist(), [GOOD, None, GOOD])
        # No bad item: still a masked array (the type does not depend on the data).
        self.assertIsInstance(sortid.convert(array[:1], "ms", on_error="null"), np.ma.MaskedArray)

    def test_time_gives_nat(self):
        times = sortid.convert(self.VALUES, "time", on_error="null")
        self.assertEqual(times.dtype, np.dtype("datetime64[ms]"))
        self.assertEqual(np.isnat(times).tolist(), [False, True, True, True, False])
        self.assertEqual(int(times[0].astype(np.int64)), GOOD_MS)

    def test_series_nullable_dtypes(self):
        series = pd.Series(self.VALUES, index=[9, 8, 7, 6, 5])
        text = sortid.convert(series, "uuid", on_error="null")
        self.assertEqual(text.tolist(), [GOOD_UUID, None, None, None, GOOD_UUID])
        self.assertEqual(list(text.index), [9, 8, 7, 6, 5])
        ms = sortid.convert(series, "ms", on_error="null")
        self.assertEqual(str(ms.dtype), "Int64")
        self.assertEqual(ms.isna().tolist(), [False, True, True, True, False])
        self.assertEqual(ms.iloc[0], GOOD_MS)
        times = sortid.convert(series, "time", on_error="null")
        self.assertEqual(times.isna().tolist(), [False, True, True, True, False])
        bins = sortid.convert(series, "bin", on_error="null")
        self.assertIsNone(bins.iloc[1])
        self.assertEqual(len(bins.iloc[0]), 16)

    def test_good_data_around_bad_is_untouched(self):
        rng = np.random.default_rng(7)
        values = list(sortid.generate(5000))
        want = sortid.convert(values, "hex")
        bad_at = sorted(rng.choice(5000, size=50, replace=False).tolist())
        for i in bad_at:
            values[i] = values[i][:-1] + "!"
        got = sortid.convert(values, "hex", on_error="null")
        for i in range(5000):
            self.assertEqual(got[i], None if i in bad_at else want[i])


class ValidateAndExplain(unittest.TestCase):
    def test_validate_every_container(self):
        values = [GOOD, "bad", None, GOOD.lower(), 7]
        want = [True, False, False, True, False]
        self.assertEqual(sortid.validate(values).tolist(), want)
        self.assertEqual(sortid.validate(pd.Series(values)).tolist(), want)
        self.assertEqual(sortid.validate(np.array(values, dtype=object)).dtype, np.bool_)
        self.assertEqual(sortid.validate(np.array([GOOD, "x"], dtype="S26")).tolist(),
                         [True, False])
        self.assertEqual(sortid.validate([GOOD_UUID], "uuid").tolist(), [True])
        self.assertEqual(sortid.validate([GOOD_UUID.replace("-", "")], "hex").tolist(), [True])
        self.assertEqual(sortid.validate([], "record").tolist(), [])

    def test_explain(self):
        ok = sortid.explain(GOOD)
        self.assertTrue(ok.ok)
        self.assertEqual(str(ok), "ok")
        why = sortid.explain(GOOD[:3] + "!" + GOOD[4:])
        self.assertEqual((why.ok, why.reason, why.position), (False, "invalid character", 3))
        self.assertEqual(str(why), "invalid character at position 4")
        self.assertEqual(sortid.explain("x" * 25).reason, "wrong length")
        self.assertEqual(sortid.explain(None).reason, "missing value")
        self.assertEqual(sortid.explain(GOOD.encode()).ok, True)
        self.assertEqual(sortid.explain("user_" + GOOD.lower(), "typeid", prefix="user").ok, True)
        self.assertEqual(sortid.explain(GOOD, "record").reason, "wrong length")
        self.assertEqual(sortid.explain("01563df3-6481-d676-4c61-efb99302bd5X", "uuid").position,
                         35)

    def test_messages_count_from_one_offsets_from_zero(self):
        # The engines' and the command's rule (docs/formats.md): a message
        # names the 1-based position; .position is the 0-based offset; a
        # length error names no position in the message.
        for offset in (0, 12, 25):
            text = GOOD[:offset] + "!" + GOOD[offset + 1:]
            why = sortid.explain(text)
            self.assertEqual(why.position, offset)
            self.assertEqual(str(why), f"invalid character at position {offset + 1}")
        why = sortid.explain("\u00e9" + GOOD[1:])
        self.assertEqual((why.position, str(why)), (0, "non-ASCII character at position 1"))
        why = sortid.explain(GOOD[:25])
        self.assertEqual((why.reason, why.position, str(why)),
                         ("wrong length", 25, "wrong length"))

    def test_explain_agrees_with_validate_on_the_bare_uuid_form(self):
        # source='uuid' takes the 36-character form and the bare 32 digits.
        bare = GOOD_UUID.replace("-", "")
        self.assertEqual(sortid.validate([bare], "uuid").tolist(), [True])
        self.assertTrue(sortid.explain(bare, "uuid").ok)
        self.assertEqual(sortid.convert([bare], "ulid", source="uuid"), [GOOD])
        why = sortid.explain(bare[:-1], "uuid")
        self.assertEqual((why.ok, why.reason), (False, "wrong length"))
        self.assertEqual(sortid.validate([bare[:-1]], "uuid").tolist(), [False])
        self.assertTrue(sortid.explain(bare, "hex").ok)

if __name__ == "__main__":
    unittest.main()
