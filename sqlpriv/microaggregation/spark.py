"""Microaggregation on Spark: what :func:`sqlpriv.microaggregate` runs for a Spark DataFrame or
with ``spark=`` (a table name or a file read by Spark). ``method="onedims"`` is one statement
(``sql_templates/microaggregation/onedims.sql`` rendered for Spark SQL: windows per column, no
rounds): the released table is a :class:`~sqlpriv.engine.spark.run.SparkResult` (nothing is
collected until asked; ``to_parquet`` is written by Spark), ``il1s()`` and ``eigen()`` collect one
aggregate row each. MDAV's rounds depend on the rounds before them (each picks the row farthest
from what is left): they run as Spark statements over a Spark state table, one round each, by a
:class:`~sqlpriv.engine.spark.plan.SparkPlan` (:mod:`sqlpriv.microaggregation.mdav`, the DuckDB
templates rendered for Spark); the released table is a query over the final state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlpriv.engine.disclosure_specs import SPARK_NUMBERS
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.sources import source_column
from sqlpriv.engine.spark import sql as spark_sql
from sqlpriv.engine.spark.plan import SparkPlan, SparkPlanResult
from sqlpriv.engine.spark.run import SparkResult, SparkSource, is_spark_error, render_query, resolve_source
from sqlpriv.engine.templates import render, use_dialect
from sqlpriv.errors import ColumnError, ExecutionError
from sqlpriv.microaggregation import mdav
from sqlpriv.microaggregation.checks import check_facts, correlation, eigen_loss

if TYPE_CHECKING:
    import pandas as pd


class SparkMicroaggregation:
    """Microaggregation of a Spark source: ``released()`` (a SparkResult), ``df()``, ``il1s()``,
    ``eigen()`` and ``sql``, as :class:`~sqlpriv.microaggregation.entry.Microaggregation`; with
    ``plan`` (MDAV) the queries read the plan's final state table ``spec["state"]``."""

    def __init__(self, source: SparkSource, spec: dict[str, Any], plan: SparkPlan | None = None) -> None:
        self.source = source
        self.spec = spec
        self.plan = plan

    def _query(self, output: str) -> str:
        spec = self.spec
        if self.plan is not None:
            with use_dialect("spark"):
                return render(
                    "microaggregation/release.sql",
                    source=self.source.ref,
                    relation=mdav.q(spec["state"]),
                    all_columns=self.source.column_names(),
                    output=output,
                    **{k: spec[k] for k in ("columns", "measure")},
                )
        return render_query(
            "microaggregation_onedims",
            source=self.source.ref,
            all_columns=self.source.column_names(),
            output=output,
            **{k: spec[k] for k in ("columns", "strata", "aggr", "measure")},
        )

    def _row(self, query: str) -> list[Any]:
        if self.plan is not None:
            self.plan.ensure([self.spec["state"]])
            return list(self.plan.rows(query)[0])
        try:
            return list(spark_sql.run(self.source.spark, query).collect()[0])
        except Exception as exc:
            if not is_spark_error(exc):
                raise
            raise ExecutionError(f"Spark could not run the query: {str(exc).strip().splitlines()[0]}") from None

    def released(self) -> SparkResult:
        """Every row and column in input order, the microaggregated columns replaced (DOUBLE)."""
        if self.plan is not None:
            return SparkPlanResult(self.plan, self._query("release"), [self.spec["state"]])
        return SparkResult(self.source, self._query("release"))

    def df(self) -> pd.DataFrame:
        """The released table collected to a pandas DataFrame (small tables; else ``released().to_parquet``)."""
        return self.released().df()

    def il1s(self) -> dict[str, float]:
        """sdcMicro's IL1s (dUtility), the number of groups and the smallest group: one aggregate row."""
        il1s, groups, smallest = self._row(self._query("il1s"))
        return {"il1s": float(il1s), "groups": int(groups), "smallest_group": int(smallest)}

    def eigen(self) -> float:
        """sdcMicro's eigenvalue information loss, from the two correlation rows (one aggregate each)."""
        columns = self.spec["columns"]
        released = f"({self._query('release')}) as rel"
        rows = [
            self._row(render_query("microaggregation_corr", relation=r, columns=columns))
            for r in (self.source.ref, released)
        ]
        return eigen_loss([correlation(row, len(columns)) for row in rows])

    @property
    def sql(self) -> str:
        """The Spark SQL of the released table (with MDAV: the state, each round, then the table)."""
        return self.released().sql


def numeric_column(src: SparkSource, column: str, why: str) -> str:
    """``column``'s name in ``src``; ColumnError unless Spark types it as a number."""
    name = source_column(src, column)
    kind = dict(src.columns)[name].lower()
    if not kind.startswith(SPARK_NUMBERS) or kind.startswith("interval"):
        raise ColumnError(f"column {name!r} is {kind}, not numeric: {why}")
    return name


def microaggregate(source: Any, columns: list[str], *, spark: Any, method: str, **spec: Any) -> SparkMicroaggregation:
    """The Spark face of ``microaggregate`` (its arguments already checked there)."""
    src = resolve_source(source, spark)
    why = (
        "microaggregation needs numbers; leave it out (a categorical key is treated by sqlpriv.local_suppression "
        "or sqlpriv.generalize) or cast it"
    )
    names = [numeric_column(src, c, why) for c in ([columns] if isinstance(columns, str) else list(columns))]
    if not names:
        raise ColumnError("give the numeric columns to microaggregate")
    strata = spec.pop("strata")
    by = [source_column(src, c) for c in ([strata] if isinstance(strata, str) else list(strata or []))]
    if set(by) & set(names):
        raise ColumnError(
            f"{sorted(set(by) & set(names))} are both strata and columns to microaggregate; a stratum column "
            "keeps its values: list it once"
        )
    facts = SparkMicroaggregation(src, {})._row(
        render_query("microaggregation_facts", source=src.ref, columns=names, strata=by)
    )
    check_facts(src.label, names, by, spec["aggr"], [int(v or 0) for v in facts])
    spec = {"columns": names, "strata": by, "n": facts[0], "method": method, **spec}
    if method == "onedims":
        return SparkMicroaggregation(src, spec)
    plan = SparkPlan(src.spark, src, progress=False)
    with use_dialect("spark"):
        state = mdav.state(plan, temp_name("sqlpriv_mdav"), src.ref, names, by, spec["aggr"], int(facts[0]))
    return SparkMicroaggregation(src, {**spec, "state": state}, plan)
