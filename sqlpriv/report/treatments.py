"""The report's "What to do" section, its comparison of three treatments (issue 44, item 6): the
least-loss generalization with record suppression (the section's node), local suppression alone
(the lattice's bottom node, cells blanked until k holds with a NULL matching any value) and both
(``generalize(..., suppression="cells")``'s node), each with its before/after figures: k, average
risk, cells changed, ARX's loss; the cheapest (loss in ARX's RANK order, then cells changed)
offered first (docs/measures.md §7, "Cells instead of records").
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from sqlpriv.errors import SqlprivError, SqlprivWarning
from sqlpriv.generalize import Generalization, generalize
from sqlpriv.generalize.cells import CellsGeneralization

if TYPE_CHECKING:
    import pandas as pd

#: the most nodes the section's cells search evaluates (one local suppression each)
REPORT_CELLS_NODES = 16
#: the treatments in the order a tie is offered (the simpler first)
TREATMENTS = ("generalization", "local suppression", "generalization and local suppression")


def _row(
    name: str, levels: Mapping[str, int], losses: list[float], k: float, risk: float, changed: int
) -> dict[str, Any]:
    return {
        "treatment": name,
        "levels": ", ".join(f"{c} {lvl}" for c, lvl in levels.items()),
        "loss": "[" + ", ".join(f"{x:.6g}" for x in sorted(losses, reverse=True)) + "]",
        "_rank": sorted(losses, reverse=True),
        "total_loss": round(sum(losses), 10),
        "k_after": k,
        "average_risk_after": risk,
        "cells_changed": changed,
    }


def record_row(g: Generalization, levels: Mapping[str, int]) -> dict[str, Any]:
    """The generalization's figures at ``levels``: suppressed records change every key cell, kept
    records the cells of every column above level 0."""
    cand = g.candidates().df()
    if "suppression" in cand.columns:
        cand = cand[cand["suppression"] == "records"]
    for column, level in levels.items():
        cand = cand[cand[column] == level]
    row = cand.iloc[0]
    after = dict(zip(*[g.compare(levels, measures=False).df()[c] for c in ("figure", "after")]))
    suppressed = int(row["suppressed"])
    raised = sum(1 for level in levels.values() if level > 0)
    changed = suppressed * len(g.columns) + (g.n - suppressed) * raised
    losses = [float(row[f"loss_{c}"]) for c in g.columns]
    return _row(
        TREATMENTS[0], levels, losses, float(after["smallest_class (k)"]), float(after["average_risk"]), changed
    )


def cells_row(c: CellsGeneralization, name: str, node: tuple[int, ...]) -> dict[str, Any]:
    """The figures of ``node`` with its records at risk treated by local suppression."""
    levels = dict(zip(c.columns, node))
    after = dict(zip(*[c.compare(levels).df()[col] for col in ("figure", "after")]))
    f = c.cells[node]
    changed = int(after["cells_changed"])
    return _row(name, levels, f["losses"], f["smallest_class"], f["risk_sum"] / c.n, changed)


def compare_treatments(
    source: Any, hierarchies: Mapping[str, Any], g: Generalization, levels: Mapping[str, int], opts: Mapping[str, Any]
) -> tuple[pd.DataFrame, str] | None:
    """The three treatments' figures, cheapest first, and the cheapest's name; None where local
    suppression does not apply (a Spark source, a policy beyond k: say so in the caller)."""
    import pandas as pd

    try:
        with warnings.catch_warnings(record=True):  # the cap is said in the section's text instead
            warnings.simplefilter("always", SqlprivWarning)
            c = generalize(
                source, hierarchies, k=g.policy.k, suppression="cells", max_cells_nodes=REPORT_CELLS_NODES, **opts
            )
    except SqlprivError:
        return None
    assert isinstance(c, CellsGeneralization) and c.cells_node is not None
    rows = [record_row(g, levels), cells_row(c, TREATMENTS[1], (0,) * len(c.columns))]
    rows.append(cells_row(c, TREATMENTS[2], c.cells_node))
    order = sorted(range(3), key=lambda i: (rows[i]["_rank"], rows[i]["cells_changed"], i))
    frame = pd.DataFrame([rows[i] for i in order]).drop(columns="_rank")
    frame.attrs["exact"] = c.cells_exact
    return frame, str(frame["treatment"].iloc[0])


def treatments_text(frame: pd.DataFrame, cheapest: str) -> str:
    """The sentence above the table: which treatment is cheapest, and its figures."""
    row = frame.iloc[0]
    return (
        f"Cheapest of generalization, local suppression and both: {cheapest} (levels {row['levels']}; "
        f"loss {row['loss']}; k {row['k_after']:g} after, counted with a blanked cell matching any value; "
        f"{int(row['cells_changed'])} cells changed). Local suppression is compared under k only."
        + (
            ""
            if frame.attrs.get("exact", True)
            else f" Both together: the best of the first {REPORT_CELLS_NODES} nodes by loss bound "
            "(generalize(..., suppression='cells') searches further)."
        )
    )
