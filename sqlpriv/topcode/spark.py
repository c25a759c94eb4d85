"""Top and bottom coding on Spark: what :func:`sqlpriv.top_bottom_code` runs for a Spark DataFrame
or with ``spark=`` (a table name or a file read by Spark). The released table is a
:class:`~sqlpriv.engine.spark.run.SparkResult` over ``sql_templates/topcode/release.sql`` rendered
for Spark SQL (a quantile threshold is Spark's exact ``percentile``, as DuckDB's ``quantile_cont``
interpolates): nothing is collected until asked, and ``to_parquet`` is written by Spark.
"""

from __future__ import annotations

from typing import Any

from sqlpriv.engine.disclosure_specs import SPARK_NUMBERS
from sqlpriv.engine.sources import source_column
from sqlpriv.engine.spark.run import SparkResult, SparkSource, render_query, require_rows, resolve_source
from sqlpriv.errors import ColumnError


def numeric_column(src: SparkSource, column: str, why: str) -> str:
    """``column``'s name in ``src``; ColumnError unless Spark types it as a number."""
    name = source_column(src, column)
    kind = dict(src.columns)[name].lower()
    if not kind.startswith(SPARK_NUMBERS) or kind.startswith("interval"):
        raise ColumnError(f"column {name!r} is {kind}, not numeric: {why}")
    return name


def top_bottom_code(source: Any, column: str, *, spark: Any, **thresholds: Any) -> SparkResult:
    """The Spark face of ``top_bottom_code`` (its arguments already checked there): the same
    statement, rendered for Spark SQL."""
    src = resolve_source(source, spark)
    name = numeric_column(src, column, "top and bottom coding needs numbers")
    require_rows(src)
    query = render_query("topcode_release", source=src.ref, columns=src.column_names(), column=name, **thresholds)
    return SparkResult(src, query)
