"""The packed cohort frame (:mod:`sqlpriv.engine.cohorts`) on Spark: the same steps from the same
templates, rendered for the ``spark`` dialect and run by :class:`~sqlpriv.engine.spark.plan.SparkPlan`.

``analysed`` (the analysed columns with each row's input position: ``engine/analysed.sql``, a
checkpoint, so the positions are computed once), ``values``, ``dictionaries``, ``codes`` and
``patterns`` are round tables kept on the executors; only their row counts and the dictionaries'
sizes come to the driver. The frame's plan is a SparkPlan, so a family whose steps read only the
frame's tables (sample uniques) declares and runs them exactly as on DuckDB, rendered inside
``use_dialect("spark")``. Positions: without a key (or with ``dense=True``) 0..n-1 in input order
(a window over the whole table, one partition); with a key, an increasing
``monotonically_increasing_id()`` (no shuffle). ``dropna`` leaves rows out after numbering, so
positions stay those of the input, as on DuckDB.
"""

from __future__ import annotations

from typing import Any

from sqlpriv.engine import cohorts
from sqlpriv.engine.limits import check_packed_columns
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.sources import ColumnsArg, ColumnSpec, source_column
from sqlpriv.engine.spark.plan import SparkPlan
from sqlpriv.engine.spark.run import (
    SparkSource,
    match_key,
    quote,
    require_rows,
    resolve_columns,
    resolve_source,
)
from sqlpriv.engine.templates import create_table, render, use_dialect


def prepare(
    source: Any,
    columns: ColumnsArg,
    spark: Any,
    *,
    key: str | None = None,
    dropna: bool = False,
    dense: bool | None = None,
    packed: bool = False,
) -> cohorts.CohortFrame:
    """A cohort frame of a Spark source (a DataFrame, or a table name or file with ``spark=``, or
    a :class:`~sqlpriv.engine.spark.run.SparkSource` resolved already):
    its ``analysed`` step run, its dictionaries built, its codes and patterns declared, as
    :func:`sqlpriv.engine.cohorts.prepare` does on DuckDB. ``dense``: 0..n-1 positions even
    with a key (the key is then carried, not used as the row label)."""
    from sqlpriv.engine.identifiers import KEY_ADVICE, warn_identifiers

    with use_dialect("spark"):
        src = source if isinstance(source, SparkSource) else resolve_source(source, spark)
        if key is not None:
            key = source_column(src, key)
        src, names = resolve_columns(src, columns, exclude=[key] if key else [])
        key = match_key(src, key, names)
        if packed:
            check_packed_columns(len(names))
        require_rows(src)
        specs = [ColumnSpec(name, quote(name)) for name in names]
        plan: Any = SparkPlan(src.spark, src, progress=False)  # a CohortFrame takes it as its plan
        names_of = cohorts.table_names(temp_name("sqlpriv"), len(specs))
        frame = cohorts.CohortFrame(plan, src, specs, key, names_of, dialect="spark")  # type: ignore[arg-type]
        body = render("engine/analysed.sql", **frame.context(dropna=dropna, dense=dense))
        plan.add("analysed", [create_table(frame.names["analysed"], body)])
        plan.ensure(["analysed"])
        cohorts.add_frame_steps(frame, dropna, warn=False)
        sizes = render("engine/table_sizes.sql", tables=frame.names["dicts"])
        warn_identifiers(None, sizes, frame.n, names, advice=KEY_ADVICE, stacklevel=4, rows=plan.rows)
    return frame


__all__ = ["prepare"]
