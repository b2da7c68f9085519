"""An independent pure-Python model of the formats (docs/spec.md §1), for the tests.

Written from the spec, not from sortid's code: Crockford base32 over the
big-endian integer, UUID text from the standard library.
"""

import datetime
import uuid

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
INCEPTION_MS = 1767225600000


def crockford(value, chars):
    return "".join(ALPHABET[(value >> (5 * (chars - 1 - i))) & 31] for i in range(chars))


def ulid(raw):
    return crockford(int.from_bytes(raw, "big"), 26)


def record(raw):
    """Record ID text, or None when the top 28 bits are not zero."""
    value = int.from_bytes(raw, "big")
    return None if value >> 100 else crockford(value, 20)


def text(raw, fmt, prefix=""):
    if fmt == "ulid":
        return prefix + ulid(raw)
    if fmt == "typeid":
        return prefix + "_" + ulid(raw).lower()
    if fmt == "record":
        return None if record(raw) is None else prefix + record(raw)
    if fmt == "uuid":
        return prefix + str(uuid.UUID(bytes=raw))
    if fmt == "hex":
        return prefix + raw.hex()
    raise ValueError(fmt)


def ms(raw, fmt):
    value = int.from_bytes(raw, "big")
    if fmt == "record":
        return (value >> 60) + INCEPTION_MS
    return value >> 80


def iso8601(milliseconds):
    epoch = datetime.datetime(1970, 1, 1)
    moment = epoch + datetime.timedelta(milliseconds=milliseconds)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
