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

import math
import numbers
from collections.abc import Mapping
from typing import Any

import duckdb

from sqlpriv.display import Display
from sqlpriv.engine import checks, cohorts
from sqlpriv.engine.cache import AnalysisCache, arguments_key, connection_open
from sqlpriv.engine.connection import connect
from sqlpriv.engine.limits import WORD_MASK
from sqlpriv.engine.plan import run
from sqlpriv.engine.result import ChunkedResult, Result, position_chunks
from sqlpriv.engine.sandbox import sql_type
from sqlpriv.engine.sources import ColumnsArg
from sqlpriv.engine.templates import create_table, quote, render
from sqlpriv.errors import ColumnError, ParameterError, SqlprivError

MEASURES = ("cig", "wcig", "csf")
PRIOR_TOLERANCE = 1e-9

PriorsArg = Mapping[str, Mapping[Any, float]]
AccuraciesArg = Mapping[str, float]


class PifResult(Display, ChunkedResult):
    """Per-row values of one measure (``cig``, ``wcig`` or ``csf``): the row key, then one
    float column per analysed column, in input row order.

    A :class:`sqlpriv.Result` (``.df()``, ``.arrow()``, ``.relation``, ``.to_parquet()``,
    ``.sql``) that also knows its analysis, so :func:`rig`, :func:`fig` and :func:`pif`
    can summarise it in SQL. Files are written chunk by chunk of input positions.
    """

    def __init__(self, factors: InformationFactors, measure: str) -> None:
        self.factors = factors
        self.measure = measure
        super().__init__(
            factors.frame.plan,
            factors.query(measure, "per_row"),
            factors.needs(measure),
            factors.chunks(measure, "per_row"),
            factors.chunk_needs(measure),
        )

    @property
    def columns(self) -> list[str]:
        return self.factors.columns

    @property
    def key_name(self) -> str:
        return self.factors.key_name


