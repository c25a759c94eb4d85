"""Uniqueness Shapley values (Seiler, Mase & Owen 2023; docs/measures.md §1).

For every row and column: how much revealing that column shrinks the set of
people the row could be, averaged over all orders in which columns can be
revealed. Per-row values come from cohort counts joined back to patterns;
global and subgroup means come from the entropy and cross-entropy identities,
without per-row work. All of it is SQL from ``sql_templates/shapley/``.

>>> import sqlpriv
>>> r = sqlpriv.uniqueness_shapley(sqlpriv.example_path("flare.csv"), columns=["class", "area"])
>>> r.summary().df().round(4).to_dict("list")["shapley"]
[2.3257, 0.1342]
"""

from __future__ import annotations

import warnings
from typing import Any

import duckdb

from sqlpriv.engine import cohorts, memory
from sqlpriv.engine.connection import connect
from sqlpriv.engine.limits import EXACT_COLUMNS, MAX_PACKED_COLUMNS, check_packed_columns
from sqlpriv.engine.presentable import Presentable
from sqlpriv.engine.result import ChunkedResult, Result, position_chunks, prefetch_pandas
from sqlpriv.engine.sources import ColumnsArg, check_expression
from sqlpriv.engine.spark.plan import SparkPlanResult
from sqlpriv.engine.spark.run import wants_spark
from sqlpriv.engine.templates import call, create_table, insert_into, render, use_dialect
from sqlpriv.errors import ParameterError, SqlprivWarning, caller_stacklevel
from sqlpriv.shapley import closure as shapley_closure
from sqlpriv.shapley import sampling as shapley_sampling
from sqlpriv.shapley.sampling import (
    add_sampled_steps,
    balanced_samples,
    count_rows,
    lattice_chunks,
    sampled_phi_statements,
    sampled_subsets,
)
from sqlpriv.shapley.split import phi_split, split_context

EXACT_LIMIT = EXACT_COLUMNS  # method="auto" is exact up to this many columns, and beyond while it fits:
EXACT_PAIRS = 20_000_000  # (pattern, subset) pairs exact values may visit under method="auto" (exact_fits)
EXACT_MAX = 20  # method="exact" refuses more (2^20 subsets per pattern)
MAX_COLUMNS = MAX_PACKED_COLUMNS  # subsets are bitmasks in one BIGINT
DEFAULT_SAMPLES = None  # 3 blocks of d position-balanced orders (shapley_sampling.DEFAULT_BLOCKS)
PHI_CHUNK_ROWS = 25_000_000  # (pattern, subset) pairs per statement of the chunked exact values
#: a sampled by() sums the cross entropies of the subsets holding a column whose value fixes the
#: level from the cells, as for the columns the expression reads (UCI adult by(education):
#: education-num fixes it too; RESULTS.md, session shp5)
DETERMINING_COLUMNS = True
BY_PATTERNS = True  # exact by() of plain-column expressions in one statement (False: through a levels table)


