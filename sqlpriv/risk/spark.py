"""The risk measure on Spark (docs/measures.md §9, docs/spark.md): what
``sqlpriv.reidentification_risk`` runs when the source is a Spark DataFrame or ``spark=`` is
given. Every view is the single statement ``risk/query.sql`` rendered for Spark SQL (the one
dbt runs on DuckDB); the class-size histogram is collected to the driver and the population
models are solved on it in Python, as on DuckDB.
"""

from __future__ import annotations

import math
from typing import Any

from sqlpriv.engine.output_names import free_heading
from sqlpriv.engine.sources import ColumnSpec
from sqlpriv.engine.spark import sql as spark_sql
from sqlpriv.engine.spark.run import (
    SparkResult,
    SparkSource,
    match_key,
    quote,
    render_query,
    resolve_columns,
    resolve_source,
)
from sqlpriv.errors import ParameterError
from sqlpriv.risk import checks as risk_checks
from sqlpriv.risk.base import MODELS, RiskBase


class SparkRiskSummary(SparkResult):
    """The summary on Spark; ``fetchall_pairs()`` as :class:`sqlpriv.risk.measure.RiskSummary`'s."""

    def fetchall_pairs(self) -> list[tuple[str, Any]]:
        """(figure, value) pairs; ``dankar_model`` carries the model's name."""
        return [(f, n if v is None else v) for f, v, n in self.fetchall()]


class SparkRisk(RiskBase):
    """Re-identification risk on Spark: ``summary()``, ``per_row()``, ``histogram()``, each a
    :class:`~sqlpriv.engine.spark.run.SparkResult` (the same numbers as on DuckDB)."""

    def __init__(self, source: SparkSource, spec: dict[str, Any]) -> None:
        super().__init__(spec)
        self.source = source

    def _query(self, output: str, **extra: Any) -> SparkResult:
        s = self.spec
        query = render_query(
            "risk_query",
            columns=s["columns"],
            source=self.source.ref,
            output=output,
            weight=s["weight"],
            sampling_fraction=s["class_fraction"],
            fraction=self.n / self.population_size,
            threshold=s["threshold"],
            key=s["key"],
            row_name=free_heading("row", self.columns, self.__dict__.setdefault("_renamed_headings", set())),
            household=s["household"],
            entity=s.get("entity"),
            **extra,
        )
        return SparkResult(self.source, query)

    def histogram(self) -> SparkResult:
        """The class-size histogram (size, classes)."""
        return self._query("histogram")

    def summary(self) -> SparkRiskSummary:
        """One row per figure: figure, value, note; ``fetchall_pairs()`` gives (figure, value)."""
        m = self.models()
        models = [(name, None if math.isnan(m[name]) else m[name]) for name in MODELS]
        query = self._query("summary", models=models, dankar_model=m["dankar_model"]).query
        return SparkRiskSummary(self.source, query)

    def per_row(self) -> SparkResult:
        """One row per input row: row (or the key), class_size, weighted_class_size,
        individual_risk (and household_risk)."""
        return self._query("per_row")


def spark_risk(
    source: Any,
    columns: Any,
    *,
    spark: Any,
    fraction: float | None,
    population_size: Any,
    weight: str | None,
    household: str | None,
    threshold: float,
    key: str | None,
    engine: dict[str, Any],
    entity: str | None = None,
) -> SparkRisk:
    """``sqlpriv.reidentification_risk`` on Spark (arguments already checked by the caller)."""
    given = sorted(name for name, value in engine.items() if value is not None)
    if given:
        raise ParameterError(f"{', '.join(given)}: DuckDB options, not available on Spark; leave them out")
    src = resolve_source(source, spark)
    carried = risk_checks.carried_columns(
        src.column_names(), src.label, key=key, weight=weight, household=household, entity=entity
    )
    key, weight, household, entity = carried
    src, analysed = resolve_columns(src, columns, exclude=[c for c in carried if c])
    key = match_key(src, key, analysed)
    risk_checks.refuse_overlap(analysed, weight=weight, household=household, entity=entity)
    check = render_query("risk_check", source=src.ref, weight=weight, household=household, entity=entity)
    row = tuple(spark_sql.run(src.spark, check).collect()[0])
    n, weight_sum = risk_checks.check_rows(row, src.label, weight, household, entity)
    specs = [ColumnSpec(name, quote(name)) for name in analysed]
    if entity:
        units = render_query("risk_units", columns=specs, source=src.ref, entity=entity)
        n = int(spark_sql.run(src.spark, units).collect()[0][0])
    population = risk_checks.population_size(n, fraction, population_size, weight_sum, weight)
    spec = dict(
        columns=specs,
        n=n,
        population=population,
        class_fraction=None if weight else (n / population if population != n else None),
        threshold=threshold,
        key=key,
        weight=weight,
        household=household,
        entity=entity,
    )
    return SparkRisk(src, spec)
