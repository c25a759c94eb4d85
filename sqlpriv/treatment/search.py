"""The search for the globally optimal lattice node (docs/measures.md §G).

Nodes are vectors of levels, one per quasi-identifier. Every node evaluated is one grouping set
of a GROUPING SETS query over the distinct patterns (``generalize/nodes.sql``, ``batch`` nodes per
scan); its metrics come from ``generalize/candidates.sql``. The search is exact; it skips only
nodes it can prove are not better than the best one found:

* a node below (a specialization of) a node that fails a monotone policy fails too (k-anonymity
  with suppression: a record in a class of at least k rows stays in one when generalized);
* loss: nodes are visited by increasing a-priori lower bound (each column's loss with nothing
  suppressed, which generalization only raises and suppression only adds to); the search stops
  at the first bound strictly above the best loss found;
* discernibility: nodes are visited level by level; a node whose children's DM* (sum of squared
  class sizes, monotone in generalization, never above the discernibility) exceeds the best
  value found is skipped, with all of its generalizations.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from sqlpriv.engine.plan import run
from sqlpriv.engine.templates import create_table, insert_into, render
from sqlpriv.errors import ParameterError

METRICS = ("loss", "discernibility", "aecs", "precision")
MAX_NODES = 200_000
MAX_GROUPING_COLUMNS = 62


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
    failed: list[tuple[int, ...]] = field(default_factory=list)
    monotone: bool = True
    seen: dict[tuple[int, ...], int] = field(default_factory=dict)  # evaluated node -> rows suppressed

    @staticmethod
    def gcols(nodes: list[tuple[int, ...]]) -> list[str]:
        """The grouping columns a batch uses (GROUPING_ID takes only columns some set groups by)."""
        used = sorted({(j, level) for node in nodes for j, level in enumerate(node)})
        return [f"g_{j}_{level}" for j, level in used]

    @staticmethod
    def grouping_id(node: tuple[int, ...], cols: list[str]) -> int:
        """DuckDB's GROUPING_ID of the node's set: bit set for every column it does not group by."""
        keep = {f"g_{j}_{level}" for j, level in enumerate(node)}
        return sum(1 << (len(cols) - 1 - i) for i, c in enumerate(cols) if c not in keep)

    def known_to_fail(self, node: tuple[int, ...]) -> bool:
        return self.monotone and any(all(a <= b for a, b in zip(node, f)) for f in self.failed)

    def evaluate(self, nodes: list[tuple[int, ...]]) -> list[tuple[Any, ...]]:
        """Evaluate a batch of nodes in one scan; return (levels, meets, value, dm_star) each."""
        first = self.evaluated
        cols = self.gcols(nodes)
        spec = [(first + i, list(node), self.grouping_id(node, cols)) for i, node in enumerate(nodes)]
        body = render(
            "generalize/nodes.sql",
            patterns=self.patterns,
            nodes=spec,
            heights=self.heights,
            gcols=cols,
            used=[sorted({node[j] for node in nodes}) for j in range(len(self.heights))],
            k=self.k,
        )
        stmt = create_table(self.stats, body) if first == 0 else insert_into(self.stats, body)
        run(self.con, stmt)
        self.statements.append(stmt)
        self.evaluated += len(nodes)
        query = render("generalize/since.sql", body=self.candidates_sql, metric=self.metric, first=first)
        rows = run(self.con, query).fetchall()
        out = []
        for node_id, meets, value, dm_star, suppressed in rows:
            levels = nodes[node_id - first]
            self.seen[levels] = int(suppressed)
            if not meets:
                self.failed.append(levels)
            elif self.best is None or value < self.best:
                self.best = value
            out.append((levels, meets, value, dm_star))
        return out


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
    if sum(heights) > MAX_GROUPING_COLUMNS:
        raise LatticeTooLargeError(
            f"the hierarchies have {sum(heights)} levels in all, more than {MAX_GROUPING_COLUMNS} "
            "(one grouping column each); use fewer quasi-identifiers or levels"
        )
    return list(itertools.product(*[range(h) for h in heights]))


def by_bound(s: Search, nodes: list[tuple[int, ...]], bounds: dict[tuple[int, int], float]) -> None:
    """Loss / precision: visit nodes by increasing a-priori bound; stop past the best value."""

    def bound(node: tuple[int, ...]) -> Any:
        if s.metric == "loss":
            return sorted((bounds[(j, level)] for j, level in enumerate(node)), reverse=True)
        return sum(level / max(h - 1, 1) for level, h in zip(node, s.heights)) / len(node)

    order = sorted(nodes, key=lambda node: (bound(node), sum(node), node))
    i = 0
    while i < len(order):
        batch: list[tuple[int, ...]] = []
        while i < len(order) and len(batch) < s.batch:
            node = order[i]
            if s.best is not None and bound(node) > s.best:
                i = len(order)
                break
            i += 1
            if not s.known_to_fail(node):
                batch.append(node)
        if batch:
            s.evaluate(batch)


def by_level(s: Search, nodes: list[tuple[int, ...]]) -> None:
    """Discernibility / AECS: level by level, children first, DM* bounds carried upwards."""
    carried: dict[tuple[int, ...], float] = {}
    levels: dict[int, list[tuple[int, ...]]] = {}
    for node in nodes:
        levels.setdefault(sum(node), []).append(node)
    for total in sorted(levels):
        todo = []
        for node in levels[total]:
            children = [node[:j] + (node[j] - 1,) + node[j + 1 :] for j in range(len(node)) if node[j] > 0]
            floor = max((carried.get(c, 0.0) for c in children), default=0.0)
            carried[node] = floor
            if s.metric == "discernibility" and s.best is not None and floor > s.best:
                continue
            todo.append(node)
        for lo in range(0, len(todo), s.batch):
            for levels_, _, _, dm_star in s.evaluate(todo[lo : lo + s.batch]):
                carried[levels_] = max(carried[levels_], float(dm_star))


def run_search(s: Search, max_nodes: int) -> None:
    """The exact search for ``s.metric`` over the whole lattice."""
    nodes = lattice(s.heights, max_nodes)
    if s.metric in ("loss", "precision"):
        rows = run(s.con, render("generalize/bound_rows.sql", bounds=s.bounds)).fetchall()
        by_bound(s, nodes, {(int(j), int(level)): float(b) for j, level, b in rows})
    else:
        by_level(s, nodes)
