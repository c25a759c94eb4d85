"""Small SQL results behind the charts: samples and aggregates, never millions of points.

Every function returns a :class:`sqlpriv.Result` whose query comes from
``sql_templates/report/`` and runs on the measure's own plan, so a chart (or a
report's table) pulls at most a few hundred rows into Python.

>>> import sqlpriv
>>> r = sqlpriv.uniqueness_shapley(sqlpriv.example_path("flare.csv"), columns=["class", "area"])
>>> s = shapley_rows(r, rows=5).df()
>>> s["rank"].tolist(), len(s)
([106, 319, 533, 746, 959], 5)
>>> bool((s["total"].diff().dropna() >= 0).all())    # ordered by total uniqueness
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlpriv.engine.result import Result
from sqlpriv.engine.templates import render
from sqlpriv.errors import ParameterError

if TYPE_CHECKING:  # pragma: no cover
    from sqlpriv.pif.measure import PifResult
    from sqlpriv.shapley.measure import ShapleyResult
    from sqlpriv.singling_out.measure import SinglingOutResult


def _positive(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ParameterError(f"{name} must be a positive integer, got {value!r}")
    return value


def head(result: Result, limit: int = 10) -> Result:
    """The first ``limit`` rows of ``result`` (its order kept), as a :class:`Result`.

    >>> import pandas as pd, sqlpriv
    >>> head(sqlpriv.privacy_profile(pd.DataFrame({"a": [1, 2], "b": [1, 1]})), 1).df()["column"].tolist()
    ['a']
    """
    return Result(
        result.plan, render("report/head.sql", query=result.query, limit=_positive("limit", limit)), result.needs
    )


def count(result: Result) -> Result:
    """One row, column ``n``: how many rows ``result`` has."""
    return Result(result.plan, render("report/count.sql", query=result.query), result.needs)


def shapley_rows(result: ShapleyResult, rows: int = 200) -> Result:
    """The paper's Figure 2 data: ``rows`` rows at evenly spaced ranks of total uniqueness.

    Columns: ``rank_sample`` (0..rows-1), ``rank`` (0-based rank of the row among all rows
    ordered by the sum of its Shapley values), one column per analysed column (the row's
    values) and ``total``. The rows are chosen from the patterns' sizes (a row's total is
    log2 n - log2 of its pattern's count); unless every row's values exist already, only the
    chosen rows' values are computed (``ShapleyResult.rank_sample``). An analysed column called
    ``rank_sample``, ``rank`` or ``total`` pushes that heading to ``_rank_sample``, ``_rank`` or
    ``_total``.
    """
    frame = result.frame
    meta = {name: result.free_name(name) for name in ("rank_sample", "rank", "total")}
    sample, phi, needs = result.rank_sample(_positive("rows", rows))
    query = render(
        "report/shapley_rows.sql", columns=frame.columns, words=frame.words, sample=sample, phi=phi, meta=meta
    )
    return Result(frame.plan, query, needs)


def histogram(result: Result, value: str, bins: int = 30) -> Result:
    """Equal-width histogram of column ``value`` of ``result``: ``bin``, ``lo``, ``hi``, ``rows``."""
    return Result(
        result.plan,
        render("report/histogram.sql", query=result.query, value=value, bins=_positive("bins", bins)),
        result.needs,
    )


def rig_histogram(result: PifResult, bins: int = 30) -> Result:
    """Histogram of RIG (the per-row sums of a ``cig``/``wcig``/``csf`` result)."""
    from sqlpriv.pif.measure import rig

    return histogram(rig(result), result.factors.rig_name, bins)


def riskiest_rows(result: PifResult, limit: int = 40) -> Result:
    """The ``limit`` rows with the largest RIG with their per-cell values (largest RIG first)."""
    from sqlpriv.pif.measure import heatmap_rows

    return head(heatmap_rows(result), limit)


def singling_out_sizes(result: SinglingOutResult) -> Result:
    """Singled-out records per size of their smallest set: ``combo_size``, ``records``, ``share``."""
    details = result.details()
    query = render("report/singling_out_sizes.sql", details=details.query, total=max(result.n_syn, 1))
    return Result(details.plan, query, details.needs)


def singling_out_sets(result: SinglingOutResult, limit: int = 10) -> Result:
    """The column sets that single out the most records: ``field_combo``, ``combo_size``, ``records``."""
    details = result.details()
    query = render("report/singling_out_sets.sql", details=details.query, limit=_positive("limit", limit))
    return Result(details.plan, query, details.needs)


__all__ = [
    "count",
    "head",
    "histogram",
    "rig_histogram",
    "riskiest_rows",
    "shapley_rows",
    "singling_out_sets",
    "singling_out_sizes",
]
