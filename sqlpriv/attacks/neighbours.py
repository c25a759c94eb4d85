"""Exact k nearest synthetic neighbours of every target record, in SQL (docs/measures.md, "Attacks").

The distance is anonymeter's mixed distance (:mod:`sqlpriv.attacks` and ``attacks/distance.sql``):
numeric columns divided by their range over the targets and the synthetic rows, L1 sum, 1 per
categorical mismatch. Ties are broken by ONE rule: the smaller distance first, then the smaller
synthetic row position (an undefined distance, where exactly one of two numeric values is NULL,
ranks after every defined one); ``ties=True`` keeps every synthetic row at the k-th distance too.

The search never compares every target with every synthetic row unless that is what the data
needs: targets with equal values share their neighbours (distinct tuples are searched once); a
synthetic tuple contributes at most its first k rows; and the number of categorical mismatches
``m`` of two patterns is a lower bound of their rows' distance (the numeric part lies in
[0, number of numeric columns]), so level one searches the patterns with at most ``mk``
mismatches (the first level holding k rows), and level two only the patterns with
``mk < m <= dk``, ``dk`` the k-th distance found at level one. Target tuples run in chunks sized
from a probe of the level-one work, so memory stays bounded.

>>> from sqlpriv.engine.connection import connect
>>> from sqlpriv.engine.plan import Plan, run
>>> p = Plan(connect())
>>> run(p.con, "create temp table t as select 0 as __pos, 1.0 as x, 'a' as y")  # doctest: +ELLIPSIS
<...>
>>> run(p.con, "create temp table s as select * from (values (0, 3.0, 'a'), (1, 1.5, 'b'), (2, 2.0, 'a')) v(__pos, x, y)")  # doctest: +ELLIPSIS
<...>
>>> n = nearest(p, "t", "s", ["x", "y"], [True, False], k=2, name="nn")
>>> p.ensure([n.step]); run(p.con, f"select rk, spos, d from {n.neighbours} order by rk").fetchall()
[(1, 2, 0.5), (2, 0, 1.0)]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.rows import scalar
from sqlpriv.engine.templates import create_table, insert_into, quote, render

#: distances computed per chunk statement (level one's estimate); bounds a chunk's memory
CHUNK_DISTANCES = 20_000_000


@dataclass(frozen=True)
class Neighbours:
    """The tables of one search: ``scaled`` (each target's ``__pos`` and tuple ``tid``) and
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
) -> Neighbours:
    """Declare (and run the preparation of) the search of ``targets``' k nearest rows of ``synthetic``.

    ``targets`` and ``synthetic`` are tables with ``__pos`` and ``columns``; ``numeric`` flags the
    columns compared by scaled absolute difference. The chunked search itself is step ``name``.
    """
    cats = [j for j, flag in enumerate(numeric) if not flag]
    t = {part: f"{name}_{part}" for part in ("ranges", "ts", "ss", "tuples", "cand", "pairs", "levels", "nn")}
    prep = f"{name}_prep"
    plan.add(
        prep,
        [
            create_table(
                t["ranges"],
                render("attacks/ranges.sql", targets=targets, synthetic=synthetic, columns=columns, numeric=numeric),
            ),
            create_table(
                t["ts"],
                render(
                    "attacks/scaled.sql", table=targets, ranges=t["ranges"], columns=columns, numeric=numeric, cats=cats
                ),
            ),
            create_table(
                t["ss"],
                render(
                    "attacks/scaled.sql",
                    table=synthetic,
                    ranges=t["ranges"],
                    columns=columns,
                    numeric=numeric,
                    cats=cats,
                    synthetic=True,
                ),
            ),
            create_table(t["tuples"], render("attacks/tuples.sql", scaled=t["ts"], n_columns=len(columns))),
            create_table(t["cand"], render("attacks/candidates.sql", scaled=t["ss"], k=k)),
            create_table(
                t["pairs"], render("attacks/mismatches.sql", targets=t["tuples"], candidates=t["cand"], cats=cats)
            ),
            create_table(t["levels"], render("attacks/first_level.sql", pairs=t["pairs"], k=k)),
        ],
        deps=[s for s in plan.steps if s in (targets, synthetic)],
    )
    plan.ensure([prep])
    work = scalar(
        run(plan.con, render("attacks/estimate.sql", tuples=t["tuples"], pairs=t["pairs"], levels=t["levels"]))
    )
    n_tuples = scalar(run(plan.con, render("engine/count_rows.sql", relation=quote(t["tuples"]))))
    statements = [render("attacks/neighbours_table.sql", table=t["nn"])]
    for lo, hi in chunks(int(n_tuples or 0), int(work or 0)):
        body = render(
            "attacks/search.sql",
            tuples=t["tuples"],
            pairs=t["pairs"],
            levels=t["levels"],
            candidates=t["cand"],
            numeric=numeric,
            k=k,
            lo=lo,
            hi=hi,
            ties=ties,
        )
        statements.append(insert_into(t["nn"], body))
    if ties:
        statements.append(create_table(t["nn"], render("attacks/tie_rows.sql", found=t["nn"], scaled=t["ss"])))
    plan.add(name, statements, deps=[prep])
    return Neighbours(t["ts"], t["nn"], name)


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
