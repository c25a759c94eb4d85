"""The generalization search on Spark: what :func:`sqlpriv.generalize` runs when the source is a
Spark DataFrame or ``spark=`` is given. Spark computes the aggregates that scale with the rows
(``generalize/estimate.sql``, ``keys.sql``, ``mapping.sql``, from the same templates through the
``spark`` dialect macros), the lattice search runs on them in DuckDB on the driver exactly as for
a DuckDB source, and :class:`SparkGeneralization` applies the chosen node with Spark SQL over the
source. Defined in docs/measures.md §7 ("On Spark") and docs/spark.md.

>>> MAX_PATTERNS
1000000
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlpriv.engine import checks
from sqlpriv.engine.connection import connect
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.presentable import view_of
from sqlpriv.engine.sources import Source, resolve_source, source_column
from sqlpriv.engine.spark import sql as spark_sql
from sqlpriv.engine.spark.run import (
    SparkResult,
    SparkSource,
    check_expression,
    duckdb_only,
    is_spark_error,
    render_query,
)
from sqlpriv.engine.spark.run import quote as spark_quote
from sqlpriv.engine.spark.run import resolve_source as resolve_spark_source
from sqlpriv.engine.templates import create_table, current_dialect, render, use_dialect
from sqlpriv.engine.templates import quote as duck_quote
from sqlpriv.errors import EmptyInputError, ExecutionError, ParameterError
from sqlpriv.generalize import compile as compile_
from sqlpriv.generalize import recode
from sqlpriv.generalize.apply import Generalization, search_lattice
from sqlpriv.generalize.hierarchy import Hierarchy, from_spec
from sqlpriv.generalize.policy import Policy
from sqlpriv.generalize.search import MAX_NODES, METRICS

#: the most distinct quasi-identifier patterns collected from Spark to the driver by default
MAX_PATTERNS = 1_000_000


class TooManyPatternsError(ParameterError):
    """The quasi-identifiers have more distinct patterns than the search collects from Spark."""


class SparkGeneralization(Generalization):
    """A :class:`~sqlpriv.generalize.Generalization` of a Spark source: the search ran on DuckDB
    over the patterns Spark aggregated; ``apply()``, ``sql`` and ``compare()`` run on Spark
    (:class:`~sqlpriv.engine.spark.run.SparkResult`: ``.spark()``, ``.df()``, ``.to_parquet()``, ...).
    ``candidates()`` is the DuckDB table of the evaluated nodes (small)."""

    spark_source: SparkSource
    relation: str  # the Spark temp view (unquoted) the release queries read

    def release_sql(
        self,
        levels: Mapping[str, int] | None = None,
        *,
        flag: bool = False,
        dialect: str | None = None,
        relation: str | None = None,
    ) -> str:
        """The transformation as one Spark SQL SELECT (always Spark SQL here: the source is on
        Spark), over the source's view, or over the Spark table or view named ``relation``."""
        if dialect is None and current_dialect() != "spark":
            dialect = "spark"
        return super().release_sql(levels, flag=flag, dialect=dialect, relation=relation or self.relation)

    @property
    def sql(self) -> str:
        """The best node's transformation as one Spark SQL SELECT over the source's view."""
        return self.release_sql()

    def apply(self, levels: Mapping[str, int] | None = None) -> SparkResult:  # type: ignore[override]
        """The released table, computed by Spark (see :meth:`Generalization.apply`)."""
        return SparkResult(self.spark_source, self.release_sql(levels))

    def compare(  # type: ignore[override]
        self, levels: Mapping[str, int] | None = None, *, measures: bool = False
    ) -> SparkResult:
        """Before/after figures computed by Spark: the seven SQL rows of
        :meth:`Generalization.compare` (rows, suppressed rows, classes, smallest class, unique
        share, average and highest risk); with ``measures=True`` (off by default here: each is
        several Spark jobs) also the Shapley values, PIF_95 and the gate's score and decision,
        each family run on Spark over the source and the kept records."""
        extra: list[dict[str, Any]] = []
        figures = view_of(self, "compare_figures") if measures else None
        if figures is not None:
            extra = figures(self, levels)
        body = self.release_sql(levels, flag=True)
        query = render_query(
            "generalize_compare", source=spark_quote(self.relation), body=body, qis=self.columns, extra=extra
        )
        return SparkResult(self.spark_source, query)

    def kept_table(self, levels: Mapping[str, int] | None = None) -> tuple[str, int]:
        raise duckdb_only("the kept records' table (kept_table)")


