"""The measures with a single-statement form, on Spark: what ``sqlpriv.uniqueness_shapley``,
``cig`` / ``wcig`` / ``csf``, ``privacy_profile``, ``assess_request`` and ``small_classes`` run when
the source is a Spark DataFrame or ``spark=`` is given. Each result is a
:class:`~sqlpriv.engine.spark.run.SparkResult` over the very query template the DuckDB dbt models run,
rendered for Spark SQL; the checks (and their errors) are the DuckDB API's.
"""

from __future__ import annotations

import itertools
import re
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from sqlpriv.engine import checks
from sqlpriv.engine.sources import source_column
from sqlpriv.engine.spark import sql as spark_sql
from sqlpriv.engine.spark.run import (
    EXACT_LIMIT,
    SparkResult,
    SparkSource,
    analysed_probe,
    check_expression,
    duckdb_only,
    is_spark_error,
    match_key,
    quote,
    render_query,
    require_rows,
    resolve_columns,
    resolve_source,
)
from sqlpriv.errors import ParameterError

_COUNTER = itertools.count()


def _frame(source: Any, columns: Any, spark: Any, key: str | None = None) -> tuple[SparkSource, list[str], str | None]:
    src = resolve_source(source, spark)
    if key is not None:
        key = source_column(src, key)
    src, names = resolve_columns(src, columns, exclude=[key] if key else [])
    key = match_key(src, key, names)
    require_rows(src)
    return src, names, key


def _unsupported(options: Mapping[str, Any], what: str) -> None:
    given = sorted(name for name, value in options.items() if value not in (None, False, "auto"))
    if given:
        raise ParameterError(
            f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} not available for {what} on Spark "
            "(the Spark engine runs the single-statement form: NULL is a category, exact values); "
            "leave them out, or run on DuckDB"
        )


# --------------------------------------------------------------------------- uniqueness Shapley


class SparkShapleyResult:
    """Uniqueness Shapley values on Spark: ``summary()``, ``by(expr)``, ``per_row()``, each a
    :class:`SparkResult` (exact values; the same numbers as on DuckDB)."""

    method = "exact"

    def __init__(self, source: SparkSource, names: list[str], key: str | None, dropna: bool = False) -> None:
        self.source = source
        self._names = names
        self.key = key
        self.dropna = dropna  # rows with a NULL in an analysed column left out, after they are numbered
        self._phi: str | None = None

    def shared_values(self) -> str | None:
        """The name of a temporary view of the per-pattern values (``shapley_query``
        output ``values``: codes, values, multiplicity and the analysed columns' own values),
        materialised (a local checkpoint) the first time a subgroup table runs, so that every
        ``by()`` table of this analysis reads it instead of rebuilding the cohorts, cells and
        values (issue 29). None when a column of the source is named like one of its own columns
        (``k0``, ``phi0``, ...): then each table runs its standalone statement."""
        if self._phi is None:
            own = {f"{p}{j}" for j in range(len(self._names)) for p in ("k", "phi")} | {"__sqlpriv_w"}
            if own & {c.lower() for c in self.source.column_names()}:
                return None
            name = f"__sqlpriv_values_{next(_COUNTER)}_{uuid.uuid4().hex[:8]}"
            values = render_query(
                "shapley_query", source=self.source.ref, columns=self._names, output="values", dropna=self.dropna
            )
            # materialised now and cut from its lineage: Spark never matches a cached plan holding a
            # nondeterministic expression (the chain's monotonically_increasing_id), so a CACHE TABLE
            # view would be recomputed by every statement that reads it
            spark_sql.run(self.source.spark, values).localCheckpoint(eager=True).createOrReplaceTempView(name)
            self._phi = name
        return self._phi

    @property
    def columns(self) -> list[str]:
        return list(self._names)

    def _query(self, **args: Any) -> SparkResult:
        return SparkResult(
            self.source,
            render_query("shapley_query", source=self.source.ref, columns=self._names, dropna=self.dropna, **args),
        )

    def summary(self) -> SparkResult:
        """One row per column: column, entropy, conditional_entropy, shapley (bits)."""
        return self._query(output="summary")

    def per_row(self) -> SparkResult:
        """The row key (``key``, else the 0-based input position as ``row``), one column per analysed column."""
        return self._query(output="per_row", key=self.key)

    def by(self, expr: str) -> SparkResult:
        """Mean values per level of ``expr`` (a column name or a Spark SQL expression)."""
        if not isinstance(expr, str) or not expr.strip():
            raise ParameterError("by() needs a column name or SQL expression, e.g. by('age < 32')")
        sql_expr = (
            quote(expr)
            if expr in self.source.column_names()
            else check_expression(self.source, expr, what="subgroup expression")
        )
        printed = render_query(
            "shapley_query", source=self.source.ref, columns=self._names, output="by", by=sql_expr, dropna=self.dropna
        )
        return SharedValuesResult(self, printed, sql_expr)

    def entropies(self) -> SparkResult:
        """Every column subset (``columns``, a list of names in column order), its ``size`` and
        joint ``entropy`` (bits), ordered by size then subset."""
        return self._query(output="entropies")


