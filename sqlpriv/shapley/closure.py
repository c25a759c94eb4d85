"""Shapley cells counted once per partition (docs/measures.md §6): when an analysed column
determines another on the analysed rows (every value of A occurs with one value of B, e.g. UCI
adult's education and education-num), every subset holding A has the cohorts of the subset with B
added. Each lattice subset is mapped to its closure (itself with every column its members
determine), the shared cells are counted once per distinct closure, and each subset's cells are
read from its closure's (keys masked to the subset's columns): the same cells table as counting
every subset, so every value built on it is unchanged.

>>> closure_masks(3, [(0, 1)])
[3, 2, 4]
>>> closure_masks(3, [(0, 1), (1, 0)])
[3, 3, 4]
"""

from __future__ import annotations

from typing import Any

from sqlpriv.engine import cohorts
from sqlpriv.engine.templates import create_table, render

#: count the cells once per closure of a subset (False: every lattice subset, as before)
CLOSED_CELLS = True


def closure_masks(d: int, determines: list[tuple[int, int]]) -> list[int]:
    """Per column j, the bitmask of j and the columns it determines (``(a, b)``: a determines b).
    Determination read on the data is transitive already (a -> b and b -> c give a -> c), so
    one pass over the pairs is the closure."""
    masks = [1 << j for j in range(d)]
    for a, b in determines:
        masks[a] |= 1 << b
    return masks


def determining_pairs(frame: cohorts.CohortFrame, patterns: str) -> list[tuple[int, int]]:
    """The ordered pairs (a, b) of analysed columns where a determines b on the analysed rows
    (shapley/functional_pairs.sql: one grouping of the distinct patterns per column)."""
    fields = [{"j": f["j"], "w": w, "mask": f["mask"]} for w, word in enumerate(frame.words) for f in word]
    order = [f["j"] for f in fields]  # the d<b> columns come in this order
    rows = frame.plan.rows(render("shapley/functional_pairs.sql", patterns=patterns, fields=fields))
    return sorted((int(row[0]), b) for row in rows for b, flag in zip(order, row[1:]) if flag and b != row[0])


def add_cells(
    frame: cohorts.CohortFrame,
    *,
    patterns: str,
    deps: list[str],
    unique_mask: bool = False,
    anchor: int | None = None,
) -> None:
    """The ``cells`` step of a direct-count lattice (``cohorts.add_cells``), counted once per
    closure when a column determines another (``CLOSED_CELLS``), every subset otherwise;
    ``anchor``: the patterns carry u2 for this column (``cohorts.add_direct_cells``)."""
    plan, t = frame.plan, frame.names
    masks: list[int] = []
    if CLOSED_CELLS and frame.d >= cohorts.DIRECT_MIN_COLUMNS:
        plan.ensure(["patterns"])
        pairs = determining_pairs(frame, t["patterns"])
        if pairs:
            masks = closure_masks(frame.d, pairs)
    if not masks:
        cohorts.add_cells(
            frame,
            "cells",
            table=t["cells"],
            patterns=patterns,
            extras=[],
            deps=deps,
            unique_mask=unique_mask,
            anchor=anchor,
        )
        return
    closure_map, closed = f"{t['prefix']}_closure_map", f"{t['prefix']}_closed_lattice"
    ctx: dict[str, Any] = {"words": frame.words}
    plan.add(
        "closed_lattice",
        [
            create_table(closure_map, render("shapley/closure_lattice.sql", t=t, closures=masks, **ctx)),
            create_table(closed, render("shapley/closed_lattice.sql", closure_map=closure_map, **ctx)),
        ],
        deps=["lattice"],
    )

    def wrap(body: str) -> str:  # each chunk's closure cells read back for every subset, never stored
        return render("shapley/closure_cells.sql", closure_map=closure_map, body=body, extras=[], **ctx)

    cohorts.add_direct_cells(
        frame,
        "cells",
        table=t["cells"],
        patterns=patterns,
        extras=[],
        deps=[*deps, "closed_lattice"],
        unique_mask=unique_mask,
        lattice=closed,
        wrap=wrap,
        anchor=anchor,
    )
