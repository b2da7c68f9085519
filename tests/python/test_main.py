"""sortid.__version__ and `python3 -m sortid` (the command's common jobs)."""

import os
import subprocess
import sys
import unittest

import sortid


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "sortid", *args], input=stdin,
                          capture_output=True, text=True, check=False)


class VersionTest(unittest.TestCase):
    def test_version_is_the_commands(self):
        cli = os.environ.get("SORTID_CLI")
        if not cli:
            self.skipTest("SORTID_CLI not set")
        command = subprocess.run([cli, "--version"], capture_output=True, text=True, check=True)
        self.assertEqual(sortid.__version__, command.stdout.strip())
        self.assertEqual(run("--version").stdout.strip(), sortid.__version__)


class MainTest(unittest.TestCase):
    def test_gen_convert_validate(self):
        ids = run("gen", "-n", "3").stdout.split()
        self.assertEqual(len(ids), 3)
        self.assertTrue(all(sortid.validate(ids)))
        uuids = run("convert", "--to", "uuid", stdin="\n".join(ids) + "\n").stdout.split()
        self.assertEqual(uuids, list(sortid.convert(ids, "uuid")))
        good = run("validate", stdin="\n".join(ids) + "\n")
        self.assertEqual((good.returncode, good.stdout.strip()), (0, "3 valid, 0 invalid"))
        bad = run("validate", stdin=ids[0] + "\n\x1b[31m\n")
        self.assertEqual(bad.returncode, 1)
        self.assertIn("line 2", bad.stderr)

    def test_usage(self):
        self.assertEqual(run().returncode, 2)
        self.assertEqual(run("gen", "-n", "-1").returncode, 2)
        self.assertEqual(run("convert", "--to", "bogus").returncode, 2)


if __name__ == "__main__":
    unittest.main()
