"""Personal information factors (piflib, CSIRO Data61; docs/measures.md §2).

For every cell: if an attacker knows all of a person's values but this one, how
much do they learn by seeing it (CIG, the KL divergence of the value's
distribution in the person's leave-one-out cohort from the prior), and how
surprising is the value in that context (CSF, the change of its probability)?
wCIG scales CIG by the share of the column's entropy the other columns cannot
explain. RIG (row sums), FIG (column sums) and PIF_p (a percentile of RIG)
summarise them. All math is SQL from ``sql_templates/pif/``, computed once per
distinct pattern and joined back to the rows.

>>> import pandas as pd
>>> df = pd.DataFrame({
...     "gender": ["male"] * 6 + ["female"],
...     "name": ["Anton", "Bill", "Charlie", "Don", "Emil", "Emil", "Charlie"],
...     "eye_color": ["blue", "green", "green", "green", "blue", "green", "green"]})
>>> cig(df).df().round(2).values[0].tolist()
[0.0, 0.22, 1.31, 1.81]
>>> round(pif(cig(df), percentile=50), 4)
1.3077
"""

from __future__ import annotations

from typing import Any

import duckdb

from sqlpriv.engine import cohorts
from sqlpriv.engine.cache import AnalysisCache, arguments_key, connection_open
from sqlpriv.engine.connection import connect
from sqlpriv.engine.dispatch import duckdb_only, spark_twin
from sqlpriv.engine.sources import ColumnsArg
from sqlpriv.errors import ColumnError
from sqlpriv.pif.checks import check_accuracies, check_priors
from sqlpriv.pif.model import MEASURES, PRIOR_TOLERANCE, AccuraciesArg, InformationFactors, PifResult, PriorsArg
from sqlpriv.pif.outputs import fig, heatmap_rows, pif, pif_query, rig, top_rows


