"""Singling-out risk of synthetic data via mpUCCs, and sample uniques (docs/measures.md §4).

A synthetic record (row) is *singled out* by a column set when its values on the set occur in
exactly one row of the synthetic table and exactly one row of the original; ``singling_out`` finds
those records inside DuckDB from ``sql_templates/singling_out/``, level by level (``exhaustive``:
every set up to ``max_cols``, each record's minimal sets; ``petsard``: PETsARD 1.10.1's search, for
parity). The definition, the search modes and their pruning: docs/measures.md §4.
:func:`sqlpriv.sample_uniques` (:mod:`sqlpriv.singling_out.uniques`) is the one-table version.

>>> import pandas as pd
>>> ori = pd.DataFrame({"a": [1, 2, 2, 3], "b": ["x", "y", "z", "z"]})
>>> syn = pd.DataFrame({"a": [1, 2, 3, 3], "b": ["x", "y", "y", "z"]})
>>> r = singling_out(ori, syn, progress=False)
>>> [row[1:5] for row in r.details().fetchall()]  # syn_idx, ori_idx, combo_size, field_combo
[(0, 0, 1, ['a']), (1, 1, 2, ['a', 'b']), (3, 3, 2, ['a', 'b'])]
"""

from __future__ import annotations

from typing import Any

import duckdb

from sqlpriv.engine import checks, memory
from sqlpriv.engine.analysis import Analysis
from sqlpriv.engine.connection import connect
from sqlpriv.engine.limits import CHUNK_ROWS, MAX_SETS
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.presentable import Presentable
from sqlpriv.engine.result import Result
from sqlpriv.engine.rows import scalar
from sqlpriv.engine.sources import ColumnsArg
from sqlpriv.engine.spark.run import wants_spark
from sqlpriv.engine.templates import render
from sqlpriv.errors import ParameterError
from sqlpriv.singling_out.columns import DATETIME_UNITS, datetime_unit, drop_null_rows, match_columns, two_sources
from sqlpriv.singling_out.search import (
    Search,
    add_search_steps,
    order_and_encode,
    plan_memory,
    prepare_tables,
    table_names,
)

MODES = ("exhaustive", "petsard")


class SinglingOutResult(Presentable, Analysis):
    """Singled-out synthetic records (docs/measures.md §4).

    ``summary()``, ``details()`` and ``tree()`` each return a :class:`sqlpriv.Result`.
    Attributes: ``mode``, ``max_cols``, ``columns`` (search order), ``n_ori`` /
    ``n_syn`` (records analysed: rows, or distinct rows in petsard mode), ``duplicates``
    (exact duplicates removed per table: petsard mode only, 0 otherwise), ``numeric_precision`` (decimals floats were rounded to).
    """

    def __init__(self, search: Search) -> None:
        self._s = search
        self.plan = search.plan

    @property
    def n(self) -> int:
        """Synthetic records analysed (rows; distinct rows in petsard mode)."""
        return self._s.n_syn

    @property
    def dropped_rows(self) -> int:
        """Synthetic records left out: exact duplicates (petsard mode) and, with ``dropna=True``,
        rows with a NULL in an analysed column."""
        return self._s.duplicates.get("syn", 0) + self._s.nulls.get("syn", 0)

    @property
    def null_rows(self) -> dict[str, int]:
        """Rows ``dropna=True`` left out per table (``{"ori": .., "syn": ..}``; zeros without it)."""
        return {side: self._s.nulls.get(side, 0) for side in ("ori", "syn")}

    @property
    def mode(self) -> str:
        return self._s.mode

    @property
    def max_cols(self) -> int:
        return self._s.max_cols

    @property
    def columns(self) -> list[str]:
        return [c.name for c in self._s.columns]

    @property
    def n_ori(self) -> int:
        return self._s.n_ori

    @property
    def n_syn(self) -> int:
        return self._s.n_syn

    @property
    def duplicates(self) -> dict[str, int]:
        return dict(self._s.duplicates)

    @property
    def numeric_precision(self) -> int:
        return int(scalar(run(self._s.plan.con, render("singling_out/precision_value.sql", t=self._s.t))))

    def _result(self, template: str) -> Result:
        s = self._s
        query = render(f"singling_out/{template}", t=s.t, columns=s.columns, **s.params)
        return Result(s.plan, query, ["final"])

    def summary(self) -> Result:
        """One row: privacy_risk_score, overall_protection, main_protection, baseline_protection,
        identification_rate, weighted_identification_rate, total_identified, total_syn_records."""
        return self._result("summary.sql")

    def details(self) -> Result:
        """One row per identified synthetic record: risk_level, syn_idx, ori_idx, combo_size,
        field_combo, value_combo, baseline_protection, n_minimal_sets, minimal_sets, syn_row, ori_row."""
        return self._result("details.sql")

    def tree(self) -> Result:
        """One row per examined column set, in search order (docs/measures.md §4 tree columns)."""
        return self._result("tree.sql")

    @property
    def sql(self) -> str:
        """The complete script (summary, details and tree queries) for the DuckDB shell."""
        return self.script(self.summary(), self.details(), self.tree())


