"""sortid.ULID: python-ulid's class over sortid's codec.

The type itself is C (sortid._sortid.ULID: text in and out, bytes, int,
comparisons, hashing, pickling). What only a few calls need is Python and
is added to the type here: datetimes, UUIDs, parse() and pydantic.
"""

import datetime as _datetime
import uuid as _uuid

from . import _sortid

ULID = _sortid.ULID

_EPOCH = _datetime.datetime(1970, 1, 1, tzinfo=_datetime.timezone.utc)
_MS = _datetime.timedelta(milliseconds=1)
_MAX_MS = (1 << 48) - 1


def _from_datetime(cls, value):
    """A new ULID at a datetime's millisecond (a naive datetime is local time,
    as datetime.timestamp() reads it); the random bits are new."""
    if not isinstance(value, _datetime.datetime):
        raise TypeError(f"ULID.from_datetime: expected datetime, got {type(value).__name__}")
    try:
        aware = value if value.tzinfo is not None else value.astimezone()
        ms = (aware - _EPOCH) // _MS
    except (OverflowError, ValueError) as error:
        raise ValueError(f"ULID.from_datetime: {value!r} has no Unix time: {error}") from None
    if not 0 <= ms <= _MAX_MS:
        raise ValueError(f"ULID.from_datetime: {value!r} is outside the ULID time range "
                         "(1970-01-01 to 10889-08-02)")
    return cls.from_timestamp(ms)


def _datetime_property(self):
    """The timestamp as an aware UTC datetime (exact milliseconds)."""
    ms = self.milliseconds
    try:
        return _EPOCH + _datetime.timedelta(milliseconds=ms)
    except OverflowError:
        raise ValueError(f"ULID.datetime: {ms} ms is past datetime's year 9999") from None


def _to_uuid(self):
    """The same 16 bytes as a uuid.UUID."""
    return _uuid.UUID(bytes=self.bytes)


def _to_uuid4(self):
    """A version 4 UUID from these bytes (version and variant bits overwritten:
    it does not convert back to the same ULID)."""
    return _uuid.UUID(bytes=self.bytes, version=4)


def _parse(cls, value):
    """A ULID from whatever value holds one: a ULID, uuid.UUID, str (26
    characters ULID, 36 UUID, 32 hex), int (below 2**48 Unix milliseconds,
    else the 128-bit value), float (Unix seconds), datetime or 16 bytes."""
    if isinstance(value, ULID):
        return value
    if isinstance(value, _uuid.UUID):
        return cls.from_uuid(value)
    if isinstance(value, str):
        if len(value) == 36:
            from . import parse

            return cls.from_bytes(parse(value, "uuid").bytes)
        if len(value) == 32:
            return cls.from_hex(value)
        if len(value) == 26:
            return cls.from_str(value)
        raise ValueError(f"ULID.parse: {ascii(value)[:80]} is not a ULID, UUID or hex ULID "
                         f"(length {len(value)}; expected 26, 36 or 32)")
    if isinstance(value, bool):
        raise TypeError("ULID.parse: expected a ULID, UUID, str, int, float, datetime or bytes, "
                        "got bool")
    if isinstance(value, int):
        return cls.from_timestamp(value) if 0 <= value <= _MAX_MS else cls.from_int(value)
    if isinstance(value, float):
        return cls.from_timestamp(value)
    if isinstance(value, _datetime.datetime):
        return cls.from_datetime(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return cls.from_bytes(value)
    raise TypeError("ULID.parse: expected a ULID, UUID, str, int, float, datetime or bytes, "
                    f"got {type(value).__name__}")


for _name, _function in (("from_datetime", _from_datetime), ("datetime", _datetime_property),
                         ("to_uuid", _to_uuid), ("to_uuid4", _to_uuid4), ("parse", _parse)):
    _function.__name__ = _name
    _function.__qualname__ = f"ULID.{_name}"

ULID.from_datetime = classmethod(_from_datetime)
ULID.datetime = property(_datetime_property)
ULID.to_uuid = _to_uuid
ULID.to_uuid4 = _to_uuid4
ULID.parse = classmethod(_parse)
