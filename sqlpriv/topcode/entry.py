"""``sqlpriv.top_bottom_code``: replace a numeric column's tail values (sdcMicro's ``topBotCoding``)."""

from __future__ import annotations

from typing import Any

import duckdb

from sqlpriv.engine import checks
from sqlpriv.engine.connection import connect
from sqlpriv.engine.plan import Plan
from sqlpriv.engine.result import Result
from sqlpriv.engine.sandbox import NUMERIC_TYPES
from sqlpriv.engine.sources import resolve_source, source_column
from sqlpriv.engine.templates import render
from sqlpriv.errors import ColumnError, ParameterError


def top_bottom_code(
    source: Any,
    column: str,
    *,
    top: float | None = None,
    bottom: float | None = None,
    top_value: float | None = None,
    bottom_value: float | None = None,
    quantile: bool = False,
    con: duckdb.DuckDBPyConnection | str | None = None,
    spark: Any = None,
) -> Result:
    """The released table with ``column``'s values above ``top`` replaced by ``top_value`` and below
    ``bottom`` by ``bottom_value`` (each replacement defaults to its threshold; sdcMicro replaces
    values strictly above / below). With ``quantile=True``, ``top`` and ``bottom`` are quantiles in
    [0, 1] of the column (linearly interpolated). Every row and column in input order; the column
    becomes DOUBLE. A Spark DataFrame (or ``spark=`` a SparkSession with a table name or file)
    runs the same statement on Spark and gives a SparkResult (docs/spark.md).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"income": [10.0, 50.0, 900.0, None], "id": [1, 2, 3, 4]})
    >>> top_bottom_code(df, "income", top=100, bottom=20).df()["income"].tolist()
    [20.0, 50.0, 100.0, nan]
    """
    if top is None and bottom is None:
        raise ParameterError("give top=, bottom= or both: the thresholds beyond which values are replaced")
    for name, value in (("top", top), ("bottom", bottom), ("top_value", top_value), ("bottom_value", bottom_value)):
        if value is not None:
            v = checks.finite_number(name, value)
            if quantile and name in ("top", "bottom") and not 0 <= v <= 1:
                raise ParameterError(f"with quantile=True, {name} is a quantile in [0, 1], got {value!r}")
    if top is not None and bottom is not None and not quantile and bottom > top:
        raise ParameterError(f"bottom ({bottom!r}) is above top ({top!r}); give bottom <= top")
    from sqlpriv.engine.spark.run import wants_spark

    if wants_spark(source, spark):
        from sqlpriv.topcode import spark as topcode_spark

        thresholds = dict(top=top, bottom=bottom, top_value=top_value, bottom_value=bottom_value, quantile=quantile)
        return topcode_spark.top_bottom_code(source, column, spark=spark, **thresholds)  # type: ignore[return-value]
    conn = connect(con)
    src = resolve_source(source, conn)
    name = source_column(src, column)
    kind = dict(src.columns)[name].upper()
    if not kind.startswith(NUMERIC_TYPES):
        raise ColumnError(f"column {name!r} is {kind}, not numeric: top and bottom coding needs numbers")
    query = render(
        "topcode/release.sql",
        source=src.ref,
        columns=src.column_names(),
        column=name,
        top=top,
        bottom=bottom,
        top_value=top_value,
        bottom_value=bottom_value,
        quantile=quantile,
    )
    return Result(Plan(conn, src), query)