class ShapleyResult(Presentable, cohorts.FrameMeasure):
    """Uniqueness Shapley values of one source and column list.

    ``summary()``, ``by(expr)``, ``per_row()`` and ``entropies()`` each return a
    :class:`sqlpriv.Result`. Attributes: ``n`` (rows analysed), ``dropped_rows``,
    ``columns`` (names), ``method`` (``"exact"`` or ``"sample"``), ``samples``.
    """

    def __init__(self, frame: cohorts.CohortFrame, method: str, samples: int, phi_weights: bool = False) -> None:
        self.frame = frame
        self.phi_weights = phi_weights  # the per-pattern values carry each pattern's w (phi_factored.sql)
        self.method = method
        self.samples = samples
        self._by_count = 0

    @property
    def sampled(self) -> bool:
        return self.method == "sample"

    def _ctx(self, **extra: Any) -> dict[str, Any]:
        return self.frame.context(sampled=self.sampled, samples=self.samples, **extra)

    def _result(self, query: str, needs: list[str]) -> Result:
        """A query over the plan's tables: a Result, or on Spark a SparkPlanResult (the same surface)."""
        if self.frame.dialect == "spark":
            return SparkPlanResult(self.frame.plan, query, needs)  # type: ignore[arg-type, return-value]
        return Result(self.frame.plan, query, needs)

    def summary(self) -> Result:
        """One row per column: column, entropy, conditional_entropy, shapley (bits)."""
        with use_dialect(self.frame.dialect):
            return self._result(render("shapley/summary.sql", **self._ctx()), ["cells", "lattice"])

    def entropies(self) -> Result:
        """Every column subset in the lattice with its joint entropy (bits)."""
        with use_dialect(self.frame.dialect):
            return self._result(render("shapley/entropies.sql", **self._ctx()), ["cells"])

    def per_row(self) -> Result:
        """Row key (``row``: 0-based input position, or the key column) + one column per analysed column."""
        key_name = self.frame.key or self.free_name("row")
        # the rows' patterns packed on the fly and joined to the per-pattern values: no per-row
        # codes table; files are written chunk by chunk of input positions (ChunkedResult)
        ctx = self._ctx(key_name=key_name)
        if self.frame.dialect == "spark":  # Spark writes the per-row table from its partitions
            with use_dialect("spark"):
                return self._result(render("shapley/per_row_values.sql", **ctx), ["phi"])
        chunks = [render("shapley/per_row_values.sql", **ctx, lo=lo, hi=hi) for lo, hi in position_chunks(self.frame)]
        return ChunkedResult(self.frame.plan, render("shapley/per_row_values.sql", **ctx), ["phi"], chunks)

    def rank_sample(self, rows: int) -> tuple[str, str, list[str]]:
        """The tables behind the paper's Figure 2 (``views.shapley_rows``): ``rows`` rows at
        evenly spaced ranks of total uniqueness (``shapley/rank_sample.sql``), the table of
        per-pattern values to read for them, and the plan steps both need. When every pattern's
        values are not computed yet, only the chosen patterns' values are (a few hundred
        patterns instead of all of them)."""
        frame, t = self.frame, self.frame.names
        step = f"rank_sample{rows}"
        sample = f"{t['prefix']}_{step}"
        if step not in frame.plan.steps:
            select = render("shapley/rank_sample.sql", t=t, words=frame.words, rows=rows)
            frame.plan.add(step, [create_table(sample, select)], deps=["patterns"])
        if "phi" in frame.plan.done:
            return sample, t["phi"], [step, "phi"]
        values_step, values = f"{step}_phi", f"{sample}_phi"
        if values_step not in frame.plan.steps:
            chosen = f"{sample}_patterns"
            statements = [
                create_table(chosen, render("shapley/distinct_patterns.sql", table=sample, words=frame.words))
            ]
            if self.sampled:  # the cell terms of the cells these patterns meet, not of every cell
                cells, terms = f"{sample}_cells", f"{sample}_terms"
                own = {**t, "cells": cells, "terms": terms}
                statements += [
                    create_table(cells, render("shapley/chosen_cells.sql", t=t, words=frame.words, chosen=chosen)),
                    render("shapley/cell_terms.sql", **frame.context(t=own)),
                    *sampled_phi_statements(frame, self.samples, chosen, values, n_patterns=rows, terms=terms),
                    render("engine/drop_table.sql", table=cells),
                    render("engine/drop_table.sql", table=terms),
                ]
                deps = ["cells", "shared_lattice"]
            else:
                body = render("shapley/phi_chunk.sql", **frame.context(lo=0, hi=frame.full_sid, patterns=[chosen]))
                parts = f"{values}_parts"
                statements += [
                    create_table(parts, body),
                    create_table(values, render("shapley/phi_parts_sum.sql", **frame.context(parts=parts))),
                    render("engine/drop_table.sql", table=parts),
                ]
                deps = ["cells"]
            frame.plan.add(values_step, statements, deps=[step, *deps])
        return sample, values, [step, values_step]

    def by(self, expr: str) -> Result:
        """Mean Shapley values per level of ``expr`` (a column name or any SQL expression).

        Columns: level, n, share, then one column per analysed column (an analysed column
        called level, n or share pushes that heading to _level, _n or _share).
        """
        with use_dialect(self.frame.dialect):
            return self._by(expr)

    def _by(self, expr: str) -> Result:
        frame = self.frame
        if not isinstance(expr, str) or not expr.strip():
            raise ParameterError("by() needs a column name or SQL expression, e.g. by('age < 32')")
        names = frame.source.column_names()
        sql_expr = call("quote", name=expr) if expr in names else expr
        spark = frame.dialect == "spark"
        if spark:  # a Spark SQL expression, checked by Spark's parser (no positional join there)
            from sqlpriv.engine.spark.run import check_expression as spark_check_expression

            spark_check_expression(frame.source, sql_expr, what="subgroup expression")  # type: ignore[arg-type]
        else:
            check_expression(frame.source, sql_expr, what="subgroup expression")
        self._by_count += 1
        i = self._by_count
        t = dict(frame.names)
        t["levels"] = f"{t['prefix']}_by{i}_levels"
        step = f"by{i}"
        mode = "positional" if frame.dropped_rows == 0 and not spark else "by_position"
        if not spark and cohorts.binds_on_patterns(frame, sql_expr):
            mode = "patterns"
            if BY_PATTERNS and not self.sampled:  # no levels table: sums per key of the columns it reads
                return self._by_patterns(sql_expr)
        frame.plan.add(
            f"{step}_levels",
            [create_table(t["levels"], render("shapley/levels.sql", **self._ctx(t=t, expr=sql_expr, mode=mode)))],
            deps=["decoded"] if mode == "patterns" else ["codes"],
        )
        meta = {name: self.free_name(name) for name in ("level", "n", "share")}
        needs = [f"{step}_levels", "phi"]
        if self.sampled:  # means and standard errors from the level's cross-entropy sums
            t["xent"] = f"{t['prefix']}_by{i}_xent"
            frame.plan.ensure([f"{step}_levels", "cells"])
            statements: list[str] = []
            skips: list[int] = []  # sid masks of column sets fixing the level: those subsets from the cells
            if mode == "patterns":  # the columns it reads
                skips.append(sum(1 << c["j"] for c in expression_reads(frame, sql_expr)))
            if DETERMINING_COLUMNS:  # and each single column whose value fixes the level
                skips += [
                    1 << j
                    for j in determining_columns(frame, t["levels"])
                    if not any(s & ~(1 << j) == 0 for s in skips)
                ]
            for i, skip in enumerate(skips):
                masks = [sum(f["mask"] for f in word if skip >> f["j"] & 1) for word in frame.words]
                body = render(
                    "shapley/cross_entropy_cells.sql",
                    t=t,
                    words=frame.words,
                    masks=masks,
                    read_sid=skip,
                    earlier=skips[:i],
                )
                statements.append(insert_into(t["xent"], body) if statements else create_table(t["xent"], body))
            shared = shapley_sampling.shared_phi(frame)
            for lo, hi in lattice_chunks(frame, t["levels"], PHI_CHUNK_ROWS, positions=shared):
                ctx: dict[str, Any] = {"t": t, "words": frame.words, "lo": lo, "hi": hi, "skip_sids": skips}
                body = render("shapley/cross_entropy_chunk.sql", **ctx, shared=shared)
                statements.append(insert_into(t["xent"], body) if statements else create_table(t["xent"], body))
            frame.plan.add(f"{step}_xent", statements, deps=[f"{step}_levels", "cells", "shared_lattice"])
            needs = [f"{step}_xent", "lattice", "steps"]
        return self._result(render("shapley/by.sql", **self._ctx(t=t, meta=meta)), needs)

    def _by_patterns(self, sql_expr: str) -> Result:
        """``by()`` of an expression over plain analysed columns, exact values: one statement over
        the patterns and per-pattern values (``shapley/by_patterns.sql``)."""
        frame = self.frame
        reads = expression_reads(frame, sql_expr)
        names = {c["name"] for c in reads}
        masks = [sum(f["mask"] for f in word if frame.columns[f["j"]].name in names) for word in frame.words]
        meta = {name: self.free_name(name) for name in ("level", "n", "share")}
        query = render(
            "shapley/by_patterns.sql",
            **self._ctx(meta=meta, expr=sql_expr, masks=masks, reads=reads, weights=self.phi_weights),
        )
        return Result(frame.plan, query, ["patterns", "phi"])


