"""sortid: bulk ULID / Record ID / UUID conversion for numpy, pandas and Dask.

Columns of IDs are converted by sortid's SIMD bulk calls: no per-item Python
work on the hot path, the GIL released inside every bulk call. See
docs/python.md for the full guide.

    >>> import sortid
    >>> sortid.convert(["01ARYZ6S41TSV4RRFFQ69G5FAV"], "uuid")
    ['01563df3-6481-d676-4c61-efb99302bd5b']

Formats (the `sortid` command's names): ulid, record, uuid, hex, typeid
(with a type name), bin ((n, 16) uint8); outputs also ms (int64 Unix
milliseconds), time (datetime64[ms]) and iso8601 (text).
"""

import collections
import datetime as _datetime
import functools
import operator
import uuid as _uuid

import numpy as np

from . import _sortid
from ._columns import Column, escape
from ._ulid import ULID
from ._version import __version__

__all__ = ["convert", "validate", "explain", "generate", "ulid", "parse", "ID", "Explanation",
           "ULID", "active_target"]

TEXT_FORMATS = ("ulid", "record", "uuid", "hex", "typeid")
SOURCES = TEXT_FORMATS + ("bin",)
# What convert(to=...) produces. TARGETS is its former name, kept as an alias:
# "target" also names the CPU target of active_target().
OUTPUTS = TEXT_FORMATS + ("bin", "ms", "time", "iso8601")
TARGETS = OUTPUTS
KINDS = ("ulid", "ulid-monotonic", "record", "uuidv7")
_LENGTH_ERROR = 1  # sortid::Error::kLength
_LENGTH_REASON = "wrong length"  # sortid::error_message(kLength)


def active_target():
    """The SIMD target sortid's kernels run on (e.g. 'AVX3_DL')."""
    return _sortid.active_target()


def _text_format(name, prefix, role):
    """(library format, type_id) for a text format name; checks the prefix rules."""
    if name == "typeid":
        if not prefix:
            raise ValueError(f"{role}='typeid' needs the type name "
                             f"({'prefix' if role == 'source' else 'out_prefix'}='user')")
        return "ulid", True
    return name, False


def _check_choice(name, value, choices):
    if value not in choices:
        raise ValueError(f"{name}={value!r}: expected one of {', '.join(choices)}")


class Explanation(collections.namedtuple("Explanation", "ok reason position")):
    """Why one value is (in)valid: ok (bool), reason (text), position (0-based offset or None).

    str() is the message every interface writes (docs/formats.md): the 1-based
    position of the first bad byte, none for a length error (the whole value is
    at fault).
    """

    __slots__ = ()

    def __str__(self):
        if self.ok:
            return "ok"
        if self.position is None or self.reason == _LENGTH_REASON:
            return self.reason
        return f"{self.reason} at position {self.position + 1}"


def _explain_item(item, fmt, prefix, type_id, lenient):
    if item is None or (isinstance(item, float) and item != item) or _is_pandas_null(item):
        return Explanation(False, "missing value", None)
    if isinstance(item, str):
        item = item.encode("utf-8", "surrogatepass")
    elif not isinstance(item, (bytes, np.bytes_)):
        return Explanation(False, f"not text ({type(item).__name__})", None)
    item = bytes(item)
    why = _sortid.explain(item, fmt, prefix, type_id, lenient)
    if why is None:
        return Explanation(True, "ok", None)
    # A multi-byte UTF-8 character: name it rather than the length it adds.
    non_ascii = next((i for i, byte in enumerate(item) if byte >= 0x80), None)
    if non_ascii is not None and (why[0] == _LENGTH_ERROR or why[2] >= non_ascii):
        return Explanation(False, "non-ASCII character", non_ascii)
    return Explanation(False, why[1], why[2])


def _is_pandas_null(item):
    from ._columns import pd

    return pd is not None and (item is pd.NA or item is pd.NaT)


def explain(value, source="ulid", *, prefix="", lenient=False):
    """Why one value is or is not a valid ID in `source` format.

    Returns an Explanation; str() of it reads "ok" or e.g.
    "invalid character at position 4" (1-based; `.position` is the 0-based
    offset, 3). `prefix` as for convert().
    """
    _check_choice("source", source, TEXT_FORMATS)
    fmt, type_id = _text_format(source, prefix, "source")
    return _explain_item(value, fmt, prefix, type_id, lenient)


def _decode(column, source, prefix, lenient, out=None):
    """(ids, valid, null) of a column, in one bulk call (ids into `out` when given)."""
    if source == "bin":
        if out is not None:
            raise ValueError("out= is for decoding text (source='bin' needs no conversion)")
        if column.kind == "bin":
            n = len(column.data)
            return column.data, np.ones(n, dtype=bool), np.zeros(n, dtype=bool)
        if column.kind in ("S", "U"):
            raise TypeError("source='bin' takes an (n, 16) uint8 array or 16-byte bytes objects")
        return _sortid.decode_binary_objects(column.data)
    if column.kind == "bin":
        raise TypeError("an (n, 16) uint8 array holds binary IDs: pass source='bin'")
    fmt, type_id = _text_format(source, prefix, "source")
    return _sortid.decode(column.data, fmt, prefix, type_id, lenient, out)


