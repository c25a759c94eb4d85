"""Singling out by queries: anonymeter's singling-out attack, its counts in SQL (docs/measures.md,
"Singling out by queries").

An attacker who holds the synthetic table writes queries (predicates) that match exactly one of
its records, from rare values (``mode="univariate"``) or from ``n_cols`` columns of its records
(``mode="multivariate"``); a query *singles out* a person when it matches exactly one record of
the original table (exact duplicates dropped first, as anonymeter drops them). The same queries on
a control table (real records the generator never saw) measure what the attacker gets from the
population alone; random queries give the baseline. The risk is anonymeter's: the Wilson rate of
the main attack, or its residual over the control rate (:mod:`sqlpriv.attacks.risk`).

The queries are built in seeded Python from statistics, values and a sample of records the SQL
fetches from the synthetic table; every count (the candidates on the synthetic table, the
queries on the original and the control) is SQL, all queries of a run in one scan per table.
This sits beside the exact mpUCC search :func:`sqlpriv.singling_out` (every record examined on
every column set): report both, the query figure is the one anonymeter's users know.

>>> import pandas as pd
>>> ori = pd.DataFrame({"age": [23, 35, 35, 51, 70], "city": ["a", "b", "b", "c", "d"]})
>>> r = singling_out_queries(ori, ori, mode="univariate", n_attacks=4)
>>> r.summary()[["attack", "n_attacks", "n_success"]].values.tolist()[0]
['main', 4, 4]
"""

from __future__ import annotations

import warnings
from typing import Any

import duckdb
import numpy as np

from sqlpriv.attacks import singling_out_generate as generate
from sqlpriv.attacks.singling_out_predicates import Query
from sqlpriv.attacks.singling_out_result import Counts, SinglingOutQueriesResult
from sqlpriv.attacks.singling_out_sql_draw import sql_draw
from sqlpriv.attacks.singling_out_tables import Tables, column_stats, count, prepare
from sqlpriv.engine import checks
from sqlpriv.engine.connection import connect
from sqlpriv.engine.plan import Plan
from sqlpriv.engine.spark.run import is_spark_dataframe, wants_spark
from sqlpriv.errors import ParameterError, SqlprivWarning, caller_stacklevel

MODES = ("univariate", "multivariate")
#: how the queries are drawn: anonymeter's numpy draw, or the seeded SQL draw the dbt model runs
DRAWS = ("numpy", "sql")
#: anonymeter's default cap on the multivariate attempts
MAX_ATTEMPTS = 10_000_000


def _check(mode: Any, n_attacks: Any, n_cols: Any, seed: Any, max_attempts: Any, draw: Any) -> None:
    checks.choice("mode", mode, MODES)
    checks.choice("draw", draw, DRAWS)
    checks.positive_int("n_attacks", n_attacks, hint=" (the number of singling-out queries)")
    checks.positive_int("n_cols", n_cols, hint=" (columns per multivariate query)")
    checks.positive_int("seed", seed, minimum=0)
    if max_attempts is not None:
        checks.positive_int("max_attempts", max_attempts, hint=" or None")


