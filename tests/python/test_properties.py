"""Property tests of the Python API (hypothesis): any dtype, byte order,
stride, shape and Unicode prefix either round-trips or is refused with
TypeError / ValueError, and lists mutated by another thread never crash."""

import threading
import unittest

import numpy as np

import sortid

try:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
except ImportError:  # scripts/setup.sh installs python3-hypothesis
    given = None

SETTINGS = dict(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck)
                if given else [])

if given is not None:
    raw_ids = st.lists(st.binary(min_size=16, max_size=16), min_size=0, max_size=40)
    prefixes = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\0"),
                       max_size=6)
    dtypes = st.sampled_from(["S", "U", "<U", ">U", "O", "i4", "f8", "u1", "S5", "U3", "b"])


def record_safe(raw):
    return bytes(4) + raw[4:]  # a Record ID keeps the top 28 bits zero (we clear 32)


@unittest.skipIf(given is None, "python3-hypothesis is not installed")
class Properties(unittest.TestCase):
    if given is not None:

        @settings(**SETTINGS)
        @given(raw_ids, prefixes, st.sampled_from(["ulid", "record", "uuid", "hex"]),
               st.sampled_from(["list", "S", "<U", ">U", "O"]))
        def test_prefix_round_trip_in_every_container(self, ids, prefix, fmt, container):
            if fmt == "record":
                ids = [record_safe(raw) for raw in ids]
            binary = np.frombuffer(b"".join(ids), dtype=np.uint8).reshape(-1, 16)
            text = sortid.convert(list(ids), fmt, source="bin", out_prefix=prefix)
            self.assertTrue(all(isinstance(t, str) and t.startswith(prefix) for t in text))
            if container == "list":
                values = list(text)
            elif container == "S":
                values = np.array([t.encode() for t in text], dtype="S")
            elif container == "O":
                values = np.array(text, dtype=object)
            else:
                width = max([len(t) for t in text] + [1])
                values = np.array(text, dtype=f"{container}{width}")
            back = sortid.convert(values, "bin", source=fmt, prefix=prefix)
            self.assertEqual(back.tobytes(), binary.tobytes())
            again = sortid.convert(values, fmt, source=fmt, prefix=prefix, out_prefix=prefix)
            again = [t.decode() if isinstance(t, bytes) else str(t) for t in again]
            self.assertEqual(again, list(text))

        @settings(**SETTINGS)
        @given(raw_ids, dtypes, st.integers(1, 3), st.integers(-2, 2).filter(bool))
        def test_any_dtype_stride_shape_round_trips_or_is_refused(self, ids, dtype, dims, step):
            text = sortid.convert(np.frombuffer(b"".join(ids), np.uint8).reshape(-1, 16), "ulid",
                                  source="bin")
            try:
                values = np.array(text * 2, dtype=dtype)[::step]
            except (ValueError, TypeError, OverflowError):
                return
            if dims > 1 and values.size:
                values = values.reshape((1,) * (dims - 1) + values.shape)
            try:
                got = sortid.convert(values, "bin", on_error="null")
            except (TypeError, ValueError):
                return
            expected = np.array(text * 2, dtype=object)[::step]
            ok = ~np.ma.getmaskarray(got).any(axis=1) if np.ma.isMaskedArray(got) else None
            for i, row in enumerate(np.asarray(got)):
                if ok is None or ok[i]:
                    self.assertEqual(sortid.convert([expected[i]], "bin")[0].tobytes(),
                                     row.tobytes())

        @settings(**SETTINGS)
        @given(st.lists(st.one_of(st.text(max_size=30), st.binary(max_size=30), st.none(),
                                  st.integers(), st.floats()), max_size=30))
        def test_any_items_validate_without_crashing(self, items):
            valid = sortid.validate(items)
            self.assertEqual(len(valid), len(items))
            for item, ok in zip(items, valid):
                self.assertEqual(bool(ok), sortid.explain(item).ok)

        @settings(max_examples=15, deadline=None)
        @given(st.integers(1, 200_000), st.sampled_from(["clear", "extend", "replace"]))
        def test_list_mutated_by_another_thread(self, n, mutation):
            values = list(sortid.generate(n))
            snapshot = list(values)
            stop = threading.Event()

            def mutate():
                while not stop.is_set():
                    if mutation == "clear":
                        values.clear()
                        values.extend(snapshot)
                    elif mutation == "extend":
                        values.extend(snapshot[:100])
                        del values[n:]
                    else:
                        values[: n // 2] = [None] * (n // 2)
                        values[: n // 2] = snapshot[: n // 2]

            thread = threading.Thread(target=mutate)
            thread.start()
            try:
                for _ in range(3):
                    self.assertLessEqual(len(sortid.validate(values)), n + 100)
                    sortid.convert(values, "uuid", on_error="null")
            finally:
                stop.set()
                thread.join()


if __name__ == "__main__":
    unittest.main()
