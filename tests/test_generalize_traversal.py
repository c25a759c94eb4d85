"""The discernibility search with suppression, its traversal (issue 28, session gen11;
docs/measures.md §7): the climbs bisect on "cannot beat the best value" (fails the policy, or the
records suppressed at the node or at a meeting node over it cost more than the best value) and
a local search follows the greedy descent. Neither may change the optimum.

The oracle is a brute force written here (plain Python: each node's classes grouped from the
rows, no sqlpriv code) over the whole lattice of small random tables; the real ``Search`` and
``sweeps.by_level`` run over it with each evaluated node's figures taken from the brute force
instead of SQL (the SQL figures are tests/test_generalize.py's subject), for many lattices,
batch sizes and climb probes. The search must pick the brute-force optimum (the lowest
discernibility, then the lowest level sum, then the levels), having evaluated it.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sqlpriv.generalize import sweeps
from sqlpriv.generalize.search import Search


def brute(heights: list[int], rows: list[tuple[int, ...]], k: int, limit: float) -> dict[tuple[int, ...], tuple]:
    """Per node: (meets, discernibility, B, suppressed) as the search reads them. Level l of a
    value v is v >> l (the hierarchies nest; the top level maps every value to 0)."""
    n = len(rows)
    max_suppressed = int(limit * n + 1e-9)
    out = {}
    for node in itertools.product(*[range(h) for h in heights]):
        sizes = Counter(tuple(v >> lv for v, lv in zip(row, node)) for row in rows).values()
        small = sum(c for c in sizes if c < k)
        meets = small <= max_suppressed
        value = float(sum(c * c for c in sizes if c >= k) + n * small) if meets else float(sum(c * c for c in sizes))
        out[node] = (meets, value, float(sum(c * max(c, k) for c in sizes)), small if meets else 0)
    return out


class OracleSearch(Search):
    """The real search with each node's figures from the brute force instead of SQL."""

    figures: Any = None  # node -> (meets, discernibility, B, suppressed), set per test

    def _evaluate(self, nodes: list[tuple[int, ...]]) -> None:
        self.evaluated += len(nodes)
        for node in nodes:
            self.record(node, *self.figures[node])


@st.composite
def cases(draw: Any) -> tuple:
    heights = draw(st.lists(st.integers(2, 5), min_size=2, max_size=4))
    skew = [draw(st.integers(0, 2 ** (h - 1) - 1)) for h in heights]  # a frequent value per column
    width = st.tuples(*[st.integers(0, 2 ** (h - 1) - 1) for h in heights])
    rows = draw(st.lists(st.one_of(width, st.just(tuple(skew))), min_size=4, max_size=60))
    k = draw(st.integers(2, 5))
    limit = draw(st.sampled_from([0.02, 0.05, 0.1, 0.3]))
    batch = draw(st.sampled_from([1, 3, 64]))
    probes = draw(st.sampled_from([1, 2, 16]))
    return heights, rows, k, limit, batch, probes


@settings(max_examples=150, deadline=None)
@given(cases())
def test_traversal_finds_the_brute_force_optimum(case):
    heights, rows, k, limit, batch, probes = case
    n = len(rows)
    figures = brute(heights, rows, k, limit)
    s = OracleSearch(None, "p", "b", "s", heights, "", "discernibility", k, batch=batch)
    s.figures = figures
    s.max_suppressed = int(limit * n + 1e-9)
    s.bases = [2 ** (h - 1) for h in heights]
    s.probes = probes
    nodes = list(itertools.product(*[range(h) for h in heights]))
    s.grid = nodes
    sweeps.by_level(s, nodes, n)
    meeting = [(f[1], sum(node), node) for node, f in figures.items() if f[0]]
    found = [(r[1], sum(node), node) for node, r in s.seen.items() if r[0]]
    assert (s.climb_test is not None) == (s.max_suppressed > 0)  # the new traversal ran where it applies
    if not meeting:
        assert not found
        return
    assert min(found) == min(meeting)
    assert all(s.seen[node] == figures[node] for node in s.seen)
    assert s.evaluated == len(s.seen)  # no node evaluated twice


def test_local_search_reaches_a_better_node_than_the_descent():
    """A lattice where the greedy descent from the top stops at a node that is not the optimum
    and the local search (siblings and children of the best node) moves on to it, so the sweep
    starts with the optimum as its incumbent."""
    best_after_descent = {}
    for seed in range(200):
        rng = random.Random(seed)
        heights = [3, 3, 3]
        rows = [tuple(rng.choice([0, 0, 0, 1, 2, 3]) for _ in heights) for _ in range(40)]
        figures = brute(heights, rows, 3, 0.1)
        meeting = [(f[1], sum(node), node) for node, f in figures.items() if f[0]]
        s = OracleSearch(None, "p", "b", "s", heights, "", "discernibility", 3)
        s.figures = figures
        s.max_suppressed = 4
        s.bases = [4, 4, 4]
        cur = tuple(h - 1 for h in heights)
        while True:  # the greedy descent alone, written here
            kids = [cur[:j] + (cur[j] - 1,) + cur[j + 1 :] for j in range(3) if cur[j] > 0]
            ok = [(figures[c][1], sum(c), c) for c in kids if figures[c][0]]
            if not ok:
                break
            cur = min(ok)[2]
        sweeps.descend(s)
        if figures[cur][1] > min(meeting)[0] and s.best < figures[cur][1]:
            best_after_descent[seed] = (figures[cur][1], s.best, min(meeting)[0])
    assert best_after_descent  # the local search improves on the descent in some of these lattices
