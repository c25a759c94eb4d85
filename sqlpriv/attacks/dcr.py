"""Distance-based measures of a synthetic table (docs/measures.md §11.6), on the exact
nearest-neighbour engine of the attacks (:mod:`sqlpriv.attacks.neighbours`).

Every distance is SDMetrics' DCR distance: the mean over the columns of a per-column distance,
numeric ``min(|a - b| / range, 1)`` with the range of the reference table (a constant column:
0 where equal, else 1), categorical 0 where equal, else 1; both NULL 0, exactly one NULL 1. Per
synthetic row: the distance to the closest original record (DCR), to the second closest, and
their ratio (NNDR, 0 where both are 0); whether it copies an original row exactly. Then
SDMetrics' ``DCRBaselineProtection`` (against random data drawn with ``seed``),
``DCROverfittingProtection`` (``control`` as the holdout) and synthcity's identifiability.

>>> import pandas as pd
>>> ori = pd.DataFrame({"a": [0.0, 10.0, 5.0], "b": ["x", "y", "x"]})
>>> syn = pd.DataFrame({"a": [0.0, 9.0], "b": ["x", "x"]})
>>> r = dcr(ori, syn)
>>> [round(v, 4) for v in r.per_row().df()["dcr"]], r.figures["exact_copy_share"]
([0.0, 0.2], 0.5)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from sqlpriv.attacks.inputs import Tables, column_list, prepare
from sqlpriv.attacks.neighbours import Neighbours, nearest
from sqlpriv.attacks.spark_plan import plan_result, spark_prepare, spark_rows
from sqlpriv.engine.result import Result
from sqlpriv.engine.sandbox import INTEGER_TYPES
from sqlpriv.engine.sources import resolve_source
from sqlpriv.engine.spark.plan import SparkPlan
from sqlpriv.engine.spark.run import is_spark_dataframe
from sqlpriv.engine.templates import create_table, render, use_dialect
from sqlpriv.errors import ParameterError

if TYPE_CHECKING:
    import pandas as pd


#: the measures of :meth:`DCROutcome.summary`, in order, with what each is
MEASURES: dict[str, str] = {
    "dcr_median": "median distance of a synthetic row to its closest original record (SDMetrics' DCR)",
    "dcr_min": "least such distance",
    "nndr_median": "median ratio of the closest to the second closest original record's distance",
    "exact_copy_share": "share of synthetic rows equal to an original row on every column",
    "dcr_baseline_random_median": "median DCR of random rows drawn from the original's columns",
    "dcr_baseline_protection": "SDMetrics' DCRBaselineProtection: min(dcr_median / random median, 1)",
    "dcr_closer_to_training": "share of synthetic rows closer to the original than to the holdout",
    "dcr_overfitting_protection": "SDMetrics' DCROverfittingProtection: min(2 (1 - closer share), 1)",
    "identifiability": "synthcity's identifiability: share of original records closer to a synthetic row",
}


@dataclass(frozen=True, repr=False)
class DCROutcome:
    """The figures of :func:`dcr` (``figures``: :data:`MEASURES` to value, None where not
    computed) and the per-synthetic-row :class:`sqlpriv.Result` (``rows``)."""

    figures: dict[str, float | None]
    rows: Result = field(compare=False)
    n_synthetic: int = 0
    #: the random rows of ``DCRBaselineProtection`` (``__sqlpriv_pos`` and the columns), None without
    random_rows: Result | None = field(default=None, compare=False)

    def summary(self) -> pd.DataFrame:
        """One row per measure: ``measure``, ``value`` (NaN where not computed) and ``meaning``."""
        import pandas as pd

        values = [(m, np.nan if self.figures[m] is None else self.figures[m], MEASURES[m]) for m in MEASURES]
        return pd.DataFrame(values, columns=["measure", "value", "meaning"])

    def per_row(self) -> Result:
        """Per synthetic row (``row``: its 0-based position): ``dcr``, ``dcr_second``, ``nndr``,
        ``copy`` and, with a holdout, ``dcr_holdout`` and ``closer_to_training``."""
        return self.rows

    @property
    def sql(self) -> str:
        """The SQL script (DuckDB shell) of the per-row table (the random baseline is drawn in Python)."""
        return self.rows.sql

    def __repr__(self) -> str:
        f = self.figures
        return (
            f"<sqlpriv dcr: {self.n_synthetic} synthetic rows, median DCR {f['dcr_median']:.4f}, "
            f"exact copies {f['exact_copy_share']:.4f}>"
        )


def dcr(
    original: Any,
    synthetic: Any,
    *,
    control: Any = None,
    columns: Any = None,
    seed: int = 0,
    baseline: bool = True,
    identifiability: bool = True,
    con: Any = None,
    spark: Any = None,
) -> DCROutcome:
    """The distance-based measures of ``synthetic`` against ``original`` on ``columns`` (default:
    every column); ``control``: the holdout (real records not used to make ``synthetic``) of
    ``DCROverfittingProtection``; ``seed``: of the random rows of ``DCRBaselineProtection``.
    Spark DataFrames (or ``spark=`` with table names or files) run the same plan as Spark
    statements (:mod:`sqlpriv.attacks.spark_plan`); the per-row tables are then Spark results."""
    on_spark = spark is not None or any(is_spark_dataframe(t) for t in (original, synthetic, control))
    if on_spark and con is not None:
        raise ParameterError("con= is a DuckDB connection; leave it out when the tables are on Spark")
    with use_dialect("spark" if on_spark else "duckdb"):
        return _dcr(original, synthetic, control, columns, seed, baseline, identifiability, con, spark, on_spark)


def _dcr(
    original: Any, synthetic: Any, control: Any, columns: Any, seed: int, baseline: bool, identifiability: bool,
    con: Any, spark: Any, on_spark: bool,
) -> DCROutcome:  # fmt: skip
    picked = None if columns is None else column_list(columns, "columns")
    if on_spark:
        tables = spark_prepare(original, synthetic, control, picked, spark)
    else:
        tables = prepare(original, synthetic, control, picked, con)
    cols = list(tables.types) if columns is None else column_list(columns, "columns")
    plan, n = tables.plan, len(cols)
    name = f"{tables.prefix}_dcr"
    flags = _flags(tables, tables.ori, cols)
    nn = _search(tables, tables.syn, tables.ori, cols, flags, 2, f"{name}_nn")
    holdout = None
    if tables.ctl is not None:
        holdout = _search(tables, tables.syn, tables.ctl, cols, _flags(tables, tables.ctl, cols), 1, f"{name}_ho")
    body = render(
        "attacks/dcr_rows.sql", synthetic=tables.syn, original=tables.ori, columns=cols, n_columns=n, nn=nn,
        holdout=holdout,
    )  # fmt: skip
    plan.add(name, [create_table(name, body)], deps=[s.step for s in (nn, holdout) if s] + [tables.ori])
    plan.ensure([name])
    row = plan.rows(render("attacks/dcr_summary.sql", rows=name, holdout=holdout is not None))[0]
    _, median, least, nndr, copies, closer = row
    figures: dict[str, float | None] = dict.fromkeys(MEASURES)
    figures |= {"dcr_median": median, "dcr_min": least, "nndr_median": nndr, "exact_copy_share": copies}
    if closer is not None:
        figures |= {"dcr_closer_to_training": closer, "dcr_overfitting_protection": min(2 * (1 - closer), 1.0)}
    random_rows = None
    if baseline:
        rand = _random_median(tables, cols, flags, seed, f"{name}_rand")
        random_rows = plan_result(
            plan, render("attacks/dcr_ordered.sql", table=f"{name}_rand", key="__sqlpriv_pos"), [f"{name}_rand"]
        )
        figures["dcr_baseline_random_median"] = rand
        figures["dcr_baseline_protection"] = None if not rand else min(float(median) / rand, 1.0)
    if identifiability:
        own = _search(tables, tables.ori, tables.ori, cols, flags, 2, f"{name}_own")
        to_syn = _search(tables, tables.ori, tables.syn, cols, flags, 1, f"{name}_id", range_of=tables.ori)
        query = render("attacks/dcr_identifiable.sql", to_original=own, to_synthetic=to_syn)
        figures["identifiability"] = float((plan.rows(query) or [(0.0,)])[0][0] or 0.0)
    rows = plan_result(plan, render("attacks/dcr_ordered.sql", table=name, key="row"), [name])
    clean = {k: None if v is None else float(v) for k, v in figures.items()}
    return DCROutcome(clean, rows, tables.n_syn, random_rows)


def _flags(tables: Tables, reference: str, cols: list[str]) -> list[bool]:
    """Numeric flags of ``cols``: a column constant in ``reference`` is compared as a category
    (SDMetrics: range 0, distance 0 where equal, else 1)."""
    numeric = tables.numeric(cols)
    constant = tables.plan.rows(render("attacks/dcr_constant.sql", table=reference, columns=cols, numeric=numeric))[0]
    return [flag and not bool(k) for flag, k in zip(numeric, constant)]


def _search(
    tables: Tables,
    targets: str,
    reference: str,
    cols: list[str],
    flags: list[bool],
    k: int,
    name: str,
    range_of: str | None = None,
) -> Neighbours:
    """The k nearest rows of ``reference`` for every row of ``targets``, SDMetrics' distance
    (summed) scaled by the ranges of ``range_of`` (default: ``reference``)."""
    return nearest(
        tables.plan, targets, reference, cols, flags, k, name=name, metric="sdmetrics", range_of=range_of or reference
    )


def _random_median(tables: Tables, cols: list[str], flags: list[bool], seed: int, name: str) -> float:
    """The median DCR of as many random rows as the synthetic table has, drawn per column as
    SDMetrics draws them: uniform integers or reals between the original's least and greatest
    value, a uniform draw of its distinct values otherwise, NULL at the column's NULL share."""
    import pandas as pd

    plan, rng, n = tables.plan, np.random.default_rng(seed), tables.n_syn
    data = {}
    for c in cols:
        stats = plan.rows(render("attacks/dcr_column_stats.sql", table=tables.ori, column=c))[0]
        null_share = float(stats[0] or 0.0)
        kind = tables.types[c].upper()
        if kind.startswith((*INTEGER_TYPES, "INT")):
            lo, hi = plan.rows(render("attacks/dcr_column_range.sql", table=tables.ori, column=c))[0]
            values = pd.Series(rng.integers(int(lo), int(hi) + 1, size=n), dtype="Int64")
        elif tables.numeric([c])[0]:
            lo, hi = plan.rows(render("attacks/dcr_column_range.sql", table=tables.ori, column=c))[0]
            values = pd.Series(rng.uniform(float(lo), float(hi), size=n))
        else:
            distinct = [v for (v,) in plan.rows(render("attacks/dcr_distinct.sql", table=tables.ori, column=c))]
            values = pd.Series([distinct[i] for i in rng.integers(0, len(distinct), size=n)], dtype=object)
        values[rng.random(n) < null_share] = None
        data[c] = values
    ref = _upload(tables, pd.DataFrame(data))
    plan.add(name, [create_table(name, render("attacks/positioned.sql", relation=ref))])
    plan.ensure([name])
    nn = _search(tables, name, tables.ori, cols, flags, 1, f"{name}_nn")
    query = render("attacks/dcr_median.sql", nn=nn, n_columns=len(cols))
    return float((plan.rows(query) or [(0.0,)])[0][0] or 0.0)


def _upload(tables: Tables, frame: pd.DataFrame) -> str:
    """Rows drawn in Python as a relation of the tables' engine (a DuckDB view, a Spark temp view)."""
    plan: Any = tables.plan
    if isinstance(plan, SparkPlan):
        assert plan.source is not None
        return spark_rows(plan, frame, dict(plan.source.columns))
    return resolve_source(frame, plan.con).ref
