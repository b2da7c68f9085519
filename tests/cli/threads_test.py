#!/usr/bin/env python3
"""`--threads N` gives exactly what `--threads 1` gives.

Random inputs (one ID per line, CSV fields with --quote none, 16-byte
records) mix good IDs with bad ones, duplicates, rows over --max-row-bytes
(some with their line end within the reader's limit, some far past it), empty
lines, CRLF, a byte order mark, a header and a missing final newline. Each is
run through convert, validate and shard with one thread and with 2, 4 or 7,
cut into chunks of many sizes (SORTID_CHUNK_BYTES, as small as one byte), read
from a file, from several files (now and then one that does not exist), from
a pipe and from a regular file as standard input opened at an offset. Standard
output, standard error, the exit code, the --rejects file, the shard files
and the offset standard input is left at must be byte-identical.

Usage: threads_test.py SORTID_BINARY [ROUNDS] [--quick]
--quick (the sanitizer builds, where every process start costs 10 to 15 times
as much): 100 rounds unless given, and the edge inputs cut at 4 chunk sizes
instead of 10.
"""
import os
import random
import subprocess
import sys
import tempfile

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
MAX_ROW = 64  # --max-row-bytes of every run (the smallest the command takes)
CHUNK_SIZES = [1, 2, 7, 16, 27, 28, 64, 65, 100, 333, 1000, 4096, 65536]


def ulid_text(value):
    return "".join(CROCKFORD[(value >> (5 * (25 - i))) & 31] for i in range(26))


def text_rows(rng, n, sortedish):
    """Rows of one ULID per line (line ending included where there is one)."""
    values = sorted(rng.getrandbits(128) for _ in range(n)) if sortedish else None
    seen = []
    rows = []
    for i in range(n):
        value = values[i] if sortedish else rng.getrandbits(128)
        r = rng.random()
        if r < 0.75:
            text = ulid_text(value)
        elif r < 0.80 and seen:
            text = rng.choice(seen)  # a duplicate
        elif r < 0.86:
            good = ulid_text(value)
            text = rng.choice(
                [good[:25], good[:10] + "U" + good[11:], "8" + good[1:], "", good + "0"])
        elif r < 0.90:
            text = "x" * rng.randrange(MAX_ROW + 1, MAX_ROW + 3)  # just over: the line end fits
        elif r < 0.93:
            text = "y" * rng.randrange(MAX_ROW + 3, 3000)  # far over: skipped to its line end
        elif r < 0.95:
            text = ulid_text(value).lower()
        else:
            text = ulid_text(rng.getrandbits(128))  # out of order in sorted input
        seen.append(text)
        rows.append(text + ("\r\n" if rng.random() < 0.15 else "\n"))
    return rows


def text_input(rng, header, csv):
    n = rng.choice([0, 1, 2, 5, 50, 400, 3000])
    rows = text_rows(rng, n, sortedish=rng.random() < 0.5)
    if csv:
        rows = [f"{i},{r[:-1] if r.endswith(chr(10)) else r}{',z' if i % 3 == 0 else ''}\n"
                for i, r in enumerate(rows)]
    if header:
        rows.insert(0, "id,value\n" if csv else "id\n")
    data = "".join(rows).encode()
    if data and rng.random() < 0.3:  # the last line without its line ending
        data = data.rstrip(b"\n").rstrip(b"\r")
    if rng.random() < 0.1:
        data = b"\xef\xbb\xbf" + data
    return data


def binary_input(rng):
    n = rng.choice([0, 1, 3, 100, 2000])
    data = b"".join(rng.getrandbits(128).to_bytes(16, "big") for _ in range(n))
    if rng.random() < 0.3:
        data += bytes(rng.randrange(1, 16))  # a short last record
    return data


