"""The search's pruning bookkeeping (issue 28, docs/measures.md §7): the down-set of the failing
nodes and the up-set of the clean nodes, kept as sets, answer exactly what the pairwise
comparisons with the maximal failing / minimal clean nodes answer. The oracle here is the plain
definition over every node recorded so far (no sqlpriv code), on random lattices and random
orders of failing and clean nodes."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from sqlpriv.generalize.search import Search


def leq(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(x <= y for x, y in zip(a, b))


@st.composite
def lattices(draw):
    heights = draw(st.lists(st.integers(1, 4), min_size=1, max_size=4))
    nodes = list(itertools.product(*[range(h) for h in heights]))
    events = draw(st.lists(st.tuples(st.booleans(), st.sampled_from(nodes)), max_size=12))
    return heights, nodes, events


@settings(max_examples=150, deadline=None)
@given(lattices())
def test_pruning_sets_equal_the_pairwise_definitions(case):
    check(*case)


def check(heights, nodes, events):
    s = Search(None, "p", "b", "s", heights, "", "loss", 2)
    failing: list[tuple[int, ...]] = []  # every node recorded as failing
    clean: list[tuple[int, ...]] = []  # every node recorded as clean (meets, nothing suppressed)
    for fails, node in events:
        if fails:
            s._fails(node)
            failing.append(node)
        elif not any(c != node and leq(c, node) for c in clean) and node not in clean:
            s._clean(node)  # the search adds a clean node only when it is not dominated
            clean.append(node)
        for x in nodes:
            assert s.known_to_fail(x) == any(leq(x, f) for f in failing)
            assert s.dominated(x) == any(c != x and leq(c, x) for c in clean)
            assert s._known(x) is (
                None
                if not any(leq(x, f) for f in failing) and not any(leq(c, x) for c in clean)
                else (not any(leq(x, f) for f in failing))
            )
        # the kept lists are the maximal failing / minimal clean nodes
        assert sorted(s.failed) == sorted({f for f in failing if not any(f != g and leq(f, g) for g in failing)})
        assert sorted(s.clean) == sorted({c for c in clean if not any(c != e and leq(e, c) for e in clean)})


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_lazy_bound_order_is_the_sorted_order(data):
    """sweeps.bound_order (a heap from the bottom node) against the lattice sorted by (bound,
    level sum, levels), for loss (the per-column values sorted descending, as ARX's RANK) and a
    sum (entropy), with per-column values rising with the level and many ties (few distinct values)."""
    from sqlpriv.generalize.sweeps import bound_order

    heights = data.draw(st.lists(st.integers(1, 4), min_size=1, max_size=4))
    per = []
    for h in heights:
        steps = data.draw(st.lists(st.sampled_from([0.0, 0.25, 0.5]), min_size=h, max_size=h))
        per.append(list(itertools.accumulate(steps)))
    for combine in (lambda v: sorted(v, reverse=True), sum):

        def bound(node, combine=combine):
            return combine([per[j][level] for j, level in enumerate(node)])

        nodes = list(itertools.product(*[range(h) for h in heights]))
        assert list(bound_order(heights, bound)) == sorted(nodes, key=lambda n: (bound(n), sum(n), n))