def _first_bad(column, valid, null, source, prefix, lenient):
    """ValueError text for the first invalid input item."""
    i = int(np.argmin(valid))
    item = column.item(i)
    if null is not None and null[i]:
        return (f"sortid.convert: {column.where(i)} is missing ({escape(item)}); "
                "pass on_error='null' to keep missing values")
    if source == "bin":
        return f"sortid.convert: {column.where(i)} {escape(item)} is not a 16-byte ID"
    fmt, type_id = _text_format(source, prefix, "source")
    why = _explain_item(item, fmt, prefix, type_id, lenient)
    return f"sortid.convert: {column.where(i)} {escape(item)} is not a valid {source}: {why}"


def convert(values, to, *, source="ulid", prefix="", out_prefix="", lenient=False, lower=False,
            on_error="raise", out=None):
    """Converts a column of IDs from `source` to `to` format.

    values: a list of str, a numpy array (dtype S, fixed-width bytes decoded
        in place at their stride, NUL padding allowed; U; object of str /
        bytes), a pandas Series, or for source='bin' an (n, 16) uint8 array
        (or 16-byte bytes objects).
    to: 'ulid', 'record', 'uuid', 'hex', 'typeid' (text), 'bin' ((n, 16)
        uint8), 'ms' (int64 Unix ms), 'time' (datetime64[ms]) or 'iso8601'.
    source: 'ulid', 'record', 'uuid', 'hex', 'typeid' or 'bin'.
    prefix: fixed text every input ID starts with ('user_'); with
        source='typeid' the type name ('user'; the '_' is implied).
    out_prefix: the same for the output; to='typeid' needs the type name.
    lenient: accept Crockford aliases I/L (1) and O (0) in ULID / Record IDs.
    lower: lower-case output letters (ULID, Record ID; UUIDs are lower already).
    on_error: 'raise' (ValueError naming the first bad item: index, value,
        reason, byte position; missing inputs are errors too) or 'null'
        (invalid and missing items become missing values).

    out: with to='bin' and a text source, a writable C-contiguous (n, 16)
        uint8 array to decode into (reused buffers skip the allocation and
        page faults of a fresh result); it is returned (masked view with 'null').

    Returns the same container as the input: a Series (same index and name;
    nullable Int64 for ms with 'null', datetime64[ns] for time as pandas 1.5
    holds), a list, or a numpy array (masked where on_error='null' and the
    dtype has no missing value; NaT for time; None in object arrays).
    """
    _check_choice("source", source, SOURCES)
    _check_choice("to", to, OUTPUTS)
    _check_choice("on_error", on_error, ("raise", "null"))
    nullable = on_error == "null"
    column = Column(values)
    if out is not None and (to != "bin" or column.kind == "series"):
        raise ValueError("out= is only for to='bin' with a numpy array or list input")
    ids, valid, null = _decode(column, source, prefix, lenient, out)
    all_valid = bool(valid.all())
    if not nullable and not all_valid:
        raise ValueError(_first_bad(column, valid, null, source, prefix, lenient))

    if to in TEXT_FORMATS:
        fmt, type_id = _text_format(to, out_prefix, "to")
        text, ok = _sortid.encode(ids, None if all_valid else valid, fmt, out_prefix, type_id,
                                  lower)
        if not nullable and not ok.all():
            i = int(np.argmin(ok))
            raise ValueError(f"sortid.convert: {column.where(i)} {escape(column.item(i))} does "
                             f"not fit a {to} (a Record ID keeps the top 28 bits zero)")
        return column.text(text, ok, nullable)
    if to == "bin":
        if column.kind == "bin":
            ids = ids.copy()  # never hand back the caller's own array
        return column.binary(ids, valid, nullable)
    ms = _sortid.timestamps(ids, "ulid" if source in ("bin", "typeid") else source)
    if to == "ms":
        return column.ms(ms, valid, nullable)
    if to == "time":
        if column.kind == "series":
            fits = Column.time_fits(ms)
            if not nullable and not fits.all():
                i = int(np.argmin(fits))
                raise ValueError(f"sortid.convert: {column.where(i)} {escape(column.item(i))}: "
                                 "its time is outside pandas' datetime64[ns] range")
            valid = valid & fits
        return column.time(ms, valid)
    text, ok = _sortid.iso8601(ms, valid)
    if not nullable and not ok.all():
        i = int(np.argmin(ok))
        raise ValueError(f"sortid.convert: {column.where(i)} {escape(column.item(i))}: its time "
                         "is past year 9999 (ISO 8601 text)")
    return column.text(text, ok, nullable)


def validate(values, source="ulid", *, prefix="", lenient=False):
    """numpy bool array: True where the item is a valid ID in `source` format.

    Missing items (None, NaN, pandas.NA) are False. Inputs as for convert().
    """
    _check_choice("source", source, SOURCES)
    _, valid, _ = _decode(Column(values), source, prefix, lenient)
    return valid