def singling_out(
    original: Any,
    synthetic: Any,
    *,
    mode: str = "exhaustive",
    columns: ColumnsArg = None,
    max_cols: int | None = None,
    min_entropy_delta: float = 0.0,
    field_decay_factor: float = 0.5,
    renyi_alpha: float = 2.0,
    numeric_precision: int | None = None,
    datetime_precision: str | None = None,
    calculate_baseline: bool = True,
    progress: bool = True,
    con: duckdb.DuckDBPyConnection | str | None = None,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
    dropna: bool = False,
) -> SinglingOutResult:
    """Synthetic records singled out by column sets also unique in the original (docs/measures.md §4).

    ``original`` / ``synthetic``: file paths, DataFrames, Arrow tables, DuckDB
    relations or table names (with ``con=``); both must have the same columns.
    ``mode``: ``"exhaustive"`` (exact) or ``"petsard"`` (PETsARD 1.10.1 parity).
    ``columns``: the column names analysed (default: every column; both tables must have
    them). Leaving a column out is the same as dropping it from both tables first, e.g. to
    leave out a sampling weight
    such as adult's ``fnlwgt`` that would single out nearly every record on its own.
    ``max_cols``: largest column set examined (None: all columns).
    ``min_entropy_delta`` / ``renyi_alpha``: entropy pruning (petsard mode only).
    ``field_decay_factor``: a set of ``s`` columns weighs ``factor ** (s - 1)``.
    ``numeric_precision``: decimals floats are rounded to (None: detected from the original, at
    most 10). ``datetime_precision``: D, H, T, s, ms, us or ns (case-insensitive) to floor
    timestamps to (None: no flooring). ``progress``: a progress bar on a terminal while the
    levels run (also off with ``SQLPRIV_PROGRESS=0``). ``dropna=True`` leaves out the rows of
    both tables with a NULL in an analysed column (``dropped_rows``: the synthetic ones;
    ``null_rows``: per table). A Spark DataFrame (or ``spark=`` with table names or files) runs
    the same search on Spark (docs/spark.md); ``con``, ``threads``, ``memory_limit`` and
    ``temp_directory`` are DuckDB's and are refused there.

    The search is lazy: the tables are pre-processed and encoded now, and the levels run
    when a result is first asked for (``.sql`` prints them without running them).

    >>> import pandas as pd
    >>> ori = pd.DataFrame({"age": [30, 30, 41], "zip": ["a", "b", "b"]})
    >>> syn = pd.DataFrame({"age": [30, 41, 41], "zip": ["a", "b", "c"]})
    >>> singling_out(ori, syn, progress=False).summary().df()[["total_identified", "total_syn_records"]].values.tolist()
    [[2, 3]]
    """
    params = _search_params(mode, min_entropy_delta, field_decay_factor, renyi_alpha, calculate_baseline)
    _check_precision(numeric_precision)
    unit = datetime_unit(datetime_precision)
    if wants_spark(original, spark) or wants_spark(synthetic, spark):
        return _on_spark(original, synthetic, spark, dict(con=con, threads=threads, memory_limit=memory_limit,
            temp_directory=temp_directory), params=params, columns=columns, max_cols=max_cols,
            numeric_precision=numeric_precision, unit=unit, progress=progress, dropna=dropna)  # fmt: skip
    if con is None and memory_limit is None:  # fit the memory free now, so DuckDB spills first
        memory_limit = memory.env_memory_limit()
    conn = connect(con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
    ori, syn, both = two_sources(original, synthetic, conn)
    matched = match_columns(ori, syn, columns)
    ori, syn, both, nulls = drop_null_rows(ori, syn, matched, dropna)
    max_cols = checks.bounded_max_cols(len(matched), max_cols)
    plan = Plan(conn, both, progress=None if progress else False)
    search = Search(plan, table_names(temp_name("sqlpriv_so", conn, "_ori")), mode, matched, [], max_cols, params)
    search.nulls = nulls
    prepare_tables(search, ori, syn, numeric_precision, unit)
    order_and_encode(search, syn)
    plan_memory(search)
    add_search_steps(search)
    return SinglingOutResult(search)


def _on_spark(
    original: Any, synthetic: Any, spark: Any, duckdb_options: dict[str, Any], **search: Any
) -> SinglingOutResult:
    """The search on Spark (:mod:`sqlpriv.singling_out.spark_search`)."""
    from sqlpriv.singling_out import spark_search

    given = sorted(name for name, value in duckdb_options.items() if value is not None)
    if given:
        raise ParameterError(
            f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} DuckDB's and not used on Spark; leave "
            f"{'it' if len(given) == 1 else 'them'} out (Spark's own settings size the work)"
        )
    return SparkSinglingOutResult(spark_search.spark_search(original, synthetic, spark, **search))


