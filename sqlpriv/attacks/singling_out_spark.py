"""The singling-out attack by queries on Spark (docs/spark.md): what
:func:`sqlpriv.singling_out_queries` runs when a table is a Spark DataFrame or ``spark=`` is given.

The univariate queries and the baseline's guesses are drawn in seeded Python from aggregates of
the distinct synthetic table only (``attacks/so_stats.sql``: per-column counts and medians, and
``so_values.sql``: the values at the drawn positions in value order), the same draw as on DuckDB;
every query of a run is then counted against the distinct original and control tables in one
statement per table (``attacks/so_counts.sql``, rendered for Spark SQL). Multivariate queries are
built from synthetic records drawn by rank with the seed: the distinct synthetic table is numbered
by each record's first input position as on DuckDB (``so_distinct.sql``), only the drawn records
come to the driver (``so_rows.sql``; at most ``MAX_BATCH``, 20,000, a round), and each round's
candidates are counted on Spark: the same queries and counts as DuckDB with the same seed.
``.queries()`` (with the positions singled out), ``.per_row()`` and ``.sql`` run the DuckDB plan's
steps as Spark statements on first use (:func:`plan_tables`): the same rows as DuckDB.

>>> spark_kind("double"), spark_kind("boolean"), spark_kind("string")
('number', 'boolean', 'text')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np

from sqlpriv.attacks import singling_out_generate as generate
from sqlpriv.attacks.singling_out_predicates import Query, condition_table
from sqlpriv.attacks.singling_out_result import Counts, SinglingOutQueriesResult
from sqlpriv.attacks.singling_out_tables import QUERIES_PER_SCAN, Tables
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.spark import sql as spark_sql
from sqlpriv.engine.spark.plan import SparkPlan
from sqlpriv.engine.spark.run import SparkSource, quote, render_query, resolve_source
from sqlpriv.engine.templates import create_table, render, use_dialect
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError

if TYPE_CHECKING:
    import pandas as pd

_NUMERIC = ("tinyint", "smallint", "int", "bigint", "float", "double", "decimal")


def spark_kind(spark_type: str) -> str:
    """How a Spark column is attacked, as :func:`sqlpriv.attacks.singling_out_tables.column_kind`."""
    t = spark_type.lower()
    return "boolean" if t == "boolean" else "number" if t.startswith(_NUMERIC) else "text"


class SparkTables:
    """The distinct original, synthetic and control tables on Spark (checkpointed temp views)."""

    def __init__(self, original: Any, synthetic: Any, control: Any, spark: Any, numbered: bool = False) -> None:
        ori = resolve_source(original, spark)
        self.spark = ori.spark
        roles: dict[str, SparkSource] = {"original": ori, "synthetic": resolve_source(synthetic, spark or ori.spark)}
        if control is not None:
            roles["control"] = resolve_source(control, spark or ori.spark)
        self.columns = [c for c, _ in ori.columns]
        self.kinds = {c: spark_kind(t) for c, t in ori.columns}
        self.names: dict[str, str] = {}
        self.rows: dict[str, int] = {}
        for role, src in roles.items():
            _match(self.kinds, src, role)
            ranked = numbered and role == "synthetic"  # the multivariate draw names synthetic records by rank
            query = render_query("attacks_so_distinct", relation=src.ref, columns=self.columns, numbered=ranked)
            view = temp_name(f"sqlpriv_so_{role}")
            spark_sql.run(self.spark, query).localCheckpoint().createOrReplaceTempView(view)
            self.names[role] = view
            count = render_query("engine_count_rows", relation=quote(view))
            self.rows[role] = int(spark_sql.run(self.spark, count).collect()[0][0])
            if self.rows[role] < (1 if role == "control" else 2):
                raise EmptyInputError(
                    f"the {role} table ({src.label}) has {self.rows[role]} distinct records; singling out by "
                    "queries needs at least two (the control table one)"
                )

    def fetch(self, macro: str, **context: Any) -> list[Any]:
        """One probe or counting statement rendered for Spark; its (few) rows."""
        return [tuple(r) for r in spark_sql.run(self.spark, render_query(macro, **context)).collect()]

    def stats(self) -> list[dict[str, Any]]:
        """``attacks/so_stats.sql`` on the distinct synthetic table (one row per column)."""
        specs = [{"name": c, "kind": self.kinds[c]} for c in self.columns]
        keys = ("nulls", "n_min", "n_max", "median", "rare", "n_distinct")
        out = []
        for (j, *values), name in zip(sorted(self.fetch("attacks_so_stats", table=self.names["synthetic"], columns=specs)), self.columns):  # fmt: skip
            out.append(dict(zip(keys, values)) | {"column": name, "numeric": self.kinds[name] == "number", "j": j})
        return out

    def values(self, column: str, kind: str, positions: list[int]) -> dict[int, Any]:
        """``attacks/so_values.sql``: one synthetic column's values at positions in value order."""
        rows = self.fetch("attacks_so_values", table=self.names["synthetic"], column=column, kind=kind, positions=positions)  # fmt: skip
        return {int(i): v for i, v in rows}

    def n_rows(self, role: str) -> int:
        """The distinct records of ``role``."""
        return self.rows[role]

    def records(self, ranks: list[int]) -> dict[int, dict[str, Any]]:
        """``attacks/so_rows.sql``: the distinct synthetic records at ``ranks`` (a numbered table)."""
        if not ranks:
            return {}
        rows = self.fetch("attacks_so_rows", table=self.names["synthetic"], columns=self.columns, rank_column="__sqlpriv_rank", positions=ranks)  # fmt: skip
        return {int(rank): dict(zip(self.columns, values)) for rank, _pos, *values in rows}

    def count(self, role: str, queries: list[Query]) -> list[int]:
        """The records of the distinct ``role`` table each query matches: one scan per
        ``QUERIES_PER_SCAN`` queries (one statement for a run of the default size)."""
        out: list[int] = []
        for i in range(0, len(queries), QUERIES_PER_SCAN):
            conditions, index = condition_table(queries[i : i + QUERIES_PER_SCAN])
            rows = self.fetch("attacks_so_counts", table=self.names[role], conditions=conditions, queries=index)
            out += [int(v) for v in rows[0]]
        return out

    def drop(self) -> None:
        for view in self.names.values():
            self.spark.catalog.dropTempView(view)