def determining_columns(frame: cohorts.CohortFrame, levels: str) -> list[int]:
    """The analysed columns (indices) whose value fixes the level in table ``levels``
    (``shapley/levels.sql``): no value of the column occurs at two levels. On every subset holding
    one, each cell lies inside one level, so a sampled ``by()`` sums those subsets' cross
    entropies from the cells (``shapley/determining_columns.sql``).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"a": [1, 1, 2, 2, 3], "b": [5, 6, 5, 6, 5], "g": ["x", "x", "x", "x", "y"]})
    >>> r = uniqueness_shapley(df, ["a", "b"], method="sample", samples=4)
    >>> _ = r.by("g")
    >>> frame = r.frame
    >>> frame.plan.ensure(["by1_levels"])
    >>> determining_columns(frame, frame.names["prefix"] + "_by1_levels")
    [0]
    """
    fields = [{"j": f["j"], "w": w, "mask": f["mask"]} for w, word in enumerate(frame.words) for f in word]
    if not fields:
        return []
    rows = frame.plan.rows(render("shapley/determining_columns.sql", levels=levels, fields=fields))
    return sorted(int(row[0]) for row in rows)


def expression_reads(frame: cohorts.CohortFrame, expr: str) -> list[dict[str, Any]]:
    """The plain analysed columns (``cohorts.field_specs`` entries) whose name occurs anywhere in
    the parse tree of ``expr`` (as a column, a function or any other name: reading one too many
    only costs a larger grouping, one too few would change the result).

    >>> import pandas as pd
    >>> r = uniqueness_shapley(pd.DataFrame({"a": [1, 1, 2, 2], "b": [3, 3, 4, 4]}))
    >>> [c["name"] for c in expression_reads(r.frame, "a < 2")]
    ['a']
    """
    from sqlpriv.engine.sandbox import parse

    words: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            words.add(node.lower())

    walk(parse(expr))
    return [c for c in cohorts.field_specs(frame) if not c["is_expression"] and c["name"].lower() in words]


