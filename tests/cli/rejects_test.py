#!/usr/bin/env python3
"""`sortid convert --rejects FILE`: output rows + rejected rows = input rows.

Random inputs, one ID per line and CSV with quoted fields, quoted line
breaks, CRLF, a missing final newline, rows with a missing field, text
after a closing quote, an unclosed quote at the end (it costs only its line)
and rows over --max-row-bytes are built row by row, each known to be good or bad. The
test checks that every good row comes out converted, in order, and that the
rejects file holds every bad row verbatim (after its '# ' comment line), in
order; a row over the limit is listed by its comment only.

Usage: rejects_test.py SORTID_BINARY
"""
import os
import random
import subprocess
import sys
import tempfile
import uuid

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
MAX_ROW = 256


def random_ulid(rng):
    value = rng.getrandbits(128)
    text = "".join(CROCKFORD[(value >> (5 * (25 - i))) & 31] for i in range(26))
    return text, str(uuid.UUID(int=value))


def bad_id(rng):
    good, _ = random_ulid(rng)
    kind = rng.randrange(4)
    if kind == 0:
        return good[:25]  # short
    if kind == 1:
        return good[:10] + "U" + good[11:]  # not Crockford
    if kind == 2:
        return "8" + good[1:]  # over 128 bits
    return ""


def line_case(rng, n):
    rows = []  # (text, good, converted)
    for i in range(n):
        eol = "\r\n" if rng.random() < 0.2 else "\n"
        r = rng.random()
        if r < 0.7:
            ulid, u = random_ulid(rng)
            rows.append((ulid + eol, True, u + eol))
        elif r < 0.95:
            rows.append((bad_id(rng) + eol, False, None))
        else:
            rows.append(("x" * (MAX_ROW + rng.randrange(1, 600)) + eol, False, "long"))
    if rng.random() < 0.5 and rows[-1][1]:  # last line without its line ending
        text, good, conv = rows[-1]
        eol = "\r\n" if text.endswith("\r\n") else "\n"
        rows[-1] = (text[: -len(eol)], good, conv[: -len(eol)])
    return rows, []


def csv_field(rng, value, force_quote=False):
    if force_quote or rng.random() < 0.3:
        return '"' + value.replace('"', '""') + '"'
    return value


def csv_case(rng, n):
    rows = []
    for i in range(n):
        eol = "\r\n" if rng.random() < 0.2 else "\n"
        note = rng.choice(["plain", "with, comma", 'say "hi"', "two\nlines", ""])
        first = csv_field(rng, note, force_quote=any(c in note for c in ',"\n'))
        r = rng.random()
        if r < 0.65:
            ulid, u = random_ulid(rng)
            quoted = rng.random() < 0.3
            field = '"' + ulid + '"' if quoted else ulid
            out_field = '"' + u + '"' if quoted else u
            rows.append((f"{first},{field},z{eol}", True, f"{first},{out_field},z{eol}"))
        elif r < 0.8:
            rows.append((f"{first},{csv_field(rng, bad_id(rng))},z{eol}", False, None))
        elif r < 0.88:
            rows.append((f"{first}{eol}", False, None))  # no field 2
        elif r < 0.95:
            ulid, _ = random_ulid(rng)
            rows.append((f'{first},"{ulid}"zz,z{eol}', False, None))  # text after the quote
        else:
            text = f"{first},{'y' * (MAX_ROW + rng.randrange(1, 500))},z{eol}"
            if "\n" in first:  # its quote holds a line break but the row does not end in time:
                cut = text.index("\n") + 1  # the first line is a bad row, the rest a long one
                rows.append((text[:cut], False, None))
                text = text[cut:]
            rows.append((text, False, "long"))
    if rng.random() < 0.3:  # an unclosed quote costs only its line
        ulid, _ = random_ulid(rng)
        rows.append((f'a,"{ulid},z\n', False, None))
        rows.append(("more,rows\n", False, None))  # no field 2
    return rows, ["--field", "2"]


def check(binary, rows, extra, work, label):
    data = "".join(text for text, _, _ in rows)
    path = os.path.join(work, "in.txt")
    rejects = os.path.join(work, "rejects.txt")
    with open(path, "w", newline="") as f:
        f.write(data)
    proc = subprocess.run([binary, "convert", "--to", "uuid", "--rejects", rejects,
                           "--max-row-bytes", str(MAX_ROW), *extra, path],
                          capture_output=True)
    if proc.returncode != 0:
        return f"{label}: exit {proc.returncode}: {proc.stderr.decode()[-500:]}"
    out = proc.stdout.decode()
    expected_out = ""
    previous_eol = "\n"
    for text, good, conv in rows:
        if good:
            expected_out += conv
            if not text.endswith("\n"):  # gets the line ending of the row before it
                expected_out += previous_eol
        if text.endswith("\n"):
            previous_eol = "\r\n" if text.endswith("\r\n") else "\n"
    if out.lower() != expected_out.lower():
        at = next((i for i, (a, b) in enumerate(zip(out.lower(), expected_out.lower())) if a != b),
                  min(len(out), len(expected_out)))
        return (f"{label}: output differs from the good rows converted at byte {at}: "
                f"{out[at - 20:at + 20]!r} vs {expected_out[at - 20:at + 20]!r}")
    # The rejects file: '# reason' lines, each followed by its row (none for long rows).
    with open(rejects, newline="") as f:
        listing = f.read()
    expected_rejects = []
    for text, good, conv in rows:
        if good:
            continue
        expected_rejects.append("" if conv == "long" else (text if text.endswith("\n") else text + "\n"))
    comments = [line for line in listing.split("\n") if line.startswith("# ")]
    if len(comments) != len(expected_rejects):
        return f"{label}: {len(comments)} rejected rows listed, {len(expected_rejects)} expected"
    body = "".join(
        line + "\n" for line in listing.split("\n")[:-1] if not line.startswith("# "))
    if body != "".join(expected_rejects):
        return f"{label}: the rejected rows are not verbatim"
    good = sum(1 for _, g, _ in rows if g)
    if good + len(comments) != len(rows):
        return f"{label}: {good} + {len(comments)} != {len(rows)}"
    return None


def main():
    binary = os.path.realpath(sys.argv[1])
    rng = random.Random(16)
    failures = []
    with tempfile.TemporaryDirectory() as work:
        for trial in range(60):
            make = line_case if trial % 2 == 0 else csv_case
            rows, extra = make(rng, rng.randrange(1, 400))
            error = check(binary, rows, extra, work, f"trial {trial} ({make.__name__})")
            if error:
                failures.append(error)
    for f in failures:
        print("FAIL", f)
    print(f"{60 - len(failures)}/60 trials: output + rejects = input")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