def _match(kinds: dict[str, str], src: SparkSource, role: str) -> None:
    theirs = {c: spark_kind(t) for c, t in src.columns}
    if list(theirs) != list(kinds) and set(theirs) != set(kinds):
        raise ColumnError(
            f"the tables must have the same columns; the {role} table ({src.label}) has {', '.join(theirs)}, "
            f"the original {', '.join(kinds)}"
        )
    for c, kind in kinds.items():
        if theirs[c] != kind:
            raise ColumnError(f"column {c!r} is {theirs[c]} in the {role} table but {kind} in the original table")


def spark_counts(
    original: Any, synthetic: Any, control: Any, *, mode: str, n_attacks: int, seed: int, spark: Any,
    n_cols: int = 3, max_attempts: int | None = None,
) -> tuple[Counts, dict[str, int | None], int]:  # fmt: skip
    """The queries and their counts on Spark, the distinct records per table and the attempts
    (records tried by the multivariate draw)."""
    t = SparkTables(original, synthetic, control, spark, numbered=mode == "multivariate")
    try:
        if mode == "multivariate" and n_cols > len(t.columns):
            raise ParameterError(
                f"n_cols is {n_cols} but the tables have {len(t.columns)} columns; "
                "a multivariate query uses at most every column"
            )
        rng = np.random.default_rng(seed)
        stats = t.stats()
        attempts = 0
        if mode == "univariate":
            queries = generate.univariate(t, stats, rng, n_attacks)
        else:
            queries, attempts = generate.multivariate(t, stats, rng, n_attacks, n_cols, max_attempts)
        width = 1 if mode == "univariate" else n_cols
        guesses = generate.baseline(t, stats, rng, len(queries) or n_attacks, width)
        on_original = t.count("original", queries + guesses)
        counts = Counts(
            queries=queries,
            baseline=guesses,
            original=on_original[: len(queries)],
            baseline_original=on_original[len(queries) :],
            control=t.count("control", queries) if "control" in t.names else None,
        )
        rows = {role: t.rows.get(role) for role in ("original", "synthetic", "control")}
        return counts, rows, attempts
    finally:
        t.drop()


