#!/usr/bin/env python3
"""Runs the command examples of the user documentation as written.

Every ```sh block that contains `sortid ` in the given Markdown files is run
with bash (-e -o pipefail) in a fresh scratch folder, with `sortid` on PATH
being the binary under test. Blocks run in order, each file in its own folder,
so a later block may use a file an earlier one wrote. A line ending in
`# exit N` is expected to fail with that exit code. Lines that are shell
prompts of another program (`sqlite>`) mark a block as not for this test.

Usage: doc_examples_test.py SORTID_BINARY FILE.md...
"""
import os
import re
import subprocess
import sys
import tempfile

BLOCK = re.compile(r"^```sh\n(.*?)^```", re.M | re.S)
EXIT = re.compile(r"#\s*exit (\d+)\s*$")


def blocks(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for match in BLOCK.finditer(text):
        body = match.group(1)
        line = text.count("\n", 0, match.start()) + 1
        # A command line of this block runs `sortid` (at its start, or after
        # ; | & or a parenthesis), not a mention of it in a comment.
        if re.search(r"(^[ \t]*|[;|&(][ \t]*)sortid ", body, re.M) and "sqlite>" not in body:
            yield line, body


def script_for(body):
    """Each command line; an expected failure is checked in place."""
    out = []
    for raw in body.splitlines():
        m = EXIT.search(raw)
        if m:
            cmd = raw[: m.start()].rstrip()
            out.append(f"set +e; {cmd}; rc=$?; set -e; "
                       f"[ $rc = {m.group(1)} ] || {{ echo \"expected exit {m.group(1)}, got $rc: \"{sh_quote(cmd)} >&2; exit 1; }}")
        else:
            out.append(raw)
    return "\n".join(out) + "\n"


def sh_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def main():
    binary = os.path.realpath(sys.argv[1])
    failures = 0
    ran = 0
    for doc in sys.argv[2:]:
        with tempfile.TemporaryDirectory() as work:
            bindir = os.path.join(work, ".bin")
            os.mkdir(bindir)
            os.symlink(binary, os.path.join(bindir, "sortid"))
            env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"])
            for line, body in blocks(doc):
                ran += 1
                proc = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script_for(body)],
                                      cwd=work, env=env, capture_output=True, text=True,
                                      timeout=300)
                if proc.returncode != 0:
                    failures += 1
                    print(f"FAIL {doc}:{line}: exit {proc.returncode}\n{body}"
                          f"--- stderr:\n{proc.stderr[-2000:]}")
                else:
                    print(f"ok {doc}:{line}")
    if ran == 0:
        print("no examples found")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
