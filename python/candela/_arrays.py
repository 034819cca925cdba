"""Turning what Python users hold (numpy arrays of any numeric dtype, pandas DataFrames and
Series, torch tensors, lists) into the 2-D tables Candela reads, checked first: a wrong shape,
NaN or infinite latents, or mismatched row counts raise CandelaError naming the argument and
the value."""
from candela._runner import CandelaError


def _np():
    import numpy as np
    return np


def to_table(x, name):
    """(2-D numpy array, column names or None) of x; a path is returned as (path, None)."""
    import os
    if isinstance(x, (str, os.PathLike)):
        return os.fspath(x), None
    np = _np()
    names = None
    if hasattr(x, "detach") and hasattr(x, "cpu") and hasattr(x, "numpy"):  # a torch tensor
        x = x.detach().cpu().numpy()
    elif hasattr(x, "columns") and hasattr(x, "to_numpy"):  # a pandas DataFrame
        names = [str(c) for c in x.columns]
        x = x.to_numpy()
    elif hasattr(x, "to_numpy") and hasattr(x, "name"):  # a pandas Series
        names = None if x.name is None else [str(x.name)]
        x = x.to_numpy()
    try:
        a = np.asarray(x)
    except (TypeError, ValueError) as e:
        raise CandelaError("%s: not an array (%s: %s)" % (name, type(x).__name__, e)) from None
    if a.ndim == 1:
        a = a.reshape(-1, 1)
    if a.ndim != 2:
        raise CandelaError("%s: want a 2-D array (rows = samples, columns = %s), got shape %s"
                           % (name, "factors" if name == "factors" else "latents",
                              list(a.shape)))
    if a.shape[0] < 2 or a.shape[1] < 1:
        raise CandelaError("%s: want at least 2 rows and 1 column, got shape %s"
                           % (name, list(a.shape)))
    return a, names


def latents(x, name="latents"):
    """A float64 (N, D) array of finite numbers, and column names (or None)."""
    np = _np()
    a, names = to_table(x, name)
    if isinstance(a, str):
        return a, names
    if a.dtype.kind not in "biuf":
        raise CandelaError("%s: want numbers, got an array of dtype %s" % (name, a.dtype))
    return finite(a.astype(np.float64), name), names


def finite(a, name):
    """a, when every value is finite; else CandelaError naming the count and the first cell."""
    np = _np()
    bad = ~np.isfinite(a)
    if bad.any():
        r, c = np.argwhere(bad)[0]
        raise CandelaError("%s: %d NaN or infinite values (first at row %d, column %d: %r)"
                           % (name, int(bad.sum()), r, c, float(a[r, c])))
    return a


def factors(x, name="factors"):
    """An int64 (N, K) array of codes, a float64 array of finite values, or an object array of
    text values; and column names (or None)."""
    np = _np()
    a, names = to_table(x, name)
    if isinstance(a, str):
        return a, names
    kind = a.dtype.kind
    if kind == "b":
        return a.astype(np.int64), names
    if kind in "iu":
        if kind == "u" and a.size and a.max() > np.iinfo(np.int64).max:
            raise CandelaError("%s: value %d does not fit a 64-bit integer code"
                               % (name, int(a.max())))
        return a.astype(np.int64), names
    if kind == "f":
        return finite(a.astype(np.float64), name), names
    if kind in "OUS":
        return a.astype(object), names
    raise CandelaError("%s: want integer codes, numbers or text values, got dtype %s"
                       % (name, a.dtype))
