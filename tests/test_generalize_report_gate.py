"""The report's "What to do" section picks the node with the gate's policy (issue 28): min_k raises
k, and the node shown is the cheapest meeting the policy whose release the gate approves. The
oracle: the nodes ordered by the brute force of tests/test_generalize.py (ARX's loss, then level
sum, then levels), each node's release rebuilt in plain Python (tests/test_generalize_compare.py)
and given to ``assess_request`` as a plain DataFrame."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest
from test_generalize import brute
from test_generalize_compare import HIER, release, table

import sqlpriv
from sqlpriv.report.generalize import GATE_TRIES, gate_pick

K, LIMIT = 3, 0.1


def brute_walk(df: pd.DataFrame, approve: float) -> tuple[dict, list[str]]:
    cols, out = brute(df, HIER, K, LIMIT)
    order = sorted((b["loss"], sum(node), node) for node, b in out.items() if b["meets"])
    seen = []
    for _, _, node in order[:GATE_TRIES]:
        levels = dict(zip(cols, node))
        _, kept = release(df, HIER, levels, K, LIMIT)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            a = sqlpriv.assess_request(pd.DataFrame(kept, columns=cols), cols, k=K, approve=approve)
        seen.append(str(a.decision))
        if a.decision == "approve":
            return levels, seen
    return dict(zip(cols, order[0][2])), seen


@pytest.mark.parametrize("approve", [0.8, 0.9, 0.99])
def test_gate_pick_is_the_cheapest_node_the_gate_approves(approve):
    df = table(2)
    g = sqlpriv.generalize(df, HIER, k=K, suppression_limit=LIMIT, evaluate="all")
    want, decisions = brute_walk(df, approve)
    got, seen = gate_pick(g, {"k": K, "approve": approve})
    assert got == want and seen == decisions
    if approve == 0.9:  # the best node is not approved here: a coarser one is picked
        assert got != g.best and seen[0] != "approve" and seen[-1] == "approve"
    if approve == 0.99:  # none approved: the best, with every decision tried
        assert got == g.best and "approve" not in seen and len(seen) == GATE_TRIES


def test_report_what_to_do_uses_the_gates_min_k_and_approval(tmp_path):
    df = table(2)
    want = sqlpriv.generalize(df, HIER, k=5, suppression_limit=LIMIT)  # min_k=5 raises the report's k=3
    assert want.best != sqlpriv.generalize(df, HIER, k=3, suppression_limit=LIMIT).best
    page = sqlpriv.report(
        df[list(HIER)], output=tmp_path / "r.html", hierarchies=HIER, k=3, min_k=5, suppression_limit=LIMIT, pif=False
    ).read_text()
    section = page[page.index('id="what-to-do"') :]
    assert "k = 5" in section
    picked, _ = gate_pick(want, {"k": 3, "min_k": 5})
    assert ", ".join(f"{c} at level {lvl}" for c, lvl in picked.items()) in section
    assert "The gate approves this release" in section or "None of the" in section
