"""``sqlpriv.microaggregate``: MDAV microaggregation with its rounds as SQL statements."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import duckdb

from sqlpriv.engine.connection import connect
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.result import Result
from sqlpriv.engine.sandbox import NUMERIC_TYPES
from sqlpriv.engine.sources import resolve_source, source_column
from sqlpriv.engine.templates import quote, render
from sqlpriv.errors import ColumnError, ParameterError
from sqlpriv.microaggregation import mdav
from sqlpriv.microaggregation.checks import check_facts, correlation, eigen_loss

if TYPE_CHECKING:
    import pandas as pd


class Microaggregation:
    """MDAV groups of one table: ``released()`` / ``df()`` the table with each column replaced by
    its group's mean or median; ``il1s()`` sdcMicro's IL1s with the groups and the smallest group."""

    def __init__(self, plan: Plan, spec: dict[str, Any]) -> None:
        self.plan = plan
        self.spec = spec

    def _query(self, output: str) -> str:
        spec = self.spec
        if spec["method"] == "onedims":
            return render(
                "microaggregation/onedims.sql",
                source=spec["source"].ref,
                all_columns=spec["source"].column_names(),
                columns=spec["columns"],
                aggr=spec["aggr"],
                strata=spec["strata"],
                measure=spec["measure"],
                output=output,
            )
        return render(
            "microaggregation/release.sql",
            source=spec["source"].ref,
            relation=quote(spec["state"]),
            all_columns=spec["source"].column_names(),
            columns=spec["columns"],
            measure=spec["measure"],
            output=output,
        )

    def released(self) -> Result:
        """Every row and column in input order, the microaggregated columns replaced (DOUBLE)."""
        return Result(self.plan, self._query("release"), [self.spec["state"]] if self.spec["state"] else [])

    def df(self) -> pd.DataFrame:
        """The released table as a pandas DataFrame."""
        return self.released().df()

    def il1s(self) -> dict[str, float]:
        """sdcMicro's IL1s (dUtility), the number of groups and the smallest group."""
        rows = run(self.plan.con, self._query("il1s")).fetchall()
        il1s, groups, smallest = rows[0]
        return {"il1s": float(il1s), "groups": int(groups), "smallest_group": int(smallest)}

    def eigen(self) -> float:
        """sdcMicro's eigenvalue information loss (dUtility(method = "eigen")): sum over the
        eigenvalues e1 of the columns' correlation matrix of |e1 - e2| / e1, e2 those of the released
        columns (both in decreasing order). The matrices are aggregates (microaggregation/corr.sql);
        their eigenvalues are solved here. NaN where a column is constant (sdcMicro gives NA)."""
        spec = self.spec
        released = f"({self._query('release')}) as rel"
        values = []
        for relation in (spec["source"].ref, released):
            row = run(self.plan.con, render("microaggregation/corr.sql", relation=relation, columns=spec["columns"]))
            values.append(correlation(list(row.fetchall()[0]), len(spec["columns"])))
        return eigen_loss(values)

    @property
    def sql(self) -> str:
        """The script: the source, the standardised start, each MDAV round, the released table."""
        return self.released().sql


def microaggregate(
    source: Any,
    columns: list[str],
    *,
    aggr: int = 3,
    measure: str = "mean",
    strata: list[str] | str | None = None,
    method: str = "mdav",
    con: duckdb.DuckDBPyConnection | str | None = None,
    spark: Any = None,
) -> Microaggregation:
    """MDAV microaggregation of the numeric ``columns`` of ``source`` (all together, distances on
    the standardised values): groups of ``aggr`` rows (the last one up to 2 x aggr - 1), each value
    replaced by its group's ``measure`` ("mean" or "median"). Each round (two groups) is one SQL
    statement (docs/measures.md, microaggregation). ``strata``: columns whose values split the
    rows; each stratum is microaggregated alone (sdcMicro's ``strata_variables``). ``method``
    "onedims": each column on its own, sorted, groups of ``aggr`` consecutive values, the last
    absorbing the remainder (sdcMicro's ``method = "onedims"``; one SELECT, no rounds).
    A Spark DataFrame (or ``spark=`` a SparkSession with a table name or file) runs on Spark
    (docs/spark.md): "onedims" as one statement, MDAV's rounds as Spark statements over a Spark
    state table, one round each, the same groups as on DuckDB; the released table a SparkResult.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"x": [1.0, 2.0, 3.0, 10.0, 11.0, 12.0]})
    >>> microaggregate(df, ["x"], aggr=3).df()["x"].tolist()
    [2.0, 2.0, 2.0, 11.0, 11.0, 11.0]
    >>> microaggregate(df, ["x"], aggr=2, method="onedims").df()["x"].tolist()
    [1.5, 1.5, 6.5, 6.5, 11.5, 11.5]
    """
    if isinstance(aggr, bool) or not isinstance(aggr, int) or aggr < 1:
        raise ParameterError(f"aggr must be a whole number >= 1 (the group size), got {aggr!r}")
    if measure not in ("mean", "median"):
        raise ParameterError(f"measure must be 'mean' or 'median', got {measure!r}")
    if method not in ("mdav", "onedims"):
        raise ParameterError(f"method must be 'mdav' or 'onedims', got {method!r}")
    from sqlpriv.engine.spark.run import wants_spark

    if wants_spark(source, spark):
        from sqlpriv.microaggregation import spark as microaggregation_spark

        spec = {"aggr": aggr, "measure": measure, "strata": strata}
        return microaggregation_spark.microaggregate(source, columns, spark=spark, method=method, **spec)  # type: ignore[return-value]
    conn = connect(con)
    src = resolve_source(source, conn)
    names = [source_column(src, c) for c in ([columns] if isinstance(columns, str) else list(columns))]
    if not names:
        raise ColumnError("give the numeric columns to microaggregate")
    by = [source_column(src, c) for c in ([strata] if isinstance(strata, str) else list(strata or []))]
    if set(by) & set(names):
        raise ColumnError(
            f"{sorted(set(by) & set(names))} are both strata and columns to microaggregate; a stratum column "
            "keeps its values: list it once"
        )
    kinds = dict(src.columns)
    for name in names:
        if not kinds[name].upper().startswith(NUMERIC_TYPES):
            raise ColumnError(
                f"column {name!r} is {kinds[name]}, not numeric: microaggregation needs numbers; leave it out "
                "(a categorical key is treated by sqlpriv.local_suppression or sqlpriv.generalize) or cast it"
            )
    facts = run(conn, render("microaggregation/facts.sql", source=src.ref, columns=names, strata=by)).fetchall()[0]
    check_facts(src.label, names, by, aggr, [int(v or 0) for v in facts])
    plan = Plan(conn, src)
    prefix = temp_name("sqlpriv_mdav", conn)
    state = mdav.state(plan, prefix, src.ref, names, by, aggr, int(facts[0])) if method == "mdav" else ""
    spec = dict(
        source=src, columns=names, measure=measure, state=state, n=facts[0], method=method, strata=by, aggr=aggr
    )
    return Microaggregation(plan, spec)