class SharedValuesResult(SparkResult):
    """A subgroup table on Spark: ``.sql`` prints the standalone single statement; running it reads
    the analysis' cached per-pattern values (:meth:`SparkShapleyResult.shared_values`), the same
    numbers without rebuilding them for every table."""

    def __init__(self, analysis: SparkShapleyResult, printed: str, by: str) -> None:
        super().__init__(analysis.source, printed)
        self.analysis = analysis
        self.expr = by

    def runnable(self) -> str:
        """From the shared values alone when the expression reads only analysed columns (Spark
        resolves it against the cached view), else the standalone statement. (Joining the rows'
        levels to the shared values by pattern code is wrong with more than one shuffle partition:
        the chain numbers patterns with monotonically_increasing_id, which differs between two
        statements, so the codes of the rows and of the materialised values need not match.)"""
        a = self.analysis
        if not _reads_only(a.source, self.expr, a.columns):
            return self.query  # decided from the analysed plan: no failed attempt (pyspark logs each as an ERROR)
        values = a.shared_values()
        if values is None:
            return self.query
        query = render_query(
            "shapley_query",
            source=a.source.ref,
            columns=a.columns,
            output="by",
            by=self.expr,
            values=values,
            dropna=a.dropna,
        )
        try:
            spark_sql.run(a.source.spark, query)  # resolves the names only; nothing runs
        except Exception as exc:
            if not is_spark_error(exc):
                raise
            return self.query
        return query


def _reads_only(src: SparkSource, expr: str, names: list[str]) -> bool:
    """Whether the (checked) subgroup expression ``expr`` reads only the columns ``names``: the
    attributes its analysed projection over ``src`` references (nothing runs)."""
    try:
        with spark_sql.no_substitution(src.spark):
            refs = analysed_probe(src, expr).references().toSeq()
        read = {str(refs.apply(i).name()).lower() for i in range(refs.size())}
    except Exception as exc:
        if not is_spark_error(exc):
            raise
        return False
    return read <= {n.lower() for n in names}


def uniqueness_shapley(
    source: Any,
    columns: Any = None,
    *,
    spark: Any = None,
    key: str | None = None,
    dropna: bool = False,
    method: str = "auto",
    sampled: Callable[[SparkSource, list[str], str | None], Any] | None = None,
    **options: Any,
) -> Any:
    """``sqlpriv.uniqueness_shapley`` on Spark: exact values (up to 12 columns) by the single
    statement; ``sampled`` (given by :mod:`sqlpriv.shapley.measure`, which the engine may not
    import) builds the sampled estimate from the resolved source, its analysed column names and
    key, for ``method="sample"`` and for ``"auto"`` over more than 12 columns."""
    if method not in ("auto", "exact", "sample"):
        raise ParameterError(f"method must be 'auto', 'exact' or 'sample', got {method!r}")
    if method == "sample" and sampled is None:
        raise duckdb_only("uniqueness_shapley(method='sample')")
    dropna = checks.boolean("dropna", dropna)
    _unsupported({k: v for k, v in options.items() if k not in ("samples", "seed")}, "uniqueness_shapley")
    src, names, key = _frame(source, columns, spark, key)
    if sampled is not None and (method == "sample" or (method == "auto" and len(names) > EXACT_LIMIT)):
        return sampled(src, names, key)
    if len(names) > EXACT_LIMIT:
        raise ParameterError(
            f"{len(names)} columns is too many for exact mode on Spark (2^{len(names)} column subsets per row; "
            f"the limit is {EXACT_LIMIT}); analyse fewer columns, or use method='sample'"
        )
    return SparkShapleyResult(src, names, key, dropna)


# --------------------------------------------------------------------------- information factors


