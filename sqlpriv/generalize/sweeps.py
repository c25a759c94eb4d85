"""The sweeps of the search over the lattice (docs/measures.md §7; the rules they follow are
described in :mod:`sqlpriv.generalize.search`, whose ``Search`` holds what they learn): the
top-down pass without suppression, the walk by increasing a-priori bound (loss, entropy,
precision) and the level-by-level walk (discernibility, AECS) with its greedy descent.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator
from typing import Any

from sqlpriv.engine.plan import run
from sqlpriv.engine.templates import call, quote, render
from sqlpriv.generalize.search import CLIMB_PROBES, FIRST_BATCH, Search, lattice

# Without suppression: the most nodes the top-down pass evaluates before the sweeps, and the most
# pattern rows it groups (adult: 400 of its 19,502 patterns; its 1M rows' 166,150: 48 nodes, so
# where most nodes meet the policy and the optimum lies low, at most a few levels are spent).
TOP_DOWN_BUDGET = 400
TOP_DOWN_ROWS = 8_000_000
# A statement's fixed cost is about that of grouping this many pattern rows (10-15 ms, a pattern
# row 20-30 ns, duckdb 2.0.1): a climb round probes PROBE_ROWS // patterns nodes (1 to
# CLIMB_PROBES; adult: 32, its 1M rows: 3). Adult with 5% suppression, discernibility k2 / k5:
# 16 probes 1.24 / 1.08 s, 32 probes 1.12-1.27 / 0.98-1.07 s (benchmarks/RESULTS.md, gen14).
PROBE_ROWS = 640_000
# The greedy descent (a discernibility search with suppression) evaluates a node's children and
# their children in one statement, two steps of the same path (adult k2 5%: 51 -> 42 statements)
DESCEND_AHEAD = True


def a_priori_bound(metric: str, heights: list[int], bounds: dict[tuple[int, int], float]) -> Any:
    """The node -> a-priori lower bound function of a loss / entropy / precision search (cached):
    per column its value at the node's level with nothing suppressed (precision: level / (height
    - 1)), combined as the metric combines its columns (loss: sorted descending, ARX's RANK).

    >>> f = a_priori_bound("loss", [2, 3], {(0, 0): 0.0, (0, 1): 1.0, (1, 0): 0.0, (1, 1): 0.25, (1, 2): 1.0})
    >>> f((1, 1)), f((0, 2))
    ([1.0, 0.25], [1.0, 0.0])
    """
    known: dict[tuple[int, ...], Any] = {}
    if metric == "precision":
        per = [[level / max(h - 1, 1) for level in range(h)] for h in heights]
    else:
        per = [[bounds[(j, level)] for level in range(h)] for j, h in enumerate(heights)]
    pick = list.__getitem__

    def a_priori(node: tuple[int, ...]) -> Any:
        if metric == "loss":
            return sorted(map(pick, per, node), reverse=True)
        if metric == "entropy":  # summed in column order, as candidates.sql sums the columns
            total = 0.0
            for value in map(pick, per, node):
                total += value
            return total
        return sum(map(pick, per, node)) / len(node)

    def bound(node: tuple[int, ...]) -> Any:
        value = known.get(node)
        if value is None:
            value = known[node] = a_priori(node)
        return value

    return bound


def by_bound(s: Search, nodes: list[tuple[int, ...]], bound: Any, rising: bool = False) -> None:
    """Loss / entropy / precision: visit nodes by increasing a-priori bound; stop past the best
    value. ``rising``: the bound never falls from a node to a parent, so the order is made lazily
    (:func:`bound_order`: only the nodes visited before the stop; adult k=5 5% loss: 776 of 12,960)."""

    def step(node: tuple[int, ...], ups: list[int]) -> int:  # the column whose next level costs least
        return min(ups, key=lambda j: (bound(node[:j] + (node[j] + 1,) + node[j + 1 :]), j))

    if rising:
        order = bound_order(s.heights, bound)
    else:
        order = iter(sorted(nodes, key=lambda node: (bound(node), sum(node), node)))
    size, done = min(FIRST_BATCH, s.batch), False
    while not done:
        batch: list[tuple[int, ...]] = []
        while len(batch) < size:
            node = next(order, None)
            if node is None or (s.best is not None and bound(node) > s.best):
                done = True
                break
            if not s.skip(node):
                batch.append(node)
        if batch:
            s.evaluate(batch)
            s.climb(batch, step)
        size = min(2 * size, s.batch)  # the first batches are the nearest the bottom, the largest to group


def bound_order(heights: list[int], bound: Any) -> Iterator[tuple[int, ...]]:
    """Every node by increasing (bound, level sum, levels), the order by_bound sorts the lattice
    in, made lazily: a heap from the bottom node, each node taken pushing its parents. Exact when
    ``bound`` never falls from a node to a parent (each column's value rises with its level and
    the metric combines them monotonically): a node's key is then strictly above each child's
    (its level sum is one more), it is pushed when its first child is taken, so before any node
    with a larger key is taken.

    >>> f = lambda node: sorted((node[0] * 0.5, node[1] * 0.3), reverse=True)
    >>> list(bound_order([3, 2], f)) == sorted(itertools.product(range(3), range(2)), key=lambda n: (f(n), sum(n), n))
    True
    """
    bottom = tuple(0 for _ in heights)
    heap = [(bound(bottom), 0, bottom)]
    pushed = {bottom}
    while heap:
        _, total, node = heapq.heappop(heap)
        yield node
        for j, level in enumerate(node):
            if level + 1 < heights[j]:
                parent = node[:j] + (level + 1,) + node[j + 1 :]
                if parent not in pushed:
                    pushed.add(parent)
                    heapq.heappush(heap, (bound(parent), total + 1, parent))


def climb_test(s: Search, above: Suppressed, n: int) -> Callable[[tuple[int, ...]], bool | None]:
    """The climbs' test of the discernibility search with suppression (:func:`by_level`): ``above``
    holds the records suppressed at the nodes over each node, ``n`` is the rows."""

    def hopeful(node: tuple[int, ...]) -> bool | None:
        """The climbs' test (a node fails it when it fails the policy or, the best value known,
        when the records suppressed at it or at a meeting node over it cost more than the best
        value; a node under one that fails it fails it too): False where known to fail it, True
        where known to pass it (evaluated; over a clean node; or evaluated with its own bound B
        above the best, where the climb may stop: nothing over it can be better), else None."""
        row = s.seen.get(node)
        if (row is not None and not row[0]) or s.known_to_fail(node):
            return False
        if s.best is None:
            return True if row is not None or node in s.above_clean else None
        if row is not None and row[2] > s.best:
            return True
        above.update()
        sup = max(above.at(node), row[3] if row is not None else 0)
        if n * sup + (n - sup) * s.k > s.best:
            return False
        return True if row is not None or node in s.above_clean else None

    return hopeful


def by_level(s: Search, nodes: list[tuple[int, ...]], n: int = 0) -> None:
    """Discernibility / AECS: level by level, children first, discernibility bounds carried upwards
    (``n``: the rows, for the bound from suppression, docs/measures.md §7)."""
    carried: dict[tuple[int, ...], float] = {}
    levels: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    for i, node in enumerate(nodes):  # nodes in lattice order: i is the node's code
        levels.setdefault(sum(node), []).append((i, node))
    strides, stride = [0] * len(s.heights), 1
    for j in reversed(range(len(s.heights))):
        strides[j] = stride
        stride *= s.heights[j]
    above = Suppressed(s, nodes) if s.metric == "discernibility" and s.monotone and n else None

    def fewest(node: tuple[int, ...], ups: list[int]) -> int:  # a chain raises the column with the fewest values
        return min(ups, key=lambda c: (s.bases[c], c))

    def lowest(floor: float, sup: int) -> float:
        """A lower bound of the discernibility of a node meeting the policy: ``floor`` bounds its
        sum of c x max(c, k) over classes; each of the ``sup`` records known to be suppressed
        there costs n instead of the k it adds to that sum (with nothing known below, every
        other record costs at least k)."""
        if above is None:
            return floor
        return max(floor + (n - s.k) * sup, n * sup + (n - sup) * s.k)

    # a climb evaluates the passing nodes over a meeting node too: their suppressed records feed
    # the bound from suppression above (adult k=5 5%: 2,143 nodes without them against 950)
    s.climb_met = False
    if above is not None and s.max_suppressed > 0:
        s.climb_test = climb_test(s, above, n)
    if above is not None and s.max_suppressed > 0:
        descend(s)
    for total in sorted(levels):
        if above is not None and s.best is not None:
            above.update()
        todo = []
        for i, node in levels[total]:
            children = [nodes[i - st] for st, level in zip(strides, node) if level]
            floor = max(map(carried.__getitem__, children), default=0.0)  # every child was visited
            carried[node] = floor
            if node in s.seen:
                carried[node] = max(floor, float(s.seen[node][2]))
                continue
            if s.skip(node):
                continue
            if s.metric == "discernibility" and s.best is not None:
                # a record suppressed at a node above stays suppressed here: it costs n, not k
                sup = above.at(node) if above is not None else 0
                low = lowest(floor, sup)
                if low <= s.best:  # before evaluating it, the bound from pairs of its children
                    floor = carried[node] = max(floor, pair_floor(children, carried, s.seen))
                    low = lowest(floor, sup)
                if low > s.best:
                    continue
            todo.append(node)
        for lo in range(0, len(todo), s.batch):
            chunk = todo[lo : lo + s.batch]
            for levels_, _, _, dm_bound in s.evaluate(chunk):
                carried[levels_] = max(carried[levels_], float(dm_bound))
            if s.metric == "discernibility" and s.best is not None:  # no climb where all above cost more
                chunk = [node for node in chunk if float(s.seen[node][2]) <= s.best]
            s.climb(chunk, fewest)


def pair_floor(children: list[tuple[int, ...]], carried: dict[tuple[int, ...], float], seen: dict[Any, Any]) -> float:
    """A lower bound of B(X) = sum over X's classes of c x max(c, k) from two of its children a, b
    and their common child g = a ^ b (levels the smaller of the two) where g was evaluated:
    B(X) >= B(a) + B(b) - B(g) (``carried`` holds lower bounds of B(a), B(b); ``seen`` B(g), the
    dm_bound of an evaluated node).

    Proof, record by record, with f(x) = max(x, k) (convex, non-decreasing) and v_Y(r) the size
    of record r's class at node Y (B(Y) is the sum over records of f(v_Y(r))): two records share a
    class at both a and b exactly when they share one at g (they agree at the lower of the two
    levels of every column, and the hierarchies nest), so C_a(r) ^ C_b(r) = C_g(r); X generalizes a
    and b, so C_a(r) u C_b(r) is in C_X(r). With u = |C_a u C_b| and i = |C_g| (i <= v_a, v_b <= u,
    i + u = v_a + v_b), convexity gives f(v_a) + f(v_b) <= f(i) + f(u) (Karamata), and f(u) <=
    f(v_X(r)). Summed over the records: B(a) + B(b) <= B(g) + B(X). (Supermodularity: classes
    merged along two columns at once share their records.)

    >>> pair_floor([(0, 1), (1, 0)], {(0, 1): 10.0, (1, 0): 12.0}, {(0, 0): (True, 0, 8.0, 0)})
    14.0
    """
    floor = 0.0
    for i, a in enumerate(children):
        for b in children[i + 1 :]:
            g = seen.get(tuple(map(min, a, b)))
            if g is not None:
                floor = max(floor, carried.get(a, 0.0) + carried.get(b, 0.0) - float(g[2]))
    return floor


def descend(s: Search) -> None:
    """A first good value before the level-by-level sweep: from the top node, step down to the
    child with the lowest value among those meeting the policy, until none does (one statement
    per step); then, from the best node found, evaluate its unknown children and its siblings (the
    other children of its parents, the other parents of its children) in one statement, again
    from the new best while one of them is better (adult k=5 5%: the optimum, where the descent
    alone stops at 1.5 times it). The sweep's bounds prune with it from the start
    (docs/measures.md §7)."""

    def below(node: tuple[int, ...]) -> list[tuple[int, ...]]:  # its children not known to fail
        kids = [node[:j] + (node[j] - 1,) + node[j + 1 :] for j in range(len(node)) if node[j] > 0]
        return [c for c in kids if not s.known_to_fail(c)]

    def step(node: tuple[int, ...]) -> tuple[int, ...] | None:  # the best child meeting the policy
        meeting = [(s.seen[c][1], sum(c), c) for c in below(node) if s.seen[c][0]]
        return min(meeting)[2] if meeting else None

    top = tuple(h - 1 for h in s.heights)
    s.evaluate([top])
    cur: tuple[int, ...] | None = top
    while cur is not None:
        # two steps a statement: the children and their children (the next step's choice among
        # them is the one a statement per step makes: the same path; DESCEND_AHEAD)
        children = below(cur)
        ahead = [g for c in children for g in below(c)] if DESCEND_AHEAD else []
        if not children:
            break
        s.evaluate(list(dict.fromkeys(children + ahead)))
        cur = step(cur)
        if cur is not None and DESCEND_AHEAD:
            cur = step(cur)  # its children were evaluated (or are known to fail) with the first step
    while s.best is not None:
        best = min((row[1], sum(node), node) for node, row in s.seen.items() if row[0])[2]
        children = [best[:j] + (best[j] - 1,) + best[j + 1 :] for j in range(len(best)) if best[j] > 0]
        near = children + [
            node[:j] + (node[j] + step,) + node[j + 1 :]
            for node, step in [(p, -1) for p in s.parents(best)] + [(c, 1) for c in children]
            for j in range(len(node))
            if 0 <= node[j] + step < s.heights[j]
        ]
        near = [node for node in dict.fromkeys(near) if not s.skip(node)]
        if not near:
            return
        before = s.best
        s.evaluate(near)
        if s.best >= before:
            return


class Suppressed:
    """Per node, the most records suppressed at an evaluated node above it that meets the policy:
    a record in a class smaller than k there is in one here too (its class here is a subset), so
    when this node meets the policy it suppresses at least that many."""

    def __init__(self, s: Search, nodes: list[tuple[int, ...]]) -> None:
        self.s = s
        self.index = s.index if len(s.index) == len(nodes) else {node: i for i, node in enumerate(nodes)}
        strides, stride = [0] * len(s.heights), 1
        for j in reversed(range(len(s.heights))):
            strides[j] = stride
            stride *= s.heights[j]
        self.children = [[i - strides[j] for j in range(len(node)) if node[j] > 0] for i, node in enumerate(nodes)]
        self.down = [0] * len(nodes)
        self.done = 0  # the evaluated nodes (s.seen, in evaluation order) already taken in

    def update(self) -> None:
        """Take in the nodes evaluated since the last time: from each that meets the policy and
        suppresses rows, raise ``down`` over its down-set, walking only where it rises (``down``
        never increases upward, so below a node already as high nothing rises)."""
        seen = self.s.seen
        if self.done == len(seen):
            return
        down, children, index = self.down, self.children, self.index
        new = [(row[3], node) for node, row in itertools.islice(seen.items(), self.done, None) if row[0] and row[3]]
        for suppressed, node in sorted(new, reverse=True):  # the highest first: the others stop sooner
            if down[index[node]] >= suppressed:
                continue
            todo = [index[node]]
            down[todo[0]] = suppressed
            while todo:
                for c in children[todo.pop()]:
                    if down[c] < suppressed:
                        down[c] = suppressed
                        todo.append(c)
        self.done = len(seen)

    def at(self, node: tuple[int, ...]) -> int:
        return self.down[self.index[node]]


def top_down(s: Search, budget: int) -> bool:
    """Without suppression, the nodes meeting a monotone policy are few near the top: find them
    all from the top down, a level per statement (the children of every node of the level below
    that met it, less those under a failing node). Every node that meets the policy is then
    evaluated (each has a parent that meets it, evaluated before it) and every other one is
    under an evaluated failing node (the highest failing nodes are children of nodes that meet
    it), so the sweep that follows evaluates nothing more. Stops, keeping what it learnt, before
    a level that would take the evaluated nodes past ``budget``; returns whether it finished."""
    level = [tuple(h - 1 for h in s.heights)]
    while level:
        todo = [node for node in dict.fromkeys(level) if node not in s.seen and not s.known_to_fail(node)]
        if not todo:
            return True
        if s.evaluated + len(todo) > budget:
            return False
        level = [
            node[:j] + (node[j] - 1,) + node[j + 1 :]
            for node, meets, _, _ in s.evaluate(todo)
            if meets
            for j in range(len(node))
            if node[j] > 0
        ]
    return True


def run_search(s: Search, max_nodes: int) -> None:
    """The exact search for ``s.metric`` over the whole lattice."""
    nodes = lattice(s.heights, max_nodes)
    s.grid = nodes  # the search's index of node codes is made from it
    bound, rising = None, False
    if s.metric in ("loss", "precision", "entropy"):
        rows = run(s.con, render("generalize/bound_rows.sql", bounds=s.bounds)).fetchall()
        pick = 3 if s.metric == "entropy" else 2
        per = {(int(r[0]), int(r[1])): float(r[pick]) for r in rows}
        bound = a_priori_bound(s.metric, s.heights, per)
        # each column's value rising with its level (precision: level / (height - 1) does), the
        # combined bound never falls from a node to a parent: by_bound orders the nodes lazily
        rising = s.metric == "precision" or all(
            per[(j, level)] <= per[(j, level + 1)] for j, h in enumerate(s.heights) for level in range(h - 1)
        )
    if s.max_suppressed <= 0:  # every meeting node is clean or over a clean one: above_clean knows it
        s.climb_met = False
    patterns = max(1, int(run(s.con, call("engine_count_rows", relation=quote(s.patterns))).fetchall()[0][0]))
    # a round of climb probes more nodes where a node costs little against a statement
    s.probes = max(1, min(CLIMB_PROBES, PROBE_ROWS // patterns))
    s.pattern_rows = patterns
    if s.max_suppressed <= 0 and s.candidates_args:
        if s.metric in ("loss", "entropy"):
            s.exact = bound  # nothing suppressed: the bound is the value (docs/measures.md §7)
        if s.monotone and top_down(s, min(TOP_DOWN_BUDGET, TOP_DOWN_ROWS // patterns)):
            return  # every node is decided: the sweep would evaluate none
    if bound is not None:
        by_bound(s, nodes, bound, rising)
    else:
        n = int(run(s.con, render("generalize/total.sql", patterns=s.patterns)).fetchall()[0][0])
        by_level(s, nodes, n)
