#!/usr/bin/env python3
"""Writes the fuzzers' seed corpus into fuzz/corpus/{decode,encode,roundtrip}.
Deterministic; rerun after changing an input layout (see each fuzzer's header
comment for the meaning of the first bytes)."""
import os
import random
import shutil

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261129)


def ulid(v):
    return "".join(ALPHABET[(v >> (125 - 5 * k)) & 31] for k in range(26))


def record(v):
    return "".join(ALPHABET[(v >> (95 - 5 * k)) & 31] for k in range(20))


def uuid(v, hyphens=True):
    h = "%032x" % v
    return "-".join([h[:8], h[8:12], h[12:16], h[16:20], h[20:]]) if hyphens else h


VALUES = [0, (1 << 128) - 1, 0x0186CB6525D781DA815C7E25A6BFE7DB, 1 << 127, 0x7F] + [
    rng.getrandbits(128) for _ in range(4)]
RECORDS = [0, (1 << 100) - 1, (1000 << 60) | (0x123456789A << 20) | 0xABCDE] + [
    rng.getrandbits(100) for _ in range(3)]
FORMATS = {0: [ulid(v) for v in VALUES], 1: [record(v) for v in RECORDS],
           2: [uuid(v) for v in VALUES], 3: [uuid(v, False) for v in VALUES]}


def corrupt(text, pos, byte):
    b = bytearray(text.encode())
    b[pos % len(b)] = byte
    return bytes(b)


def write(kind, name, data):
    d = os.path.join(HERE, "corpus", kind)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


for kind in ("decode", "encode", "roundtrip"):
    shutil.rmtree(os.path.join(HERE, "corpus", kind), ignore_errors=True)

# ---- decode: mode, layout, [prefix], text
for fmt, texts in FORMATS.items():
    valid = "".join(texts).encode()
    lines = "".join(t + "\n" for t in texts).encode()
    write("decode", f"f{fmt}_valid", bytes([fmt, 0]) + valid)
    write("decode", f"f{fmt}_lines", bytes([fmt | 0x80, 1]) + lines)
    write("decode", f"f{fmt}_lenient_lines", bytes([fmt | 0x84, 1]) + lines.lower())
    write("decode", f"f{fmt}_column", bytes([fmt | 0x40, 0x30]) + lines)
    write("decode", f"f{fmt}_padded", bytes([fmt, 6]) + b"".join(t.encode() + b"#" * 3 for t in texts))
    write("decode", f"f{fmt}_user_prefix", bytes([fmt | 0x10, 0]) + b"".join(b"user_" + t.encode() for t in texts))
    write("decode", f"f{fmt}_order_prefix_lines", bytes([fmt | 0xA0, 1]) + b"".join(b"ORDER#" + t.encode() + b"\n" for t in texts))
    write("decode", f"f{fmt}_custom_prefix", bytes([fmt | 0x30, 0, 3]) + b"id-" + b"".join(b"id-" + t.encode() for t in texts)[3:])
    # Every error class: bad characters at each position, overflow, hyphens,
    # wrong terminator, wrong prefix, lengths (column).
    bad = b"".join(corrupt(t, 7 * i, c) for i, (t, c) in enumerate(
        zip(texts * 3, b"U\xffI\x00-[L8O\x80zZ~ ")))
    write("decode", f"f{fmt}_bad_chars", bytes([fmt, 0]) + bad)
    write("decode", f"f{fmt}_bad_chars_lenient", bytes([fmt | 4, 0]) + bad)
    write("decode", f"f{fmt}_bad_terminator", bytes([fmt | 0x80, 1]) + lines.replace(b"\n", b"\r", 2))
    write("decode", f"f{fmt}_bad_prefix", bytes([fmt | 0x10, 0]) + b"".join(
        (b"usr__" if i % 2 else b"user_") + t.encode() for i, t in enumerate(texts)))
    write("decode", f"f{fmt}_column_lengths", bytes([fmt | 0x40, 0]) + b"\n".join(
        t.encode()[: len(t) - (i % 3)] + b"0" * (i % 2) for i, t in enumerate(texts)))
write("decode", "ulid_overflow", bytes([0, 0]) + b"".join(("8" + t[1:]).encode() for t in FORMATS[0]))
write("decode", "ulid_max_and_over", bytes([0, 0]) + b"7ZZZZZZZZZZZZZZZZZZZZZZZZZ" + b"8ZZZZZZZZZZZZZZZZZZZZZZZZZ")
write("decode", "uuid_hyphens_moved", bytes([2, 0]) + b"0186cb6525d7-81da-815c-7e25a6bfe7db-" + b"0186cb65-25d7-81da-815c-7e25a6bfe7db")
write("decode", "uuid_mixed_forms_column", bytes([2 | 0x40, 0]) + b"0186cb65-25d7-81da-815c-7e25a6bfe7db\n0186CB6525D781DA815C7E25A6BFE7DB\n")
write("decode", "typeid", bytes([0 | 0x08 | 0x10, 0]) + b"user_01h455vb4pex5vsknk084sn02quser_01H455VB4PEX5VSKNK084SN02Q")
write("decode", "typeid_lenient_is_argument_error", bytes([0 | 0x0C, 0]) + b"01h455vb4pex5vsknk084sn02q")
write("decode", "empty", b"")

# ---- encode: mode, layout, ids
ids = b"".join(v.to_bytes(16, "big") for v in VALUES)
for fmt in range(4):
    for case in range(3):
        write("encode", f"f{fmt}_case{case}", bytes([fmt | case << 2, 0]) + ids)
    write("encode", f"f{fmt}_prefix_lines", bytes([fmt | 0x20 | 0x80, 0]) + ids)
    write("encode", f"f{fmt}_long_prefix_padded", bytes([fmt | 0x60, 5]) + ids)
write("encode", "record_valid", bytes([1, 8]) + b"".join(v.to_bytes(16, "big") for v in RECORDS))
write("encode", "record_top_bits", bytes([1, 0]) + ids)
write("encode", "typeid", bytes([0x10 | 0x20, 0]) + ids)

# ---- roundtrip: ids
write("roundtrip", "values", ids)
write("roundtrip", "zeros", bytes(16 * 9))
write("roundtrip", "ones", b"\xff" * (16 * 9))
write("roundtrip", "random", bytes(rng.getrandbits(8) for _ in range(16 * 37)))
print("seed corpus written to", os.path.join(HERE, "corpus"))