def information_factor(
    measure: str,
    source: Any,
    columns: Any = None,
    priors: Any = None,
    accuracies: Any = None,
    key: str | None = None,
    *,
    spark: Any = None,
    dropna: bool = False,
    **options: Any,
) -> SparkPifResult:
    """``sqlpriv.cig`` / ``wcig`` / ``csf`` on Spark, population priors, accuracies and ``dropna``
    included (checked as on DuckDB; the prior table is a CTE of the statement, its guard run first)."""
    dropna = checks.boolean("dropna", dropna)
    _unsupported(options, measure)
    src, names, key = _frame(source, columns, spark, key)
    if len(names) < 2:
        raise ParameterError(
            "information factors need at least 2 columns: each column is measured given all the other "
            "columns (leave-one-out), so one column has no context"
        )
    checked = checks.information_priors(priors, names)
    extra: dict[str, Any] = {
        "accuracies": {names[j]: a for j, a in checks.information_accuracies(accuracies, names).items()},
        "dropna": dropna,
    }
    if checked:
        extra["priors"] = {names[j]: _prior_type(src, names[j]) for j in sorted(checked)}
        extra["prior_entries"] = [
            {"j": j, "value": None if v is None else str(v), "q": float(q)}
            for j, prior in sorted(checked.items())
            for v, q in prior.items()
        ]
    result = SparkPifResult(src, names, key, measure, extra)
    if checked:
        _check_prior(result)
    return result


_PRIOR_TYPES = re.compile(
    r"(tinyint|smallint|int|bigint|float|double|string|boolean|date|timestamp(_ntz)?|decimal\(\d+,\d+\))"
)


def _prior_type(src: SparkSource, name: str) -> str:
    """The column's Spark type as the prior's cast writes it: a built-in scalar type only (never
    text taken from the data, such as a struct's field names)."""
    type_ = dict(src.columns)[name].lower()
    if not _PRIOR_TYPES.fullmatch(type_):
        raise ParameterError(
            f"a prior for column {name!r} needs a column of a plain type (numbers, text, dates), not "
            f"{type_.split('<')[0]}; add a column expression casting it to STRING and give the prior for that"
        )
    return type_


def _check_prior(result: SparkPifResult) -> None:
    """Run the prior table's guard (a prior value that is no value of the column, listed twice,
    missing an observed value or giving one probability 0) before anything else: one small job."""
    from sqlpriv.engine.spark.plan import spark_failure

    try:
        probe = render_query("engine_guard_probe", query=result._render("prior"))
        spark_sql.run(result.source.spark, probe).collect()
    except Exception as exc:
        if not is_spark_error(exc):
            raise
        raise ParameterError(str(spark_failure(exc))) from None


def cig(source: Any, columns: Any = None, **arguments: Any) -> SparkPifResult:
    """``sqlpriv.cig`` on Spark."""
    return information_factor("cig", source, columns, **arguments)


def wcig(source: Any, columns: Any = None, **arguments: Any) -> SparkPifResult:
    """``sqlpriv.wcig`` on Spark."""
    return information_factor("wcig", source, columns, **arguments)


def csf(source: Any, columns: Any = None, **arguments: Any) -> SparkPifResult:
    """``sqlpriv.csf`` on Spark."""
    return information_factor("csf", source, columns, **arguments)


class SparkPifResult(SparkResult):
    """Per-row CIG, wCIG or CSF on Spark; :func:`pif_output` derives RIG, FIG and PIF from it."""

    def __init__(
        self, source: SparkSource, names: list[str], key: str | None, measure: str, extra: dict[str, Any] | None = None
    ) -> None:
        self.names, self.key, self.measure = names, key, measure
        self.extra = extra or {}  # priors, prior_entries, accuracies (pif_query)
        super().__init__(source, "")
        self.query = self._render("per_row")

    def _render(self, output: str, **extra: Any) -> str:
        return render_query(
            "pif_query",
            source=self.source.ref,
            columns=self.names,
            key=self.key,
            measure=self.measure,
            output=output,
            **self.extra,
            **extra,
        )


def pif_output(result: SparkPifResult, output: str, **extra: Any) -> SparkResult:
    """RIG (``output="rig"``), FIG (``"fig"``) or PIF (``"percentile"``, ``fraction=``) of a Spark
    CIG / wCIG / CSF result: one statement from the same pif templates."""
    return SparkResult(result.source, result._render(output, **extra))


# --------------------------------------------------------------------------- data requests


def privacy_profile(
    source: Any, columns: Any = None, *, spark: Any = None, dropna: bool = False, **options: Any
) -> SparkResult:
    """``sqlpriv.privacy_profile`` on Spark (``strategy`` is checked, and has no effect there)."""
    checks.choice("strategy", options.get("strategy", "auto"), ("auto", "union", "grouping_sets"))
    dropna = checks.boolean("dropna", dropna)
    _unsupported({k: v for k, v in options.items() if k != "strategy"}, "privacy_profile")
    src, names, _ = _frame(source, columns, spark)
    return SparkResult(src, render_query("request_profile_query", source=src.ref, columns=names, dropna=dropna))


