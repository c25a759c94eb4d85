"""Attribute disclosure of sensitive columns (docs/measures.md §8).

k-anonymity hides who a record is, not what it says. For each sensitive column, the figures
here say how much a class of rows sharing the quasi-identifiers' values discloses of it:
l-diversity (distinct, entropy, recursive), (alpha,k)-anonymity, t-closeness, delta-disclosure
and beta-likeness, named as pycanon names them. All of it is one aggregate of the rows, then
per-class SQL, from ``sql_templates/disclosure/``.

>>> import pandas as pd
>>> df = pd.DataFrame({"zip": [1, 1, 1, 2, 2, 2], "disease": ["flu", "flu", "cold", "flu", "hiv", "cold"]})
>>> s = attribute_disclosure(df, ["zip"], sensitive=["disease"]).summary().df()
>>> s[["column", "l_diversity", "recursive_c", "k", "t_closeness"]].values.tolist()
[['disease', 2, 3, 3, 0.16666666666666666]]
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import duckdb

from sqlpriv.engine import checks, cohorts
from sqlpriv.engine.connection import connect
from sqlpriv.engine.disclosure_specs import (
    ORDERED_TYPES,
    PER_ROW_FIGURES,
    check_leaves,
    sensitive_hierarchies,
    sensitive_names,
    sensitive_spec,
)
from sqlpriv.engine.disclosure_specs import disclosure_query as disclosure_query  # the single statement, public here
from sqlpriv.engine.plan import run
from sqlpriv.engine.presentable import Presentable
from sqlpriv.engine.result import Result
from sqlpriv.engine.sources import ColumnsArg, ColumnSpec, Source, resolve_columns, resolve_source
from sqlpriv.engine.templates import create_table, quote, render
from sqlpriv.errors import ColumnError, ParameterError


class DisclosureResult(Presentable, cohorts.FrameMeasure):
    """Attribute-disclosure figures of sensitive columns given the quasi-identifiers.

    ``summary()``, ``classes()`` and ``per_row()`` each return a :class:`sqlpriv.Result`.
    Attributes: ``n``, ``columns`` (the quasi-identifiers), ``sensitive``, ``distances``
    (``"ordered"``, ``"equal"`` or ``"hierarchical"`` per sensitive column).
    """

    def __init__(
        self, frame: cohorts.CohortFrame, qis: list[str], sens: list[dict[str, Any]], entity: str | None = None
    ) -> None:
        self.frame = frame
        self.qis = qis
        self.sens = sens
        self.entity = entity  # with it, each figure counts distinct entities (issue 46)
        self.meta = {name: self.free_name(name) for name in ("sensitive", "n")}
        table = frame.names["prefix"] + "_disclosure"
        self.table = table
        body = render(
            "disclosure/classes.sql",
            source=quote(frame.names["analysed"]),
            qis=qis,
            sens=sens,
            meta=self.meta,
            entity=entity,
        )
        frame.plan.add("disclosure", [create_table(table, body)], deps=["analysed"])

    @property
    def columns(self) -> list[str]:
        """The quasi-identifiers, in order."""
        return list(self.qis)

    @property
    def sensitive(self) -> list[str]:
        """The sensitive columns, in order."""
        return [s["name"] for s in self.sens]

    @property
    def distances(self) -> list[str]:
        """How t-closeness is measured per sensitive column: ordered, equal or hierarchical."""
        return [s["distance"] for s in self.sens]

    def summary(self) -> Result:
        """One row per sensitive column: column, distance, l_diversity, entropy_l_diversity,
        recursive_c, recursive_l, alpha, k, t_closeness, delta_disclosure,
        basic_beta_likeness, enhanced_beta_likeness, entropy (docs/measures.md §8)."""
        query = render(
            "disclosure/summary.sql",
            relation=quote(self.table),
            sensitive=self.meta["sensitive"],
            n=self.meta["n"],
            distances=self.distances,
        )
        return Result(self.plan, query, ["disclosure"])

    def classes(self) -> Result:
        """One row per sensitive column and equivalence class: sensitive, the
        quasi-identifiers' values, n (class size) and the class's figures (l_diversity,
        entropy, entropy_l, recursive_c, alpha, t_closeness, delta_disclosure,
        basic_beta_likeness, enhanced_beta_likeness). A heading a quasi-identifier already
        uses (sensitive, n, or a figure's: alpha, t_closeness, ...) gets a leading _."""
        query = render("disclosure/class_rows.sql", relation=quote(self.table), qis=self.qis, meta=self.meta)
        return Result(self.plan, query, ["disclosure"])

    def per_row(self) -> Result:
        """Each row's class figures in input order: the row key (``row``: 0-based input
        position, or the key column), class_size, then per sensitive column S the headings
        S_l_diversity, S_alpha, S_t_closeness, S_delta_disclosure, S_basic_beta_likeness."""
        key_name = self.frame.key or self.free_name("row")
        heads = [{"n": self.meta["n"], **{f: f"{s['name']}_{f}" for f in PER_ROW_FIGURES}} for s in self.sens]
        query = render(
            "disclosure/per_row.sql",
            analysed=quote(self.frame.names["analysed"]),
            classes=quote(self.table),
            qis=self.qis,
            heads=heads,
            key=self.frame.key,
            key_name=key_name,
            size_name=self.free_name("class_size", (key_name,)),
        )
        return Result(self.plan, query, ["disclosure"])

    def __repr__(self) -> str:
        return (
            f"<DisclosureResult n={self.n} quasi-identifiers={self.columns} sensitive={self.sensitive} "
            f"distances={self.distances}>"
        )


def attribute_disclosure(
    source: Any,
    columns: ColumnsArg = None,
    *,
    sensitive: Sequence[str] | str,
    hierarchies: Mapping[str, Any] | None = None,
    key: str | None = None,
    con: duckdb.DuckDBPyConnection | str | None = None,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
    dropna: bool = False,
    entity: str | None = None,
) -> DisclosureResult:
    """Attribute-disclosure figures of the ``sensitive`` columns of ``source`` given the
    quasi-identifiers ``columns`` (docs/measures.md §8).

    ``source``: as :func:`sqlpriv.uniqueness_shapley`. ``columns``: quasi-identifier names or
    ``{"name": "SQL expression"}`` entries; default every column that is neither sensitive nor
    the key. ``sensitive``: one or more column names (never a quasi-identifier). NULL in a
    quasi-identifier is a category; NULL in a sensitive column is one more value (last in the
    order of a numeric column). t-closeness uses the ordered distance for a numeric column,
    the equal distance otherwise, and the hierarchical distance for a column with an entry
    in ``hierarchies``: ``{column: {value: [level 1, level 2, ...]}}`` (every value of the
    column, all with the same number of levels; a root is added when the last level has
    more than one node), or ``{column: path}`` of an ARX hierarchy CSV (``;``-separated: the
    value, then its generalisations). ``spark``: a SparkSession, to measure a table of it (a
    Spark DataFrame source needs none): ``summary()``, ``classes()`` and ``per_row()`` run on Spark.
    ``dropna=True`` leaves out the rows with a NULL in a quasi-identifier or a sensitive column
    (``dropped_rows`` counts them). ``entity`` names a column identifying the person behind
    each row (panel data): a person's repeated rows count once, so a class's ``n`` (and ``k``)
    counts its entities and each value's share its entities holding it (exactly: the figures
    of the distinct (entity, quasi-identifiers, sensitive values) rows); not with ``key``.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"age": [30, 30, 40, 40], "pay": [1, 2, 1, 1]})
    >>> r = attribute_disclosure(df, ["age"], sensitive="pay")
    >>> r.classes().df()[["age", "l_diversity", "alpha"]].to_dict("list")
    {'age': [30, 40], 'l_diversity': [2, 1], 'alpha': [0.5, 1.0]}
    """
    from sqlpriv.engine.spark.run import wants_spark

    if checks.boolean("dropna", dropna) and wants_spark(source, spark):
        raise ParameterError("dropna=True is not available on Spark yet; filter the NULLs in Spark first")
    if entity is not None and wants_spark(source, spark):
        raise ParameterError("entity= is not available on Spark yet; measure on DuckDB or leave entity out")
    if wants_spark(source, spark):
        from sqlpriv.disclosure import spark as disclosure_spark

        return disclosure_spark.attribute_disclosure(  # type: ignore[return-value]
            source,
            columns,
            sensitive=sensitive,
            hierarchies=hierarchies,
            spark=spark,
            key=key,
        )
    conn = connect(con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
    src = resolve_source(source, conn)
    sens_names = sensitive_names(sensitive, src.column_names(), src.label)
    key_name = checks.match_column(src.column_names(), key, src.label) if key is not None else None
    if key_name is not None and key_name in sens_names:
        raise ColumnError(f"column {key_name!r} is both the key and a sensitive column; choose another key")
    entity_name = _entity(src, entity, key_name, sens_names)
    carried = [c for c in (key_name, entity_name) if c]
    specs = resolve_columns(src, columns, exclude=[*sens_names, *carried])
    _refuse_overlap(specs, [*sens_names, *([entity_name] if entity_name else [])])
    sens = _sensitive_specs(src, sens_names, hierarchies)
    items: list[Any] = [{c.name: c.expr} if c.is_expression else c.name for c in specs]
    frame = _prepare(source, items, [*sens_names, *([entity_name] if entity_name else [])], conn, key_name, dropna)
    _refuse_null_entities(frame.source, entity_name)
    _check_hierarchies(frame, sens)
    return DisclosureResult(frame, [c.name for c in specs], sens, entity_name)


def _entity(src: Source, entity: Any, key: str | None, sens_names: list[str]) -> str | None:
    """The entity column as the source spells it: one column, neither the key nor sensitive."""
    if entity is None:
        return None
    if not isinstance(entity, str):
        raise ParameterError(f"entity must be one column name, got {entity!r}")
    if key is not None:
        raise ParameterError("entity= and key= together: with entity the per-row output is by row position")
    name = checks.match_column(src.column_names(), entity, src.label)
    if name in sens_names:
        raise ColumnError(f"column {name!r} is both the entity and a sensitive column; name another entity")
    return name


def _refuse_null_entities(src: Source, entity: str | None) -> None:
    """Every row belongs to someone: an entity column with a NULL is refused (read once the
    source is bound, as the measure binds it)."""
    if entity is None:
        return
    nulls = run(src.con, render("risk/check.sql", source=src.ref, entity=entity)).fetchall()[0][-1]
    if nulls:
        raise ParameterError(
            f"entity column {entity!r} has {int(nulls):,} NULL values; every row needs the entity (person) it "
            "belongs to, or leave entity out to count rows"
        )


def _prepare(
    source: Any, items: list[Any], sens_names: list[str], conn: Any, key: str | None, dropna: bool = False
) -> cohorts.CohortFrame:
    """``cohorts.prepare`` over the quasi-identifiers and the sensitive columns (its warnings
    about the sensitive columns, which may well be identifying, and about a single row, whose
    figures here are well defined, are left out)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        frame = cohorts.prepare(source, [*items, *sens_names], conn, key=key, dropna=dropna)
    for w in caught:
        text = str(w.message)
        if "single row" not in text and not any(f"{s!r}" in text for s in sens_names):
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    return frame


def _refuse_overlap(specs: list[ColumnSpec], sens_names: list[str]) -> None:
    """A sensitive column cannot also be a quasi-identifier (an expression output name included)."""
    lowered = {s.lower(): s for s in sens_names}
    for spec in specs:
        if spec.name.lower() in lowered:
            raise ColumnError(
                f"column {spec.name!r} is both a quasi-identifier and sensitive; a sensitive column is what a "
                "class must not disclose, so it cannot also define the classes: drop it from columns= or sensitive="
            )


def _sensitive_specs(src: Source, names: list[str], hierarchies: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """Per sensitive column: name, ordered (a numeric type), hierarchy rows and height, distance."""
    given = sensitive_hierarchies(names, hierarchies)
    types = dict(src.columns)
    return [
        sensitive_spec(name, types[name].upper().startswith(ORDERED_TYPES), given.get(name), types[name])
        for name in names
    ]


def _check_hierarchies(frame: cohorts.CohortFrame, sens: list[dict[str, Any]]) -> None:
    """Every value of a column with a hierarchy must be one of its leaves."""
    for s in sens:
        if not s["hierarchy"]:
            continue
        sql = render("disclosure/values.sql", relation=quote(frame.names["analysed"]), column=s["name"])
        values = {v for (v,) in run(frame.plan.con, sql).fetchall()}
        canonical = run(frame.plan.con, render("disclosure/leaves.sql", s=s)).fetchall()
        check_leaves(s["name"], s["leaf_kind"], [(a, b) for a, b in canonical], values)
