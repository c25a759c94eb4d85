"""Privacy factor of fields and data requests, with an approve / review / reject gate.

Cave (2023), "How To Quantify Privacy in Datasets" (docs/measures.md §3): with ``f_c``
the count of category ``c`` of a column and ``K`` its categories,
``privacy_factor = (1/K) * sum_c (1 - 1/f_c)``; a data request (a list of
fields) scores the product of its fields' factors (fields reading a common
source column scored together, by the exact factor of their tuple), and
thresholds approve, reject or send it to review; an optional gate policy
(``max_unique_share``, ``min_k``) lets the exact joint figures overrule it. Because the product assumes independent
columns, every assessment also reports the exact figures of the requested
columns together (one GROUP BY): equivalence classes, smallest class
(k-anonymity), rows in classes below ``k``, unique rows, and says when the
two disagree. All the math is SQL in ``sql_templates/request/``.

>>> import pandas as pd
>>> df = pd.DataFrame({"id": [1, 2, 3, 4], "sex": ["f", "f", "m", "m"], "c": [0, 0, 0, 0]})
>>> privacy_profile(df).df()[["column", "privacy_factor", "categories"]].values.tolist()
[['id', 0.0, 4], ['sex', 0.5, 2], ['c', 0.75, 1]]
>>> a = assess_request(df, ["sex", "c"], approve=0.5, reject=0.2, k=2)
>>> a.score, a.decision, a.joint["smallest_class"]
(0.375, 'review', 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import duckdb

from sqlpriv.engine import checks
from sqlpriv.engine.connection import connect
from sqlpriv.engine.dispatch import spark_twin
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.result import Result
from sqlpriv.engine.sources import ColumnsArg, ColumnSpec, Source, resolve_columns, resolve_source
from sqlpriv.engine.templates import render
from sqlpriv.errors import ParameterError
from sqlpriv.request.assessment import DECISIONS, Assessment, GatePolicy, RequestSpec, gate_policy
from sqlpriv.request.disclosure import DisclosureRule
from sqlpriv.request.entity import EntityRule
from sqlpriv.request.fields import check_weights, field_groups, request_fields, set_layout

STRATEGIES = ("auto", "union", "grouping_sets")
_ROW_READERS = ("read_csv(", "read_json(")


def _pick_strategy(strategy: str, src: Source) -> str:
    """``auto``: one pass with GROUPING SETS for row-oriented files (CSV, JSON), where every
    extra scan re-parses the file; one aggregate per set otherwise (Parquet, tables, frames),
    where each aggregate reads only its own columns and runs faster."""
    if strategy != "auto":
        return strategy
    if any(reader in stmt for stmt in src.statements for reader in _ROW_READERS):
        return "grouping_sets"
    return "union"


def _engine_options(con: Any, threads: Any, memory_limit: Any, temp_directory: Any) -> dict[str, Any]:
    """The connection arguments every measure passes to :func:`connect` or to its Spark twin."""
    return dict(con=con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)


def _names(con: duckdb.DuckDBPyConnection) -> dict[str, str]:
    prefix = temp_name("sqlpriv_request", con, "_sizes")
    return {"prefix": prefix, "sizes": f"{prefix}_sizes"}


def _sizes_step(
    t: Mapping[str, str],
    source: str,
    analysed: list[dict[str, Any]],
    sets: list[dict[str, Any]],
    keep: list[int],
    strategy: str,
) -> str:
    """The plan step keeping the class-size histogram (request/sizes.sql) as temp table t["sizes"]."""
    body = render("request/sizes.sql", source=source, analysed=analysed, sets=sets, keep=keep, strategy=strategy)
    return render("engine/create_table.sql", table=t["sizes"], body=body)


# --------------------------------------------------------------------------- profile


@spark_twin("privacy_profile")  # a Spark DataFrame, or spark=: the same on Spark (docs/spark.md)
def privacy_profile(
    source: Any,
    columns: ColumnsArg = None,
    *,
    con: duckdb.DuckDBPyConnection | str | None = None,
    strategy: str = "auto",
    dropna: bool = False,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
) -> Result:
    """Cave's privacy profile: one row per column (docs/measures.md §3).

    Columns of the result: ``column``, ``privacy_factor`` (``(1/K) sum (1 - 1/f_c)``: 0 for a
    unique ID, ``1 - 1/n`` for a constant), ``probability`` (``1 - privacy_factor``),
    ``shannons`` and ``harts`` (mean log2 / log10 of the category counts), ``values`` (n) and
    ``categories`` (K; NULL is a category). ``columns`` takes names and
    ``{"name": "SQL expression"}`` entries (default: every column). ``strategy``:
    ``"union"`` (one GROUP BY per column, fastest on columnar sources), ``"grouping_sets"``
    (one pass with GROUPING SETS, best for CSV/JSON) or ``"auto"`` (picks by source type).
    ``dropna=True`` leaves out rows with NULL in any profiled column (``values`` is then the
    number of rows kept) instead of counting NULL as a category.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"g": ["a", "a", "a", "b"]})
    >>> privacy_profile(df).df().round(4).values.tolist()
    [['g', 0.3333, 0.6667, 0.7925, 0.2386, 4, 2]]
    """
    strategy = checks.choice("strategy", strategy, STRATEGIES)
    engine = _engine_options(con, threads, memory_limit, temp_directory)
    conn = connect(**engine)
    src = resolve_source(source, conn)
    specs = resolve_columns(src, columns)
    t = _names(conn)
    analysed = [{"alias": f"a{j}", "expr": s.expr} for j, s in enumerate(specs)]
    sets = [{"j": j, "members": [j]} for j in range(len(specs))]
    keep = list(range(len(specs))) if checks.boolean("dropna", dropna) else []
    plan = Plan(conn, src)
    empty = f"{src.label} has no rows" + (" without a NULL in a profiled column (dropna=True)" if keep else "")
    plan.add(
        "sizes",
        [
            _sizes_step(t, src.ref, analysed, sets, keep, _pick_strategy(strategy, src)),
            render("request/profile_rows.sql", t=t, message=f"{empty}; there is nothing to measure"),
        ],
    )
    return Result(plan, render("request/profile.sql", t=t, columns=specs), ["sizes"])


# --------------------------------------------------------------------------- assessment


@spark_twin("assess_request")
def assess_request(
    source: Any,
    request: ColumnsArg,
    *,
    approve: float = 0.8,
    reject: float = 0.2,
    k: int = 5,
    weights: Mapping[str, float] | None = None,
    max_unique_share: float | None = None,
    min_k: int | None = None,
    on_violation: str = "review",
    max_average_risk: float | None = None,
    max_population_uniqueness: float | None = None,
    sampling_fraction: float | None = None,
    sensitive: Any = None,
    min_l: int | None = None,
    max_t: float | None = None,
    con: duckdb.DuckDBPyConnection | str | None = None,
    strategy: str = "auto",
    dropna: bool = False,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
    entity: str | None = None,
) -> Assessment:
    """Assess a data request: score, approve / review / reject, and the exact joint figures.

    ``request``: field names and ``{"name": "SQL expression"}`` entries (Cave's anonymity
    functions, e.g. ``{"zip3": "left(zip, 3)"}``). Keyword arguments: ``approve=0.8`` /
    ``reject=0.2``, thresholds in [0, 1] with ``approve >= reject``: a score at or above
    ``approve`` is approved, below ``reject`` rejected, otherwise sent to review.
    ``weights``: ``{field: factor}`` that replaces the measured factor (e.g. an ID re-keyed
    per request), keyed by requested field; a weight for anything else (another column of the
    source included) is refused with a ColumnError, never dropped. The joint figures are over
    the requested fields without a weight. ``k=5``: the k of k-anonymity for ``share_below_k`` and the uniqueness histogram.
    ``dropna=True`` leaves out rows with NULL in any requested field (``dropped_rows`` says
    how many) instead of counting NULL as a category. ``sensitive`` with ``min_l`` and/or
    ``max_t``: rules on sensitive columns, violated when a class of the requested fields (those
    without a weight) holds fewer than ``min_l`` distinct values of a sensitive column, or is
    farther than ``max_t`` from its distribution (docs/measures.md §8; applied by ``decision``
    as ``min_k`` is, not by the single-statement ``report()``). ``con``, ``strategy`` (see
    :func:`privacy_profile`), ``threads``, ``memory_limit``, ``temp_directory`` as everywhere
    in sqlpriv. ``max_average_risk`` / ``max_population_uniqueness`` (with ``sampling_fraction``)
    gate on the joint prosecutor average risk and Zayatz's population uniqueness
    (docs/measures.md §9) as ``min_k`` does on the smallest class. ``entity`` (with ``min_k``)
    names a column identifying the person behind each row (panel data): ``min_k`` then counts a
    class's distinct entities, not its rows (``joint["smallest_class_entities"]``).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"id": [1, 2, 3, 4], "age": [30, 31, 40, 41]})
    >>> a = assess_request(df, [{"decade": "age // 10"}, "id"], weights={"id": 0.9}, k=2)
    >>> a.fields().df()[["field", "factor_before", "factor_after", "factor"]].values.tolist()
    [['decade', 0.0, 0.5, 0.5], ['id', 0.0, 0.0, 0.9]]
    >>> round(a.score, 4), a.decision, a.joint["columns"], a.joint["smallest_class"]
    (0.45, 'review', ['decade'], 2)
    """
    gate = gate_policy(approve, reject, k, max_unique_share, min_k, on_violation)
    gate = _risk_rules(gate, max_average_risk, max_population_uniqueness, sampling_fraction)
    engine = _engine_options(con, threads, memory_limit, temp_directory)
    strategy = checks.choice("strategy", strategy, STRATEGIES)
    dropna = checks.boolean("dropna", dropna)
    if checks.is_empty(request):
        raise ParameterError("the request is empty: name at least one field, e.g. request=['gender', 'age']")
    src = resolve_source(source, connect(**engine))
    specs = resolve_columns(src, request)
    weights = check_weights(weights, specs, src)
    rule = None
    if sensitive is not None or min_l is not None or max_t is not None:  # sqlpriv/request/disclosure.py
        if sensitive is None:
            raise ParameterError("min_l / max_t are rules on sensitive columns: name them with sensitive=[...]")
        fields = [c for c in specs if c.name not in weights]
        rule = DisclosureRule.build(src, fields, sensitive, min_l=min_l, max_t=max_t)
    entity_rule = None
    if entity is not None:  # min_k in entities (sqlpriv/request/entity.py): the SQL gate leaves min_k to it
        joint = [c for c in specs if c.name not in weights]
        entity_rule = EntityRule.build(src, specs, joint, entity, gate.min_k, dropna)
    assessment = _plan_assessment(
        src, specs, weights, replace(gate, min_k=None) if entity_rule else gate, strategy, dropna
    )
    assessment.gate = gate
    assessment.disclosure = rule
    assessment.entity_rule = entity_rule
    assessment.identifier_messages = _identifier_probe(src, specs, weights, dropna)
    return assessment


def _identifier_probe(src: Source, specs: list[ColumnSpec], weights: dict[str, float], dropna: bool) -> list[str]:
    """Warn now (during the call) about requested fields that look like identifiers; the messages."""
    from sqlpriv.engine.identifiers import REQUEST_ADVICE, warn_identifiers

    probe = render("request/identifier_probe.sql", columns=specs, source=src.ref, dropna=dropna)
    counts = dict(run(src.con, probe).fetchall())
    n = int(counts.pop(-1))
    if n == 0:
        return []  # the assessment refuses it when a figure is read
    return warn_identifiers(
        src.con, render("request/identifier_rows.sql", query=probe), n, [s.name for s in specs], advice=REQUEST_ADVICE,
        skip=[name for name in weights],
    )  # fmt: skip


def _risk_rules(gate: GatePolicy, max_average_risk: Any, max_population_uniqueness: Any, fraction: Any) -> GatePolicy:
    """The gate with the risk rules of issue 26 (docs/measures.md §9), each checked."""
    from dataclasses import replace

    max_average_risk, max_population_uniqueness, fraction = checks.risk_rules(
        max_average_risk, max_population_uniqueness, fraction
    )
    return replace(
        gate,
        max_average_risk=max_average_risk,
        max_population_uniqueness=max_population_uniqueness,
        sampling_fraction=None if fraction is None else float(fraction),
    )


def _plan_assessment(
    src: Source, specs: list[ColumnSpec], weights: dict[str, float], gate: GatePolicy, strategy: str, dropna: bool
) -> Assessment:
    """The assessment's plan: one counting step (every column set at once) and its queries."""
    analysed, fields = request_fields(src, specs, weights)
    groups = field_groups(fields)
    joint_members = [i for i, f in enumerate(fields) if f["weight"] is None]
    sets, joint_j, group_rows = set_layout(len(analysed), joint_members, groups)
    t = _names(src.con)
    plan = Plan(src.con, src)
    keep = list(range(len(specs))) if dropna else []
    plan.add("sizes", [_sizes_step(t, src.ref, analysed, sets, keep, _pick_strategy(strategy, src))])
    ctx = dict(t=t, fields=fields, groups=group_rows, joint_j=joint_j, **gate.context())
    queries = {name: render(f"request/{name}.sql", **ctx) for name in ("fields", "report", "uniqueness")}
    spec = RequestSpec(
        request=[s.name for s in specs],
        weights=weights,
        joint_columns=[fields[i]["name"] for i in joint_members],
        groups=[[fields[i]["name"] for i in members] for members in groups],
        label=src.label,
        tables=t,
    )
    return Assessment(plan, queries, spec, gate)


