"""Re-identification risk the way release teams report it (docs/measures.md §9).

Prosecutor, journalist and marketer risk (ARX's ``RiskModelSampleSummary``), population
uniqueness by Pitman, Zayatz, SNB and Dankar's rule (ARX's ``RiskModelPopulationUniqueness``),
and with sampling weights sdcMicro's individual risk (Benedetti & Franconi), global risk and
household risk. Every class size and every per-row figure is SQL (``sql_templates/risk/``);
the class-size histogram is the only thing read back, and the population models are solved on
it in Python (:mod:`sqlpriv.risk.models`).

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
from typing import Any

import duckdb

from sqlpriv.engine import checks
from sqlpriv.engine.analysis import Analysis
from sqlpriv.engine.connection import connect
from sqlpriv.engine.dropna import drop_nulls
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.output_names import free_heading
from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.result import Result
from sqlpriv.engine.rows import one_row
from sqlpriv.engine.sources import ColumnsArg, resolve_columns, resolve_source
from sqlpriv.engine.spark.run import wants_spark
from sqlpriv.engine.templates import create_table, quote, render
from sqlpriv.errors import ParameterError
from sqlpriv.risk import checks as risk_checks
from sqlpriv.risk.base import MODELS, RiskBase

#: the note of a population model left out, by ``missing``
MODEL_NOTES = {"category": "did not converge", "wildcard": "not defined with missing='wildcard'"}


class RiskSummary(Result):
    """The summary table (figure, value, note); ``fetchall_pairs()`` gives (figure, value) with
    the note in place of the value where the value is NULL (``dankar_model``)."""

    def fetchall_pairs(self) -> list[tuple[str, Any]]:
        """(figure, value) pairs; ``dankar_model`` carries the model's name."""
        return [(f, n if v is None else v) for f, v, n in self.fetchall()]


