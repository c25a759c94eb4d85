"""Reuse one analysis across separate calls on the same, unchanged source.

``cig(df)``, ``csf(df)`` and ``wcig(df)`` called one after another on the same
data would each read and encode it again. :class:`AnalysisCache` keeps the
most recent analyses, keyed on the call's arguments and on the source's
*identity and version*:

- a file path or glob: the matching files with their size and modification time;
- a pandas DataFrame: the object, its column names and dtypes, and a hash of its
  values (``pandas.util.hash_pandas_object``), so an in-place edit is a new version;
- a pyarrow Table: the object (tables are immutable);
- anything else (a DuckDB relation, a table name on ``con=``): never cached.

Analyses on a connection the user passed (``con=``) are never cached either: the
user owns that connection and its tables may change under us.

>>> import pandas as pd
>>> df = pd.DataFrame({"a": [1, 2]})
>>> v1 = source_version(df)
>>> df.loc[0, "a"] = 5
>>> v1 == source_version(df)
False
>>> source_version("no/such/*.csv") is None
True
"""

from __future__ import annotations

import glob
import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Callable, TypeVar

T = TypeVar("T")

MAX_ENTRIES = 2  # analyses kept alive; each holds its own DuckDB connection and tables


def source_version(source: Any) -> Hashable | None:
    """A value that changes whenever ``source``'s content may have changed; None: not cacheable."""
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    if isinstance(source, str):
        paths = sorted(glob.glob(source, recursive=True)) if any(ch in source for ch in "*?[") else [source]
        stamps = []
        for path in paths:
            try:
                st = os.stat(path)
            except OSError:
                return None
            stamps.append((os.path.abspath(path), st.st_size, st.st_mtime_ns, st.st_ino))
        return ("files", tuple(stamps)) if stamps else None
    module = type(source).__module__.split(".")[0]
    if module == "pandas" and type(source).__name__ == "DataFrame":
        import pandas as pd

        digest = hashlib.blake2b(digest_size=16)
        digest.update(repr([(str(c), str(t)) for c, t in source.dtypes.items()]).encode())
        try:
            digest.update(pd.util.hash_pandas_object(source, index=True).to_numpy().tobytes())
        except (TypeError, ValueError):  # unhashable cells (lists, dicts): do not cache
            return None
        return ("pandas", id(source), digest.hexdigest())
    if module == "pyarrow" and type(source).__name__ == "Table":
        return ("arrow", id(source))
    return None


class AnalysisCache:
    """A small LRU of analyses keyed on (call arguments, source version).

    >>> cache = AnalysisCache()
    >>> calls = []
    >>> make = lambda: calls.append(1) or len(calls)
    >>> cache.get_or_make("f.csv", ("x",), make, version=("v", 1)), cache.get_or_make("f.csv", ("x",), make, version=("v", 1))
    (1, 1)
    >>> cache.get_or_make("f.csv", ("x",), make, version=("v", 2))  # a new version: made again
    2
    """

    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self.max_entries = max_entries
        self._entries: OrderedDict[Hashable, tuple[Any, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get_or_make(
        self,
        source: Any,
        arguments: Hashable,
        make: Callable[[], T],
        *,
        version: Hashable | None = None,
        alive: Callable[[T], bool] = lambda value: True,
    ) -> T:
        """The cached analysis for ``source`` and ``arguments``, or ``make()``'s (then kept).

        ``alive(value)`` says whether a cached value can still be used (its connection
        may have been closed by the caller); a dead one is made again.
        """
        version = source_version(source) if version is None else version
        if version is None or arguments is None or os.environ.get("SQLPRIV_CACHE", "1") == "0":
            return make()
        key = (version, arguments)
        with self._lock:
            hit = self._entries.get(key)
            if hit is not None and alive(hit[1]):
                self._entries.move_to_end(key)
                return hit[1]
        value = make()
        with self._lock:
            # the source object itself is kept with the entry, so its id cannot be reused by another object
            self._entries[key] = (source, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget every cached analysis (and let their connections close)."""
        with self._lock:
            self._entries.clear()


def connection_open(con: Any) -> bool:
    """Whether a DuckDB connection is still open (the caller may have closed it)."""
    try:
        con.cursor().close()
    except Exception:
        return False
    return True


def arguments_key(*args: Any, **kwargs: Any) -> Hashable | None:
    """A hashable form of call arguments (repr of nested values); None if an argument has no stable repr."""
    try:
        return repr((args, sorted(kwargs.items())))
    except Exception:  # pragma: no cover - a repr that raises: do not cache
        return None
