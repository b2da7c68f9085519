"""sortid.ULID: python-ulid's class. Constructors, properties, conversions,
ordering and equality, hashing, pickling, subclasses."""

import copy
import datetime
import pickle
import time
import unittest
import uuid
import weakref

import sortid
from sortid import ULID

TEXT = "01ARYZ6S41TSV4RRFFQ69G5FAV"
UUID = "01563df3-6481-d676-4c61-efb99302bd5b"
HEX = UUID.replace("-", "")
RAW = bytes.fromhex(HEX)
MS = 1469918176385
UTC = datetime.timezone.utc


class Pickled(ULID):
    """A subclass at module level, so pickle can find it."""


class Constructors(unittest.TestCase):
    def test_every_constructor_gives_the_same_id(self):
        expected = ULID(RAW)
        for made in (ULID.from_str(TEXT), ULID.from_str(TEXT.lower()), ULID.from_hex(HEX),
                     ULID.from_hex(HEX.upper()), ULID.from_bytes(RAW), ULID.from_int(int(HEX, 16)),
                     ULID.from_uuid(uuid.UUID(UUID)), ULID(value=RAW),
                     ULID(bytearray(RAW)), ULID(memoryview(RAW))):
            self.assertIs(type(made), ULID)
            self.assertEqual(made.bytes, RAW)
            self.assertEqual(made, expected)

    def test_properties(self):
        u = ULID.from_str(TEXT)
        self.assertEqual(str(u), TEXT)
        self.assertEqual(repr(u), f"ULID({TEXT})")
        self.assertEqual(f"{u}", TEXT)
        self.assertEqual(u.bytes, RAW)
        self.assertEqual(bytes(u), RAW)
        self.assertEqual(int(u), int(HEX, 16))
        self.assertEqual(u.hex, HEX)
        self.assertEqual(u.milliseconds, MS)
        self.assertIsInstance(u.timestamp, float)
        self.assertEqual(u.timestamp, MS / 1000)
        self.assertEqual(u.datetime, datetime.datetime(2016, 7, 30, 22, 36, 16, 385000, UTC))
        self.assertEqual(u.to_uuid(), uuid.UUID(UUID))
        self.assertEqual(u.to_uuid4().version, 4)
        self.assertEqual(u.to_uuid4().bytes[:6], RAW[:6])

    def test_extremes(self):
        self.assertEqual(str(ULID(bytes(16))), "0" * 26)
        self.assertEqual(str(ULID(b"\xff" * 16)), "7" + "Z" * 25)
        self.assertEqual(ULID.from_int(2**128 - 1).bytes, b"\xff" * 16)
        self.assertEqual(ULID.from_int(0).bytes, bytes(16))
        self.assertEqual(ULID.from_str("7" + "Z" * 25).hex, "f" * 32)
        self.assertEqual(ULID.from_timestamp(0).milliseconds, 0)
        self.assertEqual(ULID.from_timestamp(2**48 - 1).milliseconds, 2**48 - 1)

    def test_new_ids_are_now_and_differ(self):
        before = time.time_ns() // 1_000_000
        ids = [ULID() for _ in range(1000)]
        after = time.time_ns() // 1_000_000
        self.assertEqual(len({u.bytes for u in ids}), 1000)
        self.assertTrue(all(before <= u.milliseconds <= after for u in ids))
        self.assertEqual(len({u.bytes[6:] for u in ids}), 1000)  # 80 fresh random bits each

    def test_new_ids_follow_a_patched_clock(self):
        # Fake clocks (freezegun, time-machine) replace time.time_ns.
        real = time.time_ns
        try:
            time.time_ns = lambda: MS * 1_000_000 + 999_999
            self.assertEqual(ULID().milliseconds, MS)
            time.time_ns = lambda: -1
            with self.assertRaisesRegex(ValueError, r"outside the ULID time range"):
                ULID()
            time.time_ns = lambda: "soon"
            with self.assertRaises(TypeError):
                ULID()
        finally:
            time.time_ns = real
        self.assertGreater(ULID().milliseconds, MS)

    def test_from_timestamp(self):
        self.assertEqual(ULID.from_timestamp(MS).milliseconds, MS)
        self.assertEqual(ULID.from_timestamp(MS / 1000).milliseconds, MS)
        self.assertEqual(ULID.from_timestamp(1.0009).milliseconds, 1000)  # int(s * 1000)
        t = time.time()
        self.assertEqual(ULID.from_timestamp(t).timestamp,
                         ULID.from_timestamp(int(t * 1000)).timestamp)
        a, b = ULID.from_timestamp(MS), ULID.from_timestamp(MS)
        self.assertNotEqual(a.bytes[6:], b.bytes[6:])

    def test_from_datetime_is_exact(self):
        for ms in range(MS, MS + 2000, 7):
            when = datetime.datetime(1970, 1, 1, tzinfo=UTC) + datetime.timedelta(milliseconds=ms)
            self.assertEqual(ULID.from_datetime(when).milliseconds, ms)
            self.assertEqual(ULID.from_datetime(when + datetime.timedelta(microseconds=999))
                             .milliseconds, ms)
        plus_two = datetime.timezone(datetime.timedelta(hours=2))
        when = datetime.datetime(2016, 7, 31, 0, 36, 16, 385000, plus_two)
        self.assertEqual(ULID.from_datetime(when).milliseconds, MS)
        naive = datetime.datetime(2016, 7, 30, 22, 36, 16, 385000)  # local time
        self.assertEqual(ULID.from_datetime(naive).milliseconds, int(naive.timestamp() * 1000))
        # int(dt.timestamp() * 1000) rounds up to the next millisecond here.
        far = datetime.datetime(8808, 1, 13, 22, 47, 33, 601979, UTC)
        self.assertEqual(ULID.from_datetime(far).milliseconds,
                         (far - datetime.datetime(1970, 1, 1, tzinfo=UTC)) // datetime.timedelta(
                             milliseconds=1))
        self.assertNotEqual(ULID.from_datetime(far).milliseconds, int(far.timestamp() * 1000))
        top = datetime.datetime.max.replace(tzinfo=UTC)
        self.assertEqual(ULID.from_datetime(top).milliseconds, 253402300799999)

    def test_datetime_past_year_9999(self):
        with self.assertRaisesRegex(ValueError, r"past datetime's year 9999"):
            ULID(b"\xff" * 16).datetime  # noqa: B018

    def test_parse(self):
        u = ULID.from_str(TEXT)
        self.assertIs(ULID.parse(u), u)
        for value in (TEXT, TEXT.lower(), UUID, HEX, uuid.UUID(UUID), int(u), RAW):
            self.assertEqual(ULID.parse(value), u, value)
        self.assertEqual(ULID.parse(MS).milliseconds, MS)
        self.assertEqual(ULID.parse(MS / 1000).milliseconds, MS)
        self.assertEqual(ULID.parse(u.datetime).milliseconds, MS)
        self.assertEqual(ULID.parse(2**48).bytes, (2**48).to_bytes(16, "big"))
        with self.assertRaisesRegex(ValueError, r"length 10; expected 26, 36 or 32"):
            ULID.parse("not-a-uuid")
        with self.assertRaisesRegex(ValueError, r"not a valid uuid"):
            ULID.parse(UUID.replace("-", "+"))
        for value in ([], None, True, 1j):
            with self.assertRaises(TypeError):
                ULID.parse(value)


