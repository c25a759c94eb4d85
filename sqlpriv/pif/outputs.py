"""What the per-row information factors summarise to, each one SQL query: RIG (row sums),
FIG (column sums), PIF_p (a percentile of RIG), the riskiest rows and the heatmap's input
(docs/measures.md §2). On a Spark result, RIG, FIG and PIF are single Spark statements.

>>> import pandas as pd
>>> from sqlpriv.pif.measure import cig
>>> r = cig(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]}))
>>> round(pif(r, percentile=50), 4), fig(r).df()["column"].tolist()
(0.6699, ['a', 'b'])
"""

from __future__ import annotations

import numbers
from typing import Any

from sqlpriv.engine.result import ChunkedResult, Result
from sqlpriv.engine.templates import render
from sqlpriv.errors import ParameterError
from sqlpriv.pif.model import PifResult


def _factors_of(result: Any, what: str) -> PifResult:
    if not isinstance(result, PifResult):
        raise ParameterError(
            f"{what}() needs the result of sqlpriv cig(), wcig() or csf(), got a {type(result).__name__}"
        )
    return result


def rig(result: PifResult) -> Result:
    """Row information gain: per row (input order) the key and ``rig``, the sum of the
    row's values over the analysed columns (``_rig`` if an analysed column is named ``rig``).

    >>> import pandas as pd
    >>> from sqlpriv.pif.measure import cig
    >>> rig(cig(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]}))).df().round(4).values.tolist()
    [[0.0, 0.6699], [1.0, 0.1699], [2.0, 0.6699]]
    """
    if _is_spark_pif(result):
        return _spark_pif_output(result, "rig")
    r = _factors_of(result, "rig")
    f = r.factors
    return ChunkedResult(
        f.frame.plan,
        f.query(r.measure, "rig"),
        f.needs(r.measure),
        f.chunks(r.measure, "rig"),
        f.chunk_needs(r.measure),
    )


def fig(result: PifResult) -> Result:
    """Feature information gain: per analysed column (input order), ``column`` and ``fig``,
    the sum of its values over all rows.

    >>> import pandas as pd
    >>> from sqlpriv.pif.measure import cig
    >>> fig(cig(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]}))).df().round(4).values.tolist()
    [['a', 0.7549], ['b', 0.7549]]
    """
    if _is_spark_pif(result):
        return _spark_pif_output(result, "fig")
    r = _factors_of(result, "fig")
    f = r.factors
    return Result(f.frame.plan, render("pif/fig.sql", **f.context(measure=r.measure)), f.needs(r.measure))


def pif_query(result: PifResult, percentile: float = 95) -> Result:
    """The one-row query behind :func:`pif` (column ``pif``), e.g. for printing its ``.sql``."""
    if isinstance(percentile, bool) or not isinstance(percentile, numbers.Real) or not (0 <= float(percentile) <= 100):
        raise ParameterError(f"percentile must be a number between 0 and 100, got {percentile!r}")
    if _is_spark_pif(result):
        return _spark_pif_output(result, "percentile", fraction=float(percentile) / 100)
    r = _factors_of(result, "pif")
    f = r.factors
    return Result(f.frame.plan, f.query(r.measure, "percentile", fraction=float(percentile) / 100), f.needs(r.measure))


def pif(result: PifResult, percentile: float = 95) -> float:
    """PIF_p: the ``percentile``-th percentile of the RIG values (linear interpolation,
    as ``numpy.percentile``'s default).

    >>> import pandas as pd
    >>> from sqlpriv.pif.measure import cig
    >>> round(pif(cig(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]})), 100), 4)
    0.6699
    """
    return float(pif_query(result, percentile).fetchall()[0][0])


def _is_spark_pif(result: Any) -> bool:
    """Whether ``result`` is a CIG / wCIG / CSF computed on Spark (this imports no pyspark)."""
    from sqlpriv.engine.spark.measures import SparkPifResult

    return isinstance(result, SparkPifResult)


def _spark_pif_output(result: Any, output: str, **extra: Any) -> Any:
    """RIG, FIG or PIF of a Spark result, one Spark SQL statement (docs/spark.md)."""
    from sqlpriv.engine.spark import measures as spark_measures

    return spark_measures.pif_output(result, output, **extra)


def top_rows(result: PifResult, limit: int = 10) -> Result:
    """The ``limit`` rows with the largest RIG: key, ``rig`` and the rows' analysed values."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ParameterError(f"limit must be a positive integer, got {limit!r}")
    if _is_spark_pif(result):
        return _spark_pif_output(result, "top_rows", limit=limit)
    r = _factors_of(result, "top_rows")
    f = r.factors
    return Result(f.frame.plan, f.query(r.measure, "top_rows", limit=limit), f.needs(r.measure) + ["analysed"])


def heatmap_rows(result: PifResult, bins: int | None = None) -> Result:
    """Heatmap input: per-row key, ``rig`` and per-cell values, ordered by RIG (largest first).

    With ``bins``, the rows are cut into ``bins`` consecutive groups by RIG rank and each
    cell is the group's maximum (columns ``bin``, ``rows``, ``rig``, then the analysed columns).

    >>> import pandas as pd
    >>> from sqlpriv.pif.measure import cig
    >>> r = cig(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]}))
    >>> heatmap_rows(r, bins=2).df()[["bin", "rows"]].values.tolist()
    [[1, 2], [2, 1]]
    """
    if bins is not None and (isinstance(bins, bool) or not isinstance(bins, int) or bins < 1):
        raise ParameterError(f"bins must be a positive integer, got {bins!r}")
    if _is_spark_pif(result):
        return _spark_pif_output(result, "heatmap", bins=bins)
    r = _factors_of(result, "heatmap_rows")
    f = r.factors
    return Result(f.frame.plan, f.query(r.measure, "heatmap", bins=bins), f.needs(r.measure))


__all__ = ["fig", "heatmap_rows", "pif", "pif_query", "rig", "top_rows"]
