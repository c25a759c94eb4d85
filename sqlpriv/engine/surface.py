"""The one result surface: what every result offers, on either engine.

A DuckDB :class:`~sqlpriv.engine.result.Result` and a Spark
:class:`~sqlpriv.engine.spark.run.SparkResult` both implement :class:`ResultSurface`: the same
methods with the same return types, so code written against one runs on the other.

- ``sql``: the complete script that produces the result (DuckDB: macros, source, steps, query;
  Spark: the one Spark SQL statement after the view it needs);
- ``df()`` (pandas), ``arrow()`` (pyarrow) and ``fetchall()`` (a list of tuples): collected
  into this process;
- ``to_parquet(path)``, ``to_csv(path)`` and ``write(path)`` (CSV for a path ending in ``.csv``,
  else Parquet): written atomically, returning where they were written, a
  :class:`pathlib.Path` for a local path (DuckDB: one file; Spark: a folder of part files, written
  by the executors). On Spark a URI (``s3://``, ``hdfs://``) is written as given and returned as a
  :class:`Uri` (``str()`` and ``os.fspath()`` give it back unchanged).

The measure objects on top keep the same views on both engines (``summary()``, ``per_row()``,
``by()``, ``report()``, ...), each returning a result with this surface (docs/spark.md).

>>> from sqlpriv.engine.connection import connect
>>> from sqlpriv.engine.plan import Plan
>>> from sqlpriv.engine.result import Result
>>> isinstance(Result(Plan(connect()), "select 1 as one"), ResultSurface)
True
>>> u = Uri("s3://bucket/phi/")
>>> str(u), os.fspath(u)
('s3://bucket/phi/', 's3://bucket/phi/')
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, Union, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    import pyarrow as pa


class Uri(str):
    """A location that is not a local path (``s3://...``, ``hdfs://...``), as written by Spark:
    a ``str`` that is also ``os.PathLike`` (a :class:`pathlib.Path` would fold its ``//``)."""

    def __fspath__(self) -> str:
        return str(self)


#: where a writer put a result: a local Path, or (Spark only) a remote Uri
Written = Union[Path, Uri]


@runtime_checkable
class ResultSurface(Protocol):
    """What every result offers (module docstring): DuckDB's Result and Spark's SparkResult."""

    @property
    def sql(self) -> str: ...

    def df(self) -> pd.DataFrame: ...

    def arrow(self) -> pa.Table: ...

    def fetchall(self) -> list[tuple[Any, ...]]: ...

    def to_parquet(self, path: str | os.PathLike[str]) -> Written: ...

    def to_csv(self, path: str | os.PathLike[str]) -> Written: ...

    def write(self, path: str | os.PathLike[str]) -> Written: ...


__all__ = ["ResultSurface", "Uri", "Written"]
