"""sortid.dask on a real distributed.LocalCluster with 2 worker processes.

8 CSV files x 250 000 rows with 1% bad IDs are converted ULID -> UUID with
on_error='null', and the result must equal the `sortid` command's
`convert --on-error null` output of the same files, row for row. The
cluster is shut down by its context managers, also when a check fails.
Run as a script (ctest: python_dask): SORTID_CLI names the command.
"""

import os
import random
import subprocess
import sys
import tempfile
import unittest

import dask.dataframe as dd
import numpy as np
from distributed import Client, LocalCluster, get_task_stream

import sortid
import sortid.dask

FILES = 8
ROWS = 250_000
BAD_FRACTION = 0.01


def cli_path():
    path = os.environ.get("SORTID_CLI")
    if path:
        return path
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, "..", "..", "build", "release", "cli", "sortid")


def bad_value(rng, good):
    """One invalid ID of a random kind (no commas, quotes or newlines)."""
    kind = rng.randrange(6)
    if kind == 0:
        return good[:25]  # short
    if kind == 1:
        return good + "0"  # long
    if kind == 2:
        return good[:7] + "U" + good[8:]  # outside the alphabet
    if kind == 3:
        return "8" + good[1:]  # overflows 128 bits
    if kind == 4:
        return ""  # empty field (pandas: NaN)
    return good[:12] + "\u00e9" + good[14:]  # non-ASCII, 26 bytes


def write_files(directory):
    rng = random.Random(19)
    paths, bad_rows = [], 0
    for f in range(FILES):
        ids = sortid.generate(ROWS, "ulid-monotonic").tolist()
        for i in rng.sample(range(ROWS), int(ROWS * BAD_FRACTION)):
            ids[i] = bad_value(rng, ids[i])
            bad_rows += 1
        path = os.path.join(directory, f"part-{f}.csv")
        with open(path, "w", encoding="utf-8") as out:
            out.write("row,id,value\n")
            out.write("".join(f"{i},{ids[i]},{i * 7 % 1000}\n" for i in range(ROWS)))
        paths.append(path)
    return paths, bad_rows


def cli_conversion(paths):
    """The id column of `sortid convert --on-error null` over every file ('' = null)."""
    column = []
    for path in paths:
        done = subprocess.run([cli_path(), "convert", "--from", "ulid", "--to", "uuid",
                               "--field", "2", "--header", "--on-error", "null",
                               "--no-progress", path],
                              check=True, capture_output=True)
        lines = done.stdout.decode("utf-8").split("\n")
        assert lines[0] == "row,id,value" and lines[-1] == "", lines[:1]
        rows = [line.split(",") for line in lines[1:-1]]
        assert len(rows) == ROWS and all(len(r) == 3 for r in rows)
        column.extend(r[1] for r in rows)
    return column


class DaskCluster(unittest.TestCase):
    def test_convert_equals_the_cli_row_for_row(self):
        self.assertTrue(os.access(cli_path(), os.X_OK), f"no sortid command at {cli_path()}")
        with tempfile.TemporaryDirectory() as directory:
            paths, bad_rows = write_files(directory)
            want = cli_conversion(paths)
            self.assertEqual(sum(v == "" for v in want), bad_rows)
            with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster) as client:
                pids = client.run(os.getpid)
                self.assertEqual(len(set(pids.values())), 2, "two worker processes")
                self.assertNotIn(os.getpid(), pids.values())
                where = client.run(lambda: sortid.__file__)
                self.assertTrue(all(p.endswith("__init__.py") for p in where.values()))

                frame = dd.read_csv(paths, dtype={"id": object}, blocksize=None)
                self.assertEqual(frame.npartitions, FILES)
                converted = sortid.dask.convert_column(frame, "id", "uuid", into="uuid",
                                                       on_error="null")
                converted = converted.assign(
                    valid=sortid.dask.validate(frame["id"]),
                    ms=sortid.dask.convert(frame["id"], "ms", on_error="null"))
                self.assertEqual(str(converted.dtypes["ms"]), "Int64")
                self.assertEqual(converted.dtypes["valid"], np.bool_)
                with get_task_stream(client) as tasks:
                    result = converted.compute()  # one pass over the files
                workers = {task["worker"] for task in tasks.data}
                self.assertEqual(len(workers), 2, "both workers converted partitions")

                self.assertEqual(len(result), FILES * ROWS)
                got = ["" if v is None else v for v in result["uuid"].tolist()]
                mismatches = [i for i in range(len(want)) if got[i] != want[i]]
                self.assertEqual(mismatches[:5], [], "rows differing from the CLI")
                self.assertEqual(result["row"].tolist(), list(range(ROWS)) * FILES)
                self.assertEqual(int(result["valid"].sum()), FILES * ROWS - bad_rows)
                self.assertEqual(int(result["ms"].isna().sum()), bad_rows)
                first = next(i for i, v in enumerate(want) if v)
                self.assertEqual(result["ms"].iloc[first],
                                 int(want[first].replace("-", "")[:12], 16))

                # on_error='raise' on the cluster: the worker's ValueError reaches the client.
                with self.assertRaisesRegex(ValueError, r"is not a valid ulid"):
                    sortid.dask.convert(frame["id"].partitions[0], "uuid").compute()

if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