def command(rng, work):
    """A random command line (without --threads) and its input kind."""
    kind = rng.random()
    common = ["--max-row-bytes", str(MAX_ROW), "--no-progress"]
    if kind < 0.08:
        policy = rng.choice(["fail", "skip"])
        args = ["convert", "--from", "bin", "--to", rng.choice(["ulid", "uuid"]),
                "--on-error", policy]
        if policy == "skip" and rng.random() < 0.5:
            args += ["--rejects", os.path.join(work, "rejects")]
        return args + common, "bin", False, False
    header = rng.random() < 0.2
    csv = rng.random() < 0.25
    if csv:
        common += ["--field", "2", "--quote", "none"]
    if header:
        common += ["--header"]
    which = rng.random()
    if which < 0.5:
        to = rng.choice(["uuid", "uuid", "hex", "record", "ms", "iso8601", "ulid", "typeid", "bin"])
        binary_out = to == "bin" and not csv and not header
        if to == "bin" and not binary_out:
            to = "uuid"
        policies = ["fail", "skip"] if binary_out else ["fail", "skip", "keep", "null"]
        policy = rng.choice(policies)
        args = ["convert", "--to", to, "--on-error", policy]
        if to == "typeid":
            args += ["--out-prefix", "user"]
        if rng.random() < 0.5:
            args += ["--lenient"]
        if policy == "skip" and rng.random() < 0.6:
            args += ["--rejects", os.path.join(work, "rejects")]
    elif which < 0.8:
        args = ["validate"]
        if rng.random() < 0.5:
            args += ["--unique"]
        if rng.random() < 0.5:
            args += ["--sorted"]
        if rng.random() < 0.3:
            args += ["--max-errors", str(rng.randrange(1, 20))]
    else:
        policy = rng.choice(["fail", "skip"])
        args = ["shard", "--shards", str(rng.randrange(1, 5)), "--on-error", policy,
                "--out-dir", os.path.join(work, "shards"), "--force"]
        if policy == "skip" and rng.random() < 0.5:
            args += ["--rejects", os.path.join(work, "rejects")]
    return args + common, "text", header, csv


def run(binary, args, threads, chunk, files, stdin_data, work):
    for name in ("rejects",):
        path = os.path.join(work, name)
        if os.path.exists(path):
            os.remove(path)
    shards = os.path.join(work, "shards")
    if os.path.isdir(shards):
        for f in os.listdir(shards):
            os.remove(os.path.join(shards, f))
    else:
        os.mkdir(shards)
    env = dict(os.environ, SORTID_CHUNK_BYTES=str(chunk))
    command = [binary] + args + ["--threads", str(threads)] + files
    if isinstance(stdin_data, tuple):  # a regular file as standard input, opened at an offset
        path, offset = stdin_data
        with open(path, "rb") as f:
            f.seek(offset)
            proc = subprocess.run(command, stdin=f, capture_output=True, env=env, timeout=120)
            after = os.lseek(f.fileno(), 0, os.SEEK_CUR)
    else:
        proc = subprocess.run(command, input=stdin_data, capture_output=True, env=env,
                              timeout=120)
        after = None
    result = {"rc": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr}
    if after is not None and proc.returncode == 0:  # read to the end (a stop ends mid-block)
        result["standard input's offset after the run"] = after
    path = os.path.join(work, "rejects")
    if os.path.exists(path):
        result["rejects"] = open(path, "rb").read()
    for f in sorted(os.listdir(shards)):
        result["shard " + f] = open(os.path.join(shards, f), "rb").read()
    return result


ULID = b"01ARZ3NDEKTSV4RRFFQ69G5FAV"
# Inputs at the edges of the chunk cut: rows just under, at and over the
# block one thread reads (--max-row-bytes + 2), a header row over it, byte
# order marks before a long first row, a last row without its line ending.
EDGE_INPUTS = [
    b"h" * 70 + b"\n" + b"H" * 5000 + b"\n" + ULID + b"\n" + ULID,
    b"\xef\xbb\xbf" + b"z" * 5000 + b"\n" + ULID + b"\r\n" + b"y" * 67 + b"\r\n" + ULID,
    b"\xff\xfe" + b"q" * 200 + b"\n" + ULID + b"\n",
    ULID + b"\r\n" + ULID + b"\n" + b"x" * 67 + b"\r\n" + b"x" * 3000 + b"\r\n" + ULID,
    b"".join(b"w" * n + eol for n in range(62, 69) for eol in (b"\n", b"\r\n")) + b"v" * 66,
    b"".join(b"w" * n + eol for n in range(62, 69) for eol in (b"\n", b"\r\n")) + b"v" * 65,
]
EDGE_ARGS = [
    ["convert", "--to", "uuid", "--on-error", "null"],
    ["convert", "--to", "uuid", "--on-error", "keep", "--header"],
    ["convert", "--to", "uuid", "--on-error", "skip", "--rejects", "REJECTS"],
    ["convert", "--to", "uuid", "--on-error", "fail"],
    ["validate", "--header"],
    ["shard", "--shards", "2", "--on-error", "skip", "--out-dir", "SHARDS", "--force"],
]


EDGE_CHUNKS = [1, 7, 27, 64, 65, 66, 67, 68, 100, 4096]
# One byte, and the row bound (--max-row-bytes + 2 = 66) and either side of it.
EDGE_CHUNKS_QUICK = [1, 65, 66, 67]


