"""Attribute disclosure on Spark (docs/measures.md §8): what
:func:`sqlpriv.disclosure.attribute_disclosure` runs for a Spark DataFrame or with ``spark=``.
``summary()`` and ``classes()`` are :class:`~sqlpriv.engine.spark.run.SparkResult` over the single
statement (``sql_templates/disclosure/query.sql``) rendered for Spark SQL, and so is ``per_row()``
(its ``per_row`` output: the rows numbered as read, the classes a CTE over them). Numeric sensitive columns (Spark's integral, floating and decimal types) get the
ordered distance, as on DuckDB.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlpriv.engine.disclosure_specs import (
    PER_ROW_FIGURES,
    SPARK_NUMBERS,
    check_leaves,
    free_name,
    sensitive_hierarchies,
    sensitive_names,
    sensitive_spec,
)
from sqlpriv.engine.output_names import free_heading
from sqlpriv.engine.sources import source_column
from sqlpriv.engine.spark import sql as spark_sql
from sqlpriv.engine.spark.run import (
    SparkResult,
    SparkSource,
    match_key,
    render_query,
    require_rows,
    resolve_columns,
    resolve_source,
)
from sqlpriv.errors import ColumnError


class SparkDisclosureResult:
    """Attribute disclosure of a Spark source: ``summary()``, ``classes()``, ``per_row()``,
    ``columns``, ``sensitive``."""

    def __init__(self, source: SparkSource, qis: list[str], context: dict[str, Any], key: str | None = None) -> None:
        self.source = source
        self.columns = qis
        self.context = context
        self.key = key

    @property
    def sensitive(self) -> list[str]:
        return [s["name"] for s in self.context["sens"]]

    @property
    def dropped_rows(self) -> int:
        """Rows left out for a NULL (``dropna`` runs on DuckDB only): none."""
        return 0

    @property
    def n(self) -> int:
        """The rows of the source (one Spark count, read once)."""
        if "_n" not in self.__dict__:
            query = render_query("engine_count_rows", relation=self.source.ref)
            self.__dict__["_n"] = spark_sql.run(self.source.spark, query).collect()[0][0]
        return int(self.__dict__["_n"])

    def script(self, *results: Any) -> str:
        """The Spark SQL of ``results`` (SparkResults, or (result, path) pairs: Spark writes the
        files, so a path is not part of the SQL), one statement each."""
        queries = [(r[0] if isinstance(r, tuple) else r).sql for r in results]
        return "".join(f"{q.rstrip().rstrip(';')};\n" for q in queries)

    def summary(self) -> SparkResult:
        return SparkResult(self.source, render_query("disclosure_query", output="summary", **self.context))

    def classes(self) -> SparkResult:
        return SparkResult(self.source, render_query("disclosure_query", output="classes", **self.context))

    def per_row(self) -> SparkResult:
        """Each row's class figures in input order, headed as on DuckDB: the row key (``row``: the
        0-based input position, or the key column), class_size, then per sensitive column S
        S_l_diversity, S_alpha, S_t_closeness, S_delta_disclosure, S_basic_beta_likeness."""
        warned = self.__dict__.setdefault("_renamed_headings", set())
        key_name = self.key or free_heading("row", self.columns, warned)
        n = self.context["meta"]["n"]
        rows = {
            "key": self.key,
            "key_name": key_name,
            "size_name": free_heading("class_size", [*self.columns, key_name], warned),
            "heads": [{"n": n, **{f: f"{s}_{f}" for f in PER_ROW_FIGURES}} for s in self.sensitive],
        }
        return SparkResult(self.source, render_query("disclosure_query", output="per_row", rows=rows, **self.context))


def attribute_disclosure(
    source: Any,
    columns: Any,
    *,
    sensitive: Sequence[str] | str,
    hierarchies: Mapping[str, Any] | None,
    spark: Any,
    key: str | None = None,
) -> SparkDisclosureResult:
    """The Spark face of ``attribute_disclosure`` (the DuckDB face's specs, so both build the
    same statement)."""
    src = resolve_source(source, spark)
    sens_names = sensitive_names(sensitive, src.column_names(), src.label)
    key_name = source_column(src, key) if key is not None else None
    if key_name is not None and key_name in sens_names:
        raise ColumnError(f"column {key_name!r} is both the key and a sensitive column; choose another key")
    src, qis = resolve_columns(src, columns, exclude=[*sens_names, *([key_name] if key_name else [])])
    key_name = match_key(src, key_name, qis)
    for q in qis:
        if q.lower() in {s.lower() for s in sens_names}:
            raise ColumnError(
                f"column {q!r} is both a quasi-identifier and sensitive; a sensitive column is what a class must "
                "not disclose, so it cannot also define the classes: drop it from columns= or sensitive="
            )
    require_rows(src)
    types = {n: t.lower() for n, t in src.columns}
    given = sensitive_hierarchies(sens_names, hierarchies)
    sens = [
        sensitive_spec(n, types.get(n, "").startswith(SPARK_NUMBERS), given.get(n), types.get(n, ""))
        for n in sens_names
    ]
    _check_leaves(src, sens)
    meta = {h: free_name(h, qis) for h in ("sensitive", "n")}
    return SparkDisclosureResult(src, qis, {"source": src.ref, "qis": qis, "sens": sens, "meta": meta}, key_name)


def _check_leaves(src: SparkSource, sens: list[dict[str, Any]]) -> None:
    """Every value of a column with a hierarchy must be one of its leaves (as on DuckDB)."""
    for s in sens:
        if not s["hierarchy"]:
            continue
        query = render_query("disclosure_values", relation=src.ref, column=s["name"])
        values = {row[0] for row in spark_sql.run(src.spark, query).collect()}
        canonical = spark_sql.run(src.spark, render_query("disclosure_leaves", s=s)).collect()
        check_leaves(s["name"], s["leaf_kind"], [(row[0], row[1]) for row in canonical], values)
