#!/usr/bin/env python3
"""Independent oracle for `sortid convert`.

IDs are encoded and decoded here by Python's own code, written from
docs/spec.md §1 (Crockford Base32 of the 128-bit value, the Record ID
fields, the uuid module, datetime), and the command's output must match it
byte for byte: line mode (mixed case, LF and CRLF), UUID/hex/binary/ms/ISO
8601 outputs, Record IDs, and CSV field mode with quoted fields, embedded
delimiters, quotes and line breaks in the other columns.

Usage: oracle_test.py SORTID_BINARY
"""
import datetime
import random
import subprocess
import sys
import uuid

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
INCEPTION_MS = 1767225600000
MAX_ISO_MS = 253402300799999  # 9999-12-31T23:59:59.999Z

failures = 0


def crockford(value, chars):
    return "".join(ALPHABET[(value >> (5 * (chars - 1 - i))) & 31] for i in range(chars))


def iso8601(ms):
    # Years past 9999 (Python's datetime stops there): the Gregorian calendar
    # repeats every 400 years (146097 days), so shift back, then add the years.
    days, ms_of_day = divmod(ms, 86400000)
    shift = 0
    while days > 2932896:  # 9999-12-31 is day 2932896 since 1970-01-01
        days -= 146097
        shift += 400
    t = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(
        days=days, milliseconds=ms_of_day)
    year = t.year + shift
    year_text = "%04d" % year if year <= 9999 else "+%d" % year  # ISO 8601 expanded
    return year_text + t.strftime("-%m-%dT%H:%M:%S.") + "%03dZ" % (ms % 1000)


def run(args, data):
    result = subprocess.run([sys.argv[1]] + args, input=data, capture_output=True)
    if result.returncode != 0:
        raise SystemExit("sortid %s failed (%d): %s" % (" ".join(args), result.returncode,
                                                         result.stderr.decode()))
    return result.stdout


def check(name, got, expected):
    global failures
    if got == expected:
        print("ok   %s" % name)
        return
    failures += 1
    if not isinstance(got, bytes):
        print("FAIL %s: got %r, expected %r" % (name, got, expected))
        return
    got_lines, exp_lines = got.split(b"\n"), expected.split(b"\n")
    for i, (g, e) in enumerate(zip(got_lines, exp_lines)):
        if g != e:
            print("FAIL %s: first difference at line %d:\n  got      %r\n  expected %r" %
                  (name, i + 1, g, e))
            return
    print("FAIL %s: %d lines, expected %d" % (name, len(got_lines), len(exp_lines)))


def main():
    rng = random.Random(20261130)
    # 128-bit values: random, edges, all timestamps from 0 to the 48-bit maximum.
    values = [0, (1 << 128) - 1, 1 << 80, ((1 << 48) - 1) << 80]
    values += [rng.getrandbits(128) for _ in range(3000)]
    values += [(rng.randrange(0, MAX_ISO_MS + 1) << 80) | rng.getrandbits(80) for _ in range(3000)]
    rng.shuffle(values)

    # ULID text in, mixed case, LF and CRLF line endings (kept per line).
    lines, endings = [], []
    for v in values:
        text = crockford(v, 26)
        if rng.random() < 0.3:
            text = text.lower()
        ending = "\r\n" if rng.random() < 0.2 else "\n"
        lines.append(text)
        endings.append(ending)
    ulid_in = "".join(t + e for t, e in zip(lines, endings)).encode()

    def expect(fn):
        return "".join(fn(v) + e for v, e in zip(values, endings)).encode()

    check("ulid -> uuid", run(["convert", "--to", "uuid"], ulid_in),
          expect(lambda v: str(uuid.UUID(int=v))))
    check("ulid -> hex", run(["convert", "--to", "hex"], ulid_in),
          expect(lambda v: uuid.UUID(int=v).hex))
    check("ulid -> ulid (canonical upper)", run(["convert", "--to", "ulid"], ulid_in),
          expect(lambda v: crockford(v, 26)))
    check("ulid -> ms", run(["convert", "--to", "ms"], ulid_in), expect(lambda v: str(v >> 80)))
    check("ulid -> bin", run(["convert", "--to", "bin"], ulid_in),
          b"".join(v.to_bytes(16, "big") for v in values))
    # Every ULID time, years past 9999 in the ISO 8601 expanded form.
    check("ulid -> iso8601", run(["convert", "--to", "iso8601"], ulid_in),
          expect(lambda v: iso8601(v >> 80)))
    check("iso8601 of the last ULID millisecond", iso8601((1 << 48) - 1),
          "+10889-08-02T05:31:50.655Z")

    # UUID text in (both cases, both forms).
    uuid_in = "".join((str(uuid.UUID(int=v)).upper() if v & 1 else str(uuid.UUID(int=v))) + "\n"
                      for v in values).encode()
    check("uuid -> ulid", run(["convert", "--from", "uuid", "--to", "ulid"], uuid_in),
          "".join(crockford(v, 26) + "\n" for v in values).encode())
    hex_in = "".join(uuid.UUID(int=v).hex + "\n" for v in values).encode()
    check("hex -> ulid (lower)", run(["convert", "--from", "hex", "--to", "ulid", "--lower"],
                                     hex_in),
          "".join(crockford(v, 26).lower() + "\n" for v in values).encode())
    bin_in = b"".join(v.to_bytes(16, "big") for v in values)
    check("bin -> uuid", run(["convert", "--from", "bin", "--to", "uuid"], bin_in),
          "".join(str(uuid.UUID(int=v)) + "\n" for v in values).encode())

    # Record IDs: fields packed here, most significant first.
    records = []
    for _ in range(3000):
        ms = INCEPTION_MS + rng.randrange(0, 1 << 40)
        machine, counter = rng.getrandbits(40), rng.getrandbits(20)
        records.append((ms, (ms - INCEPTION_MS) << 60 | machine << 20 | counter))
    record_in = "".join(crockford(v, 20) + "\n" for _, v in records).encode()
    check("record -> ms", run(["convert", "--from", "record", "--to", "ms"], record_in),
          "".join(str(ms) + "\n" for ms, _ in records).encode())
    check("record -> uuid", run(["convert", "--from", "record", "--to", "uuid"], record_in),
          "".join(str(uuid.UUID(int=v)) + "\n" for _, v in records).encode())

    # CSV: the ID in field 2, quoted or not; the other fields carry commas,
    # doubled quotes and line breaks, and must come out byte for byte.
    def other_field():
        kind = rng.randrange(4)
        if kind == 0:
            return "plain%d" % rng.randrange(1000)
        if kind == 1:
            return '"a, b"'
        if kind == 2:
            return '"say ""hi"""'
        return '"two\nlines, ""quoted"""'

    rows_in, rows_out = [], []
    for v in values[:2000]:
        a, c = other_field(), other_field()
        quoted = rng.random() < 0.3
        q = '"' if quoted else ""
        ending = "\r\n" if rng.random() < 0.2 else "\n"
        rows_in.append("%s,%s%s%s,%s%s" % (a, q, crockford(v, 26), q, c, ending))
        rows_out.append("%s,%s%s%s,%s%s" % (a, q, str(uuid.UUID(int=v)), q, c, ending))
    header = 'first,"id",last\n'
    check("csv field 2 -> uuid",
          run(["convert", "--field", "2", "--header", "--to", "uuid"],
              (header + "".join(rows_in)).encode()),
          (header + "".join(rows_out)).encode())

    if failures:
        raise SystemExit("%d oracle checks failed" % failures)


if __name__ == "__main__":
    main()