class ReidentificationRisk(RiskBase, Analysis):
    """Re-identification risk of one table: ``summary()`` and ``per_row()``.

    ``histogram()`` is the class-size histogram (size, classes) every figure derives from;
    ``models()`` the population-uniqueness estimates solved on it.
    """

    def __init__(self, plan: Plan, spec: dict[str, Any]) -> None:
        RiskBase.__init__(self, spec)
        self.plan = plan
        if spec.get("missing") == "wildcard":  # overlapping classes: no frequency-of-frequencies model
            self._models = {**{m: math.nan for m in MODELS}, "dankar": math.nan, "dankar_model": "none"}

    def histogram(self) -> Result:
        """The class-size histogram: one row per class size (size, classes), smallest first."""
        return Result(self.plan, render("risk/histogram.sql", relation=quote(self.spec["t"]["classes"])), ["classes"])

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
            key=self.spec["key"],
            guard=None
            if self.spec.get("missing") == "wildcard"
            else {"fingerprint": self.fingerprint(), "population": self.population_size},
            wildcard=self.spec.get("missing") == "wildcard",
            model_note=MODEL_NOTES[self.spec.get("missing", "category")],
        )
        return RiskSummary(self.plan, query, ["classes"])

    def per_row(self) -> Result:
        """One row per input row in input order: row (or the key), class_size,
        weighted_class_size, individual_risk (and household_risk with ``household``); a
        heading the key column already has gets a leading _."""
        return Result(self.plan, self._per_row_query(), ["classes"])

    def _per_row_query(self) -> str:
        spec = self.spec
        return render(
            "risk/per_row.sql",
            columns=spec["columns"],
            source=spec["source"].ref,
            relation=quote(spec["t"]["classes"]),
            key=spec["key"],
            row_name=free_heading("row", self.columns, self.__dict__.setdefault("_renamed_headings", set())),
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
    entity: str | None = None,
    con: duckdb.DuckDBPyConnection | str | None = None,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
    missing: str = "category",
    alpha: float = 1.0,
    dropna: bool = False,
) -> ReidentificationRisk:
    """Re-identification risk of ``source`` on the quasi-identifiers ``columns``.

    ``sampling_fraction`` (in (0, 1]) or ``population_size`` says how large the population the
    table was sampled from is; ``weight`` names a column of sampling weights (each record
    stands for that many people), which gives sdcMicro's individual and global risk; without
    any of them the table is its own population. ``household`` names a household identifier
    (household risk); ``threshold`` is the record-level risk above which a record is at risk.
    ``entity`` names a column identifying the person behind each row (panel data, claims,
    visits): every class size then counts distinct entities instead of rows, and n the
    distinct (entity, class) pairs. ``missing="category"`` (the default): NULL is a value (NULL
    matches NULL); ``missing="wildcard"``: a NULL matches any value (a suppressed cell, sdcMicro's
    ``freqCalc``), each record's class counting every record equal or NULL in each column, the
    other records with a NULL counted ``alpha`` times (1: in full; sdcMicro's ``alpha``). With
    wildcards the classes overlap: the summary's figures are means over records and the
    population-uniqueness models are NaN. ``dropna=True`` leaves out the rows with a NULL in a
    quasi-identifier (``dropped_rows`` counts them; ``per_row()`` lists the rows kept).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"a": [1, 1, 2, 2, 3], "w": [10.0, 30.0, 5.0, 5.0, 2.0]})
    >>> r = reidentification_risk(df, ["a"], weight="w")
    >>> tuple(round(x[3], 6) for x in r.per_row().fetchall())
    (0.044333, 0.044333, 0.14941, 0.14941, 0.693147)
    """
    threshold = checks.unit_interval("threshold", threshold)
    alpha = risk_checks.check_missing(missing, alpha, entity=entity, spark=wants_spark(source, spark))
    fraction = risk_checks.check_fraction(sampling_fraction, population_size, weight)
    risk_checks.refuse_entity_weight(entity, weight, household)
    if checks.boolean("dropna", dropna) and wants_spark(source, spark):
        raise ParameterError("dropna=True is not available on Spark yet; filter the NULLs in Spark first")
    if wants_spark(source, spark):  # a Spark DataFrame, or spark= (docs/spark.md): the single statement
        from sqlpriv.risk.spark import spark_risk

        engine = dict(con=con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
        return spark_risk(  # type: ignore[return-value]
            source, columns, spark=spark, fraction=fraction, population_size=population_size, weight=weight,
            household=household, threshold=threshold, key=key, entity=entity, engine=engine,
        )  # fmt: skip
    conn = connect(con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
    src = resolve_source(source, conn)
    key, weight, household, entity = risk_checks.carried_columns(
        src.column_names(), src.label, key=key, weight=weight, household=household, entity=entity
    )
    specs = resolve_columns(src, columns, exclude=[c for c in (key, weight, household, entity) if c])
    risk_checks.refuse_overlap(
        [c.name for c in specs if not c.is_expression], key=key, weight=weight, household=household, entity=entity
    )
    src, dropped = drop_nulls(src, specs, dropna)
    check = render("risk/check.sql", source=src.ref, weight=weight, household=household, entity=entity)
    n, weight_sum = risk_checks.check_rows(one_row(run(conn, check)), src.label, weight, household, entity)
    if entity:
        n = int(one_row(run(conn, render("risk/units.sql", columns=specs, source=src.ref, entity=entity)))[0])
    population = risk_checks.population_size(n, fraction, population_size, weight_sum, weight)
    prefix = temp_name("sqlpriv_risk", conn, "_classes")
    t = {"classes": f"{prefix}_classes"}
    plan = Plan(conn, src)
    body = _classes_body(
        specs,
        src.ref,
        weight,
        None if weight else (n / population if population != n else None),
        entity,
        missing,
        alpha,
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
        entity=entity,
        missing=missing,
        dropped=dropped,
    )
    return ReidentificationRisk(plan, spec)


def _classes_body(
    specs: list[Any],
    ref: str,
    weight: str | None,
    fraction: float | None,
    entity: str | None,
    missing: str,
    alpha: float,
) -> str:
    """The classes' SELECT: one row per class (risk/classes.sql), or with ``missing="wildcard"``
    one row per distinct pattern with its wildcard class sizes (risk/wildcard.sql)."""
    if missing == "wildcard":
        return render(
            "risk/wildcard.sql", columns=specs, source=ref, weight=weight, sampling_fraction=fraction, alpha=alpha
        )
    return render(
        "risk/classes.sql", columns=specs, source=ref, weight=weight, sampling_fraction=fraction, entity=entity
    )
