"""Input classification and output containers for sortid.convert.

Internal. The rule: the output container follows the input container
(pandas Series -> Series with the same index and name; list -> list; numpy
array -> numpy array). Missing values use the container's own marker (None,
NaT, pandas.NA) or, for numpy dtypes without one (S, U, uint8, int64), a
numpy.ma.MaskedArray.
"""

import numpy as np

from . import _sortid

try:  # pandas is optional for numpy / list users
    import pandas as pd
except ImportError:  # pragma: no cover - Debian's python3-pandas is a dependency
    pd = None

if pd is not None:
    _sortid.set_null_types((type(pd.NA), type(pd.NaT)))

# pandas 1.5 holds datetimes as datetime64[ns]: these bound what fits (ms).
_NS_MIN_MS = -9223372036854
_NS_MAX_MS = 9223372036854


class Column:
    """One input column: the data the compiled core reads and how to wrap results."""

    __slots__ = ("data", "kind", "series")

    def __init__(self, values):
        self.series = None
        if pd is not None and isinstance(values, pd.DataFrame):
            raise TypeError("expected a column of IDs, got a DataFrame: pass one column "
                            "(frame['id']) or use sortid.dask.convert_column")
        if pd is not None and isinstance(values, pd.Series):
            self.series = values
            values = values.to_numpy(dtype=object) if values.dtype != object else values.to_numpy()
        elif pd is not None and isinstance(values, (pd.Index, pd.api.extensions.ExtensionArray)):
            values = np.asarray(values, dtype=object)
        if isinstance(values, list):
            self.data, self.kind = values, "list"
        elif isinstance(values, tuple):
            self.data, self.kind = values, "O"
        elif isinstance(values, np.ndarray):
            if values.ndim == 2 and values.dtype == np.uint8 and values.shape[1] == 16:
                self.data, self.kind = np.ascontiguousarray(values), "bin"
                return
            if values.ndim != 1:
                raise ValueError(f"expected a 1-D array of IDs, got shape {values.shape}")
            if values.dtype.kind not in "SUO":
                raise TypeError(f"cannot read IDs from a numpy array of dtype {values.dtype} "
                                "(expected S, U or object, or (n, 16) uint8 for source='bin')")
            self.data, self.kind = np.ascontiguousarray(values), values.dtype.kind
        elif isinstance(values, (str, bytes)):
            raise TypeError("expected a column of IDs, got one value "
                            "(use sortid.parse / sortid.explain for single values)")
        else:
            self.data, self.kind = list(values), "list"
        if self.series is not None:
            self.kind = "series"

    def __len__(self):
        return len(self.data)

    def item(self, i):
        """The i-th input value as the user sees it (numpy strips S padding)."""
        return self.data[i]

    def where(self, i):
        """'item i' plus the Series label when it differs from the position."""
        if self.series is not None:
            label = self.series.index[i]
            if not (isinstance(label, (int, np.integer)) and label == i):
                return f"item {i} (index {label!r})"
        return f"item {i}"

    def _wrap(self, array, dtype=None):
        return pd.Series(array, index=self.series.index, name=self.series.name, dtype=dtype)

    def text(self, text, valid, nullable):
        """S<len> text + validity -> the output container of str values."""
        if self.kind in ("series", "list", "O"):
            out = [None] * len(text) if self.kind == "list" else np.empty(len(text), dtype=object)
            _sortid.fill_str(text, valid, out)
            return self._wrap(out, dtype=object) if self.kind == "series" else out
        if self.kind == "U":
            from . import _unicode

            text = _unicode(text)
        return _masked(text, valid) if nullable else text

    def binary(self, ids, valid, nullable):
        if self.kind == "series":
            out = np.empty(len(ids), dtype=object)
            _sortid.fill_bytes(ids, valid, out)
            return self._wrap(out, dtype=object)
        if not nullable:
            return ids
        return np.ma.masked_array(ids, mask=np.repeat(~valid[:, None], 16, axis=1))

    def ms(self, ms, valid, nullable):
        if self.kind == "series":
            if nullable:
                return self._wrap(pd.arrays.IntegerArray(ms, ~valid))
            return self._wrap(ms)
        return _masked(ms, valid) if nullable else ms

    def time(self, ms, valid):
        times = ms.astype("datetime64[ms]")
        times[~valid] = np.datetime64("NaT")
        if self.kind == "series":
            return self._wrap(times.astype("datetime64[ns]"))
        return times

    @staticmethod
    def time_fits(ms):
        """Which times a pandas 1.5 Series (datetime64[ns]) can hold."""
        return (ms >= _NS_MIN_MS) & (ms <= _NS_MAX_MS)


def _masked(array, valid):
    if valid.all():
        return np.ma.masked_array(array, mask=np.zeros(len(array), dtype=bool))
    return np.ma.masked_array(array, mask=~valid)


def escape(value, limit=80):
    """A value as ascii() writes it (control and non-ASCII characters escaped), shortened."""
    text = ascii(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
