"""sortid.ULID against hostile input: wrong types, wrong lengths, huge and
negative numbers, non-ASCII and unpaired surrogates, subclasses of str /
bytes / int that lie about themselves. Every error is TypeError or
ValueError naming the method and, for text, the 1-based position."""

import array
import datetime
import unittest
import uuid

from sortid import ULID

TEXT = "01ARYZ6S41TSV4RRFFQ69G5FAV"
HEX = "01563df36481d6764c61efb99302bd5b"
RAW = bytes.fromhex(HEX)


class Types(unittest.TestCase):
    def test_wrong_types_are_type_errors(self):
        cases = [
            (ULID, ["x" * 16, 123, 1.5, [0] * 16, object()]),
            (ULID.from_str, [None, 123, RAW, TEXT.encode(), bytearray(TEXT.encode()), [TEXT]]),
            (ULID.from_hex, [None, HEX.encode(), int(HEX, 16)]),
            (ULID.from_bytes, [None, TEXT, 123, [1] * 16, array.array("i", [0] * 4)]),
            (ULID.from_int, [None, "1", 1.0, True, RAW]),
            (ULID.from_uuid, [None, str(uuid.uuid4()), uuid.uuid4().bytes, 5]),
            (ULID.from_timestamp, [None, "1", b"1", True, datetime.datetime.now()]),
            (ULID.from_datetime, [None, 1.0, "2024-01-01", datetime.date(2024, 1, 1)]),
        ]
        for method, values in cases:
            for value in values:
                with self.assertRaises(TypeError, msg=f"{method.__name__}({value!r})") as raised:
                    method(value)
                self.assertRegex(str(raised.exception), r"^ULID[.(]")

    def test_strided_buffer_is_refused(self):
        with self.assertRaisesRegex(TypeError, r"contiguous"):
            ULID.from_bytes(memoryview(RAW * 2)[::2])


class Text(unittest.TestCase):
    def assert_invalid(self, method, value, pattern):
        with self.assertRaisesRegex(ValueError, pattern):
            method(value)

    def test_positions_are_one_based(self):
        self.assert_invalid(ULID.from_str, TEXT[:24] + "U" + TEXT[25:],
                            r"^ULID.from_str: '01ARYZ6S41TSV4RRFFQ69G5FUV' is not a valid ULID: "
                            r"invalid character at position 25$")
        for i in range(26):
            for bad in "ILOU!-\x00 ":
                text = TEXT[:i] + bad + TEXT[i + 1:]
                self.assert_invalid(ULID.from_str, text, rf"at position {i + 1}$")
        self.assert_invalid(ULID.from_hex, HEX[:31] + "g", r"invalid character at position 32$")
        self.assert_invalid(ULID.from_str, "8" + TEXT[1:], r"overflows 128 bits .* at position 1")
        self.assert_invalid(ULID.from_str, "Z" * 26, r"overflows 128 bits")

    def test_lengths(self):
        for text in ("", TEXT[:25], TEXT + "0", TEXT + "\n", " " + TEXT, "x" * 10_000):
            self.assert_invalid(ULID.from_str, text,
                                rf"wrong length: {len(text)} characters, expected 26")
        self.assert_invalid(ULID.from_hex, HEX[:31], r"expected 32")
        self.assert_invalid(ULID.from_hex, "01563df3-6481-d676-4c61-efb99302bd5b", r"expected 32")
        self.assert_invalid(ULID.from_hex, " ".join([HEX[:16], HEX[16:]]), r"expected 32")

    def test_non_ascii_and_surrogates(self):
        for bad, position in (("é", 3), ("\u0660", 1), ("\U0001F600", 26), ("\ud800", 9),
                              ("\udcff", 26)):
            text = TEXT[:position - 1] + bad + TEXT[position:]
            self.assertEqual(len(text), 26)
            self.assert_invalid(ULID.from_str, text, rf"non-ASCII character at position {position}$")
        # Full-width digits are digits to int(), not to a ULID.
        self.assert_invalid(ULID.from_hex, "\uff10" * 32, r"non-ASCII character at position 1")

    def test_messages_escape_and_shorten_the_value(self):
        with self.assertRaises(ValueError) as raised:
            ULID.from_str("\x1b[31m" + TEXT[5:])
        self.assertIn(r"'\x1b[31m", str(raised.exception))
        with self.assertRaises(ValueError) as raised:
            ULID.from_str("\n" * 5000)
        self.assertLess(len(str(raised.exception)), 200)

    def test_str_subclass_is_read_as_its_value(self):
        class Liar(str):
            def __len__(self):
                return 26

            def __str__(self):
                return TEXT

            def __repr__(self):
                raise RuntimeError("repr must not be called")

            def encode(self, *args):
                raise RuntimeError("encode must not be called")

        self.assertEqual(ULID.from_str(Liar(TEXT)).bytes, RAW)
        self.assertEqual(ULID.from_str(Liar(TEXT.lower())).bytes, RAW)
        self.assert_invalid(ULID.from_str, Liar("abc"), r"'abc' is not a valid ULID: wrong length")
        self.assertEqual(ULID.from_hex(Liar(HEX)).bytes, RAW)