def generate(n, kind="ulid", as_text=True, *, to=None, out_prefix="", lower=False, dtype=object):
    """n new IDs from the calling thread's generator (ChaCha20, OS-seeded).

    kind: 'ulid', 'ulid-monotonic', 'record' or 'uuidv7'.
    as_text=False: an (n, 16) uint8 array. as_text=True: text in `to` format
    (default: ulid for ULIDs, record for Record IDs, uuid for UUIDv7) as a
    numpy array of dtype `dtype`: object (str items), 'S' (fixed-width bytes,
    the fastest) or 'U'.
    """
    _check_choice("kind", kind, KINDS)
    try:
        n = operator.index(n)  # 2.5 and '3' are not counts
    except TypeError:
        raise TypeError(f"n must be an integer, got {type(n).__name__}") from None
    text_dtype = _text_dtype(dtype)
    if n < 0:
        raise ValueError("n must be >= 0")
    if not as_text:
        return _sortid.generate_binary(n, kind)
    if to is None:
        to = {"record": "record", "uuidv7": "uuid"}.get(kind, "ulid")
    _check_choice("to", to, TEXT_FORMATS)
    fmt, type_id = _text_format(to, out_prefix, "to")
    text = _sortid.generate_text(n, kind, fmt, out_prefix, type_id, lower)
    if text_dtype == "S":
        return text
    if text_dtype == "U":
        return _unicode(text)
    out = np.empty(n, dtype=object)
    _sortid.fill_str(text, np.ones(n, dtype=bool), out)
    return out


def _text_dtype(dtype):
    """'O', 'S' or 'U' for generate()'s dtype; ValueError for anything else."""
    if dtype is object or dtype == "O":
        return "O"
    if dtype is np.bytes_ or dtype == "S":
        return "S"
    if dtype is np.str_ or dtype == "U":
        return "U"
    raise ValueError(f"dtype={dtype!r}: expected object, 'S' or 'U' (the width is the format's)")


def _unicode(text):
    """An S array of UTF-8 text as a U array (astype would read it as ASCII)."""
    try:
        return text.astype(f"U{text.dtype.itemsize}")
    except UnicodeDecodeError:  # a non-ASCII prefix
        return np.char.decode(text, "utf-8")


def ulid(lower=False):
    """One new ULID as a 26-character str."""
    return _sortid.generate_text(1, "ulid", "ulid", "", False, lower)[0].decode("ascii")


@functools.total_ordering
class ID:
    """One 16-byte ID (what parse() returns), ordered and hashable by its bytes.

    layout: where .ms reads the time: 'ulid' (ULID, UUIDv7: the top 48 bits)
    or 'record' (a Record ID's 40-bit timestamp since 2026-01-01).
    """

    __slots__ = ("bytes", "_layout")

    def __init__(self, raw, layout="ulid"):
        raw = bytes(raw)
        if len(raw) != 16:
            raise ValueError("an ID has 16 bytes")
        _check_choice("layout", layout, ("ulid", "record"))
        self.bytes = raw
        self._layout = layout

    def _encode(self, fmt):
        ids = np.frombuffer(self.bytes, dtype=np.uint8).reshape(1, 16)
        text, ok = _sortid.encode(ids, None, fmt, "", False, False)
        return text[0].decode("ascii") if ok[0] else None

    @property
    def ulid(self):
        return self._encode("ulid")

    @property
    def record(self):
        """Record ID text, or None when the top 28 bits are not zero."""
        return self._encode("record")

    @property
    def hex(self):
        return self.bytes.hex()

    @property
    def uuid(self):
        return _uuid.UUID(bytes=self.bytes)

    @property
    def ms(self):
        """Unix milliseconds: top 48 bits (ULID, UUIDv7) or the Record ID's timestamp."""
        if self._layout == "record":
            ids = np.frombuffer(self.bytes, dtype=np.uint8).reshape(1, 16)
            return int(_sortid.timestamps(ids, "record")[0])
        return int.from_bytes(self.bytes[:6], "big")

    @property
    def datetime(self):
        epoch = _datetime.datetime(1970, 1, 1, tzinfo=_datetime.timezone.utc)
        return epoch + _datetime.timedelta(milliseconds=self.ms)

    def __str__(self):
        return self.ulid

    def __repr__(self):
        return f"sortid.ID('{self.ulid}')"

    def __eq__(self, other):
        if not isinstance(other, ID):
            return NotImplemented
        return self.bytes == other.bytes

    def __lt__(self, other):
        if not isinstance(other, ID):
            return NotImplemented
        return self.bytes < other.bytes

    def __hash__(self):
        return hash(self.bytes)


def parse(text, source="ulid", *, prefix="", lenient=False):
    """One ID from text: an ID, or ValueError with the reason and 1-based position."""
    _check_choice("source", source, TEXT_FORMATS)
    fmt, type_id = _text_format(source, prefix, "source")
    ids, valid, _ = _sortid.decode([text], fmt, prefix, type_id, lenient)
    if not valid[0]:
        why = _explain_item(text, fmt, prefix, type_id, lenient)
        raise ValueError(f"sortid.parse: {escape(text)} is not a valid {source}: {why}")
    return ID(ids[0].tobytes(), "record" if source == "record" else "ulid")
