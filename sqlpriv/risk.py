"""Re-identification risk the way release teams report it (docs/measures.md §9).

Prosecutor, journalist and marketer risk (ARX's ``RiskModelSampleSummary``), population
uniqueness by Pitman, Zayatz, SNB and Dankar's rule (ARX's ``RiskModelPopulationUniqueness``),
and with sampling weights sdcMicro's individual risk (Benedetti & Franconi), global risk and
household risk. Every class size and every per-row figure is SQL (``sql_templates/risk/``);
the class-size histogram is the only thing read back, and the population models are solved on
it in Python (:mod:`sqlpriv.risk_models`).

>>> import pandas as pd, warnings
>>> r = reidentification_risk(pd.DataFrame({"a": [1, 1, 2, 3], "b": ["x", "x", "y", "y"]}))
>>> with warnings.catch_warnings():  # Pitman's and the SNB model do not converge on 4 rows
...     warnings.simplefilter("ignore")
...     s = dict(r.summary().fetchall_pairs())
>>> s["classes"], s["sample_uniqueness"], s["prosecutor_average_risk"]
(3.0, 0.5, 0.75)
>>> [row[1:] for row in r.per_row().fetchall()]
[(2, 2.0, 0.5), (2, 2.0, 0.5), (1, 1.0, 1.0), (1, 1.0, 1.0)]
"""

from __future__ import annotations

import math
import warnings
from typing import Any

import duckdb

from sqlpriv import risk_models
from sqlpriv.engine import checks
from sqlpriv.engine.analysis import Analysis
from sqlpriv.engine.connection import connect
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.result import Result
from sqlpriv.engine.sources import ColumnsArg, ColumnSpec, Source, resolve_columns, resolve_source
from sqlpriv.engine.templates import create_table, quote, render
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError, SqlprivWarning

MODELS = ("pitman", "zayatz", "snb", "dankar")


class RiskSummary(Result):
    """The summary table (figure, value, note); ``fetchall_pairs()`` gives (figure, value) with
    the note in place of the value where the value is NULL (``dankar_model``)."""

    def fetchall_pairs(self) -> list[tuple[str, Any]]:
        """(figure, value) pairs; ``dankar_model`` carries the model's name."""
        return [(f, n if v is None else v) for f, v, n in self.fetchall()]


class ReidentificationRisk(Analysis):
    """Re-identification risk of one table: ``summary()`` and ``per_row()``.

    ``histogram()`` is the class-size histogram (size, classes) every figure derives from;
    ``models()`` the population-uniqueness estimates solved on it.
    """

    def __init__(self, plan: Plan, spec: dict[str, Any]) -> None:
        self.plan = plan
        self.spec = spec
        self._models: dict[str, Any] | None = None

    @property
    def n(self) -> int:
        """Rows analysed."""
        return int(self.spec["n"])

    @property
    def columns(self) -> list[str]:
        """Names of the analysed columns, in order."""
        return [c.name for c in self.spec["columns"]]

    @property
    def population_size(self) -> float:
        """The population size the models assume: ``population_size``, ``n / sampling_fraction``,
        the sum of the weights, or ``n`` (the sample is the population)."""
        return float(self.spec["population"])

    def histogram(self) -> Result:
        """The class-size histogram: one row per class size (size, classes), smallest first."""
        return Result(self.plan, render("risk/histogram.sql", relation=quote(self.spec["t"]["classes"])), ["classes"])

    def models(self) -> dict[str, Any]:
        """The population-uniqueness estimates (fractions of the population) by model, and
        ``dankar_model``; solved once on the histogram, a model that did not converge is NaN
        with a :class:`~sqlpriv.SqlprivWarning` naming it."""
        if self._models is None:
            hist = {int(size): int(count) for size, count in self.histogram().fetchall()}
            value, picked, models = risk_models.dankar(hist, self.n, self.population_size)
            for name, estimate in models.items():
                if math.isnan(estimate):
                    warnings.warn(
                        f"the {name} population-uniqueness model did not converge on this class-size histogram; "
                        f"population_uniqueness_{name} is NaN (Dankar's rule falls back to another model)",
                        SqlprivWarning,
                        stacklevel=3,
                    )
            self._models = {**models, "dankar": value, "dankar_model": picked}
        return self._models

    def summary(self) -> RiskSummary:
        """One row per figure: figure, value, note (docs/measures.md §9)."""
        models = self.models()
        body = self._per_row_query() if self.spec["household"] else None
        query = render(
            "risk/summary.sql",
            relation=quote(self.spec["t"]["classes"]),
            threshold=self.spec["threshold"],
            sampling_fraction=self.n / self.population_size,
            models=[(m, None if math.isnan(models[m]) else models[m]) for m in MODELS],
            dankar_model=models["dankar_model"],
            weighted=bool(self.spec["weight"]),
            body=body,
        )
        return RiskSummary(self.plan, query, ["classes"])

    def per_row(self) -> Result:
        """One row per input row in input order: row (or the key), class_size,
        weighted_class_size, individual_risk (and household_risk with ``household``)."""
        return Result(self.plan, self._per_row_query(), ["classes"])

    def _per_row_query(self) -> str:
        spec = self.spec
        taken = {c.lower() for c in self.columns}
        return render(
            "risk/per_row.sql",
            columns=spec["columns"],
            source=spec["source"].ref,
            relation=quote(spec["t"]["classes"]),
            key=spec["key"],
            row_name="row" if "row" not in taken else "_row",
            household=spec["household"],
        )

    def __repr__(self) -> str:
        return f"<ReidentificationRisk of {len(self.columns)} columns, {self.n:,} rows>"