class Comparisons(unittest.TestCase):
    def setUp(self):
        self.low = ULID.from_timestamp(MS)
        self.high = ULID.from_timestamp(MS + 1)

    def test_equality_with_ulid_int_bytes_and_str(self):
        u = self.low
        same = ULID(u.bytes)
        self.assertTrue(u == same and not u != same)
        self.assertEqual(u, int(u))
        self.assertEqual(u, u.bytes)
        self.assertEqual(u, str(u))
        self.assertNotEqual(u, str(u).lower())  # str compares with the canonical text
        self.assertFalse(u == object())
        self.assertTrue(u != object())
        self.assertNotEqual(u, u.bytes + b"\x00")
        self.assertNotEqual(u, u.bytes[:15])
        self.assertNotEqual(u, float(int(u)))

    def test_ordering_with_ulid_int_bytes_and_str(self):
        low, high = self.low, self.high
        for other in (high, int(high), high.bytes, str(high)):
            self.assertTrue(low < other and low <= other and not low > other, other)
            self.assertTrue(high >= other and not high < other, other)
        self.assertTrue(other > low)  # reflected: str > ULID
        self.assertLess(low, low.bytes + b"\x00")  # bytes order: a prefix is smaller
        self.assertGreater(low, low.bytes[:15])
        with self.assertRaises(TypeError):
            low < object()  # noqa: B015
        with self.assertRaises(TypeError):
            low < 1.5  # noqa: B015

    def test_sorting_matches_bytes_text_and_int(self):
        ids = [ULID() for _ in range(200)] + [ULID.from_timestamp(t) for t in range(0, 200, 3)]
        order = sorted(ids)
        self.assertEqual([u.bytes for u in order], sorted(u.bytes for u in ids))
        self.assertEqual([str(u) for u in order], sorted(str(u) for u in ids))
        self.assertEqual([int(u) for u in order], sorted(int(u) for u in ids))

    def test_hash(self):
        u = self.low
        self.assertEqual(hash(u), hash(u.bytes))
        self.assertEqual(hash(u), hash(ULID(u.bytes)))
        self.assertNotEqual(hash(u), hash(self.high))
        self.assertEqual(len({u, ULID(u.bytes), self.high}), 2)
        self.assertEqual({u: 1}[ULID.from_str(str(u))], 1)


