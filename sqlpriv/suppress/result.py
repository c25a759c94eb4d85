"""The result of local suppression: the released table, the cells suppressed per key and per
record, and the k reached under wildcard semantics (docs/measures.md, local suppression).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from sqlpriv.engine.analysis import Analysis
from sqlpriv.engine.plan import Plan
from sqlpriv.engine.result import Result
from sqlpriv.engine.spark.plan import SparkPlan, SparkPlanResult
from sqlpriv.engine.templates import render, use_dialect
from sqlpriv.suppress.rounds import q

if TYPE_CHECKING:
    import pandas as pd


class LocalSuppression(Analysis):
    """Local suppression of one table: ``released()`` (``df()`` for short) is the table with the
    suppressed cells NULL, every row in input order; ``summary()`` the cells suppressed per key;
    ``per_row()`` per record; ``k_reached`` the smallest class under wildcard semantics;
    ``suppressed`` the cells suppressed in all; ``method`` the method that produced it."""

    def __init__(self, plan: Plan, spec: dict[str, Any]) -> None:
        self.plan = plan
        self.spec = spec

    @property
    def n(self) -> int:
        return int(self.spec["n"])

    @property
    def columns(self) -> list[str]:
        return list(self.spec["keys"])

    @property
    def k(self) -> list[int]:
        """The k asked for (one per key subset size in ``combs``, or one)."""
        return list(self.spec["k"])

    @property
    def k_reached(self) -> float:
        """The smallest class size on all keys, a NULL matching any value (sdcMicro's fk)."""
        return float(self.spec["k_reached"])

    @property
    def suppressed(self) -> int:
        """The cells suppressed in all (a cell NULL in the source is not counted)."""
        return int(self.spec["suppressed"])

    @property
    def method(self) -> str:
        """The method whose suppression this is: "exact", "greedy" or "sdcmicro"."""
        return str(self.spec["method"])

    def _render(self, template: str, **context: Any) -> Result:
        """A query over the final state, in the plan's dialect: a DuckDB Result, or on Spark a
        SparkPlanResult (written by Spark: ``.spark()``, ``.to_parquet()``; ``.df()`` collects)."""
        spec = self.spec
        with use_dialect(spec.get("dialect", "duckdb")):
            query = render(template, relation=q(spec["state"]), keys=spec["keys"], **context)
        if isinstance(self.plan, SparkPlan):
            return cast(Result, SparkPlanResult(self.plan, query, [spec["state"]]))
        return Result(self.plan, query, [spec["state"]])

    def _release(self, output: str) -> Result:
        spec = self.spec
        return self._render(
            "suppress/release.sql",
            source=spec["source"].ref,
            columns=spec["source"].column_names(),
            strata=spec["strata"],
            output=output,
        )

    def released(self) -> Result:
        """The released table: every source column and row in input order, suppressed cells NULL."""
        return self._release("release")

    def df(self) -> pd.DataFrame:
        """The released table as a pandas DataFrame."""
        return self.released().df()

    def per_row(self) -> Result:
        """One row per record in input order: row (0-based position), suppressed (its cells)."""
        return self._release("per_row")

    def summary(self) -> Result:
        """One row per key: key, suppressed (cells), share (of the rows)."""
        return self._render("suppress/summary.sql")

    @property
    def sql(self) -> str:
        """The script of the released table: the source, the starting state, each round, the table."""
        return self.released().sql

    def __repr__(self) -> str:
        return (
            f"<LocalSuppression of {len(self.columns)} keys, {self.n:,} rows: {self.suppressed:,} cells "
            f"suppressed ({self.method}), k reached {self.k_reached:g}>"
        )