def singling_out_queries(
    original: Any,
    synthetic: Any,
    *,
    control: Any = None,
    mode: str = "univariate",
    n_attacks: int = 500,
    n_cols: int = 3,
    seed: int = 0,
    max_attempts: int | None = MAX_ATTEMPTS,
    draw: str = "numpy",
    con: duckdb.DuckDBPyConnection | str | None = None,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
) -> SinglingOutQueriesResult:
    """anonymeter's singling-out attack by queries, every count in SQL (docs/measures.md).

    ``original``, ``synthetic`` and ``control`` (optional: real records not used to make the
    synthetic table): file paths, DataFrames, Arrow tables, DuckDB relations or table names (with
    ``con=``), with the same columns. ``mode``: ``"univariate"`` (rare values) or
    ``"multivariate"`` (``n_cols`` columns of a synthetic record). ``n_attacks``: queries wanted
    (fewer when the synthetic table has fewer: a warning, and the rates are over the queries made).
    ``seed``: the same seed, the same queries. ``max_attempts``: records tried in multivariate
    mode (anonymeter's default). The result's ``.risk()``, ``.summary()``, ``.queries()`` and
    ``.per_row()`` report it; ``.sql`` prints the counting scans (the queries fixed in the text).

    >>> import pandas as pd
    >>> ori = pd.DataFrame({"a": [1, 2, 2, 3], "b": ["x", "y", "z", "z"]})
    >>> r = singling_out_queries(ori, ori, mode="multivariate", n_cols=2, n_attacks=2)
    >>> r.risk().ci[1] > 0.5
    True
    """
    _check(mode, n_attacks, n_cols, seed, max_attempts, draw)
    if (
        wants_spark(original, spark) or is_spark_dataframe(synthetic) or is_spark_dataframe(control)
    ):  # on Spark: sqlpriv/attacks/singling_out_spark.py
        if draw == "sql":
            raise ParameterError("draw='sql' runs on DuckDB only so far; use draw='numpy' on Spark")
        return _on_spark(original, synthetic, control, mode, n_attacks, seed, spark, n_cols, max_attempts)
    conn = connect(con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
    plan = Plan(conn, None, progress=False)
    tables, ori, _syn, ctl = prepare(plan, original, synthetic, control)
    if mode == "multivariate" and n_cols > len(tables.columns):
        raise ParameterError(
            f"n_cols is {n_cols} but the tables have {len(tables.columns)} columns; "
            "a multivariate query uses at most every column"
        )
    queries, guesses, attempts = _draw(tables, mode, seed, n_attacks, n_cols, max_attempts, draw)
    on_original = count(tables, "original", queries + guesses)
    counts = Counts(
        queries=queries,
        baseline=guesses,
        original=on_original[: len(queries)],
        baseline_original=on_original[len(queries) :],
        control=None if ctl is None else count(tables, "control", queries),
    )
    sources = [s for s in (ori, ctl) if s is not None]
    return SinglingOutQueriesResult(
        tables, counts, mode=mode, n_requested=n_attacks, seed=seed, attempts=attempts, sources=sources, draw=draw
    )


def _draw(
    tables: Tables, mode: str, seed: int, n_attacks: int, n_cols: int, max_attempts: int | None, draw: str
) -> tuple[list[Query], list[Query], int]:
    """The queries, the baseline guesses and the multivariate attempts, by the numpy or the SQL draw."""
    if draw == "sql":
        queries, guesses, attempts = sql_draw(tables, mode, seed, n_attacks, n_cols, max_attempts or MAX_ATTEMPTS)
        _warn_short(len(queries), n_attacks, mode)
        return queries, guesses, attempts
    rng = np.random.default_rng(seed)
    stats = column_stats(tables)
    attempts = 0
    if mode == "univariate":
        queries = generate.univariate(tables, stats, rng, n_attacks)
    else:
        queries, attempts = generate.multivariate(tables, stats, rng, n_attacks, n_cols, max_attempts)
    _warn_short(len(queries), n_attacks, mode)
    n_cols_baseline = 1 if mode == "univariate" else n_cols
    guesses = generate.baseline(tables, stats, rng, len(queries) or n_attacks, n_cols_baseline)
    return queries, guesses, attempts


def _warn_short(made: int, n_attacks: int, mode: str) -> None:
    if made < n_attacks:
        warnings.warn(
            f"only {made} of the {n_attacks} singling-out queries asked for could be made from the "
            f"synthetic table ({mode}); the rates are over the {made or n_attacks} made (anonymeter divides by "
            f"the {n_attacks} asked for)",
            SqlprivWarning,
            stacklevel=caller_stacklevel(),
        )


def _on_spark(
    original: Any, synthetic: Any, control: Any, mode: str, n_attacks: int, seed: int, spark: Any, n_cols: int,
    max_attempts: int | None,
) -> SinglingOutQueriesResult:  # fmt: skip
    from sqlpriv.attacks.singling_out_spark import SparkSinglingOutQueriesResult, spark_counts

    counts, rows, attempts = spark_counts(
        original, synthetic, control, mode=mode, n_attacks=n_attacks, seed=seed, spark=spark, n_cols=n_cols,
        max_attempts=max_attempts,
    )  # fmt: skip
    if len(counts.queries) < n_attacks:
        warnings.warn(
            f"only {len(counts.queries)} of the {n_attacks} singling-out queries asked for could be made from the "
            f"synthetic table ({mode}); the rates are over the {len(counts.queries) or n_attacks} made (anonymeter "
            f"divides by the {n_attacks} asked for)",
            SqlprivWarning,
            stacklevel=caller_stacklevel(),
        )
    return SparkSinglingOutQueriesResult(
        counts, rows, mode=mode, n_requested=n_attacks, seed=seed, attempts=attempts, inputs=(original, control, spark)
    )


__all__ = ["MAX_ATTEMPTS", "MODES", "singling_out_queries"]
