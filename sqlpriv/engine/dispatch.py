"""The engine choice, made in one place: DuckDB (the default), or Spark for a Spark DataFrame
source or ``spark=`` (docs/spark.md).

A measure function declares its Spark twin once, with :func:`spark_twin` (the twin in
:mod:`sqlpriv.engine.spark.measures` of the same name takes the same arguments and returns the
Spark counterpart, whose results have the same surface: :mod:`sqlpriv.engine.surface`), or
declares that it runs on DuckDB only, with :func:`duckdb_only`. No measure tests for Spark itself.

>>> @duckdb_only("toy", sources=("source",))
... def toy(source, *, spark=None):
...     return "duckdb"
>>> toy("data.csv")
'duckdb'
>>> toy("data.csv", spark=object())
Traceback (most recent call last):
...
sqlpriv.errors.ParameterError: toy runs on DuckDB only; it has no single-statement form for Spark yet. Read the data into DuckDB (e.g. spark_df.toArrow() or a Parquet export) and pass that instead
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

from sqlpriv.engine.spark import run as spark

F = TypeVar("F", bound=Callable[..., Any])


def _wants_spark(fn: Callable[..., Any], sources: tuple[str, ...]) -> Callable[..., bool]:
    """Whether a call of ``fn`` asks for Spark: one of its ``sources`` arguments is a Spark
    DataFrame, or ``spark=`` is given (also through ``**options``)."""
    signature = inspect.signature(fn)
    var_keyword = next((p.name for p in signature.parameters.values() if p.kind is p.VAR_KEYWORD), None)

    def wants(*args: Any, **kwargs: Any) -> bool:
        try:
            arguments = signature.bind(*args, **kwargs).arguments
        except TypeError:  # a wrong call: the function itself reports it
            return False
        session = arguments.get("spark")
        if session is None and var_keyword is not None:
            session = arguments.get(var_keyword, {}).get("spark")
        return any(spark.wants_spark(arguments.get(name), session) for name in sources)

    return wants


def spark_twin(name: str, *, sources: tuple[str, ...] = ("source",)) -> Callable[[F], F]:
    """Run the decorated measure on Spark, as ``sqlpriv.engine.spark.measures.<name>`` called with
    the same arguments, when the call asks for Spark; on DuckDB (the function itself) otherwise."""

    def decorate(fn: F) -> F:
        wants = _wants_spark(fn, sources)

        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            if wants(*args, **kwargs):
                from sqlpriv.engine.spark import measures as spark_measures  # pyspark itself loads only when used

                return getattr(spark_measures, name)(*args, **kwargs)
            return fn(*args, **kwargs)

        return call  # type: ignore[return-value]

    return decorate


def duckdb_only(what: str, *, sources: tuple[str, ...] = ("source",)) -> Callable[[F], F]:
    """Refuse, with one clear error, a call of the decorated measure that asks for Spark."""

    def decorate(fn: F) -> F:
        wants = _wants_spark(fn, sources)

        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            if wants(*args, **kwargs):
                raise spark.duckdb_only(what)
            return fn(*args, **kwargs)

        return call  # type: ignore[return-value]

    return decorate


__all__ = ["duckdb_only", "spark_twin"]
