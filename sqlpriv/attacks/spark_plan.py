"""The attacks' multi-step plans on Spark (docs/spark.md, "Searches: rounds as Spark statements"):
the tables of an attack (original, synthetic, control, numbered by position) kept as round tables
of a :class:`~sqlpriv.engine.spark.plan.SparkPlan`, so the DuckDB orchestration (the levelled
nearest-neighbour search of :mod:`sqlpriv.attacks.neighbours`, :func:`sqlpriv.dcr`) runs its very
statements, rendered for the ``spark`` dialect, as Spark statements; only counts and aggregates
come to the driver.

The orchestration reads its counts through ``plan.rows`` (either engine's plan has it). Spark's
column types are read under DuckDB's names (:func:`duck_type`), so the attacks' type rules
(numeric or not, integer or not) are the DuckDB ones.

>>> duck_type("bigint"), duck_type("int"), duck_type("decimal(10,2)"), duck_type("string")
('BIGINT', 'INTEGER', 'DECIMAL(10,2)', 'VARCHAR')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from sqlpriv.attacks.inputs import Tables, is_numeric, same_columns
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.result import Result
from sqlpriv.engine.spark.plan import SparkPlan, SparkPlanResult
from sqlpriv.engine.spark.run import SparkSource, quote, resolve_source
from sqlpriv.engine.templates import create_table, render
from sqlpriv.errors import ColumnError, EmptyInputError

if TYPE_CHECKING:
    import pandas as pd

_NAMES = {"tinyint": "TINYINT", "smallint": "SMALLINT", "int": "INTEGER", "bigint": "BIGINT", "float": "FLOAT",
          "double": "DOUBLE", "string": "VARCHAR", "boolean": "BOOLEAN", "date": "DATE", "timestamp": "TIMESTAMP"}  # fmt: skip


def duck_type(spark_type: str) -> str:
    """A Spark type (``simpleString``) under its DuckDB name (upper case; unknown ones as they are)."""
    t = spark_type.lower()
    return _NAMES.get(t, t.upper())


def spark_prepare(original: Any, synthetic: Any, control: Any, columns: list[str] | None, spark: Any) -> Tables:
    """:func:`sqlpriv.attacks.inputs.prepare` on Spark (render inside ``use_dialect("spark")``):
    the same checks, the positioned tables as round tables of an :class:`AttackSparkPlan`."""
    ori = resolve_source(original, spark)
    sources = {"original": ori, "synthetic": resolve_source(synthetic, spark or ori.spark)}
    if control is not None:
        sources["control"] = resolve_source(control, spark or ori.spark)
    types = {c: duck_type(t) for c, t in ori.columns}
    for what, src in sources.items():
        same_columns(types, {c: duck_type(t) for c, t in src.columns}, what)
    columns = list(types) if columns is None else columns
    for c in columns:
        if c not in types:
            raise ColumnError(f"column {c!r} is not in the original table; it has: {', '.join(map(repr, types))}")
    both = SparkSource(ori.spark, ori.name, " and ".join(s.label for s in sources.values()), ori.ref, ori.columns, "")
    both.comment = "\n".join(s.comment for s in sources.values() if s.comment)
    plan = SparkPlan(ori.spark, both, progress=False)
    prefix = temp_name("sqlpriv_attack")
    names, counts = {}, {}
    for what, src in sources.items():
        names[what] = f"{prefix}_{what}"
        plan.add(names[what], [create_table(names[what], render("attacks/positioned.sql", relation=src.ref))])
        plan.ensure([names[what]])
        row = plan.rows(render("attacks/non_null.sql", table=names[what], columns=["__sqlpriv_pos", *columns]))[0]
        counts[what] = int(row[0] or 0)
        if counts[what] < (1 if what == "control" else 2):
            raise EmptyInputError(
                f"the {what} table ({src.label}) has {counts[what]} rows; an attack needs at least "
                f"{1 if what == 'control' else 2}"
            )
        for c, n in zip(columns, row[1:]):
            if not n:
                raise ColumnError(f"column {c!r} of the {what} table holds only NULLs; leave it out of the attack")
    return Tables(
        cast(Any, plan), names["original"], names["synthetic"], names.get("control"), counts["original"],
        counts["synthetic"], counts.get("control", 0), types, prefix,
    )  # fmt: skip


def spark_rows(plan: SparkPlan, frame: pd.DataFrame, types: dict[str, str]) -> str:
    """Rows drawn in Python (``frame``) as a Spark temp view; its quoted name. Integer columns
    become ``bigint``, other numeric ones ``double``, the rest keep the original's Spark type
    (``types``: column to Spark type)."""
    schema = ", ".join(f"{quote(c)} {_kind(types[c])}" for c in frame.columns)
    rows = [tuple(None if _missing(v) else _plain(v) for v in r) for r in frame.itertuples(index=False, name=None)]
    view = temp_name("sqlpriv_attack_rows")
    plan.spark.createDataFrame(rows, schema=schema).createOrReplaceTempView(view)
    return quote(view)


def plan_result(plan: Any, query: str, needs: list[str]) -> Result:
    """A query over a plan's tables: a :class:`~sqlpriv.engine.result.Result` on DuckDB, a
    :class:`~sqlpriv.engine.spark.plan.SparkPlanResult` on Spark (``.df()``, ``.spark()``, ``.sql``)."""
    if isinstance(plan, SparkPlan):
        return cast(Result, SparkPlanResult(plan, query, needs))
    return Result(plan, query, needs)


def _kind(spark_type: str) -> str:
    duck = duck_type(spark_type)
    if not is_numeric(duck):
        return spark_type
    return "bigint" if duck in ("TINYINT", "SMALLINT", "INTEGER", "BIGINT") else "double"


def _missing(value: Any) -> bool:
    import pandas as pd

    return value is None or (not isinstance(value, (str, bytes)) and bool(pd.isna(value)))


def _plain(value: Any) -> Any:
    return value.item() if hasattr(value, "item") else value


__all__ = ["duck_type", "plan_result", "spark_prepare", "spark_rows"]
