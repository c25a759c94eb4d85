"""Exact k nearest synthetic neighbours of every target record, in SQL, with anonymeter's mixed
distance and one tie rule (smaller distance, then smaller synthetic row position; ``ties=True``
keeps every row at the k-th distance). The search reads the synthetic patterns level by level
of categorical mismatches and runs each level in chunks sized from a probe, every round a SQL
statement kept on the plan; the distance, the tie rule and the levelled search are defined in
docs/measures.md §11.1-§11.2.

>>> from sqlpriv.engine.connection import connect
>>> from sqlpriv.engine.plan import Plan, run
>>> p = Plan(connect())
>>> run(p.con, "create temp table t as select 0 as __sqlpriv_pos, 1.0 as x, 'a' as y")  # doctest: +ELLIPSIS
<...>
>>> run(p.con, "create temp table s as select * from (values (0, 3.0, 'a'), (1, 1.5, 'b'), (2, 2.0, 'a')) v(__sqlpriv_pos, x, y)")  # doctest: +ELLIPSIS
<...>
>>> n = nearest(p, "t", "s", ["x", "y"], [True, False], k=2, name="nn")
>>> p.ensure([n.step]); run(p.con, f"select rk, spos, d from {n.neighbours} order by rk").fetchall()
[(1, 2, 0.5), (2, 0, 1.0)]
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

from sqlpriv.engine.plan import Plan
from sqlpriv.engine.templates import call, create_table, insert_into, render

#: distances computed per chunk statement (a level's estimate); bounds a chunk's memory
CHUNK_DISTANCES = 20_000_000
#: equality joins a search level may run; a level needing more reads every pattern (a cross join)
MAX_JOINS = 64
#: open target tuples x candidate rows at or below which a level reads every pattern at once
CROSS_DISTANCES = 500_000
#: open target tuples x synthetic patterns at or below which a level's pattern pairs come from one
#: join of every open pattern with every synthetic pattern (else one equality join per subset)
CROSS_PATTERNS = 1_500_000
#: columns up to which a pattern pair carries its mismatches as a bit mask (no string compared per row)
MASK_COLUMNS = 62
#: level 0 runs a band first where its targets average at least this many candidate rows
BAND_MIN = 128
#: candidate rows a band bucket should hold per target (on average): sets the bucket width
BAND_ROWS = 16


@dataclass(frozen=True)
class Neighbours:
    """The tables of one search: ``scaled`` (each target's ``__sqlpriv_pos`` and tuple ``tid``) and
    ``neighbours`` (``tid, rk, sid, spos, d``: rank, synthetic tuple, synthetic position, distance),
    made by plan step ``step``."""

    scaled: str
    neighbours: str
    step: str


def nearest(
    plan: Plan,
    targets: str,
    synthetic: str,
    columns: list[str],
    numeric: list[bool],
    k: int,
    *,
    name: str,
    ties: bool = False,
    metric: str = "anonymeter",
    range_of: str | None = None,
    group: bool = False,
) -> Neighbours:
    """Search (now, in rounds of SQL statements kept on ``plan``) ``targets``' k nearest rows of
    ``synthetic``: tables with ``__sqlpriv_pos`` and ``columns``; ``numeric`` flags the columns compared by
    scaled absolute difference. The last round is plan step ``name``.

    ``metric="sdmetrics"`` with ``range_of`` (the table whose ranges scale the numeric columns;
    default: targets and synthetic together) gives SDMetrics' DCR distance times the number of
    columns (attacks/distance.sql); the ranking, the bounds and the tie rule are the same.
    ``group``: the targets carry a tag ``__sqlpriv_g`` (several attacks, e.g. main and control,
    searched in one pass), each tag scaled by the ranges over its own targets and the synthetic rows,
    as if searched alone.
    """
    cats = [j for j, flag in enumerate(numeric) if not flag]
    t = {p: f"{name}_{p}" for p in ("ranges", "ts", "ss", "tuples", "cand", "tpat", "spat", "open", "pairs", "nn")}
    scaled: dict[str, Any] = {"columns": columns, "numeric": numeric, "cats": cats, "group": group}
    statements = [
        create_table(
            t["ranges"],
            render(
                "attacks/ranges.sql",
                targets=targets,
                synthetic=synthetic,
                columns=columns,
                numeric=numeric,
                only=range_of,
                group=group,
            ),
        ),
        create_table(t["ts"], render("attacks/scaled.sql", table=targets, ranges=t["ranges"], **scaled)),
        create_table(
            t["ss"], render("attacks/scaled.sql", table=synthetic, ranges=t["ranges"], synthetic=True, **scaled)
        ),
        create_table(t["tuples"], render("attacks/tuples.sql", scaled=t["ts"], n_columns=len(columns), group=group)),
        create_table(t["cand"], render("attacks/candidates.sql", scaled=t["ss"], k=k)),
        create_table(t["tpat"], render("attacks/patterns.sql", table=t["tuples"], cats=cats, group=group)),
        create_table(t["spat"], render("attacks/patterns.sql", table=t["cand"], cats=cats, group=group)),
        render("attacks/neighbours_table.sql", table=t["nn"]),
    ]
    step = f"{name}_prep"
    plan.add(step, statements, deps=[s for s in plan.steps if s in (targets, synthetic)])
    plan.ensure([step])
    sizes = plan.rows(render("attacks/sizes.sql", tables=[t["tuples"], t["cand"], t["spat"]]))
    n_tuples, n_cand, n_spat = (int(v or 0) for v in (sizes[0] if sizes else (0, 0, 0)))
    how = {"numeric": numeric, "k": k, "ties": ties, "metric": metric, "group": group, "n_spat": n_spat}
    for level in range(len(cats) + 1):
        step, final = _level(plan, t, step, level, n_tuples, n_cand, cats, how)
        if final:
            break
    last = [create_table(t["nn"], render("attacks/tie_rows.sql", found=t["nn"], scaled=t["ss"]))] if ties else []
    plan.add(name, last, deps=[step])
    plan.ensure([name])
    return Neighbours(t["ts"], t["nn"], name)


def _level(
    plan: Plan,
    t: dict[str, str],
    after: str,
    level: int,
    n_tuples: int,
    n_cand: int,
    cats: list[int],
    how: dict[str, Any],
) -> tuple[str, bool]:
    """Run search level ``level`` after step ``after``; its last step and whether it was the last level."""
    opened = f"{t['nn']}_open{level}"
    plan.add(
        opened,
        [create_table(t["open"], render("attacks/open_tuples.sql", tuples=t["tuples"], found=t["nn"]))],
        deps=[after],
    )
    plan.ensure([opened])
    subsets, final = level_subsets(cats, level)
    n_open = _count(plan, render("engine/count_rows.sql", relation=_quote(t["open"])))
    if not final and n_open * n_cand <= CROSS_DISTANCES:  # cheaper to read every pattern now
        subsets, final = [[]], True
    most = level if level and not final and n_open * how["n_spat"] <= CROSS_PATTERNS else None
    pairs = render(
        "attacks/level_pairs.sql", tpat=t["tpat"], spat=t["spat"], open=t["open"], cats=cats, subsets=subsets,
        group=how["group"], most=most, masked=len(how["numeric"]) <= MASK_COLUMNS,
    )  # fmt: skip
    plan.add(f"{t['nn']}_level{level}", [create_table(t["pairs"], pairs)], deps=[opened])
    plan.ensure([f"{t['nn']}_level{level}"])
    work = _count(plan, render("attacks/estimate.sql", open=t["open"], pairs=t["pairs"]))
    search: dict[str, Any] = {"tuples": t["tuples"], "open": t["open"], "pairs": t["pairs"], "candidates": t["cand"]}
    search |= {key: how[key] for key in ("numeric", "k", "ties", "metric")}
    search["same_cats"] = subsets == [cats]  # level 0's one join on every categorical column
    search["masked"] = len(how["numeric"]) <= MASK_COLUMNS
    before = f"{t['nn']}_level{level}"
    if level == 0 and any(how["numeric"]) and n_open and work >= BAND_MIN * n_open:
        before, work = _band(plan, t, before, search, n_tuples, work // n_open)
    search |= {"bound": level + 1, "final": final}
    statements = [
        insert_into(t["nn"], render("attacks/search.sql", lo=lo, hi=hi, **search)) for lo, hi in chunks(n_tuples, work)
    ]
    plan.add(f"{t['nn']}_search{level}", statements, deps=[before])
    plan.ensure([f"{t['nn']}_search{level}"])
    return f"{t['nn']}_search{level}", final


def _band(
    plan: Plan, t: dict[str, str], after: str, search: dict[str, Any], n_tuples: int, per: int
) -> tuple[str, int]:
    """Level 0's band (docs/measures.md §11.2): each open target against the candidates of its
    pattern whose bucket of one numeric column (the one with the most distinct values; width ``w``,
    about ``BAND_ROWS`` candidates a target) is the target's or a neighbouring one. A candidate
    outside the band differs by more than ``w`` on that column alone, so a nearest found closer
    than ``w`` is final; the other targets stay open for the whole level. The open tuples and the
    level's work are read again; returns the last step and that work."""
    numeric = search["numeric"]
    cols = [j for j, flag in enumerate(numeric) if flag]
    found = plan.rows(render("attacks/band_column.sql", candidates=t["cand"], columns=cols))
    distinct = found[0] if found else None
    column = cols[max(range(len(cols)), key=lambda i: int((distinct or [0] * len(cols))[i] or 0))]
    buckets = max(4, math.ceil(per / BAND_ROWS))
    width = 1.0 / buckets
    band = {**search, "band": column, "width": width, "bound": width * (1 - 1e-9), "final": False}
    name = f"{t['nn']}_band"
    statements = [
        insert_into(t["nn"], render("attacks/search.sql", lo=lo, hi=hi, **band))
        for lo, hi in chunks(n_tuples, 3 * per * n_tuples // buckets)
    ]
    statements.append(create_table(t["open"], render("attacks/open_tuples.sql", tuples=t["tuples"], found=t["nn"])))
    plan.add(name, statements, deps=[after])
    plan.ensure([name])
    work = _count(plan, render("attacks/estimate.sql", open=t["open"], pairs=t["pairs"]))
    return name, work


def _count(plan: Plan, sql: str) -> int:
    """The one number a probe returns, through ``plan.rows`` (a DuckDB plan or a Spark plan:
    :mod:`sqlpriv.attacks.spark_plan`)."""
    rows = plan.rows(sql)
    return int((rows[0][0] if rows else 0) or 0)


def _quote(name: str) -> str:
    """A table name quoted for the dialect the plan is rendered for (DuckDB, or Spark)."""
    return call("quote", name=name)


def level_subsets(cats: list[int], level: int, most: int = MAX_JOINS) -> tuple[list[list[int]], bool]:
    """The equality joins of search level ``level`` (every subset of all but ``level`` of the
    categorical columns) and whether the level is the last (it reads every pattern: at the last
    level, or where more than ``most`` joins would be needed, one cross join).

    >>> level_subsets([0, 2, 3], 1)
    ([[2, 3], [0, 3], [0, 2]], False)
    >>> level_subsets([0, 1], 2), level_subsets([0, 1, 2, 3], 2, most=4)
    (([[]], True), ([[]], True))
    """
    size = len(cats) - level
    if size <= 0 or math.comb(len(cats), size) > most:
        return [[]], True
    subsets = [list(c) for c in itertools.combinations(cats, size)]
    return subsets[::-1] if level else subsets, False


def chunks(n_tuples: int, work: int, budget: int = CHUNK_DISTANCES) -> list[tuple[int, int]]:
    """Inclusive ranges of target tuple ids (1-based), as many as the estimated ``work`` (distances
    of level one) needs to keep each chunk near ``budget``.

    >>> chunks(10, 45, budget=20)
    [(1, 4), (5, 8), (9, 10)]
    >>> chunks(0, 0)
    []
    """
    if n_tuples <= 0:
        return []
    parts = max(1, min(n_tuples, math.ceil(work / budget)))
    size = math.ceil(n_tuples / parts)
    return [(lo, min(n_tuples, lo + size - 1)) for lo in range(1, n_tuples + 1, size)]