def plan_tables(original: Any, control: Any, spark: Any, rows: dict[str, int | None]) -> Tables:
    """The distinct original and control tables numbered by input position, as round tables of a
    :class:`~sqlpriv.engine.spark.plan.SparkPlan` (``attacks/so_distinct.sql``, the DuckDB plan's
    step rendered for Spark): what ``.per_row()``, ``.positions()`` and ``.sql`` read, declared now
    and run by the first of them (render and read inside ``use_dialect("spark")``)."""
    ori = resolve_source(original, spark)
    sources = {"original": ori}
    if control is not None:
        sources["control"] = resolve_source(control, spark or ori.spark)
    label = " and ".join(s.label for s in sources.values())
    both = SparkSource(ori.spark, ori.name, label, ori.ref, ori.columns, "")
    both.comment = "\n".join(s.comment for s in sources.values() if s.comment)
    plan = SparkPlan(ori.spark, both, progress=False)
    columns = [c for c, _ in ori.columns]
    tables = Tables(cast(Any, plan), columns, {c: spark_kind(t) for c, t in ori.columns})
    base = temp_name("sqlpriv_so_queries")
    for role, src in sources.items():
        name = f"{base}_{role}"
        plan.add(role, [create_table(name, render("attacks/so_distinct.sql", relation=src.ref, columns=columns))])
        tables.names[role] = name
        tables.rows[role] = int(rows[role] or 0)
    return tables


class SparkSinglingOutQueriesResult(SinglingOutQueriesResult):
    """The Spark attack's result: the same counts, ``.risk()``, ``.summary()``, ``.queries()``,
    ``.positions()``, ``.per_row()`` and ``.sql`` as DuckDB's. The positions and records singled
    out come from the DuckDB plan's steps run as Spark statements (:func:`plan_tables`, on the
    first call): one scan of the original for the queries that single a record out, then those
    records only come to the driver. ``.sql`` is that plan's Spark SQL script."""

    def __init__(
        self, counts: Counts, rows: dict[str, int | None], *, mode: str, n_requested: int, seed: int, attempts: int = 0,
        inputs: tuple[Any, Any, Any] = (None, None, None),
    ) -> None:  # fmt: skip
        self.counts, self.mode, self.n_requested, self.seed, self.attempts = counts, mode, n_requested, seed, attempts
        self._positions = {}
        self._rows = rows
        self._inputs = inputs  # original, control, spark: the plan is built from them on demand
        self._plan: Tables | None = None
        self.n_original, self.n_synthetic = int(rows["original"] or 0), int(rows["synthetic"] or 0)
        self.n_control = rows["control"]

    def planned(self) -> Tables:
        """The plan's tables (built once, run step by step as asked)."""
        if self._plan is None:
            with use_dialect("spark"):
                self._plan = plan_tables(*self._inputs, self._rows)
            self._tables = self._plan
        return self._plan

    def positions(self, baseline: bool = False) -> dict[int, int]:
        """query_id -> input position of the original record it singles out (from 0, in the
        DataFrame's row order), counted on Spark."""
        self.planned()
        with use_dialect("spark"):
            return super().positions(baseline)

    def per_row(self) -> pd.DataFrame:
        """One row per original record singled out (as on DuckDB); only those records are collected."""
        self.planned()
        with use_dialect("spark"):
            return super().per_row()

    @property
    def sql(self) -> str:
        """The Spark SQL script: the distinct tables' steps, then the counting scans (the queries
        fixed in the text, as on DuckDB)."""
        self.planned()
        with use_dialect("spark"):
            return super().sql


__all__ = ["SparkSinglingOutQueriesResult", "SparkTables", "plan_tables", "spark_counts", "spark_kind"]
