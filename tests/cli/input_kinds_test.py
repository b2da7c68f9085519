#!/usr/bin/env python3
"""A regular file (read in blocks with one thread, at its chunks' offsets with
threads) and a pipe (read in order as data arrives) give the same answers, at
page edges too, and a file that shrinks under the scan never crashes the
command or makes rows up.

1. Random inputs and commands (threads_test.py's), each given as a pipe and as
   a regular file on standard input, with one thread and with three: standard
   output, standard error, the exit code, the --rejects file and the shard
   files must be byte-identical.
2. Files whose size is a whole number of pages, in every format: rows that end
   at a page's end, and a last row without its line end.
3. A file truncated while the command is paused on a full output pipe: no
   crash, and the rows written are the file's own first rows.

Usage: input_kinds_test.py SORTID_BINARY [ROUNDS]
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import threads_test  # noqa: E402  (the random inputs and commands)

PAGE = os.sysconf("SC_PAGE_SIZE")
ULID = b"01ARZ3NDEKTSV4RRFFQ69G5FAV"


def run(binary, args, threads, chunk, work, data, as_file):
    """One run with data on standard input: a pipe, or a regular file."""
    path = os.path.join(work, "input")
    if as_file:
        with open(path, "wb") as f:
            f.write(data)
        return threads_test.run(binary, args, threads, chunk, [], (path, 0), work)
    return threads_test.run(binary, args, threads, chunk, [], data, work)


def compare(binary, args, work, data, label):
    failures = 0
    for threads, chunk in ((1, 4096), (3, 64), (3, 65536)):
        piped = run(binary, args, threads, chunk, work, data, as_file=False)
        from_file = run(binary, args, threads, chunk, work, data, as_file=True)
        from_file.pop("standard input's offset after the run", None)
        if piped != from_file:
            failures += 1
            print(f"FAIL {label}: {' '.join(args)} --threads {threads} (chunk {chunk}): "
                  "a regular file differs from a pipe")
            for key in sorted(set(piped) | set(from_file)):
                if piped.get(key) != from_file.get(key):
                    print(f"  {key}: pipe {piped.get(key)!r:.300} "
                          f"file {from_file.get(key)!r:.300}")
    return failures


def page_multiples():
    """(label, args, data): inputs that end exactly at a page boundary."""
    rows = PAGE  # as many rows as a row has bytes: a whole number of pages
    cases = [
        ("ULID lines", ["convert", "--to", "uuid"], ULID + b"\n", rows),
        ("ULID lines, CRLF", ["validate"], ULID + b"\r\n", 4 * rows),
        ("UUID lines", ["convert", "--from", "uuid", "--to", "ulid"],
         b"01563e3a-b5d3-d647-2c47-c86f4e9cc3a9\n", rows),
        ("32-hex lines", ["convert", "--from", "hex", "--to", "ulid"],
         b"01563e3ab5d3d6472c47c86f4e9cc3a9\n", rows),
        ("CSV fields", ["convert", "--to", "uuid", "--field", "2", "--quote", "none"],
         b"abcd," + ULID + b"\n", rows),
        ("binary records", ["convert", "--from", "bin", "--to", "ulid"], bytes(range(16)), rows),
    ]
    for label, args, row, count in cases:
        data = row * count
        assert len(data) % PAGE == 0
        yield label, args, data
        # The last row without its line ending, padded to the page's end.
        if "bin" not in args:
            text = row.rstrip(b"\r\n")
            cut = data[:-len(row)] + text + b"0" * (len(row) - len(text))
            assert len(cut) % PAGE == 0
            yield label + ", no final line end", args + ["--on-error", "skip"], cut
    # A file of exactly one huge page (2 MiB).
    data = (b"abcd," + ULID + b"\n") * ((2 << 20) // 32)
    yield "2 MiB of CSV", ["convert", "--to", "uuid", "--field", "2", "--quote", "none"], data


def shrink_while_read(binary, work):
    """Truncates the file while the command waits on its output."""
    failures = 0
    pristine = os.path.join(work, "pristine")
    path = os.path.join(work, "big")
    with open(pristine, "wb") as f:
        subprocess.run([binary, "gen", "-n", "1500000", "--seed", "7" * 64], stdout=f, check=True)
    expected = subprocess.run([binary, "convert", "--to", "uuid", pristine], capture_output=True,
                              check=True).stdout
    for threads in (1, 2):
        shutil.copyfile(pristine, path)
        proc = subprocess.Popen([binary, "convert", "--to", "uuid", "--no-progress", "--threads",
                                 str(threads), path], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        head = proc.stdout.read(1 << 16)  # the command is writing: it is past the start
        os.truncate(path, 1 << 20)
        rest, err = proc.communicate(timeout=120)
        out = head + rest
        if proc.returncode < 0:
            failures += 1
            print(f"FAIL shrinking file, --threads {threads}: killed by signal {-proc.returncode}: "
                  f"{err.decode(errors='replace')!r:.400}")
        cut = out[:out.rfind(b"\n") + 1]
        if not expected.startswith(cut) or len(cut) < (1 << 16):
            failures += 1
            print(f"FAIL shrinking file, --threads {threads}: {len(out)} bytes written are not "
                  "the file's first rows")
    return failures


def main():
    binary = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    rng = random.Random(20261207)
    failures = 0
    compared = 0
    with tempfile.TemporaryDirectory() as work:
        for _ in range(rounds):
            args, kind, header, csv = threads_test.command(rng, work)
            data = (threads_test.binary_input(rng) if kind == "bin"
                    else threads_test.text_input(rng, header, csv))
            failures += compare(binary, args, work, data, "random input")
            compared += 1
        for label, args, data in page_multiples():
            failures += compare(binary, args + ["--no-progress"], work, data, label)
            compared += 1
        failures += shrink_while_read(binary, work)
    if failures:
        print(f"{failures} failures")
        return 1
    print(f"{compared} inputs: a regular file reads as a pipe does (1 and 3 threads); "
          "a file that shrinks mid-scan: no crash, only its own rows written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
