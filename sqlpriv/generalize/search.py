"""The search for the globally optimal lattice node: batches of nodes evaluated by two prepared
statements (``generalize/evaluate.sql``, ``generalize/since.sql``), exact, skipping only nodes it
can prove are not better than the best one found. What it skips and why it stays exact:
docs/measures.md §7, "The search: what it skips".
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from operator import le
from typing import Any

from sqlpriv.engine.plan import run
from sqlpriv.engine.templates import create_table, insert_into, render
from sqlpriv.errors import ParameterError

METRICS = ("loss", "discernibility", "aecs", "precision", "entropy")
MAX_NODES = 200_000
WORD_LIMIT = 2**62  # a packed key word stays below this
FIRST_BATCH = 4  # by_bound's first batch; each next one twice as large, up to batch=
SHARES_METRICS = ("loss", "entropy")  # the metrics that read the suppressed classes' shares / entropies
CLIMB_PROBES = 32  # the most nodes one round of climb probes, spread over its chains (sweeps.PROBE_ROWS)
EVALUATE_PARTS = 4  # the most parts a batch's nodes are grouped in, one per thread (generalize/evaluate.sql)
# a batch is split in parts only from this many rows (nodes x patterns): below, one GROUP BY on one
# thread costs less than planning the parts (each EXECUTE is planned again; RESULTS.md, gen14)
SPLIT_ROWS = 100_000


class LatticeTooLargeError(ParameterError):
    """The lattice has more nodes than the exact search accepts."""


@dataclass
class Search:
    """State of one search: the tables, the lattice, and what was learnt so far."""

    con: Any
    patterns: str
    bounds: str
    stats: str
    heights: list[int]
    candidates_sql: str
    metric: str
    k: int
    batch: int = 64
    statements: list[str] = field(default_factory=list)
    evaluated: int = 0
    best: Any = None
    monotone: bool = True
    shares: str = ""
    max_suppressed: int = 0  # rows the policy lets the search suppress
    words: list[list[tuple[int, int]]] = field(default_factory=list)  # per packed word: (column, multiplier)
    bases: list[int] = field(default_factory=list)  # per column: one more than its largest label code
    clean: list[tuple[int, ...]] = field(default_factory=list)  # minimal meeting nodes with nothing suppressed
    seen: dict[tuple[int, ...], tuple[Any, ...]] = field(default_factory=dict)  # (meets, value, DM*, suppressed)
    candidates_args: dict[str, Any] = field(default_factory=dict)  # candidates.sql's arguments (for its lean form)
    below_failed: Marks = field(init=False)  # every node under (or at) a failing node
    above_clean: Marks = field(init=False)  # every node over (or at) a node in clean
    above_met: Marks = field(init=False)  # every node over (or at) a node meeting the policy
    climb_met: bool = True  # the climbs take a node over a meeting node as passing (off: by_level, evaluate="climbs")
    probes: int = 1  # the nodes one round of climb evaluates (at least one per chain; 1: bisection)
    exact: Any = None  # node -> its metric value, where the a-priori bound is exact (loss / entropy, no suppression)
    grid: list[tuple[int, ...]] = field(default_factory=list)  # every node by its code, where the sweeps set it
    climb_test: Any = None  # node -> bool | None: what a climb bisects on in place of the policy (sweeps.by_level)
    pattern_rows: int = 0  # rows of the patterns table (0: unknown); sets when a batch is split in parts

    def __post_init__(self) -> None:
        self._index: dict[tuple[int, ...], int] = {}
        self._prepared: dict[int, str] = {}  # parts -> the prepared evaluate statement's name
        self._args: dict[str, Any] = {}  # generalize/evaluate.sql's arguments but parts (set by _prepare)
        self._threads = 1  # parts of a split batch (set by _prepare)
        self.below_failed = Marks(self)
        self.above_clean = Marks(self)
        self.above_met = Marks(self)

    @property
    def index(self) -> dict[tuple[int, ...], int]:
        """Node -> its lattice code (:meth:`code`), made once, on first use."""
        if not self._index:
            nodes = self.grid or itertools.product(*[range(h) for h in self.heights])
            self._index = dict(zip(nodes, itertools.count()))
        return self._index

    def known_to_fail(self, node: tuple[int, ...]) -> bool:
        """True when a failing node generalizes ``node`` (only for a monotone policy)."""
        return self.monotone and node in self.below_failed

    def dominated(self, node: tuple[int, ...]) -> bool:
        """True when a node below ``node`` meets the policy with nothing suppressed: then every
        metric of ``node`` is at least that node's (each is monotone in generalization once
        suppression plays no part) and its level sum is higher, so it cannot be the optimum.
        (``clean`` holds the minimal such nodes, an antichain: ``node`` is strictly over one of
        them exactly when it is in their up-set and not one of them.)"""
        return node in self.above_clean and node not in self.clean

    def skip(self, node: tuple[int, ...]) -> bool:
        return node in self.seen or self.known_to_fail(node) or self.dominated(node)

    @property
    def failed(self) -> list[tuple[int, ...]]:
        """The maximal failing nodes found so far: the nodes of ``below_failed`` none of whose
        parents is in it (a node under a failing node other than itself has a parent under it)."""
        return [node for node in self.below_failed if self.topmost_failing(node)]

    def topmost_failing(self, node: tuple[int, ...]) -> bool:
        """Whether ``node`` (in ``below_failed``) is a maximal failing node: no parent of it is
        known to fail (checked in d lookups instead of against every maximal failing node)."""
        below, heights = self.below_failed, self.heights
        return not any(
            node[:j] + (node[j] + 1,) + node[j + 1 :] in below for j in range(len(node)) if node[j] + 1 < heights[j]
        )

    def _fails(self, node: tuple[int, ...]) -> None:
        """Add the down-set of ``node`` (fails) to ``below_failed`` (each node enters it once: a
        walk stops at nodes already in it, whose own down-set is in it already)."""
        if node in self.below_failed:
            return
        self.below_failed.add_box([(0, level + 1) for level in node])

    def _met(self, node: tuple[int, ...]) -> None:
        """Add the up-set of ``node`` (meets the policy) to ``above_met``: with a monotone policy
        every generalization of it meets the policy too, so a climb need not evaluate it to know
        (loss with 5% suppression, adult k=5: 144 nodes instead of 159)."""
        if self.monotone and node not in self.above_met:
            self.above_met.add_box(list(zip(node, self.heights)))

    def _clean(self, node: tuple[int, ...]) -> None:
        """Add ``node`` (meets the policy, nothing suppressed, not dominated) to the minimal clean
        nodes and its up-set to ``above_clean``."""
        self.clean = [c for c in self.clean if not all(map(le, node, c))] + [node]
        self.above_clean.add_box(list(zip(node, self.heights)))

    def evaluate(self, nodes: list[tuple[int, ...]]) -> list[tuple[Any, ...]]:
        """Evaluate the batch's new nodes in one statement; return (levels, meets, value, dm_bound) each."""
        new = list(dict.fromkeys(n for n in nodes if n not in self.seen))
        if new:
            self._evaluate(new)
        return [(n, *self.seen[n][:3]) for n in nodes]

    def code(self, node: tuple[int, ...]) -> int:
        """The node's lattice code: its levels as a mixed-radix number (the last column fastest)."""
        c = 0
        for level, h in zip(node, self.heights):
            c = c * h + level
        return c

    def _evaluate(self, nodes: list[tuple[int, ...]]) -> None:
        first = self.evaluated
        codes = [self.code(node) for node in nodes]
        if first == 0:
            self._prepare(codes)
        else:
            stmt = render("generalize/execute.sql", statement=self._statement(len(codes)), codes=codes, first=first)
            run(self.con, stmt)
            self.statements.append(stmt)
        self.evaluated += len(nodes)
        query = render("generalize/execute.sql", statement=self.stats + "_since", first=first)
        rows = run(self.con, query).fetchall()
        for node_id, meets, value, dm_bound, suppressed in rows:
            levels = nodes[node_id - first]
            if value is None and self.exact is not None:  # the lean query left the value to the bound
                value = self.exact(levels)
            self.record(levels, bool(meets), value, dm_bound, int(suppressed))

    def record(self, levels: tuple[int, ...], meets: bool, value: Any, dm_bound: Any, suppressed: int) -> None:
        """Take in one evaluated node's figures (what the sweeps learn from them)."""
        self.seen[levels] = (meets, value, dm_bound, suppressed)
        if not meets:
            self._fails(levels)
        else:
            if self.climb_met:
                self._met(levels)
            if suppressed == 0 and not self.dominated(levels):
                self._clean(levels)
            if self.best is None or value < self.best:
                self.best = value

    def _prepare(self, codes: list[int]) -> None:
        """The first batch: create the statistics table with it, then prepare the two statements
        every later batch executes (generalize/evaluate.sql, generalize/since.sql) with its node
        codes and first node id as parameters."""
        strides, stride = [0] * len(self.heights), 1
        for j in reversed(range(len(self.heights))):
            strides[j] = stride
            stride *= self.heights[j]
        args: dict[str, Any] = {
            "patterns": self.patterns,
            "shares": self.shares,
            "heights": self.heights,
            "strides": strides,
            "words": self.words,
            "bases": self.bases,
            "k": self.k,
            "max_suppressed": self.max_suppressed if self.metric in SHARES_METRICS else 0,
        }
        self._args = args
        self._threads = self._parts()
        parts = self._split(len(codes))
        if self.candidates_args and self.exact is not None:  # the policy only: the value is the bound
            lean = render("generalize/candidates.sql", only="policy", **self.candidates_args)
            statements = []
        elif self.candidates_args:  # the search's lean candidates query, the bounds' row made once
            weights = self.stats + "_weights"
            d = len(self.heights)
            lean = render("generalize/candidates.sql", only=self.metric, weights=weights, **self.candidates_args)
            statements = [create_table(weights, render("generalize/weights.sql", bounds=self.bounds, d=d))]
            # the full candidates query (best node, candidates()) reads the same row (3 ms less planning)
            self.candidates_sql = render("generalize/candidates.sql", weights=weights, **self.candidates_args)
        else:
            lean, statements = self.candidates_sql, []
        statements += [
            create_table(self.stats, render("generalize/evaluate.sql", codes=codes, first=0, parts=parts, **args)),
            self._prepare_evaluate(parts),
            render(
                "generalize/prepare.sql",
                statement=self.stats + "_since",
                body=render(
                    "generalize/since.sql", body=lean, metric="policy" if self.exact is not None else self.metric
                ),
            ),
        ]
        for stmt in statements:
            run(self.con, stmt)
        self.statements += statements

    def _split(self, nodes: int) -> int:
        """A batch's parts: one, or one per thread from SPLIT_ROWS rows (nodes x patterns) on."""
        return self._threads if nodes * self.pattern_rows >= SPLIT_ROWS else 1

    def _prepare_evaluate(self, parts: int) -> str:
        """The PREPARE of generalize/evaluate.sql in ``parts`` parts (``<stats>_evaluate[_<parts>]``)."""
        name = self.stats + "_evaluate" + ("" if parts == 1 else f"_{parts}")
        self._prepared[parts] = name
        body = insert_into(self.stats, render("generalize/evaluate.sql", parts=parts, **self._args))
        return render("generalize/prepare.sql", statement=name, body=body)

    def _statement(self, nodes: int) -> str:
        """The evaluate statement for a batch of ``nodes`` nodes, prepared on its first use."""
        parts = self._split(nodes)
        if parts not in self._prepared:
            stmt = self._prepare_evaluate(parts)
            run(self.con, stmt)
            self.statements.append(stmt)
        return self._prepared[parts]

    def _parts(self) -> int:
        """How many parts a batch's nodes are grouped in (generalize/evaluate.sql): one per DuckDB
        thread, at most EVALUATE_PARTS."""
        threads = run(self.con, render("engine/threads.sql")).fetchall()[0][0]
        return max(1, min(EVALUATE_PARTS, int(threads)))

    def fill(self) -> list[str]:
        """The statement that adds the suppressed-class shares and entropies to the statistics
        when the search left them out (its metric reads neither; generalize/fill.sql), else none:
        what ``candidates()`` runs before reading them."""
        if self.metric in SHARES_METRICS or self.max_suppressed <= 0 or not self.evaluated:
            return []
        strides = [self.code(tuple(int(i == j) for i in range(len(self.heights)))) for j in range(len(self.heights))]
        body = render(
            "generalize/evaluate.sql",
            patterns=self.patterns,
            shares=self.shares,
            heights=self.heights,
            strides=strides,
            words=self.words,
            bases=self.bases,
            k=self.k,
            max_suppressed=self.max_suppressed,
            stats=self.stats,
        )
        return [render("generalize/fill.sql", stats=self.stats, body=body, d=len(self.heights))]

    def climb(self, nodes: list[tuple[int, ...]], step: Any) -> None:
        """From each failing node not yet known to fail, walk one chain up to the top (each step
        raising the column ``step`` picks) and find the chain's highest failing node by bisection
        (pass / fail is monotone along a chain), the chains in lockstep, one statement per round;
        each highest failing node prunes every node below it (Flash's predictive tagging)."""
        if not self.monotone:
            return
        chains: list[tuple[list[tuple[int, ...]], list[int]]] = []
        for node in nodes:
            if self.climb_test is not None:  # from each node known to fail the test, none of whose parents is
                if self._known(node) is not False or any(self._known(p) is False for p in self.parents(node)):
                    continue
            elif self.seen[node][0] or (node in self.below_failed and not self.topmost_failing(node)):
                continue
            chain, cur = [], node
            while True:
                ups = [j for j in range(len(cur)) if cur[j] + 1 < self.heights[j]]
                if not ups:
                    break
                j = step(cur, ups)
                cur = cur[:j] + (cur[j] + 1,) + cur[j + 1 :]
                chain.append(cur)
            if chain:
                chains.append((chain, [-1, len(chain)]))  # chain[lo] fails (-1: the start), chain[hi] passes
        while chains:
            todo: dict[tuple[int, ...], None] = {}
            per = max(1, self.probes // len(chains))  # nodes probed per chain this round
            for chain, span in chains:
                while span[1] - span[0] > 1:
                    mid = (span[0] + span[1]) // 2
                    known = self._known(chain[mid])
                    if known is None:
                        break
                    span[1 if known else 0] = mid
                lo, hi = span
                m = min(per, hi - lo - 1)
                for i in range(1, m + 1):  # m = 1: the middle (bisection)
                    node = chain[lo + (hi - lo) * i // (m + 1)]
                    if self._known(node) is None:
                        todo[node] = None
            chains = [c for c in chains if c[1][1] - c[1][0] > 1]
            if todo:
                self.evaluate(list(todo))
            for chain, span in chains:
                narrow(chain, span, self._known)

    def parents(self, node: tuple[int, ...]) -> list[tuple[int, ...]]:
        """The nodes one level over ``node`` in one column."""
        return [node[:j] + (node[j] + 1,) + node[j + 1 :] for j in range(len(node)) if node[j] + 1 < self.heights[j]]

    def _known(self, node: tuple[int, ...]) -> bool | None:
        """Whether ``node`` meets the (monotone) policy, where known without evaluating it; with
        ``climb_test``, whether it passes that test instead (a test failed by every node under a
        node that fails it, as the policy is: the chains bisect on it)."""
        if self.climb_test is not None:
            passes: bool | None = self.climb_test(node)
            return passes
        if node in self.seen:
            return bool(self.seen[node][0])
        if self.known_to_fail(node):
            return False
        if node in self.above_clean or (self.climb_met and node in self.above_met):
            return True
        return None


class Marks:
    """A set of lattice nodes kept as the bits of one integer, by lattice code (the closures the
    search marks are boxes: a down-set or up-set of a node is, per column, a range of levels).
    A box's bits are made by a few shifts per column (each column's range of levels repeats the
    bits made so far at its stride), where a set took every node's tuple (adult without
    suppression: the failing nodes' down-sets hold nearly all 12,960 nodes). A lookup is the node's
    code from the search's index, then one bit of the integer's bytes (remade after a change).

    >>> s = Search(None, "p", "b", "s", [2, 3], "", "loss", 2)
    >>> s.below_failed.add_box([(0, 2), (0, 2)])
    >>> sorted(s.below_failed), (1, 2) in s.below_failed, (1, 1) in s.below_failed
    ([(0, 0), (0, 1), (1, 0), (1, 1)], False, True)
    """

    def __init__(self, search: Search) -> None:
        self.search = search
        self.index: dict[tuple[int, ...], int] | None = None  # the search's, once something is marked
        self.mask = 0
        self.bytes = b""  # mask's bytes, little-endian (None: to remake)

    def __contains__(self, node: object) -> bool:
        index = self.index
        if index is None:
            return False
        i = index.get(node)  # type: ignore[call-overload]
        if i is None:
            return False
        data = self.bytes
        if data is None:
            data = self.bytes = self.mask.to_bytes((len(index) + 7) // 8, "little")
        return bool(data[i >> 3] >> (i & 7) & 1)

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        mask = self.mask
        return iter([node for node, i in (self.index or {}).items() if mask >> i & 1])

    def add_box(self, box: list[tuple[int, int]]) -> None:
        """Mark every node of ``box`` (per column a range of levels [lo, hi))."""
        if self.index is None:  # taken here, not before: the lattice was found small enough by then
            self.index = self.search.index
        heights = self.search.heights
        strides, stride = [0] * len(heights), 1
        for j in reversed(range(len(heights))):
            strides[j] = stride
            stride *= heights[j]
        base = 0
        for (lo, _), st in zip(box, strides):
            base += lo * st
        bits = 1 << base
        for (lo, hi), st in zip(box, strides):
            have, want = 1, hi - lo  # copies of the pattern along this column: have, then want
            while have < want:
                step = min(have, want - have)
                bits |= bits << (step * st)
                have += step
        self.mask |= bits
        self.bytes = None  # type: ignore[assignment]


def narrow(chain: list[tuple[int, ...]], span: list[int], known: Any) -> None:
    """Narrow ``span`` ([lo, hi]: chain[lo] fails, chain[hi] passes; -1 and len(chain) stand for
    the chain's start and beyond its top) to the nodes between its highest known failing node
    and its lowest known passing one (pass / fail is monotone along a chain), so that every node
    strictly inside is unknown.

    >>> span = [-1, 5]
    >>> narrow([(1,), (2,), (3,), (4,), (5,)], span, {(2,): False, (4,): True}.get)
    >>> span
    [1, 3]
    """
    for pos in range(span[0] + 1, span[1]):
        state = known(chain[pos])
        if state is True:
            span[1] = pos
            return
        if state is False:
            span[0] = pos


def lattice(heights: list[int], max_nodes: int) -> list[tuple[int, ...]]:
    """Every node, or LatticeTooLargeError when there are more than ``max_nodes``."""
    size = 1
    for h in heights:
        size *= h
    if size > max_nodes:
        raise LatticeTooLargeError(
            f"the lattice has {size:,} nodes (the product of the hierarchy heights {heights}), more than "
            f"max_nodes={max_nodes:,} for an exact search; use fewer quasi-identifiers or hierarchies with "
            "fewer levels, or raise max_nodes="
        )
    return list(itertools.product(*[range(h) for h in heights]))


def pack(bases: list[int]) -> list[list[tuple[int, int]]]:
    """Columns packed into integer words: (column, multiplier) pairs per word, each word's
    product of bases below 2**62.

    >>> pack([10, 10, 2**61])
    [[(0, 1), (1, 10)], [(2, 1)]]
    """
    words: list[list[tuple[int, int]]] = []
    mult = WORD_LIMIT
    for j, base in enumerate(bases):
        if mult * base >= WORD_LIMIT:
            words.append([])
            mult = 1
        words[-1].append((j, mult))
        mult *= base
    return words