@duckdb_only("information_factors")  # cig(), wcig() and csf() run on Spark
def information_factors(
    source: Any,
    columns: ColumnsArg = None,
    *,
    priors: PriorsArg | None = None,
    accuracies: AccuraciesArg | None = None,
    key: str | None = None,
    con: duckdb.DuckDBPyConnection | str | None = None,
    dropna: bool = False,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
) -> InformationFactors:
    """All personal information factors of ``columns`` of ``source`` (docs/measures.md §2), sharing one plan.

    ``source``: file path or glob (CSV, Parquet, JSON), pandas DataFrame, pyarrow
    Table, DuckDB relation, or a table/view name with ``con=``. ``columns``: names or
    ``{"name": "SQL expression"}`` entries; default all but ``key`` (at least 2).
    ``priors``: ``{column: {value: probability}}``, population priors replacing the
    empirical distribution; a key is matched by casting its text form to the column's
    type (so ``1`` and ``"1"`` both match an integer 1; ``None`` matches NULL). A prior
    must cover every observed value, have no negative entry and sum to 1 within 1e-9.
    ``accuracies``: ``{column: a}`` with ``0 < a <= 1``: the posterior is mixed with the
    prior, ``p' = a p + (1 - a) q``, over the prior's support.

    >>> import pandas as pd
    >>> f = information_factors(pd.DataFrame({"a": [1, 1, 2, 2], "b": ["x", "y", "x", "y"]}))
    >>> f.weights().df()["weight"].tolist()
    [1.0, 1.0]
    """
    conn = connect(con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
    frame = cohorts.prepare(source, columns, conn, key=key, dropna=dropna)
    if frame.d < 2:
        raise ColumnError(
            f"personal information factors need at least 2 analysed columns, got {frame.d} "
            f"({', '.join(repr(c.name) for c in frame.columns)}): each column's information gain is "
            "measured given all the other columns (leave-one-out), so one column has no context"
        )
    checked_priors = check_priors(priors, frame)
    checked_accuracies = check_accuracies(accuracies, frame)
    return InformationFactors(frame, checked_priors, checked_accuracies)


@spark_twin("cig")  # a Spark DataFrame, or spark=: the same on Spark (docs/spark.md)
def cig(
    source: Any,
    columns: ColumnsArg = None,
    *,
    priors: PriorsArg | None = None,
    accuracies: AccuraciesArg | None = None,
    key: str | None = None,
    con: duckdb.DuckDBPyConnection | str | None = None,
    dropna: bool = False,
    **options: Any,
) -> PifResult:
    """Cell information gain (bits) per row and column: the KL divergence of the column's
    distribution in the row's leave-one-out cohort from the prior (docs/measures.md §2).

    Columns: the row key (``row``, the 0-based input position, or ``key``), then one float
    column per analysed column, named as the column; rows in input order.

    >>> import pandas as pd
    >>> cig(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]})).df().round(4).values.tolist()
    [[0.0, 0.585, 0.085], [1.0, 0.085, 0.085], [2.0, 0.085, 0.585]]
    """
    return _one_measure("cig", source, columns, priors, accuracies, key, con, dropna, options)


@spark_twin("wcig")  # a Spark DataFrame, or spark=: the same on Spark (docs/spark.md)
def wcig(
    source: Any,
    columns: ColumnsArg = None,
    *,
    priors: PriorsArg | None = None,
    accuracies: AccuraciesArg | None = None,
    key: str | None = None,
    con: duckdb.DuckDBPyConnection | str | None = None,
    dropna: bool = False,
    **options: Any,
) -> PifResult:
    """Weighted CIG: CIG times ``H(j | all others) / H(j)`` (empirical entropies; 0 when
    ``H(j) = 0``). Same shape as :func:`cig`. Not rounded (piflib rounds to 2 decimals).

    >>> import pandas as pd
    >>> wcig(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]})).df().round(4).values.tolist()
    [[0.0, 0.4247, 0.0617], [1.0, 0.0617, 0.0617], [2.0, 0.0617, 0.4247]]
    """
    return _one_measure("wcig", source, columns, priors, accuracies, key, con, dropna, options)


@spark_twin("csf")  # a Spark DataFrame, or spark=: the same on Spark (docs/spark.md)
def csf(
    source: Any,
    columns: ColumnsArg = None,
    *,
    priors: PriorsArg | None = None,
    accuracies: AccuraciesArg | None = None,
    key: str | None = None,
    con: duckdb.DuckDBPyConnection | str | None = None,
    dropna: bool = False,
    **options: Any,
) -> PifResult:
    """Cell surprise factor per row and column: ``|p'(x) - q(x)|`` for the row's own value
    ``x``, posterior in its leave-one-out cohort vs prior (in [0, 1]). Same shape as :func:`cig`.

    >>> import pandas as pd
    >>> csf(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]})).df().round(4).values.tolist()
    [[0.0, 0.3333, 0.1667], [1.0, 0.1667, 0.1667], [2.0, 0.1667, 0.3333]]
    """
    return _one_measure("csf", source, columns, priors, accuracies, key, con, dropna, options)


def _one_measure(measure: str, *args: Any) -> PifResult:
    """:func:`cig`, :func:`wcig` or :func:`csf` from the shared (cached) factors.
    ``args``: source, columns, priors, accuracies, key, con, dropna, options."""
    result: PifResult = getattr(_shared_factors(*args), measure)()
    return result


_CACHE = AnalysisCache()


def _shared_factors(
    source: Any,
    columns: ColumnsArg,
    priors: PriorsArg | None,
    accuracies: AccuraciesArg | None,
    key: str | None,
    con: duckdb.DuckDBPyConnection | str | None,
    dropna: bool,
    options: dict[str, Any],
) -> InformationFactors:
    """:func:`information_factors` for the one-measure calls, reused while the source is unchanged.

    ``cig(df)``, ``csf(df)`` and ``wcig(df)`` one after another read and encode ``df`` once
    (see :mod:`sqlpriv.engine.cache`); on a connection the user passed, nothing is cached.
    """

    def make() -> InformationFactors:
        return information_factors(
            source, columns, priors=priors, accuracies=accuracies, key=key, con=con, dropna=dropna, **options
        )

    if con is not None:
        return make()
    arguments = arguments_key(columns, priors, accuracies, key, dropna, **options)
    return _CACHE.get_or_make(source, arguments, make, alive=lambda f: connection_open(f.frame.plan.con))


def clear_cache() -> None:
    """Forget the analyses kept for repeated :func:`cig` / :func:`wcig` / :func:`csf` calls."""
    _CACHE.clear()


__all__ = [
    "MEASURES",
    "PRIOR_TOLERANCE",
    "InformationFactors",
    "PifResult",
    "cig",
    "clear_cache",
    "csf",
    "fig",
    "heatmap_rows",
    "information_factors",
    "pif",
    "pif_query",
    "rig",
    "top_rows",
    "wcig",
]