class Objects(unittest.TestCase):
    def test_pickle_and_copy(self):
        u = ULID.from_str(TEXT)
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(u, protocol))
            self.assertIs(type(back), ULID)
            self.assertEqual(back.bytes, RAW)
        self.assertEqual(copy.copy(u), u)
        self.assertEqual(copy.deepcopy([u]), [u])
        sub = pickle.loads(pickle.dumps(Pickled.from_str(TEXT)))
        self.assertIs(type(sub), Pickled)
        self.assertEqual(sub, u)

    def test_module_and_identity(self):
        self.assertIs(sortid.ULID, ULID)
        self.assertEqual(ULID.__module__, "sortid")
        self.assertIn("ULID", sortid.__all__)
        u = ULID()
        self.assertIs(weakref.ref(u)(), u)
        with self.assertRaises(AttributeError):
            u.bytes = RAW  # immutable: its hash must not change
        with self.assertRaises(AttributeError):
            u.anything = 1

    def test_subclass(self):
        class Tagged(ULID):
            def __init__(self, value=None):
                super().__init__(value)
                self.tag = "t"

        for made in (Tagged.from_str(TEXT), Tagged.from_bytes(RAW), Tagged.from_hex(HEX),
                     Tagged.from_int(int(HEX, 16)), Tagged.from_uuid(uuid.UUID(UUID)),
                     Tagged.parse(TEXT), Tagged(RAW)):
            self.assertIs(type(made), Tagged)
            self.assertEqual(made.tag, "t")
            self.assertEqual(made, ULID.from_str(TEXT))
            self.assertEqual(hash(made), hash(RAW))
            self.assertEqual(str(made), TEXT)
        self.assertIs(type(Tagged.from_timestamp(MS)), Tagged)
        self.assertIs(type(Tagged.from_datetime(datetime.datetime.now(UTC))), Tagged)
        self.assertIs(type(Tagged()), Tagged)


if __name__ == "__main__":
    unittest.main()