class SparkSinglingOutResult(SinglingOutResult):
    """:class:`SinglingOutResult` of a search on Spark: ``summary()``, ``details()`` and ``tree()``
    are :class:`~sqlpriv.engine.spark.plan.SparkPlanResult` objects (``.df()``, ``.spark()``,
    ``.to_parquet()``, ...); ``sql`` is the Spark SQL."""

    @property
    def numeric_precision(self) -> int:
        from sqlpriv.engine.templates import use_dialect

        with use_dialect("spark"):
            query = render("singling_out/precision_value.sql", t=self._s.t)
        return int(self._s.plan.rows(query)[0][0])

    def _result(self, template: str) -> Any:
        from sqlpriv.singling_out import spark_search

        return spark_search.result(self._s, template)

    @property
    def sql(self) -> str:
        """The Spark SQL of the search and its summary, details and tree queries."""
        return self.script(self.summary(), self.details(), self.tree())

    def script(self, *results: Any) -> str:
        """The Spark SQL of the search and the queries of ``results`` (a ``(result, path)`` pair:
        its query; Spark writes the file, not the script)."""
        queries = [(item[0] if isinstance(item, tuple) else item).query for item in results]
        return self._s.plan.script(["final"], queries)


def _search_params(
    mode: str, min_entropy_delta: Any, field_decay_factor: Any, renyi_alpha: Any, calculate_baseline: Any
) -> dict[str, Any]:
    """The search parameters every level and result template takes, checked."""
    return dict(
        mode=checks.choice("mode", mode, MODES),
        min_entropy_delta=checks.finite_number("min_entropy_delta", min_entropy_delta),
        field_decay_factor=checks.finite_number("field_decay_factor", field_decay_factor, minimum=0),
        renyi_alpha=checks.finite_number("renyi_alpha", renyi_alpha, minimum=0),
        calculate_baseline=bool(calculate_baseline),
    )


def _check_precision(numeric_precision: Any) -> None:
    if numeric_precision is not None:
        checks.positive_int("numeric_precision", numeric_precision, minimum=0, hint=" (decimal places) or None")


__all__ = ["CHUNK_ROWS", "DATETIME_UNITS", "MAX_SETS", "MODES", "SinglingOutResult", "singling_out"]