class Numbers(unittest.TestCase):
    def test_ints_out_of_range(self):
        for value in (-1, -(2**64), -(2**200), 2**128, 2**128 + 1, 2**1000):
            with self.assertRaisesRegex(ValueError, r"^ULID.from_int: .*(negative|128 bits)"):
                ULID.from_int(value)
        self.assertEqual(ULID.from_int(2**64).bytes, (2**64).to_bytes(16, "big"))
        self.assertEqual(ULID.from_int(2**64 - 1).bytes, (2**64 - 1).to_bytes(16, "big"))

    def test_int_subclass_methods_are_not_called(self):
        class Liar(int):
            def __rshift__(self, other):
                raise RuntimeError("must not be called")

            def __int__(self):
                return 0

            def __index__(self):
                return 0

        self.assertEqual(ULID.from_int(Liar(int(HEX, 16))).bytes, RAW)
        self.assertEqual(ULID.from_timestamp(Liar(5)).milliseconds, 5)
        with self.assertRaises(ValueError):
            ULID.from_int(Liar(-3))

    def test_timestamps_out_of_range(self):
        for value in (-1, 2**48, 2**64, -(2**70), 2**1000, -0.001, 2.0**48 / 1000 * 1.0001,
                      float("nan"), float("inf"), float("-inf"), 1e300):
            with self.assertRaisesRegex(ValueError, r"^ULID.from_timestamp: .* outside"):
                ULID.from_timestamp(value)
        for when in (datetime.datetime(1969, 12, 31, 23, 59, 59, tzinfo=datetime.timezone.utc),
                     datetime.datetime.min.replace(tzinfo=datetime.timezone.utc)):
            with self.assertRaisesRegex(ValueError, r"^ULID.from_datetime: "):
                ULID.from_datetime(when)


class Bytes(unittest.TestCase):
    def test_wrong_lengths(self):
        for value in (b"", b"sdf", b"not-enough", RAW[:15], RAW + b"\x00", bytes(1000)):
            for method in (ULID, ULID.from_bytes):
                with self.assertRaisesRegex(ValueError, rf"16 bytes, got {len(value)}$"):
                    method(value)

    def test_bytes_likes_and_subclasses(self):
        class Blob(bytes):
            def __len__(self):
                return 3

            def __bytes__(self):
                raise RuntimeError("must not be called")

        self.assertEqual(ULID(Blob(RAW)).bytes, RAW)
        self.assertEqual(ULID.from_bytes(bytearray(RAW)).bytes, RAW)
        self.assertEqual(ULID.from_bytes(memoryview(b"xx" + RAW)[2:]).bytes, RAW)
        self.assertEqual(ULID.from_bytes(b"\xff" * 16).bytes, b"\xff" * 16)
        # Any 16 bytes are an ID: the constructor does not read them as text.
        self.assertEqual(str(ULID(b"\x80" * 16)), str(ULID.from_int(int.from_bytes(b"\x80" * 16,
                                                                                      "big"))))

    def test_comparison_with_bytes_subclass_and_strangers(self):
        u = ULID(RAW)

        class Blob(bytes):
            pass

        self.assertEqual(u, Blob(RAW))
        self.assertLess(u, Blob(b"\xff"))
        self.assertNotEqual(u, bytearray(RAW))  # python-ulid: only bytes compare
        self.assertNotEqual(u, None)
        with self.assertRaises(TypeError):
            u < None  # noqa: B015


if __name__ == "__main__":
    unittest.main()