def edge_cases(binary, work, chunks):
    compared = 0
    for n, data in enumerate(EDGE_INPUTS):
        path = os.path.join(work, "edge")
        with open(path, "wb") as f:
            f.write(data)
        for template in EDGE_ARGS:
            args = [a.replace("REJECTS", os.path.join(work, "rejects"))
                    .replace("SHARDS", os.path.join(work, "shards")) for a in template]
            args += ["--max-row-bytes", str(MAX_ROW), "--no-progress"]
            for chunk in chunks:
                # A file, a pipe, and the file as standard input opened mid-row and past
                # its end.
                offset = (chunk * 7) % (len(data) + 1) if chunk != 4096 else len(data) + 10
                for files, stdin_data in (([path], None), ([], data), ([], (path, offset))):
                    one = run(binary, args, 1, chunk, files, stdin_data, work)
                    many = run(binary, args, 3, chunk, files, stdin_data, work)
                    if one != many:
                        where = "file" if files else (
                            f"stdin at {stdin_data[1]}" if isinstance(stdin_data, tuple) else "stdin")
                        print(f"edge input {n}: sortid {' '.join(args)} --threads 3 "
                              f"(SORTID_CHUNK_BYTES={chunk}, {where})")
                        for key in sorted(set(one) | set(many)):
                            if one.get(key) != many.get(key):
                                print(f"  {key}: {one.get(key)!r:.300} against "
                                      f"{many.get(key)!r:.300}")
                        return None
                    compared += 1
    return compared


def main():
    quick = "--quick" in sys.argv[2:]
    positional = [a for a in sys.argv[1:] if a != "--quick"]
    binary = positional[0]
    rounds = int(positional[1]) if len(positional) > 1 else (100 if quick else 300)
    rng = random.Random(20261202)
    compared = 0
    exits = {}
    with tempfile.TemporaryDirectory() as work:
        edges = edge_cases(binary, work, EDGE_CHUNKS_QUICK if quick else EDGE_CHUNKS)
        if edges is None:
            return 1
        print(f"{edges} edge runs: --threads 3 identical to --threads 1")
        for r in range(rounds):
            args, kind, header, csv = command(rng, work)
            inputs = []
            for i in range(rng.choice([1, 1, 1, 2, 3])):
                data = binary_input(rng) if kind == "bin" else text_input(rng, header, csv)
                path = os.path.join(work, f"in{i}")
                with open(path, "wb") as f:
                    f.write(data)
                inputs.append((path, data))
            stdin_data = None
            files = [p for p, _ in inputs]
            if len(inputs) == 1 and rng.random() < 0.3:  # a pipe: read in order, never by offset
                stdin_data, files = inputs[0][1], []
            elif len(inputs) == 1 and rng.random() < 0.15:
                # Standard input a regular file that the shell has read into
                # (a header taken off first): cut by offset from there on.
                data = inputs[0][1]
                stdin_data, files = (inputs[0][0], rng.randrange(len(data) + 1)), []
            if files and rng.random() < 0.05:  # an input that cannot be opened, after the others
                files.append(os.path.join(work, "missing"))
            threads = rng.choice([2, 4, 7])
            chunk = rng.choice(CHUNK_SIZES)
            one = run(binary, args, 1, chunk, files, stdin_data, work)
            many = run(binary, args, threads, chunk, files, stdin_data, work)
            if one != many:
                where = files if stdin_data is None else (
                    f"stdin {stdin_data}" if isinstance(stdin_data, tuple) else "stdin")
                print(f"round {r}: sortid {' '.join(args)} --threads {threads} "
                      f"(SORTID_CHUNK_BYTES={chunk}, {where})")
                for key in sorted(set(one) | set(many)):
                    if one.get(key) != many.get(key):
                        print(f"  {key} differs:\n    1 thread:  {one.get(key)!r:.600}\n"
                              f"    {threads} threads: {many.get(key)!r:.600}")
                keep = os.path.join(tempfile.gettempdir(), "threads_test_failure")
                os.makedirs(keep, exist_ok=True)
                for i, (_, data) in enumerate(inputs):
                    with open(os.path.join(keep, f"in{i}"), "wb") as f:
                        f.write(data)
                print(f"  inputs kept in {keep}")
                return 1
            compared += 1
            exits[one["rc"]] = exits.get(one["rc"], 0) + 1
    print(f"{compared} runs: --threads 2/4/7 identical to --threads 1 "
          f"(exit codes: {dict(sorted(exits.items()))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
