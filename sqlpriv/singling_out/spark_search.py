"""Singling-out risk of synthetic data on Spark: what :func:`sqlpriv.singling_out` runs when a table
is a Spark DataFrame or ``spark=`` is given (docs/spark.md).

The search is the DuckDB one (:mod:`sqlpriv.singling_out.search`): the same plan steps from the same
templates, rendered for the ``spark`` dialect and run by :class:`~sqlpriv.engine.spark.plan.SparkPlan`,
each level a few Spark statements over the round tables of the one before (kept on the executors).
Only counts come to the driver: the rows of each table, the distinct values of each column, the
dictionaries' sizes. Every level runs chunked (the partition refinement and the mask path are
DuckDB's ways to save memory and time on one machine; the result is the same), with chunks of sets
sized to the rows as on DuckDB. The summary, details and tree are
:class:`~sqlpriv.engine.spark.plan.SparkPlanResult` objects (``.df()``, ``.spark()``, ``.to_parquet()``).
"""

from __future__ import annotations

from typing import Any

from sqlpriv.engine.names import temp_name
from sqlpriv.engine.spark.plan import SparkPlan, SparkPlanResult
from sqlpriv.engine.spark.run import SparkSource, quote, require_rows, resolve_source
from sqlpriv.engine.templates import render, use_dialect
from sqlpriv.errors import EmptyInputError
from sqlpriv.singling_out.columns import Column, match_columns
from sqlpriv.singling_out.search import Search, add_search_steps, fit, order_and_encode, prepare_tables, table_names


def spark_search(
    original: Any,
    synthetic: Any,
    spark: Any,
    *,
    params: dict[str, Any],
    columns: Any,
    max_cols: int | None,
    numeric_precision: int | None,
    unit: str | None,
    progress: bool,
    dropna: bool,
) -> Search:
    """The search over two Spark tables, declared as plan steps (prepared and encoded now)."""
    from sqlpriv.engine import checks

    with use_dialect("spark"):
        ori, syn = (_source(x, spark, what) for x, what in ((original, "original"), (synthetic, "synthetic")))
        matched = match_columns(ori, syn, columns)
        both = SparkSource(ori.spark, ori.name, f"{ori.label} and {syn.label}", ori.ref, ori.columns, "")
        both.comment = "\n".join(c for c in (ori.comment, syn.comment) if c)
        plan: Any = SparkPlan(ori.spark, both, progress=None if progress else False)  # a Search takes it as its plan
        nulls = {"ori": 0, "syn": 0}
        if checks.boolean("dropna", dropna):
            ori, nulls["ori"] = _drop_nulls(plan, ori, matched)
            syn, nulls["syn"] = _drop_nulls(plan, syn, matched)
        bounded = checks.bounded_max_cols(len(matched), max_cols)
        search = Search(plan, table_names(temp_name("sqlpriv_so")), params["mode"], matched, [], bounded, params)
        search.nulls = nulls
        prepare_tables(search, ori, syn, numeric_precision, unit)
        order_and_encode(search, syn)
        fit(search, None, True)
        search.refine, search.mask_max_rest, search.threads = False, 0, 1  # chunked levels, no padding
        add_search_steps(search)
    return search


def _source(source: Any, spark: Any, what: str) -> SparkSource:
    src = resolve_source(source, spark)
    try:
        require_rows(src)
    except EmptyInputError:
        raise EmptyInputError(f"the {what} table ({src.label}) has no rows; there is nothing to compare") from None
    return src


def _drop_nulls(plan: SparkPlan, src: SparkSource, columns: list[Column]) -> tuple[SparkSource, int]:
    """A view of ``src`` without the rows that have a NULL in an analysed column, and how many it leaves out."""
    from sqlpriv.engine.sources import ColumnSpec

    view = temp_name("sqlpriv_source")
    specs = [ColumnSpec(c.name, quote(c.name)) for c in columns]
    statement = render("engine/dropna_view.sql", columns=specs, relation=src.ref, view=view)
    plan.frame(statement)
    before = int(plan.rows(render("engine/count_rows.sql", relation=src.ref))[0][0])
    after = int(plan.rows(render("engine/count_rows.sql", relation=quote(view)))[0][0])
    if after == 0:
        raise EmptyInputError(
            f"every one of the {before} rows of {src.label} has a NULL in an analysed column, so "
            "dropna=True leaves nothing; use dropna=False (NULL is then a category)"
        )
    comment = (src.comment + "\n" if src.comment else "") + statement + ";"
    return SparkSource(src.spark, view, src.label, quote(view), src.columns, comment), before - after


def result(search: Search, template: str) -> SparkPlanResult:
    """One output of the search (summary, details or tree) as a query over the plan's tables."""
    with use_dialect("spark"):
        query = render(f"singling_out/{template}", t=search.t, columns=search.columns, **search.params)
    plan: Any = search.plan  # the SparkPlan spark_search gave it
    return SparkPlanResult(plan, query, ["final"])


__all__ = ["result", "spark_search"]