def uniqueness_shapley(
    source: Any,
    columns: ColumnsArg = None,
    *,
    con: duckdb.DuckDBPyConnection | str | None = None,
    key: str | None = None,
    dropna: bool = False,
    method: str = "auto",
    samples: int | None = DEFAULT_SAMPLES,
    seed: int = 0,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
) -> ShapleyResult:
    """Uniqueness Shapley values of ``columns`` of ``source`` (docs/measures.md §1).

    ``source``: file path or glob (CSV, Parquet, JSON), pandas DataFrame,
    pyarrow Table, DuckDB relation, or a table/view name with ``con=``.
    ``columns``: names or ``{"name": "SQL expression"}`` entries; default all.
    ``method``: ``"exact"``, ``"sample"`` (permutation sampling: ``samples`` orders, rounded up
    to whole blocks of d position-balanced orders, 3 blocks when not given; seeded by ``seed``) or ``"auto"`` (exact up to 12 columns, and up to 20 while
    patterns x 2^columns is at most ``EXACT_PAIRS`` = 20M pairs or no more than sampling visits;
    sampled otherwise: docs/measures.md §1).
    ``spark``: a SparkSession, to measure a table of it; a Spark DataFrame source needs none
    (exact values up to 12 columns by one statement, sampled ones by the plan above as Spark
    statements: docs/spark.md).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"a": [1, 1, 2, 2], "b": [1, 2, 3, 4]})
    >>> uniqueness_shapley(df).per_row().df().values.tolist()
    [[0.0, 0.5, 1.5], [1.0, 0.5, 1.5], [2.0, 0.5, 1.5], [3.0, 0.5, 1.5]]
    """
    if method not in ("auto", "exact", "sample"):
        raise ParameterError(f"method must be 'auto', 'exact' or 'sample', got {method!r}")
    if samples is not None and (not isinstance(samples, int) or isinstance(samples, bool) or samples < 2):
        raise ParameterError(f"samples must be an integer >= 2 (or None for the default), got {samples!r}")
    if wants_spark(source, spark):  # a Spark DataFrame, or spark=: the same on Spark (docs/spark.md)
        from sqlpriv.engine.spark import measures as spark_measures  # pyspark itself loads only when used

        def sampled(src: Any, names: list[str], key: str | None) -> ShapleyResult:
            return _spark_sampled(src, names, key, dropna=dropna, samples=samples, seed=seed, auto=method == "auto")

        options = {"con": con, "threads": threads, "memory_limit": memory_limit, "temp_directory": temp_directory}
        return spark_measures.uniqueness_shapley(
            source, columns, spark=spark, key=key, dropna=dropna, method=method, sampled=sampled, **options
        )
    prefetch_pandas()  # its import overlaps the statements below instead of delaying the first .df()
    if con is None and memory_limit is None:  # fit the memory free now, so DuckDB spills first
        memory_limit = memory.env_memory_limit()
    conn = connect(con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
    frame = cohorts.prepare(source, columns, conn, key=key, dropna=dropna, unique_columns=True, packed=True)
    samples = balanced_samples(frame.d, samples)
    method = _choose_method(frame.d, method, samples, lambda: pattern_count(frame))
    check_memory(frame, method, samples)
    phi_weights = False
    if method == "exact":
        phi_weights = _add_exact_steps(frame)
    else:
        add_sampled_steps(frame, samples, seed)
    return ShapleyResult(frame, method, samples, phi_weights)


def _spark_sampled(
    src: Any, names: list[str], key: str | None, *, dropna: bool, samples: int | None, seed: int, auto: bool
) -> ShapleyResult:
    """Sampled values of a Spark source (resolved by the engine): the packed cohort frame
    (:mod:`sqlpriv.engine.spark.cohorts`) and the sampled steps of DuckDB, rendered for Spark and
    run as Spark statements over round tables (docs/spark.md); only counts and aggregates as large
    as the lattice come to the driver."""
    from sqlpriv.engine.spark import cohorts as spark_cohorts

    frame = spark_cohorts.prepare(src, names, src.spark, key=key, dropna=dropna, packed=True)
    samples = balanced_samples(frame.d, samples)
    if auto:
        warnings.warn(_sample_warning(frame.d, samples), SqlprivWarning, stacklevel=caller_stacklevel())
    with use_dialect("spark"):
        add_sampled_steps(frame, samples, seed)
    return ShapleyResult(frame, "sample", samples)


def check_memory(frame: cohorts.CohortFrame, method: str, samples: int) -> None:
    """Estimate the shared cells a wide lattice may store (patterns x subsets) before any of it
    runs, and stop with one clear error when that exceeds ``memory_limit`` and DuckDB may not
    spill (engine/memory.py); every other step works in chunks of bounded size."""
    if frame.d < cohorts.DIRECT_MIN_COLUMNS:
        return  # the level rollup: at most two levels of cells, each at most the patterns
    subsets = 1 << frame.d if method == "exact" else sampled_subsets(frame.d, samples)
    patterns = pattern_count(frame)
    memory.check_working_set(
        frame.plan.con,
        memory.cells_bytes(patterns * subsets, len(frame.words)),
        f"Shapley values of {frame.d} columns over {patterns:,} distinct rows ({subsets:,} column subsets each)",
        "lower samples=, analyse fewer columns, or bucket columns with many values"
        if method == "sample"
        else "use method='sample' or analyse fewer columns",
    )


def pattern_count(frame: cohorts.CohortFrame) -> int:
    """The number of distinct patterns of the analysed columns (runs the patterns step)."""
    frame.plan.ensure(["patterns"])
    return count_rows(frame.plan, frame.names["patterns"])


def exact_fits(d: int, patterns: int, samples: int) -> bool:
    """Whether exact values are within budget: at most ``EXACT_PAIRS`` (pattern, subset) pairs,
    or no more pairs than sampling would visit anyway, and at most ``EXACT_MAX`` columns.

    >>> exact_fits(13, 1_066, 200), exact_fits(15, 32_537, 200), exact_fits(4, 10**9, 200)
    (True, False, True)
    """
    if d > EXACT_MAX:
        return False
    return patterns << d <= max(EXACT_PAIRS, patterns * sampled_subsets(d, samples))


def _choose_method(d: int, method: str, samples: int, patterns: Any) -> str:
    """``"exact"`` or ``"sample"`` for ``d`` columns, warning when the choice costs or estimates;
    ``patterns()`` counts the distinct patterns (only asked when ``method="auto"`` and
    ``d > EXACT_LIMIT``)."""
    check_packed_columns(d)  # prepare(packed=True) refused it before any work; here for direct callers
    if method == "auto":
        method = "exact" if d <= EXACT_LIMIT or exact_fits(d, patterns(), samples) else "sample"
        if method == "sample":
            warnings.warn(_sample_warning(d, samples), SqlprivWarning, stacklevel=caller_stacklevel())
    elif method == "exact" and d > EXACT_LIMIT:
        if d > EXACT_MAX:
            raise ParameterError(
                f"{d} columns is too many for exact mode (2^{d} column subsets per row; the limit is "
                f"{EXACT_MAX}); use method='sample'"
            )
        warnings.warn(
            f"exact mode over {d} columns visits 2^{d} = {2**d:,} column subsets per pattern; "
            "this can take long and use much memory",
            SqlprivWarning,
            stacklevel=caller_stacklevel(),
        )
    return method


def _sample_warning(d: int, samples: int) -> str:
    """What ``method="auto"`` says when it samples."""
    return (
        f"{d} columns: exact Shapley values need 2^{d} cohorts per row, more than the exact "
        f"budget ({EXACT_PAIRS:,} pattern-subset pairs), so method='auto' estimates them from "
        f"{samples} sampled column orders (standard errors in *_se columns); pass method='exact' "
        "to insist"
    )


def _add_exact_steps(frame: cohorts.CohortFrame) -> bool:
    """Lattice of every column subset, its shared cells, and exact per-pattern values; whether
    those carry every pattern with its multiplicity w (``shapley/phi_factored.sql``)."""
    plan, t = frame.plan, frame.names
    lattice = render("engine/lattice.sql", **frame.context(parent_order=cohorts.parent_order(frame.cardinalities)))
    plan.add("lattice", [create_table(t["lattice"], lattice)])
    shapley_closure.add_cells(frame, patterns=t["patterns"], deps=["patterns", "lattice"])
    if frame.d < cohorts.DIRECT_MIN_COLUMNS or frame.n << frame.d <= PHI_CHUNK_ROWS:  # one statement
        high = phi_split(frame.cardinalities, frame.n)
        if high:  # fewer probes of the cells (shapley/phi_factored.sql)
            body = render("shapley/phi_factored.sql", **frame.context(**split_context(frame, high)))
        else:
            body = render("shapley/phi_exact.sql", **frame.context())
        plan.add("phi", [create_table(t["phi"], body)], deps=["cells"])
        return bool(high)
    # wide lattices: per-pattern values chunk by chunk of subsets, each chunk's join over its
    # own shared cells (at 100k rows x 12 columns: 1.5 GB peak instead of 3.0 GB)
    plan.ensure(["patterns", "lattice"])  # their sizes plan the chunks
    n_patterns = count_rows(plan, t["patterns"])
    per = max(1, PHI_CHUNK_ROWS // max(1, n_patterns))
    parts = f"{t['prefix']}_phi_parts"
    patterns = frame.parts.get(t["patterns"], t["patterns"])  # its parts, when the cells step made them
    statements = []
    for lo in range(0, 1 << frame.d, per):
        hi = min(frame.full_sid, lo + per - 1)
        body = render("shapley/phi_chunk.sql", **frame.context(lo=lo, hi=hi, patterns=patterns))
        statements.append(create_table(parts, body) if lo == 0 else insert_into(parts, body))
    statements.append(create_table(t["phi"], render("shapley/phi_parts_sum.sql", **frame.context(parts=parts))))
    statements.append(render("engine/drop_table.sql", table=parts))
    plan.add("phi", statements, deps=["cells"])
    return False
