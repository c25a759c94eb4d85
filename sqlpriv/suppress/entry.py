"""``sqlpriv.local_suppression``: blank a few key cells so that every record's class, a NULL
matching any value, has at least k records (docs/measures.md, local suppression; sdcMicro's
``localSuppression``).
"""

from __future__ import annotations

from typing import Any

import duckdb

from sqlpriv.engine.connection import connect
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.plan import Plan
from sqlpriv.engine.sources import ColumnSpec, resolve_columns, resolve_source, source_column
from sqlpriv.engine.spark import run as spark_run
from sqlpriv.engine.spark.plan import SparkPlan
from sqlpriv.engine.spark.run import wants_spark
from sqlpriv.engine.templates import create_table, current_dialect, quote, render, use_dialect
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError
from sqlpriv.suppress import checks, exact, rounds
from sqlpriv.suppress.result import LocalSuppression


def local_suppression(
    source: Any,
    keys: list[str],
    *,
    k: int | list[int] = 2,
    importance: list[int] | None = None,
    combs: list[int] | None = None,
    strata: list[str] | str | None = None,
    method: str = "auto",
    max_suppressed: int | None = None,
    time_limit: int = 60,
    con: duckdb.DuckDBPyConnection | str | None = None,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
) -> LocalSuppression:
    """Suppress key cells of ``source`` until it is k-anonymous on ``keys`` under wildcard
    semantics (a NULL matches any value, as sdcMicro measures a released table).

    ``importance`` ranks the keys, 1 the most important (suppressed last); without it the key with
    the most distinct values is suppressed first (sdcMicro's rule). ``combs``: subset sizes, each
    subset of that many keys made k-anonymous (``k`` one per size, or one). ``strata``: columns
    within whose values k-anonymity holds. ``method``: "sdcmicro" (sdcMicro's greedy rounds: each
    record below k loses its least important shown key), "greedy" (each loses the key that leaves
    it the largest class, deferring to a close pattern), "exact" (the fewest cells, an integer
    program on the distinct patterns: small inputs, needs scipy), "auto" (exact where small and
    scipy is installed, else the fewer cells of greedy and sdcmicro). ``max_suppressed``: a budget
    of cells; a result over it is an error saying how many it needs. A Spark DataFrame (or ``spark=``
    with a table name or file) runs the same rounds as Spark statements (docs/spark.md; "exact"
    refused there); the released table is then a Spark result (``.spark()``, ``.to_parquet()``).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"a": [1, 1, 2, 2, 3], "b": ["x", "y", "x", "y", "x"]})
    >>> r = local_suppression(df, ["a", "b"], k=2, method="sdcmicro")
    >>> r.suppressed, r.k_reached
    (5, 2.0)
    """
    method = checks.check_method(method)
    if wants_spark(source, spark):
        if method == "exact":
            raise ParameterError(
                "method='exact' runs on DuckDB only (its integer program is solved in Python on the "
                "patterns); on Spark use method='greedy', 'sdcmicro' or 'auto' (the fewer cells of the two)"
            )
        duck = {"con": con, "threads": threads, "memory_limit": memory_limit, "temp_directory": temp_directory}
        if given := sorted(name for name, value in duck.items() if value is not None):
            raise ParameterError(f"{', '.join(given)}: DuckDB options, not available on Spark; leave them out")
        with use_dialect("spark"):
            ssrc = spark_run.resolve_source(source, spark)
            plan: Any = SparkPlan(ssrc.spark, ssrc, progress=False)
            specs = _spark_keys(ssrc, keys)
            return _suppress(plan, ssrc, specs, temp_name("sqlpriv_ls"), k, importance, combs, strata, method,
                             max_suppressed, time_limit)  # fmt: skip
    conn = connect(con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
    src = resolve_source(source, conn)
    specs = resolve_columns(src, keys)
    if any(s.is_expression for s in specs):
        raise ColumnError("local suppression blanks cells of source columns: pass key column names, not expressions")
    prefix = temp_name("sqlpriv_ls", conn, "_start")  # its tables are prefix_start, prefix_<rule>_<i>, ...
    return _suppress(Plan(conn, src), src, specs, prefix, k, importance, combs, strata, method, max_suppressed,
                     time_limit)  # fmt: skip


def _spark_keys(src: Any, keys: Any) -> list[ColumnSpec]:
    """The keys of a Spark source as column specs (names only: cells of source columns are blanked)."""
    items = [keys] if isinstance(keys, str) else list(keys or [])
    if not items or any(not isinstance(c, str) for c in items):
        raise ColumnError("local suppression blanks cells of source columns: pass key column names, not expressions")
    names = [source_column(src, c) for c in items]
    if len({n.lower() for n in names}) != len(names):
        raise ColumnError("a key is listed twice; give each key once")
    return [ColumnSpec(n, spark_run.quote(n)) for n in names]


def _suppress(
    plan: Any,
    src: Any,
    specs: list[ColumnSpec],
    prefix: str,
    k: Any,
    importance: Any,
    combs: Any,
    strata: Any,
    method: str,
    max_suppressed: int | None,
    time_limit: int,
) -> LocalSuppression:
    """The method on either engine's plan (a DuckDB :class:`Plan` or a :class:`SparkPlan`, rendering
    in its dialect): checks, the starting state, the rounds, the figures read back."""
    key_names = [s.name for s in specs]
    strata_names = [source_column(src, s) for s in ([strata] if isinstance(strata, str) else list(strata or []))]
    if set(map(str.lower, strata_names)) & set(map(str.lower, key_names)):
        raise ColumnError("a column cannot be both a key and a stratum; leave it out of one of them")
    combs = checks.check_combs(combs, len(specs))
    ks = checks.check_k(k, combs)
    facts = plan.rows(render("suppress/facts.sql", keys=specs, strata=strata_names, source=src.ref))[0]
    n, smallest = int(facts[0]), int(facts[1] or 0)
    if n == 0:
        raise EmptyInputError(f"{src.label} has no rows to suppress")
    if max(ks) > smallest:
        where = "its smallest stratum" if strata_names else "the table"
        raise ParameterError(
            f"k={max(ks)} is larger than {where} ({smallest} rows): no suppression reaches it; lower k or merge strata"
        )
    categories = [int(c) for c in facts[2:]]
    order = checks.key_order(key_names, importance, categories)
    protect = checks.subsets(len(specs), combs, ks)
    start = f"{prefix}_start"
    plan.add(
        start,
        [create_table(start, render("suppress/start.sql", keys=specs, strata=strata_names, source=src.ref))],
    )
    plan.ensure([start])
    pack = rounds.packing(categories)
    state, used = _run(plan, start, protect, len(strata_names), len(specs), order, method, prefix, time_limit, pack)
    if used == "greedy" and pack is not None:
        reached = rounds.packed_reached(plan, state, len(specs), len(strata_names), pack[1], prefix)
    else:
        reached = rounds.reached(plan, state, len(specs), len(strata_names), prefix)
    spec = dict(
        source=src,
        keys=key_names,
        strata=strata_names,
        k=ks,
        n=n,
        state=state,
        method=used,
        suppressed=rounds.total(plan, state),
        k_reached=reached,
        dialect=current_dialect(),
    )
    _check_budget(max_suppressed, spec["suppressed"])
    return LocalSuppression(plan, spec)


def _run(
    plan: Plan,
    start: str,
    protect: Any,
    ns: int,
    nk: int,
    order: list[int],
    method: str,
    prefix: str,
    limit: int,
    pack: Any = None,
) -> tuple[str, str]:
    """The final state table and the method that made it (the greedy rule on packed values when
    the keys' codes fit one integer, ``pack``: rounds.packing)."""
    if method == "exact" or (method == "auto" and not isinstance(plan, SparkPlan) and _exact_fits(plan, start, nk)):
        return rounds.exact_state(plan, start, protect, ns, prefix, limit), "exact"

    def rule_state(rule: str) -> str:
        if rule == "greedy" and pack is not None:
            return rounds.packed_greedy(plan, start, protect, ns, nk, order, pack, prefix)
        return rounds.greedy(plan, start, protect, ns, nk, order, rule, prefix)

    if method in ("greedy", "sdcmicro"):
        return rule_state(method), method
    candidates = [(rule_state(rule), rule) for rule in ("greedy", "sdcmicro")]
    return min(candidates, key=lambda c: rounds.total(plan, c[0]))


def _exact_fits(plan: Plan, start: str, nk: int) -> bool:
    """Whether the exact mode's integer program is small enough, and scipy installed."""
    try:
        import scipy.optimize  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:  # pragma: no cover - scipy is in the test extra
        return False
    budget = exact.MAX_VARIABLES // 4
    rows = plan.rows(render("suppress/patterns.sql", relation=quote(start), limit=budget + 1))
    total = sum(2 ** sum(v is not None for v in r[-2 - nk : -2]) for r in rows)
    return 0 < total <= budget


def _check_budget(budget: int | None, used: int) -> None:
    if budget is None:
        return
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        raise ParameterError(f"max_suppressed must be a whole number of cells >= 0, got {budget!r}")
    if used > budget:
        raise ParameterError(
            f"no suppression within the budget of {budget} cells was found: the best found suppresses {used} "
            f"({used - budget} over); raise max_suppressed, lower k, or recode the keys first (sqlpriv.generalize)"
        )
