"""The report's "What to do" section (issue 28): the cheapest generalization that meets the
policy, its before/after figures and the Pareto front of loss against average risk over the
evaluated nodes (docs/measures.md §7). :mod:`sqlpriv.reporting` hooks it in."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from sqlpriv.treatment import generalize

GUIDE = (
    "The least-loss generalization of the quasi-identifiers that meets the policy (k-anonymity with "
    "record suppression up to the limit), found by an exact search of the lattice of hierarchy levels "
    "(ARX's loss, RANK order). Level 0 keeps a column as it is; the top level replaces it by '*'."
)


def pareto(candidates: pd.DataFrame, columns: list[str], n: int) -> pd.DataFrame:
    """The nodes meeting the policy that no other such node beats on both total loss and average
    risk (kept classes / kept rows), cheapest first.

    >>> df = pd.DataFrame({"a": [0, 1, 2], "meets_policy": [True] * 3, "loss_a": [0.1, 0.2, 0.3],
    ...                    "kept_classes": [5, 2, 4], "suppressed": [0, 0, 0]})
    >>> pareto(df, ["a"], 10)["a"].tolist()
    [0, 1]
    """
    ok = candidates[candidates["meets_policy"]].copy()
    ok["total_loss"] = ok[[f"loss_{c}" for c in columns]].sum(axis=1)
    ok["average_risk"] = ok["kept_classes"] / (n - ok["suppressed"]).clip(lower=1)
    ok = ok.sort_values(["total_loss", "average_risk"])
    front, best = [], float("inf")
    for idx, row in ok.iterrows():
        if row["average_risk"] < best:
            front.append(idx)
            best = row["average_risk"]
    return ok.loc[front, [*columns, "total_loss", "average_risk", "suppressed"]].reset_index(drop=True)


def what_to_do(
    source: Any,
    hierarchies: Mapping[str, Any],
    *,
    k: int,
    suppression_limit: float,
    table: Callable[..., str],
    kpis: Callable[..., str],
    opts: Mapping[str, Any],
) -> str:
    """The section's body HTML (``table`` and ``kpis`` are the report's own renderers)."""
    g = generalize(source, hierarchies, k=k, suppression_limit=suppression_limit, **opts)
    if not g.meets_policy:
        return (
            f"<p>No generalization of {html.escape(', '.join(g.columns))} meets the policy "
            f"({html.escape(g.policy.describe())}): raise the suppression limit or give the hierarchies "
            "more levels.</p>"
        )
    best = g.best or {}
    row = g.best_row or {}
    compare = g.compare().df()
    cand = g.candidates().df()
    front = pareto(cand, g.columns, g.n)
    levels = ", ".join(f"{html.escape(c)} at level {lvl}" for c, lvl in best.items())
    parts = [
        f"<p>Release {levels}; policy: {html.escape(g.policy.describe())}.</p>",
        kpis(
            [
                ("gen_suppressed", "records suppressed", row.get("suppressed")),
                ("gen_classes", "classes after", row.get("kept_classes")),
                ("gen_nodes", "nodes evaluated", g.nodes_evaluated),
            ]
        ),
        table(compare, "generalize-compare", caption="Before and after"),
        table(front, "generalize-pareto", caption="Pareto front: total loss against average risk"),
    ]
    return "".join(parts)
