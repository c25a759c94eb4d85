"""Linkability and inference on Spark (docs/spark.md): what :func:`sqlpriv.linkability` and
:func:`sqlpriv.inference` run when a table is a Spark DataFrame or ``spark=`` is given. The
attack is the single statement dbt runs (``attacks/link_query.sql``, ``infer_query.sql``,
rendered for Spark SQL): every record a target, the same neighbours, counts and risk as the
DuckDB plan; one row comes back to the driver. The random-guess baseline is drawn in Python with
the seed, from the same figures as on DuckDB (the synthetic rows; for inference the exact odds per
secret value, ``attacks/guess_odds.sql``), so it equals DuckDB's draw too. Sampled targets
(``n_attacks=``), ``ties=True`` and the per-target rows run the DuckDB plan as Spark statements
(:mod:`sqlpriv.attacks.spark_plan`).

>>> spark_numeric("decimal(10,2)"), spark_numeric("string"), spark_numeric("bigint")
(True, False, True)
"""

from __future__ import annotations

from typing import Any

from sqlpriv.engine.names import temp_name
from sqlpriv.engine.spark import sql as spark_sql
from sqlpriv.engine.spark.run import SparkSource, render_query, require_rows, resolve_source
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError

_NUMERIC = ("tinyint", "smallint", "int", "bigint", "float", "double", "decimal")


def spark_numeric(spark_type: str) -> bool:
    """Whether a Spark type (``simpleString``) is compared as a number."""
    return spark_type.lower().startswith(_NUMERIC)


def _tables(original: Any, synthetic: Any, control: Any, columns: list[str], spark: Any) -> list[SparkSource | None]:
    ori = resolve_source(original, spark)
    out: list[SparkSource | None] = [ori, resolve_source(synthetic, spark or ori.spark)]
    out.append(None if control is None else resolve_source(control, spark or ori.spark))
    kinds = dict(ori.columns)
    for what, src in zip(("original", "synthetic", "control"), out):
        if src is None:
            continue
        types = dict(src.columns)
        for c in columns:
            if c not in types:
                raise ColumnError(f"column {c!r} is not in the {what} table ({src.label}); it has: {', '.join(types)}")
            if c in kinds and spark_numeric(types[c]) != spark_numeric(kinds[c]):
                raise ColumnError(
                    f"column {c!r} is {kinds[c]} in the original table but {types[c]} in the {what} table; "
                    "give it the same kind of type (numeric or not) in every table"
                )
        require_rows(src)
    return out


def _refuse(n_attacks: Any, ties: bool = False) -> None:
    if n_attacks is not None or ties:
        raise ParameterError(
            "on Spark every record is attacked with the default tie rule; n_attacks= (sampled targets) and "
            "ties=True run on DuckDB only (read the tables into DuckDB, e.g. spark_df.toArrow())"
        )


def _count(src: SparkSource) -> int:
    return int(spark_sql.run(src.spark, render_query("engine_count_rows", relation=src.ref)).collect()[0][0])


def _figures(src: SparkSource, query: str) -> tuple[int, int, int | None, int | None]:
    row = spark_sql.run(src.spark, query).collect()[0]
    n, s, n_c, s_c = row["n_attacks"], row["n_success"], row["n_control"], row["n_control_success"]
    if not n:
        raise EmptyInputError(f"{src.label} has no rows; an attack needs records to attack")
    return int(n), int(s), None if n_c is None else int(n_c), None if s_c is None else int(s_c)


def spark_link_counts(
    original: Any, synthetic: Any, cols: tuple[list[str], list[str]], *, control: Any, k: int, n_attacks: Any,
    ties: bool, spark: Any,
) -> dict[str, Any]:  # fmt: skip
    """Linkability's counts on Spark (``n``, ``s``, ``n_c``, ``s_c``), the synthetic rows ``n_syn``,
    the capped ``k`` and the ``query``: :func:`sqlpriv.linkability` builds the outcome from them."""
    _refuse(n_attacks, ties)
    ori, syn, ctl = _tables(original, synthetic, control, cols[0] + cols[1], spark)
    assert ori is not None and syn is not None
    n_syn = _count(syn)
    k = min(k, n_syn)
    kinds = dict(ori.columns)
    query = render_query(
        "attacks_link_query", original=ori.ref, synthetic=syn.ref, cols_a=cols[0], cols_b=cols[1],
        numeric_a=[spark_numeric(kinds[c]) for c in cols[0]], numeric_b=[spark_numeric(kinds[c]) for c in cols[1]],
        k=k, control=None if ctl is None else ctl.ref,
    )  # fmt: skip
    n, s, n_c, s_c = _figures(ori, query)
    return {"n": n, "s": s, "n_c": n_c, "s_c": s_c, "n_syn": n_syn, "k": k, "query": query}


def spark_infer_counts(
    original: Any, synthetic: Any, aux: list[str], secret: str, *, control: Any, n_attacks: Any,
    regression: bool | None, tolerance: float, spark: Any,
) -> dict[str, Any]:  # fmt: skip
    """Inference's counts on Spark (``n``, ``s``, ``n_c``, ``s_c``), ``n_syn``, the baseline's exact
    ``odds`` per secret value (value, targets, right synthetic rows), ``regression`` and ``query``."""
    _refuse(n_attacks)
    ori, syn, ctl = _tables(original, synthetic, control, [*aux, secret], spark)
    assert ori is not None and syn is not None
    kinds = dict(ori.columns)
    regression = spark_numeric(kinds[secret]) if regression is None else bool(regression)
    query = render_query(
        "attacks_infer_query", original=ori.ref, synthetic=syn.ref, aux=aux,
        numeric=[spark_numeric(kinds[c]) for c in aux], secret=secret, regression=regression, tolerance=tolerance,
        control=None if ctl is None else ctl.ref,
    )  # fmt: skip
    n, s, n_c, s_c = _figures(ori, query)
    odds = _guess_odds(ori, syn, secret, regression, tolerance)
    return {"n": n, "s": s, "n_c": n_c, "s_c": s_c, "n_syn": _count(syn), "odds": odds, "regression": regression,
            "query": query}  # fmt: skip


def _guess_odds(ori: SparkSource, syn: SparkSource, secret: str, regression: bool, tolerance: float) -> list[Any]:
    """attacks/guess_odds.sql on Spark, over two temp views of the tables (it takes names)."""
    views = [temp_name("sqlpriv_attack_targets"), temp_name("sqlpriv_attack_synthetic")]
    try:
        for view, src in zip(views, (ori, syn)):
            spark_sql.run(ori.spark, render_query("engine_relation_view", view=view, relation=src.ref))
        query = render_query(
            "attacks_guess_odds", targets=views[0], synthetic=views[1], secret=secret, regression=regression,
            tolerance=tolerance,
        )  # fmt: skip
        return [tuple(r) for r in spark_sql.run(ori.spark, query).collect()]
    finally:
        for view in views:
            ori.spark.catalog.dropTempView(view)