class InformationFactors(Display, cohorts.FrameMeasure):
    """CIG, wCIG and CSF of one source, column list, priors and accuracies, sharing one plan.

    Made by :func:`information_factors`; ``cig()``, ``wcig()``, ``csf()`` return
    :class:`PifResult`; ``weights()`` the wCIG weights with the entropies behind them.
    Attributes: ``n`` (rows analysed), ``dropped_rows``, ``columns``, ``key_name``,
    ``accuracies`` (per column, 1 where not given).
    """

    def __init__(
        self, frame: cohorts.CohortFrame, priors: dict[int, dict[Any, float]], accuracies: dict[int, float]
    ) -> None:
        self.frame = frame
        self.priors = priors
        self.accuracies = [float(accuracies.get(j, 1.0)) for j in range(frame.d)]
        names = frame.names
        prefix = names["prefix"]
        names["pif_prior"] = f"{prefix}_pif_prior"
        names["pif_values"] = f"{prefix}_pif_values"
        names["pif_context"] = [f"{prefix}_pif_context_{j}" for j in range(frame.d)]
        names["pif_cells"] = f"{prefix}_pif_cells"
        names["pif_entropies"] = f"{prefix}_pif_entropies"
        self.key_name = frame.key or self.free_name("row")
        self.rig_name = self.free_name("rig", (self.key_name,))
        self.cols = self._column_info()
        self._add_steps()

    def _column_info(self) -> list[dict[str, Any]]:
        frame = self.frame
        types = {
            row[0]: row[1]
            for row in run(
                frame.plan.con, render("engine/describe.sql", relation=quote(frame.names["analysed"]))
            ).fetchall()
        }
        cols = []
        for w, word in enumerate(frame.words):
            for f in word:
                j = f["j"]
                cols.append(
                    {
                        "j": j,
                        "name": frame.columns[j].name,
                        "type": self._prior_type(j, types[frame.columns[j].name]),
                        "word": w,
                        "offset": f["offset"],
                        "bitmask": (1 << f["bits"]) - 1,
                        "ctx_mask": WORD_MASK ^ f["mask"],
                        "accuracy": self.accuracies[j],
                        "prior": j in self.priors,
                    }
                )
        return sorted(cols, key=lambda c: c["j"])

    def _prior_type(self, j: int, type_string: str) -> str | None:
        """The column's type as written into the prior's cast: a built-in type only (never text
        taken from the data, such as ENUM labels or STRUCT field names)."""
        checked = sql_type(type_string)
        if checked is None and j in self.priors:
            raise ParameterError(
                f"a prior for column {self.frame.columns[j].name!r} needs a column of a plain type (numbers, "
                f"text, dates, lists of those), not {type_string.split('(')[0]}; add a column expression "
                "casting it to VARCHAR and give the prior for that"
            )
        return checked

    def _ctx(self, **extra: Any) -> dict[str, Any]:
        return self.frame.context(cols=self.cols, key_name=self.key_name, rig_name=self.rig_name, **extra)

    def _add_steps(self) -> None:
        plan, t = self.frame.plan, self.frame.names
        value_deps = ["patterns"]
        if self.priors:
            entries = [
                {"j": j, "value": None if v is None else str(v), "q": float(q)}
                for j, prior in sorted(self.priors.items())
                for v, q in prior.items()
            ]
            prior_cols = [c for c in self.cols if c["prior"]]
            plan.add(
                "pif_prior",
                [render("pif/prior.sql", **self._ctx(entries=entries, prior_cols=prior_cols))],
                deps=["dictionaries"],
            )
            value_deps.append("pif_prior")
            try:
                plan.ensure(["pif_prior"])  # bad priors fail now, with the column and value named
            except SqlprivError as exc:
                if type(exc) is not SqlprivError:  # not the guard's message: a real failure
                    raise
                raise ParameterError(str(exc)) from None
        plan.add(
            "pif_values", [create_table(t["pif_values"], render("pif/values.sql", **self._ctx()))], deps=value_deps
        )
        plan.add(
            "pif_context",
            [create_table(t["pif_context"][c["j"]], render("pif/context.sql", **self._ctx(c=c))) for c in self.cols],
            deps=["pif_values"],
        )
        plan.add(
            "pif_cells", [create_table(t["pif_cells"], render("pif/cells.sql", **self._ctx()))], deps=["pif_context"]
        )
        plan.add(
            "pif_entropies",
            [create_table(t["pif_entropies"], render("pif/entropies.sql", **self._ctx()))],
            deps=["pif_context"],
        )

    def needs(self, measure: str) -> list[str]:
        """The plan steps an in-memory per-row output of ``measure`` reads: the per-row codes
        table (built once, shared by every output of this analysis) and the per-pattern values."""
        return ["codes", *self.chunk_needs(measure)]

    def chunk_needs(self, measure: str) -> list[str]:
        """The steps a file writer's chunks read: the rows are packed on the fly (no codes table)."""
        return ["pif_cells"] + (["pif_entropies"] if measure == "wcig" else [])

    def query(self, measure: str, output: str, **extra: Any) -> str:
        """The SQL of one per-row output (``per_row``, ``rig``, ``percentile``, ``top_rows`` or
        ``heatmap``, each its own template in ``sql_templates/pif/``) of ``measure``."""
        if measure not in MEASURES:
            raise ParameterError(f"measure must be one of {', '.join(MEASURES)}, got {measure!r}")
        return render(f"pif/{output}.sql", **self._ctx(measure=measure, **extra))

    def chunks(self, measure: str, output: str) -> list[str]:
        """``output`` (``per_row`` or ``rig``) of ``measure`` once per chunk of input positions
        (:func:`sqlpriv.engine.result.position_chunks`), each packing its rows on the fly: what
        the file writers stream, so that writing never builds a per-row table or sorts more
        than one chunk."""
        return [self.query(measure, output, coded=True, lo=lo, hi=hi) for lo, hi in position_chunks(self.frame)]

    def cig(self) -> PifResult:
        """Cell information gain per row and column (bits)."""
        return PifResult(self, "cig")

    def wcig(self) -> PifResult:
        """Weighted CIG: CIG times H(j | others) / H(j) (not rounded)."""
        return PifResult(self, "wcig")

    def csf(self) -> PifResult:
        """Cell surprise factor |p'(x) - q(x)| per row and column (in [0, 1])."""
        return PifResult(self, "csf")

    def measure(self, name: str) -> PifResult:
        """``cig()``, ``wcig()`` or ``csf()`` by name."""
        if name not in MEASURES:
            raise ParameterError(f"measure must be one of {', '.join(MEASURES)}, got {name!r}")
        return PifResult(self, name)

    def weights(self) -> Result:
        """Per column: entropy H(j), conditional_entropy H(j | others) and weight (bits)."""
        return Result(
            self.frame.plan,
            render("pif/weights.sql", t=self.frame.names),
            ["pif_entropies"],
        )


def _check_priors(priors: Any, frame: cohorts.CohortFrame) -> dict[int, dict[Any, float]]:
    if priors is None:
        return {}
    if not isinstance(priors, Mapping):
        raise ParameterError(
            f"priors must map column names to {{value: probability}} mappings, got a {type(priors).__name__}"
        )
    out: dict[int, dict[Any, float]] = {}
    for name, prior in priors.items():
        j = _column_index(frame, name, "priors")
        if not isinstance(prior, Mapping) or not prior:
            raise ParameterError(
                f"the prior for column {name!r} must be a non-empty {{value: probability}} mapping, got {prior!r}"
            )
        total = 0.0
        seen: dict[Any, float] = {}
        for value, q in prior.items():
            if value is not None and not isinstance(value, (str, numbers.Real)):
                raise ParameterError(
                    f"the prior for column {name!r} has the key {value!r}; keys must be values "
                    "(str, int, float, bool or None for NULL)"
                )
            if isinstance(value, float) and not math.isfinite(value):
                raise ParameterError(f"the prior for column {name!r} has the key {value!r}; keys must be finite")
            if isinstance(q, bool) or not isinstance(q, numbers.Real) or not math.isfinite(float(q)):
                raise ParameterError(
                    f"the prior for column {name!r} gives {value!r} the probability {q!r}; probabilities must be numbers"
                )
            if q < 0:
                raise ParameterError(f"the prior for column {name!r} gives {value!r} the negative probability {q!r}")
            seen[value] = float(q)
            total += float(q)
        if abs(total - 1.0) > PRIOR_TOLERANCE:
            raise ParameterError(
                f"the prior for column {name!r} sums to {total!r}, not 1 (tolerance {PRIOR_TOLERANCE:g})"
            )
        out[j] = seen
    return out


