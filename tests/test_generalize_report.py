"""The report's "What to do" section (issue 28): the Pareto chart of loss against risk, read back
from the inline SVG of the HTML file, against a brute force written here: every lattice node's
losses and suppressed rows from the brute force of tests/test_generalize.py (ARX's definitions),
its kept classes counted with Counter, and the Pareto filter by pairwise dominance."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_generalize import brute
from test_generalize_compare import HIER, table

import sqlpriv
from sqlpriv.report.generalize import pareto

pytest.importorskip("matplotlib")

K, LIMIT = 3, 0.1
TOL = 1e-9


def brute_nodes(df: pd.DataFrame) -> dict[tuple, dict]:
    """Every node: meets the policy, total loss, average risk (kept classes / kept rows)."""
    cols, out = brute(df, HIER, K, LIMIT)
    nodes = {}
    for node, b in out.items():
        keys = [
            tuple(v if node[j] == 0 else HIER[c][v][node[j] - 1] for j, (c, v) in enumerate(zip(cols, row)))
            for row in df[cols].itertuples(index=False)
        ]
        sizes = Counter(keys)
        small = [i for i, key in enumerate(keys) if sizes[key] < K]
        supp = set(small) if len(small) <= math.floor(LIMIT * len(df) + 1e-9) else set()
        assert len(supp) == b["suppressed"]
        kept = Counter(key for i, key in enumerate(keys) if i not in supp)
        nodes[node] = dict(meets=b["meets"], loss=sum(b["losses"]), risk=len(kept) / (len(df) - len(supp)))
    return nodes


def brute_front(nodes: dict[tuple, dict]) -> set[tuple]:
    ok = {n: v for n, v in nodes.items() if v["meets"]}

    def dominates(q, p):
        return (
            q["loss"] <= p["loss"] + TOL
            and q["risk"] <= p["risk"] + TOL
            and (q["loss"] < p["loss"] - TOL or q["risk"] < p["risk"] - TOL)
        )

    return {n for n, p in ok.items() if not any(dominates(q, p) for m, q in ok.items() if m != n)}


def evaluated(df: pd.DataFrame, nodes: dict[tuple, dict]) -> dict[tuple, dict]:
    """The brute-force figures of the nodes the search evaluated (``.candidates()``, with the
    climbs' passing nodes, ``evaluate="climbs"``, as the report runs it): the chart and
    ``pareto()`` draw those; nodes the search tagged by monotonicity are not in the table."""
    g = sqlpriv.generalize(df, HIER, k=K, suppression_limit=LIMIT, evaluate="climbs")  # as the report asks
    seen = {tuple(int(r[c]) for c in HIER) for _, r in g.candidates().df().iterrows()}
    assert seen <= set(nodes)
    return {n: v for n, v in nodes.items() if n in seen}


def svg_points(page: str, figure_id: str) -> dict[str, list[tuple[float, float]]]:
    """gid -> the (x, y) of every marker drawn in that group of the figure's inline SVG."""
    start = page.index(f'<figure id="{figure_id}">')
    svg = page[page.index("<svg", start) : page.index("</svg>", start) + len("</svg>")]
    root = ET.fromstring(svg.replace("xlink:href", "href"))
    out = {}
    for g in root.iter("{http://www.w3.org/2000/svg}g") if root.tag.startswith("{") else root.iter("g"):
        gid = g.get("id", "").removeprefix(f"{figure_id}-")  # each chart's ids carry its figure's id
        if gid.startswith("gen-"):
            uses = [u for u in g.iter() if u.tag.endswith("use")]
            out[gid] = [(float(u.get("x")), float(u.get("y"))) for u in uses]
    return out


def test_report_pareto_chart_is_the_brute_force_front(tmp_path):
    df = table(0, 120)
    path = sqlpriv.report(
        df[["a", "b", "c"]],
        output=tmp_path / "r.html",
        hierarchies=HIER,
        k=K,
        suppression_limit=LIMIT,
        pif=False,
        progress=False,
    )
    page = path.read_text(encoding="utf-8")
    assert 'id="what-to-do"' in page and "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    pts = svg_points(page, "generalize-pareto-chart")
    nodes = evaluated(df, brute_nodes(df))
    meeting = [v for v in nodes.values() if v["meets"]]
    front = brute_front(nodes)
    assert len(front) >= 2  # a front worth drawing

    # the scatter holds every evaluated node that meets the policy: map SVG back to data by the extremes
    cand = pts["gen-candidates"]
    assert len(cand) == len(meeting)
    xs, ys = [p[0] for p in cand], [p[1] for p in cand]
    losses, risks = [v["loss"] for v in meeting], [v["risk"] for v in meeting]

    def to_data(p):
        x = min(losses) + (p[0] - min(xs)) / (max(xs) - min(xs)) * (max(losses) - min(losses))
        y = min(risks) + (max(ys) - p[1]) / (max(ys) - min(ys)) * (max(risks) - min(risks))  # SVG y points down
        return x, y

    tol_x, tol_y = 1e-5 * (max(losses) - min(losses)), 1e-5 * (max(risks) - min(risks))

    def same(a, b):
        return abs(a[0] - b[0]) <= tol_x and abs(a[1] - b[1]) <= tol_y

    got = sorted(to_data(p) for p in cand)
    want = sorted((v["loss"], v["risk"]) for v in meeting)
    assert all(same(a, b) for a, b in zip(got, want))

    # the front's markers are exactly the Pareto-optimal nodes, cheapest first
    front_ids = sorted((g for g in pts if re.fullmatch(r"gen-front-\d+", g)), key=lambda g: int(g.split("-")[-1]))
    assert len(front_ids) == len(front)
    drawn = [to_data(pts[g][0]) for g in front_ids]
    expect = sorted((nodes[n]["loss"], nodes[n]["risk"]) for n in front)
    assert all(same(a, b) for a, b in zip(drawn, expect))
    assert [d[0] for d in drawn] == sorted(d[0] for d in drawn)

    # the chosen node is the star, at its own loss and risk
    g = sqlpriv.generalize(df, HIER, k=K, suppression_limit=LIMIT)
    best = tuple(g.best[c] for c in HIER)
    (star,) = pts["gen-chosen"]
    assert same(to_data(star), (nodes[best]["loss"], nodes[best]["risk"]))

    # the numbers table beneath the chart: the same nodes
    start = page.index('<table id="generalize-pareto"')
    block = page[start : page.index("</table>", start)]
    assert block.count("<tr") - 1 == len(front)
    assert page.index('<figure id="generalize-pareto-chart">') < start


def test_pareto_function_equals_brute_force_and_plot_registry():
    df = table(0, 120)
    g = sqlpriv.generalize(df, HIER, k=K, suppression_limit=LIMIT, evaluate="climbs")
    nodes = evaluated(df, brute_nodes(df))
    front = pareto(g.candidates().df(), g.columns, g.n)
    assert {tuple(int(r[c]) for c in HIER) for _, r in front.iterrows()} == brute_front(nodes)
    fig = g.plot()  # the registered kind: "pareto"
    gids = [ln.get_gid() for ln in fig.axes[0].lines]
    assert sum(1 for x in gids if re.fullmatch(r"gen-front-\d+", x)) == len(front) and "gen-chosen" in gids
    with pytest.raises(sqlpriv.ParameterError, match="plots as one of pareto"):
        g.plot("bars")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.booleans(), st.integers(0, 4), st.integers(0, 4), st.integers(1, 6), st.integers(0, 3)),
        min_size=1,
        max_size=25,
    )
)
def test_pareto_keeps_exactly_the_non_dominated_nodes(nodes):
    """pareto() on random candidate tables (ties frequent: small integer figures) against the
    pairwise dominance filter."""
    n = 10
    df = pd.DataFrame(
        [
            {
                "a": i,
                "b": 0,
                "meets_policy": ok,
                "loss_a": la / 4,
                "loss_b": lb / 4,
                "kept_classes": kc,
                "suppressed": sup,
            }
            for i, (ok, la, lb, kc, sup) in enumerate(nodes)
        ]
    )
    fig = {
        i: {"meets": ok, "loss": (la + lb) / 4, "risk": kc / (n - sup)} for i, (ok, la, lb, kc, sup) in enumerate(nodes)
    }
    want = brute_front(fig)
    got = pareto(df, ["a", "b"], n)["a"].tolist()
    assert sorted(got) == sorted(want) and len(got) == len(set(got))
    assert got == sorted(got, key=lambda i: (fig[i]["loss"], fig[i]["risk"], i))