def generalize_spark(
    source: Any,
    hierarchies: Mapping[str, Any],
    *,
    spark: Any = None,
    k: int = 2,
    suppression_limit: float = 0.0,
    max_unique_share: float | None = None,
    metric: str = "loss",
    key: str | None = None,
    batch: int = 64,
    max_nodes: int = MAX_NODES,
    max_patterns: int = MAX_PATTERNS,
    climbs: bool = False,
) -> SparkGeneralization:
    """:func:`sqlpriv.generalize` for a Spark DataFrame, table or file (``spark=`` a
    SparkSession unless ``source`` is a DataFrame): the same node, candidates and released
    rows as on DuckDB. The quasi-identifiers' distinct patterns (at most ``max_patterns``,
    estimated first) are collected to the driver and searched there."""
    metric = checks.choice("metric", metric, METRICS)
    policy = Policy.build(k, suppression_limit, max_unique_share)
    batch = checks.positive_int("batch", batch)
    max_patterns = checks.positive_int("max_patterns", max_patterns)
    if not isinstance(hierarchies, Mapping) or not hierarchies:
        raise ParameterError(
            "hierarchies= must map each quasi-identifier to a hierarchy, e.g. {'age': intervals(5, 10)}"
        )
    specs = {name: from_spec(spec) for name, spec in hierarchies.items()}
    src = resolve_spark_source(source, spark)
    if "." in src.name:  # a catalog table: a plain view name for the release queries
        view = temp_name("sqlpriv_source")
        src.spark.table(src.name).createOrReplaceTempView(view)
        src = SparkSource(src.spark, view, src.label, spark_quote(view), src.columns, src.comment)
    names = src.column_names()
    if key is not None:
        source_column(src, key)
    qis = [compile_.Compiled(source_column(src, name), h) for name, h in specs.items()]
    if len({q.name for q in qis}) != len(qis):
        raise ParameterError("a quasi-identifier is listed twice in hierarchies=")
    compile_.refuse_headings([q.name for q in qis])
    for q in qis:  # expression hierarchies: checked by Spark's own parser too, before they run there
        if q.hierarchy.kind == "expressions":
            for level, expr in enumerate(q.hierarchy.params, start=1):
                check_expression(src, str(expr), what=f"hierarchy level {level} of {q.name!r}")
    for q in qis:  # sdcMicro's break rules: the breaks read from the column in Spark
        with use_dialect("spark"):
            q.hierarchy = recode.resolve(q.hierarchy, q.name, src.ref, lambda sql: next(iter(_collect(src, sql)), None))
    columns = [q.name for q in qis]
    n, estimate = _collect(src, render_query("generalize_estimate", source=src.ref, columns=columns))[0]
    if not n:
        raise EmptyInputError(f"{src.label} has no rows to generalize")
    if int(estimate) > max_patterns:
        raise TooManyPatternsError(
            f"the quasi-identifiers {columns} have about {int(estimate):,} distinct patterns in {src.label} "
            f"(approx_count_distinct), more than max_patterns={max_patterns:,} that the search collects from "
            "Spark to the driver; generalize a high-cardinality column before the search (e.g. bucket it in a "
            "view), use fewer quasi-identifiers, or raise max_patterns= if the driver has the memory"
        )
    conn = connect(None)
    keys = _to_duckdb(conn, src, render_query("generalize_keys", source=src.ref, columns=columns), "keys")
    searched = []
    for q in qis:
        if q.hierarchy.kind == "table":
            searched.append(compile_.Compiled(q.name, q.hierarchy))
            continue
        with use_dialect("spark"):
            mapping_sql = q.mapping_sql(src.ref, names)
        rows = _collect(src, mapping_sql)
        table = Hierarchy("table", rows=tuple(tuple(str(v) for v in row) for row in rows), label=q.hierarchy.describe())
        searched.append(compile_.Compiled(q.name, table))
    # The hierarchies are checked and coded on a stand-in: the collected patterns under the
    # quasi-identifiers' names (distinct values are what the checks read); the search then reads
    # Spark's counts (keys' cnt), not the stand-in's.
    stand_in = temp_name("sqlpriv_gen_stand_in", conn)
    run(conn, create_table(stand_in, render("generalize/stand_in.sql", keys=keys, columns=columns)))
    for q in searched:
        q.keys = keys  # build() checks the hierarchies against the keys' values
    statements = compile_.build(conn, duck_quote(stand_in), columns, searched)
    plan = Plan(conn, source=Source(conn, keys, src.label, comment=f"-- patterns of {src.label} collected from Spark"))
    plan.source.columns = list(src.columns)  # type: ignore[union-attr]
    found = search_lattice(plan, searched, policy, int(n), metric, batch, max_nodes, statements, climbs=climbs)
    g = SparkGeneralization(found.plan, qis, policy, int(n), found.search)
    g.spark_source, g.relation = src, src.name
    return g


def _collect(src: SparkSource, query: str) -> list[tuple[Any, ...]]:
    try:
        return [tuple(row) for row in spark_sql.run(src.spark, query).collect()]
    except Exception as exc:
        if not is_spark_error(exc):
            raise
        raise ExecutionError(f"Spark could not run the generalization's query: {str(exc).splitlines()[0]}") from None


def _to_duckdb(con: Any, src: SparkSource, query: str, what: str) -> str:
    """Run ``query`` on Spark and register its (small) result on ``con`` as a view; its name."""
    try:
        arrow = spark_sql.run(src.spark, query).toArrow()
    except Exception as exc:
        if not is_spark_error(exc):
            raise
        raise ExecutionError(
            f"Spark could not run the generalization's {what} query: {str(exc).splitlines()[0]}"
        ) from None
    return resolve_source(arrow, con).name