def reidentification_risk(
    source: Any,
    columns: ColumnsArg = None,
    *,
    sampling_fraction: float | None = None,
    population_size: float | None = None,
    weight: str | None = None,
    household: str | None = None,
    threshold: float = 0.2,
    key: str | None = None,
    con: duckdb.DuckDBPyConnection | str | None = None,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
) -> ReidentificationRisk:
    """Re-identification risk of ``source`` on the quasi-identifiers ``columns``.

    ``sampling_fraction`` (in (0, 1]) or ``population_size`` says how large the population the
    table was sampled from is; ``weight`` names a column of sampling weights (each record
    stands for that many people), which gives sdcMicro's individual and global risk; without
    any of them the table is its own population. ``household`` names a household identifier
    (household risk); ``threshold`` is the record-level risk above which a record is at risk.
    NULL is a value (NULL matches NULL).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"a": [1, 1, 2, 2, 3], "w": [10.0, 30.0, 5.0, 5.0, 2.0]})
    >>> r = reidentification_risk(df, ["a"], weight="w")
    >>> [round(x[3], 6) for x in r.per_row().fetchall()]
    [0.044333, 0.044333, 0.14941, 0.14941, 0.693147]
    """
    threshold = checks.unit_interval("threshold", threshold)
    fraction = _check_fraction(sampling_fraction, population_size, weight)
    conn = connect(con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
    src = resolve_source(source, conn)
    key = checks.match_column(src.column_names(), key, src.label) if key is not None else None
    weight = checks.match_column(src.column_names(), weight, src.label) if weight is not None else None
    household = checks.match_column(src.column_names(), household, src.label) if household is not None else None
    carried = [c for c in (key, weight, household) if c]
    specs = resolve_columns(src, columns, exclude=carried)
    _refuse_overlap(specs, key=key, weight=weight, household=household)
    n, weight_sum = _check_rows(src, weight, household)
    population = _population(n, fraction, population_size, weight_sum, weight)
    prefix = temp_name("sqlpriv_risk", conn, "_classes")
    t = {"classes": f"{prefix}_classes"}
    plan = Plan(conn, src)
    body = render(
        "risk/classes.sql",
        columns=specs,
        source=src.ref,
        weight=weight,
        sampling_fraction=None if weight else (n / population if population != n else None),
    )
    plan.add("classes", [create_table(t["classes"], body)])
    spec = dict(
        columns=specs,
        source=src,
        t=t,
        n=n,
        population=population,
        threshold=threshold,
        key=key,
        weight=weight,
        household=household,
    )
    return ReidentificationRisk(plan, spec)


def _check_fraction(sampling_fraction: Any, population_size: Any, weight: Any) -> float | None:
    """The sampling fraction when given, checked in (0, 1]; at most one way of sizing the population."""
    given = [name for name, v in (("sampling_fraction", sampling_fraction), ("population_size", population_size)) if v is not None]
    if len(given) > 1:
        raise ParameterError(
            "give sampling_fraction or population_size, not both (the population is n / sampling_fraction)"
        )
    if sampling_fraction is not None:
        f = checks.finite_number("sampling_fraction", sampling_fraction)
        if not 0 < f <= 1:
            raise ParameterError(
                f"sampling_fraction must be in (0, 1] (the share of the population in the table), got {sampling_fraction!r}"
            )
        return f
    if population_size is not None:
        checks.finite_number("population_size", population_size, minimum=1)
    return None


def _refuse_overlap(specs: list[ColumnSpec], **carried: str | None) -> None:
    names = {c.name.lower() for c in specs if not c.is_expression}
    for role, name in carried.items():
        if name and name.lower() in names:
            raise ColumnError(
                f"column {name!r} is both the {role} column and a quasi-identifier; drop it from columns= "
                f"or choose another {role} column"
            )


def _check_rows(src: Source, weight: str | None, household: str | None) -> tuple[int, float | None]:
    """Rows, and the weights' sum; one clear error for NULL or non-positive weights and NULL
    households (one query, before the measure's own)."""
    row = run(src.con, render("risk/check.sql", source=src.ref, weight=weight, household=household)).fetchone()
    n, null_w, bad_w, weight_sum, null_h = row
    if not n:
        raise EmptyInputError(f"{src.label} has no rows; there is nothing to measure")
    if weight and null_w:
        raise ParameterError(f"weight column {weight!r} has {null_w:,} NULL values; every record needs a sampling weight")
    if weight and bad_w:
        raise ParameterError(
            f"weight column {weight!r} has {bad_w:,} values that are zero or negative; a sampling weight is the "
            "number of people a record stands for (> 0)"
        )
    if household and null_h:
        raise ParameterError(
            f"household column {household!r} has {null_h:,} NULL values; give every record a household "
            "(a record living alone is a household of its own)"
        )
    return int(n), (float(weight_sum) if weight else None)


def _population(n: int, fraction: float | None, population_size: Any, weight_sum: float | None, weight: Any) -> float:
    if fraction is not None:
        return n / fraction
    if population_size is not None:
        if float(population_size) < n:
            raise ParameterError(
                f"population_size {population_size!r} is smaller than the table's {n:,} records; "
                "the population must hold the sample"
            )
        return float(population_size)
    if weight_sum is not None:
        if weight_sum < n:
            raise ParameterError(
                f"the weights in {weight!r} sum to {weight_sum:g}, fewer people than the {n:,} records; "
                "sampling weights are at least 1 on average (each record stands for itself at least)"
            )
        return weight_sum
    return float(n)
