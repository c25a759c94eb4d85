"""The discernibility search's bounds and bookkeeping (issue 28, session gen9; docs/measures.md §7).

The oracle is a brute force written here (plain Python: each node's classes grouped from the
rows, no sqlpriv code) over the whole lattice of small random tables: B(X) = sum over X's classes
of c x max(c, k) is supermodular (B(X) >= B(a) + B(b) - B(a ^ b) for two children a, b of X),
so ``sweeps.pair_floor`` never exceeds a node's B, and a node meeting the policy costs at least
B + (n - k) x its suppressed records. Also: the suppression bound kept incrementally
(``sweeps.Suppressed``) equals its definition, the marked down-sets and up-sets (``search.Marks``) equal theirs,
and on adult (ARX's data and hierarchies, four quasi-identifiers, every node evaluated in SQL)
no node's bound exceeds its value.
"""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import sqlpriv
from sqlpriv.generalize import search, sweeps
from sqlpriv.generalize.search import Search

ADULT = Path(__file__).resolve().parents[1] / "benchmarks" / "reference" / "arx_adult"


def leq(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(x <= y for x, y in zip(a, b))


@st.composite
def tables(draw):
    heights = draw(st.lists(st.integers(2, 4), min_size=2, max_size=3))
    rows = draw(st.lists(st.tuples(*[st.integers(0, 2 ** (h - 1) - 1) for h in heights]), min_size=3, max_size=40))
    k = draw(st.integers(2, 4))
    return heights, rows, k


def brute(heights, rows, k):
    """Per node: (B, rows in classes smaller than k). Level l of a value v is v >> l (the top
    level, h - 1, maps every value of the column to 0: the hierarchies nest)."""
    out = {}
    for node in itertools.product(*[range(h) for h in heights]):
        sizes = Counter(tuple(v >> lv for v, lv in zip(row, node)) for row in rows).values()
        out[node] = (sum(c * max(c, k) for c in sizes), sum(c for c in sizes if c < k), sizes)
    return out


def children(node):
    return [node[:j] + (node[j] - 1,) + node[j + 1 :] for j in range(len(node)) if node[j] > 0]


@settings(max_examples=60, deadline=None)
@given(tables(), st.sampled_from([0.0, 0.1, 0.5]))
def test_pair_bound_and_value_bound_hold_over_the_whole_lattice(case, limit):
    heights, rows, k = case
    n, fig = len(rows), brute(*case)
    max_suppressed = int(limit * n + 1e-9)
    b = {node: f[0] for node, f in fig.items()}
    seen = {node: (True, 0.0, float(f[0]), 0) for node, f in fig.items()}
    for node, (bx, supp, sizes) in fig.items():
        kids = children(node)
        for a, c in itertools.combinations(kids, 2):  # supermodularity, pair by pair
            assert bx >= b[a] + b[c] - b[tuple(map(min, a, c))]
        assert sweeps.pair_floor(kids, {c: float(b[c]) for c in kids}, seen) <= bx
        if supp <= max_suppressed:  # the node meets the policy: its discernibility (ARX's)
            value = sum(c * c for c in sizes if c >= k) + n * supp
            assert value >= bx + (n - k) * supp
            above = [fig[z][1] for z in fig if leq(node, z) and fig[z][1] <= max_suppressed]
            assert max(above) <= supp  # what Suppressed carries down: never more than is suppressed here


def test_pair_bound_is_tighter_than_either_child():
    """Two columns merged at once: the bound from the pair exceeds both children's B (so the test
    above would catch a pair_floor that returned the children's largest B, or a sign error)."""
    rows = [(0, 0), (0, 1), (1, 0), (1, 1)] * 2
    fig = brute([2, 2], rows, 2)
    b = {node: float(f[0]) for node, f in fig.items()}
    got = sweeps.pair_floor([(0, 1), (1, 0)], b, {(0, 0): (True, 0.0, b[(0, 0)], 0)})
    assert got == b[(0, 1)] + b[(1, 0)] - b[(0, 0)] == 48.0 > max(b[(0, 1)], b[(1, 0)]) == 32.0
    assert got <= b[(1, 1)] == 64.0


@st.composite
def evaluations(draw):
    heights = draw(st.lists(st.integers(1, 4), min_size=1, max_size=4))
    nodes = list(itertools.product(*[range(h) for h in heights]))
    batches = draw(
        st.lists(st.lists(st.tuples(st.sampled_from(nodes), st.booleans(), st.integers(0, 9)), max_size=6), max_size=5)
    )
    return heights, nodes, batches


@settings(max_examples=100, deadline=None)
@given(evaluations())
def test_suppressed_kept_incrementally_equals_its_definition(case):
    heights, nodes, batches = case
    s = Search(None, "p", "b", "s", heights, "", "discernibility", 2)
    above = sweeps.Suppressed(s, nodes)
    for batch in batches:
        for node, meets, suppressed in batch:
            if node not in s.seen:
                s.seen[node] = (meets, 0.0, 0.0, suppressed)
                s.evaluated += 1
        above.update()
        for x in nodes:
            want = max([r[3] for z, r in s.seen.items() if r[0] and leq(x, z)], default=0)
            assert above.at(x) == want


@settings(max_examples=100, deadline=None)
@given(evaluations())
def test_marks_hold_exactly_the_union_of_their_boxes(case):
    """search.Marks (one bit per node, a box set by shifts per column) against its definition:
    after each down-set or up-set added, a node is in it exactly when some added node is over it
    (down-set) or under it (up-set), and iterating it gives exactly those nodes."""
    heights, nodes, batches = case
    s = Search(None, "p", "b", "s", heights, "", "loss", 2)
    marks = search.Marks(s)
    added: list[tuple[tuple[int, ...], bool]] = []
    assert not any(x in marks for x in nodes) and list(marks) == []
    for node, up, _ in (e for batch in batches for e in batch):
        marks.add_box([(lv, h) for lv, h in zip(node, heights)] if up else [(0, lv + 1) for lv in node])
        added.append((node, up))
        want = {x for x in nodes if any(leq(a, x) if u else leq(x, a) for a, u in added)}
        assert {x for x in nodes if x in marks} == want == set(marks)
        assert tuple(heights) not in marks  # outside the lattice: not in it


def test_bounds_never_exceed_the_value_on_adult():
    """Adult (ARX's data and hierarchies), four quasi-identifiers (5 x 4 x 3 x 2 = 120 nodes, all
    evaluated in SQL): for every node meeting k=5 with 5% suppression, B from each evaluated
    pair of children never exceeds its discernibility, and the search picks the brute-force optimum."""
    qis = ["age", "education", "marital-status", "sex"]
    hier = {q: str(ADULT / f"adult_hierarchy_{q}.csv") for q in qis}
    g = sqlpriv.generalize(
        str(ADULT / "adult.csv"), hier, k=5, suppression_limit=0.05, metric="discernibility", evaluate="all"
    )
    g.candidates().df()  # fills what a discernibility search leaves out
    df = g.search.con.execute(g.search.candidates_sql).df()  # with dm_bound
    assert len(df) == 120
    n = len((ADULT / "adult.csv").read_text().splitlines()) - 1  # the rows (one header line)
    fig = {tuple(int(r[q]) for q in qis): r for _, r in df.iterrows()}
    seen = {x: (True, 0.0, float(r["dm_bound"]), 0) for x, r in fig.items()}
    checked = 0
    for node, r in fig.items():
        kids = children(node)
        pair = sweeps.pair_floor(kids, {c: float(fig[c]["dm_bound"]) for c in kids}, seen)
        assert pair <= r["dm_bound"]
        if r["meets_policy"]:
            assert r["discernibility"] >= max(pair, r["dm_bound"]) + (n - 5) * r["suppressed"]
            checked += 1
    assert checked > 10
    meeting = [(r["discernibility"], sum(node), node) for node, r in fig.items() if r["meets_policy"]]
    assert tuple(g.best[q] for q in qis) == min(meeting)[2]
