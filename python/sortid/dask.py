"""sortid on Dask: convert / validate a Dask DataFrame column partition by partition.

Every partition is a pandas Series handed to sortid.convert / sortid.validate
(one bulk call per partition, on the worker that holds it). The functions
return lazy Dask Series with the right `meta`, so nothing is computed until
you ask. The sortid package must be importable on every worker.

    from distributed import Client, LocalCluster
    import dask.dataframe as dd
    import sortid.dask

    client = Client(LocalCluster(n_workers=2, threads_per_worker=1))
    # or a real cluster: client = Client("tcp://scheduler:8786")
    frame = dd.read_csv("events-*.csv", dtype={"id": object})
    frame = sortid.dask.convert_column(frame, "id", "uuid", on_error="null")
    frame.to_parquet("events-uuid/")
"""

import numpy as np
import pandas as pd

import sortid

__all__ = ["convert", "validate", "convert_column", "meta"]


def meta(to, on_error="raise", name=None):
    """The empty pandas Series describing sortid.convert(series, to, ...)'s result."""
    sortid._check_choice("to", to, sortid.OUTPUTS)
    if to == "ms":
        dtype = "Int64" if on_error == "null" else "int64"
    elif to == "time":
        dtype = "datetime64[ns]"  # pandas 1.5 Series hold nanoseconds
    else:
        dtype = object  # text, or 16-byte bytes objects for bin
    return pd.Series([], dtype=dtype, name=name)


def _validate_partition(series, **kwargs):
    return pd.Series(sortid.validate(series, **kwargs), index=series.index, name=series.name)


def convert(column, to, **kwargs):
    """A lazy Dask Series: sortid.convert(partition, to, **kwargs) on each partition.

    column: a Dask Series (e.g. frame["id"]). kwargs as for sortid.convert
    (source, prefix, out_prefix, lenient, lower, on_error). With
    on_error='raise' the first bad item of a partition raises when computed.
    """
    on_error = kwargs.get("on_error", "raise")
    return column.map_partitions(sortid.convert, to, meta=meta(to, on_error, column.name),
                                 **kwargs)


def validate(column, **kwargs):
    """A lazy Dask Series of bool: sortid.validate on each partition (same index)."""
    return column.map_partitions(_validate_partition,
                                 meta=pd.Series([], dtype=np.bool_, name=column.name), **kwargs)


def convert_column(frame, column, to, *, into=None, **kwargs):
    """frame with column `column` converted (into `into` when given, else in place)."""
    return frame.assign(**{into or column: convert(frame[column], to, **kwargs)})
