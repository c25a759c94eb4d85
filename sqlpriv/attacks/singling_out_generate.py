"""Seeded generation of the singling-out queries (univariate, multivariate, baseline) from what
SQL fetched of the distinct synthetic table: its per-column statistics, the values at drawn
positions and the records at drawn ranks, never the table (docs/measures.md, "Singling out by
queries"). Every candidate's check against the synthetic table is a SQL count.

>>> next_batch(found=10, attempts=100, wanted=50), next_batch(found=0, attempts=100, wanted=50)
(480, 200)
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Protocol

import numpy as np

from sqlpriv.attacks.singling_out_predicates import (
    Condition,
    Query,
    pick,
    random_columns,
    random_condition,
    record_query,
    univariate_candidates,
)

#: the most synthetic records one multivariate round builds queries from
MAX_BATCH = 20_000
#: the most synthetic records kept in Python between rounds (a rank drawn again is not fetched again)
MAX_KEPT = 100_000


class Drawn(Protocol):
    """What the univariate and baseline draws read: the columns, their kinds, and the values of
    a synthetic column at drawn positions (DuckDB's :class:`Tables`, or the Spark attack's)."""

    columns: list[str]
    kinds: dict[str, str]

    def values(self, column: str, kind: str, positions: list[int]) -> dict[int, Any]: ...


class Sampled(Drawn, Protocol):
    """What the multivariate draw reads besides: the distinct records per table, the distinct
    synthetic records at drawn ranks (numbered by their first input position) and the counts of
    queries on a table (DuckDB's :class:`~sqlpriv.attacks.singling_out_tables.Tables`, or the
    Spark attack's)."""

    def n_rows(self, role: str) -> int: ...

    def records(self, ranks: list[int]) -> dict[int, dict[str, Any]]: ...

    def count(self, role: str, queries: list[Query]) -> list[int]: ...


def univariate(tables: Drawn, stats: list[dict[str, Any]], rng: np.random.Generator, n_attacks: int) -> list[Query]:
    """``n_attacks`` univariate queries drawn without replacement among every one that singles out
    a synthetic record (anonymeter shuffles the same list and keeps the first ``n_attacks``)."""
    candidates = univariate_candidates(sorted(stats, key=lambda s: s["column"]))
    chosen = [candidates[i] for i in pick(rng, len(candidates), n_attacks)]
    wanted: dict[tuple[str, str], set[int]] = defaultdict(set)
    for c in chosen:
        if c.kind != "isna":
            wanted[(c.column, c.kind)].add(c.index)
    values = {key: tables.values(key[0], key[1], sorted(idx)) for key, idx in wanted.items()}
    op = {"min": "<=", "max": ">=", "rare": "=="}
    return [
        (Condition(c.column, "isna"),)
        if c.kind == "isna"
        else (Condition(c.column, op[c.kind], values[(c.column, c.kind)][c.index]),)
        for c in chosen
    ]


def next_batch(found: int, attempts: int, wanted: int) -> int:
    """Records to draw next: enough for the queries still wanted at the success rate seen so far,
    with a fifth more, at least as many as tried so far (rounds grow geometrically while the
    rate is low), at most ``MAX_BATCH``."""
    rate = found / attempts if attempts else 0.5
    need = (wanted - found) / rate * 1.2 if rate > 0 else 2 * attempts
    return int(min(max(need, attempts, 64), MAX_BATCH))


def multivariate(
    tables: Sampled,
    stats: list[dict[str, Any]],
    rng: np.random.Generator,
    n_attacks: int,
    n_cols: int,
    max_attempts: int | None,
) -> tuple[list[Query], int]:
    """Queries from ``n_cols`` columns of random synthetic records, kept when they single out one
    synthetic record and were not kept before, until ``n_attacks`` are kept or ``max_attempts``
    records were tried (anonymeter's loop, run in rounds: one SQL count per round). Returns the
    queries and the attempts made."""
    n_syn = tables.n_rows("synthetic")
    medians = {s["column"]: s["median"] for s in stats if s["median"] is not None}
    found: list[Query] = []
    kept: set[Query] = set()
    failed: set[Query] = set()  # counted before and matching more than one record: not counted again
    attempts = 0
    fetched: dict[int, dict[str, Any]] = {}  # rank -> record, kept between rounds
    while len(found) < n_attacks and (max_attempts is None or attempts < max_attempts):
        size = next_batch(len(found), attempts, n_attacks)
        if max_attempts is not None:
            size = min(size, max_attempts - attempts)
        ranks = [int(r) for r in rng.integers(n_syn, size=size)]
        cols = [random_columns(rng, tables.columns, n_cols) for _ in range(size)]
        if len(fetched) > MAX_KEPT:
            fetched.clear()
        fetched.update(tables.records(sorted(set(ranks).difference(fetched))))
        records = fetched
        queries = [record_query(records[r], c, tables.kinds, medians) for r, c in zip(ranks, cols)]
        fresh = list(dict.fromkeys(q for q in queries if q not in kept and q not in failed))
        counted = dict(zip(fresh, tables.count("synthetic", fresh)))
        failed.update(q for q, n in counted.items() if n != 1)
        singles = {q for q, n in counted.items() if n == 1}
        for q in queries:
            attempts += 1
            if q in singles and q not in kept:
                kept.add(q)
                found.append(q)
                if len(found) == n_attacks:
                    break
    return found, attempts


def baseline(tables: Drawn, stats: list[dict[str, Any]], rng: np.random.Generator, n: int, n_cols: int) -> list[Query]:
    """``n`` random guesses: ``n_cols`` random columns, each a uniformly drawn distinct synthetic
    value (NULL counts as one) with a random operator (anonymeter's baseline attack)."""
    distinct = {s["column"]: int(s["n_distinct"]) for s in stats}
    plans = []
    for _ in range(n):
        cols = random_columns(rng, tables.columns, n_cols)
        plans.append([(c, int(rng.integers(distinct[c]))) for c in cols])
    wanted: dict[str, set[int]] = defaultdict(set)
    for p in plans:
        for c, i in p:
            wanted[c].add(i)
    values = {c: tables.values(c, "distinct", sorted(idx)) for c, idx in wanted.items()}
    return [tuple(random_condition(rng, c, tables.kinds[c], values[c][i]) for c, i in p) for p in plans]


__all__ = ["MAX_BATCH", "MAX_KEPT", "Drawn", "Sampled", "baseline", "multivariate", "next_batch", "univariate"]
