"""generate, ulid, parse, and concurrent use from threads (the GIL is released)."""

import concurrent.futures
import datetime
import re
import unittest
import uuid

import numpy as np

import oracle
import sortid

ULID_RE = re.compile(r"^[0-7][0-9A-HJKMNP-TV-Z]{25}$")


class Generate(unittest.TestCase):
    def test_ulids_as_text(self):
        before = int(datetime.datetime.now(datetime.timezone.utc).timestamp() * 1000)
        ids = sortid.generate(10000)
        after = int(datetime.datetime.now(datetime.timezone.utc).timestamp() * 1000)
        self.assertEqual(ids.dtype, object)
        self.assertEqual(len(set(ids.tolist())), 10000)
        self.assertTrue(all(ULID_RE.match(i) for i in ids))
        ms = sortid.convert(ids, "ms")
        self.assertTrue(((ms >= before) & (ms <= after)).all())

    def test_dtypes_and_binary(self):
        self.assertEqual(sortid.generate(3, dtype="S").dtype, np.dtype("S26"))
        self.assertEqual(sortid.generate(3, dtype="U").dtype, np.dtype("U26"))
        binary = sortid.generate(1000, as_text=False)
        self.assertEqual((binary.dtype, binary.shape), (np.uint8, (1000, 16)))
        self.assertEqual(len({row.tobytes() for row in binary}), 1000)
        self.assertEqual(len(sortid.generate(0)), 0)
        with self.assertRaisesRegex(ValueError, "kind='v4'"):
            sortid.generate(1, "v4")

    def test_kinds(self):
        monotonic = sortid.generate(5000, "ulid-monotonic").tolist()
        self.assertEqual(monotonic, sorted(monotonic))
        self.assertEqual(len(set(monotonic)), 5000)
        records = sortid.generate(5000, "record").tolist()
        self.assertEqual(records, sorted(records))
        self.assertTrue(all(len(r) == 20 for r in records))
        self.assertTrue(sortid.validate(records, "record").all())
        uuids = sortid.generate(100, "uuidv7")
        for text in uuids:
            value = uuid.UUID(text)
            self.assertEqual((value.version, value.variant), (7, uuid.RFC_4122))

    def test_text_options(self):
        typeids = sortid.generate(10, to="typeid", out_prefix="user")
        self.assertTrue(all(t.startswith("user_") and t == t.lower() for t in typeids))
        self.assertTrue(sortid.validate(typeids, "typeid", prefix="user").all())
        self.assertTrue(all(re.match(r"^[0-9a-f-]{36}$", t) for t in sortid.generate(5, to="uuid")))
        self.assertTrue(all(t == t.lower() for t in sortid.generate(5, lower=True)))


class SingleValues(unittest.TestCase):
    def test_ulid(self):
        one = sortid.ulid()
        self.assertIsInstance(one, str)
        self.assertRegex(one, ULID_RE)
        self.assertNotEqual(one, sortid.ulid())
        lower = sortid.ulid(lower=True)
        self.assertEqual(lower, lower.lower())

    def test_parse(self):
        value = sortid.parse("01ARYZ6S41TSV4RRFFQ69G5FAV")
        self.assertEqual(str(value), "01ARYZ6S41TSV4RRFFQ69G5FAV")
        self.assertEqual(value.uuid, uuid.UUID("01563df3-6481-d676-4c61-efb99302bd5b"))
        self.assertEqual(value.hex, "01563df36481d6764c61efb99302bd5b")
        self.assertEqual(value.ms, 1469918176385)
        self.assertEqual(value.datetime.isoformat(), "2016-07-30T22:36:16.385000+00:00")
        self.assertEqual(value.record, None)
        self.assertEqual(value, sortid.parse("01563df3-6481-d676-4c61-efb99302bd5b", "uuid"))
        self.assertLess(value, sortid.parse("01ARYZ6S41TSV4RRFFQ69G5FAW"))
        self.assertEqual(len({value, sortid.parse("01aryz6s41tsv4rrffq69g5fav")}), 1)
        record = sortid.parse("0TVAS18AHMP9N5QEN908", "record")
        self.assertEqual(record.record, "0TVAS18AHMP9N5QEN908")
        with self.assertRaisesRegex(ValueError, r"'01ARYZ6S41TSV4RRFFQ69G5FA' is not a valid "
                                                r"ulid: wrong length$"):
            sortid.parse("01ARYZ6S41TSV4RRFFQ69G5FA")


class Threads(unittest.TestCase):
    def test_concurrent_conversions_agree(self):
        """Bulk calls release the GIL; results from 4 threads equal the serial ones."""
        ids = sortid.generate(50000, dtype="S")
        want = [v.decode() for v in sortid.convert(ids, "uuid")]
        as_list = [v.decode() for v in ids]
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            jobs = [pool.submit(sortid.convert, ids if i % 2 else as_list, "uuid")
                    for i in range(8)]
            for i, job in enumerate(jobs):
                got = job.result()
                self.assertEqual(got if isinstance(got, list) else [v.decode() for v in got], want)

    def test_concurrent_generation_is_unique(self):
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            parts = list(pool.map(lambda _: sortid.generate(50000, as_text=False), range(4)))
        everything = np.concatenate(parts)
        self.assertEqual(len({row.tobytes() for row in everything}), 200000)
        self.assertEqual(oracle.ulid(everything[0].tobytes()),
                         sortid.convert(everything[:1], "ulid", source="bin")[0].decode())


if __name__ == "__main__":
    unittest.main()