# --------------------------------------------------------------------------- small classes


@spark_twin("small_classes")
def small_classes(
    source: Any,
    columns: ColumnsArg,
    *,
    k: int = 5,
    con: duckdb.DuckDBPyConnection | str | None = None,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
) -> Result:
    """The equivalence classes of ``columns`` with fewer than ``k`` rows (k-anonymity failures).

    One row per class: the columns' values under their own names and ``class_size`` (rows in
    the class), ordered by ``class_size``, then the values (NULLs last); NULL is a value, as in
    :func:`assess_request`. The rows are those behind ``rows_below_k`` of the assessment
    (their ``class_size`` sums to it). ``columns``: names, or ``{"name": "SQL expression"}``
    entries to coarsen, as :func:`assess_request` takes them (a column called ``class_size``
    pushes the size's heading to ``_class_size``). Same SQL as the dbt k-anonymity test
    (``request/small_classes.sql``); command line: ``sqlpriv request ... --k K`` lists them
    under ``class sizes``.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"sex": ["f", "f", "m", "m", "m"], "age": [30, 30, 30, 40, 40]})
    >>> small_classes(df, ["sex", "age"], k=2).df().values.tolist()
    [['m', 30, 1]]
    >>> small_classes(df, ["sex"], k=3).fetchall()
    [('f', 2)]
    >>> small_classes(df, ["sex", {"decade": "age // 10 * 10"}], k=2).fetchall()
    [('m', 30, 1)]
    """
    k = checks.anonymity_k(k)
    if checks.is_empty(columns):
        raise ParameterError("columns is empty: name at least one column, e.g. columns=['gender', 'age']")
    engine = _engine_options(con, threads, memory_limit, temp_directory)
    conn = connect(**engine)
    src = resolve_source(source, conn)
    specs = resolve_columns(src, columns)
    names = [s.name for s in specs]
    size_name = "class_size"
    while size_name.lower() in {n.lower() for n in names}:
        size_name = "_" + size_name
    query = render("request/small_classes.sql", source=src.ref, columns=names, specs=specs, k=k, size_name=size_name)
    return Result(Plan(conn, src), query, [])


__all__ = ["DECISIONS", "Assessment", "GatePolicy", "assess_request", "privacy_profile", "small_classes"]
