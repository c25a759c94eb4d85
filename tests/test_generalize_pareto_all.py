"""``sqlpriv.generalize(..., evaluate="all")`` (issue 28): every lattice node evaluated, so that
``candidates()``, ``pareto()`` and the report's chart show the whole lattice and its whole Pareto
front. Checked against the brute force over the whole lattice written in tests/test_generalize.py
and tests/test_generalize_report.py (ARX's definitions, Counter classes, pairwise dominance): every
node's metrics and meets-policy, the front, and the best node equal to the plain search's."""

from __future__ import annotations

import itertools

import pytest
from test_generalize import brute, random_case
from test_generalize_compare import HIER, table
from test_generalize_report import TOL, brute_front, brute_nodes

import sqlpriv
from sqlpriv.report.generalize import chart_data, pareto


@pytest.mark.parametrize("seed", [0, 3, 6, 9])
@pytest.mark.parametrize("metric", ["loss", "discernibility"])
def test_every_node_is_evaluated_with_the_brute_force_figures(seed, metric):
    df, hier = random_case(seed)
    k, limit = 2, 0.2
    cols, out = brute(df, hier, k, limit)
    g = sqlpriv.generalize(df, hier, k=k, suppression_limit=limit, metric=metric, evaluate="all")
    searched = sqlpriv.generalize(df, hier, k=k, suppression_limit=limit, metric=metric)
    assert g.best == searched.best and g.best_score == searched.best_score
    cand = g.candidates().df()
    nodes = {tuple(int(r[c]) for c in cols): r for _, r in cand.iterrows()}
    assert set(nodes) == set(out) and len(cand) == len(out)  # the whole lattice, each node once
    for node, b in out.items():
        r = nodes[node]
        assert bool(r["meets_policy"]) == b["meets"], node
        assert int(r["suppressed"]) == b["suppressed"], node
        assert list(r["loss"]) == pytest.approx(b["loss"], abs=1e-9), node
        assert float(r["discernibility"]) == pytest.approx(b["discernibility"]), node


@pytest.mark.parametrize("seed", [2, 11])
def test_pareto_and_chart_are_the_whole_lattices_front(seed):
    df = table(seed)
    nodes = brute_nodes(df)  # every node of the lattice (K=3, LIMIT=0.1)
    g = sqlpriv.generalize(df, HIER, k=3, suppression_limit=0.1, evaluate="all")
    want = brute_front(nodes)
    front = pareto(g.candidates().df(), g.columns, g.n)
    got = {tuple(int(r[c]) for c in HIER) for _, r in front.iterrows()}
    # nodes with equal figures are all kept by pareto(); the brute force keeps them too
    assert got == want
    for _, r in front.iterrows():
        b = nodes[tuple(int(r[c]) for c in HIER)]
        assert abs(r["total_loss"] - b["loss"]) <= TOL and abs(r["average_risk"] - b["risk"]) <= TOL
    points, chart_front, chosen, _ = chart_data(g)
    assert len(points) == sum(v["meets"] for v in nodes.values())  # every node meeting the policy is drawn
    assert len(chart_front) == len(front)
    assert chosen is not None


def test_evaluate_all_is_refused_above_the_node_limit_before_any_query():
    df = table(1)
    size = len(list(itertools.product(*[range(len(next(iter(h.values()))) + 1) for h in HIER.values()])))
    with pytest.raises(sqlpriv.LatticeTooLargeError, match=rf"{size} \(the product.*max_evaluate=10\b"):
        sqlpriv.generalize(df, HIER, k=3, evaluate="all", max_evaluate=10)
    with pytest.raises(sqlpriv.ParameterError, match="evaluate"):
        sqlpriv.generalize(df, HIER, k=3, evaluate="every")
    g = sqlpriv.generalize(df, HIER, k=3, evaluate="all", max_evaluate=size)  # exactly at the limit
    assert len(g.candidates().df()) == size


@pytest.mark.parametrize(
    "options, message",
    [
        ({"evaluate": "every"}, r"evaluate must be one of 'search', 'climbs', 'all', got 'every'"),
        ({"evaluate": "all", "max_evaluate": 0}, r"max_evaluate must be a positive integer, got 0"),
        ({"max_patterns": 0}, r"max_patterns must be a positive integer, got 0"),
    ],
)
def test_bad_evaluate_options_get_one_clear_error(options, message):
    df = table(1)
    with pytest.raises(sqlpriv.ParameterError, match=message):
        sqlpriv.generalize(df, HIER, k=3, **options)