def _check_accuracies(accuracies: Any, frame: cohorts.CohortFrame) -> dict[int, float]:
    if accuracies is None:
        return {}
    if not isinstance(accuracies, Mapping):
        raise ParameterError(
            f"accuracies must map column names to numbers in (0, 1], got a {type(accuracies).__name__}"
        )
    out: dict[int, float] = {}
    for name, a in accuracies.items():
        j = _column_index(frame, name, "accuracies")
        if isinstance(a, bool) or not isinstance(a, numbers.Real) or not (0 < float(a) <= 1):
            raise ParameterError(f"the accuracy of column {name!r} must be a number in (0, 1], got {a!r}")
        out[j] = float(a)
    return out


def _column_index(frame: cohorts.CohortFrame, name: Any, what: str) -> int:
    names = [c.name for c in frame.columns]
    real = checks.lookup_column(names, name)
    if real is not None:
        return names.index(real)
    raise ColumnError(
        f"{what} names the column {name!r}, which is not analysed; analysed columns: "
        + ", ".join(repr(n) for n in names)
    )


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
    checked_priors = _check_priors(priors, frame)
    checked_accuracies = _check_accuracies(accuracies, frame)
    return InformationFactors(frame, checked_priors, checked_accuracies)


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
    """:func:`cig`, :func:`wcig` or :func:`csf`: on Spark, else from the shared (cached) factors.
    ``args``: source, columns, priors, accuracies, key, con, dropna, options."""
    if _wants_spark(args[0], args[-1]):
        return _on_spark(measure, *args)
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


def _wants_spark(source: Any, options: dict[str, Any]) -> bool:
    from sqlpriv.engine.spark import wants_spark

    return wants_spark(source, options.get("spark"))


def _on_spark(
    measure: str,
    source: Any,
    columns: Any,
    priors: Any,
    accuracies: Any,
    key: Any,
    con: Any,
    dropna: bool,
    options: dict[str, Any],
) -> Any:
    """The measure on Spark (a Spark DataFrame source, or spark=): docs/spark.md."""
    from sqlpriv.engine import spark_measures

    options = dict(options)
    spark = options.pop("spark", None)
    return spark_measures.information_factor(
        measure, source, columns, priors, accuracies, key, spark=spark, dropna=dropna, con=con, **options
    )


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
    >>> fig(cig(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]}))).df().round(4).values.tolist()
    [['a', 0.7549], ['b', 0.7549]]
    """
    if _is_spark_pif(result):
        return _spark_pif_output(result, "fig")
    r = _factors_of(result, "fig")
    f = r.factors
    return Result(f.frame.plan, render("pif/fig.sql", **f._ctx(measure=r.measure)), f.needs(r.measure))


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
    >>> round(pif(cig(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]})), 100), 4)
    0.6699
    """
    return float(pif_query(result, percentile).fetchall()[0][0])


def _is_spark_pif(result: Any) -> bool:
    """Whether ``result`` is a CIG / wCIG / CSF computed on Spark (this imports no pyspark)."""
    from sqlpriv.engine.spark_measures import SparkPifResult

    return isinstance(result, SparkPifResult)


def _spark_pif_output(result: Any, output: str, **extra: Any) -> Any:
    """RIG, FIG or PIF of a Spark result, one Spark SQL statement (docs/spark.md)."""
    from sqlpriv.engine import spark_measures

    return spark_measures.pif_output(result, output, **extra)


def top_rows(result: PifResult, limit: int = 10) -> Result:
    """The ``limit`` rows with the largest RIG: key, ``rig`` and the rows' analysed values."""
    r = _factors_of(result, "top_rows")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ParameterError(f"limit must be a positive integer, got {limit!r}")
    f = r.factors
    return Result(f.frame.plan, f.query(r.measure, "top_rows", limit=limit), f.needs(r.measure) + ["analysed"])


def heatmap_rows(result: PifResult, bins: int | None = None) -> Result:
    """Heatmap input: per-row key, ``rig`` and per-cell values, ordered by RIG (largest first).

    With ``bins``, the rows are cut into ``bins`` consecutive groups by RIG rank and each
    cell is the group's maximum (columns ``bin``, ``rows``, ``rig``, then the analysed columns).

    >>> import pandas as pd
    >>> r = cig(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]}))
    >>> heatmap_rows(r, bins=2).df()[["bin", "rows"]].values.tolist()
    [[1, 2], [2, 1]]
    """
    r = _factors_of(result, "heatmap_rows")
    if bins is not None and (isinstance(bins, bool) or not isinstance(bins, int) or bins < 1):
        raise ParameterError(f"bins must be a positive integer, got {bins!r}")
    f = r.factors
    return Result(f.frame.plan, f.query(r.measure, "heatmap", bins=bins), f.needs(r.measure))


__all__ = [
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