class SparkAssessment:
    """A data request assessed on Spark: ``report()`` (one row: score, decision, joint figures),
    ``fields()`` (one row per field) and ``uniqueness()`` (the joint class-size histogram), each
    one statement; ``score``, ``decision``, ``joint`` and ``dropped_rows`` read the report (one
    small collect)."""

    def __init__(self, result: SparkResult, names: list[str], fields: SparkResult, uniqueness: SparkResult) -> None:
        self._report = result
        self._fields = fields
        self._uniqueness = uniqueness
        self.columns = names
        self._row: dict[str, Any] | None = None

    def report(self) -> SparkResult:
        return self._report

    def _values(self) -> dict[str, Any]:
        if self._row is None:
            frame = self._report.df()
            self._row = {str(c): (v.item() if hasattr(v, "item") else v) for c, v in frame.iloc[0].items()}
        return self._row

    @property
    def score(self) -> float:
        return float(self._values()["score"])

    @property
    def decision(self) -> str:
        return str(self._values()["decision"])

    @property
    def joint(self) -> dict[str, Any]:
        return dict(self._values())

    @property
    def sql(self) -> str:
        return self._report.sql

    @property
    def dropped_rows(self) -> int:
        """Rows left out because of a NULL in a requested field (``dropna=True``; else 0)."""
        return int(self._values()["rows_before_dropna"]) - int(self._values()["n"])

    def fields(self) -> SparkResult:
        return self._fields

    def uniqueness(self) -> SparkResult:
        return self._uniqueness


def assess_request(
    source: Any,
    request: Any,
    *,
    spark: Any = None,
    approve: float = 0.8,
    reject: float = 0.2,
    k: int = 5,
    weights: Any = None,
    dropna: bool = False,
    max_unique_share: float | None = None,
    min_k: int | None = None,
    on_violation: str = "review",
    max_average_risk: float | None = None,
    max_population_uniqueness: float | None = None,
    sampling_fraction: float | None = None,
    **options: Any,
) -> SparkAssessment:
    """``sqlpriv.assess_request`` on Spark, weights and gate policy included."""
    approve, reject = checks.thresholds(approve, reject)
    k = checks.anonymity_k(k)
    max_unique_share, min_k, on_violation = checks.gate_policy(max_unique_share, min_k, on_violation)
    max_average_risk, max_population_uniqueness, sampling_fraction = checks.risk_rules(  # as on DuckDB
        max_average_risk, max_population_uniqueness, sampling_fraction
    )
    if checks.is_empty(request):
        raise ParameterError("the request is empty: name at least one field, e.g. ['gender', 'age']")
    dropna = checks.boolean("dropna", dropna)
    _unsupported({n: v for n, v in options.items() if n != "strategy"}, "assess_request")
    src, names, _ = _frame(source, request, spark)
    weights = checks.request_weights(weights, names, src.column_names(), src.label)
    query = render_query(
        "request_report_query",
        source=src.ref,
        columns=names,
        approve=approve,
        reject=reject,
        k=k,
        max_unique_share=max_unique_share,
        min_k=min_k,
        on_violation=on_violation,
        max_average_risk=max_average_risk,  # issue 26
        max_population_uniqueness=max_population_uniqueness,
        sampling_fraction=sampling_fraction,
        dropna=dropna,
        weights=weights,
    )
    fields = render_query("request_fields_query", source=src.ref, columns=names, dropna=dropna, weights=weights)
    histogram = render_query(
        "request_uniqueness_query", source=src.ref, columns=names, k=k, dropna=dropna, weights=weights
    )
    return SparkAssessment(SparkResult(src, query), names, SparkResult(src, fields), SparkResult(src, histogram))


def small_classes(source: Any, columns: Any, k: int = 5, *, spark: Any = None, **options: Any) -> SparkResult:
    """``sqlpriv.small_classes`` on Spark."""
    k = checks.anonymity_k(k)
    if checks.is_empty(columns):
        raise ParameterError("columns is empty: name at least one column, e.g. columns=['gender', 'age']")
    _unsupported(options, "small_classes")
    src, names, _ = _frame(source, columns, spark)
    return SparkResult(src, render_query("request_small_classes", source=src.ref, columns=names, k=k))
