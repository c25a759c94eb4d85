"""The sampled uniqueness Shapley path (docs/measures.md §1, permutation sampling): seeded,
position-balanced column orders (blocks of d orders in which every column takes every position
once), the subsets they visit, their shared cells with the cell-level terms of the standard
errors, and per-pattern estimates summed chunk by chunk of the lattice, on the same pattern
machinery as exact mode (no pattern x order table; memory within one chunk's cells).

>>> sampled_subsets(15, 45), sampled_subsets(4, 8)
(1052, 16)
"""

from __future__ import annotations

import random
from typing import Any

from sqlpriv.engine import cohorts
from sqlpriv.engine.templates import call, create_table, insert_into, render
from sqlpriv.shapley import closure as shapley_closure

PHI_CHUNK_ROWS = 25_000_000  # (pattern, subset) pairs per statement of the per-pattern sums
#: from this many columns the shared pairs are found by expansion from each subset's base (a pattern
#: alone at a subset is alone at every larger one: shapley/expand_*.sql) instead of pairing every
#: pattern with every subset. Wide tables gain most (40 columns x 5,000 rows: 1.6 s of CPU against
#: 7.4 s for the cells); at 15 columns on adult, where half the pairs stay shared, it is 25% slower.
EXPAND_MIN_COLUMNS = 20
#: the per-pattern chunks' size from ``EXPAND_MIN_COLUMNS`` on: nearly every (pattern, column)
#: has a term in every chunk there (40 columns x 100,000 rows: 4M groups per chunk of 25M pairs),
#: so each chunk's grouping and its one row per pattern cost the same however few subsets it
#: holds; fewer, larger chunks do that work fewer times (the pairs stream, never stored)
WIDE_PHI_CHUNK_ROWS = 100_000_000
#: each level's cells in a table of their own before they join the cells table, so that the
#: level's shared pairs (shapley/expand_shared.sql) probe those cells without reading every level's
LEVEL_CELLS = True
#: a level's shared pairs test their cell with an EXISTS in the select list (a mark join, the level's
#: cells hashed) instead of a semi join, which DuckDB flips to hash the candidates it underestimates
#: (shapley/expand_shared.sql): the statement's CPU about halves (benchmarks/RESULTS.md, wide9)
MARK_SHARED = True
#: the per-pattern step (and sampled by()) pairs the patterns with the subsets holding a shared cell
#: only (the others add nothing): 40 columns x 20,000 rows, 1,539 of 7,423 subsets; 40 x 100,000,
#: 2,046; per-pattern step 99.7 -> 70.7 s of CPU there, about 10% at 20,000 rows (RESULTS.md, shp4)
SHARED_PHI = True
#: ... from this many columns on: below, nearly every subset holds a shared cell (UCI adult, 15
#: columns), so the step saves nothing and its positional chunks raised the report's peak memory
#: from 0.66 to 1.04 GB (benchmarks/RESULTS.md, "Stop 26")
SHARED_PHI_MIN_COLUMNS = 20
#: from ``EXPAND_MIN_COLUMNS`` on, the per-pattern chunks read the patterns in parts, one per
#: thread (``cohorts.table_parts``; the direct count does the same below): their pairs stream from
#: the patterns table, one row group up to 122,880 patterns, so they ran on one thread
PATTERN_PARTS = True
#: the direct cell count also skips the pairs of the subsets holding the column with most values
#: and another column whose values with its single the pattern out (shapley/unique_pairs.sql): on
#: UCI adult 12.6M -> 9.0M pairs, the cells step's CPU a third less (benchmarks/RESULTS.md, shp8)
UNIQUE_PAIRS = True
#: ... while the patterns x (d - 1) rows its one grouping reads stay within this many (its hash
#: table is not chunked; above, the cells are counted without it, the same cells)
UNIQUE_PAIRS_ROWS = 10_000_000


def shared_phi(frame: cohorts.CohortFrame) -> bool:
    """Whether the per-pattern and sampled by() steps pair the patterns with the subsets holding
    a shared cell only (``SHARED_PHI`` from ``SHARED_PHI_MIN_COLUMNS`` columns on).

    >>> SHARED_PHI_MIN_COLUMNS
    20
    """
    return SHARED_PHI and frame.d >= SHARED_PHI_MIN_COLUMNS


def unique_anchor(frame: cohorts.CohortFrame) -> int | None:
    """The anchor column of shapley/unique_pairs.sql (``UNIQUE_PAIRS``): the analysed column with
    the most distinct values (the first of them on a tie), or None when the switch is off, there
    is no other column or no column has two values. Its pairs' counts read each pattern not
    alone on it once per other column, a grouping far smaller than the cells' (once per lattice
    subset), and they mark the pairs alone at the subsets holding it, where the high-cardinality
    column leaves most cohorts small.

    >>> from types import SimpleNamespace
    >>> [unique_anchor(SimpleNamespace(cardinalities=k)) for k in ([73, 9, 21648, 16], [1, 1], [5])]
    [2, None, None]
    """
    if not UNIQUE_PAIRS or len(frame.cardinalities) < 2:
        return None
    anchor = max(range(len(frame.cardinalities)), key=lambda j: (frame.cardinalities[j], -j))
    return anchor if frame.cardinalities[anchor] > 1 else None


def sampled_subsets(d: int, samples: int) -> int:
    """An upper bound on the column subsets a sampled run visits: each order's d - 1 proper
    non-empty prefixes, the empty and the full set, and the helper orders' single columns and
    leave-one-out sets (at most 2^d).

    """
    return min(1 << d, samples * (d - 1) + 2 * d * (d - 1) + 2)


#: blocks of d position-balanced orders when ``samples`` is not given: on UCI adult (15 columns) 3
#: blocks (45 orders, 553 subsets) estimate the summary and the per-row values with a smaller error
#: against the exact values than 200 independent orders (2,078 subsets) did (benchmarks/RESULTS.md,
#: "session est1"; benchmarks/bench_shapley_design.py)
DEFAULT_BLOCKS = 3


def balanced_samples(d: int, samples: int | None) -> int:
    """The number of sampled orders for ``d`` columns: ``samples`` rounded up to whole blocks of
    ``d`` orders, at least 2 blocks (the standard errors compare blocks); ``DEFAULT_BLOCKS``
    blocks when ``samples`` is None.

    >>> balanced_samples(15, None), balanced_samples(15, 200), balanced_samples(15, 2), balanced_samples(40, None)
    (45, 210, 30, 120)
    """
    blocks = DEFAULT_BLOCKS if samples is None else max(2, -(-samples // d))
    return blocks * d


def balanced_orders(d: int, samples: int, seed: int) -> list[list[int]]:
    """``samples`` (a multiple of ``d``) column orders in blocks of ``d``: each block a Latin square
    (every column once in every order and once at every position) drawn as
    ``order_i[pos] = p[(r[i] + c[pos]) mod d]`` for three seeded random permutations p, r, c
    (the cyclic square with its symbols, rows and positions shuffled). Position-balanced orders
    stratify the marginals by position, where most of their variance lies (docs/measures.md §1).

    >>> orders = balanced_orders(4, 8, seed=1)
    >>> all(sorted(o) == [0, 1, 2, 3] for o in orders)
    True
    >>> all(sorted(o[pos] for o in orders[b * 4:(b + 1) * 4]) == [0, 1, 2, 3] for b in range(2) for pos in range(4))
    True
    """
    rng = random.Random(seed)
    orders: list[list[int]] = []
    for _ in range(samples // d):
        p, r, c = (rng.sample(range(d), d) for _ in range(3))
        orders += [[p[(r[i] + c[pos]) % d] for pos in range(d)] for i in range(d)]
    return orders


def add_sampled_steps(frame: cohorts.CohortFrame, samples: int, seed: int) -> None:
    """Sampled column orders (seeded), the subsets they visit, their shared cells with the
    cell-level terms of the standard errors, and per-pattern estimates summed chunk by chunk of
    the lattice (no pattern x order table: memory stays within one chunk's cells)."""
    plan, t, d = frame.plan, frame.names, frame.d
    t["terms"] = f"{t['prefix']}_terms"
    permutations = balanced_orders(d, samples, seed)
    direct = d >= cohorts.DIRECT_MIN_COLUMNS  # cells counted from the patterns, no rollup parents
    extra: list[int] = []
    if direct:  # every single column and leave-one-out set joins the lattice, for the entropy summary
        extra = sorted({1 << j for j in range(d)} | {frame.full_sid - (1 << j) for j in range(d)})
    else:  # helper orders, never part of an estimate: each column first and each column last, so
        # that those sets are in the lattice with a rollup parent one column larger
        permutations += [[j] + [i for i in range(d) if i != j] for j in range(d)]
        permutations += [[i for i in range(d) if i != j] + [j] for j in range(d)]
    plan.add("steps", [render("shapley/permutations.sql", t=t, permutations=permutations, samples=samples)])
    lattice = render("shapley/lattice_sampled.sql", **frame.context(samples=samples, extra=extra))
    plan.add("lattice", [lattice], deps=["steps"])
    # the patterns with the columns that single them out alone (u), and with the anchor column
    # (u2: the direct count only): the (pattern, subset) pairs they mark are skipped
    anchor = unique_anchor(frame) if direct and d < EXPAND_MIN_COLUMNS and frame.unique else None
    if anchor is not None:  # one grouping of the patterns once per other column: bounded
        plan.ensure(["patterns"])
        n_patterns = count_rows(plan, t["patterns"])
        anchor = anchor if n_patterns * (d - 1) <= UNIQUE_PAIRS_ROWS else None
    t["upatterns"] = f"{t['prefix']}_upatterns"
    if anchor is not None:
        fields = [{"j": f["j"], "w": w, "mask": f["mask"]} for w, word in enumerate(frame.words) for f in word]
        body = render(
            "shapley/unique_pairs.sql", patterns=t["patterns"], words=frame.words, fields=fields, anchor=anchor
        )
        plan.add("upatterns", [create_table(t["upatterns"], body)], deps=["patterns"])
    elif frame.unique:  # the patterns carry u already (from the dictionaries' value counts)
        t["upatterns"] = t["patterns"]
        plan.add("upatterns", [], deps=["patterns"])
    else:
        unique = render("shapley/unique_columns.sql", **frame.context())
        plan.add("upatterns", [create_table(t["upatterns"], unique)], deps=["patterns"])
    if d >= EXPAND_MIN_COLUMNS:  # shared pairs by expansion from each subset's base
        add_expanded_cells(frame)
    else:
        patterns = t["upatterns"] if direct else t["patterns"]
        shapley_closure.add_cells(
            frame, patterns=patterns, deps=["upatterns", "lattice"], unique_mask=direct, anchor=anchor
        )
    plan.add("terms", [render("shapley/cell_terms.sql", **frame.context())], deps=["cells"])
    t["shared_lattice"] = f"{t['prefix']}_shared_lattice"
    plan.add("shared_lattice", [render("shapley/lattice_shared.sql", t=t)] if shared_phi(frame) else [], deps=["cells"])
    plan.ensure(["upatterns"])  # its size plans the chunks
    deps = ["terms", "shared_lattice"]
    if d >= EXPAND_MIN_COLUMNS and PATTERN_PARTS:  # the direct count made no parts to read in parallel
        deps.append(_add_pattern_parts(frame, t["upatterns"]))
    plan.add("phi", sampled_phi_statements(frame, samples, t["upatterns"], t["phi"]), deps=deps)


def add_expanded_cells(frame: cohorts.CohortFrame) -> None:
    """The cells step of a wide sampled lattice by expansion, level by level of subset size (the
    per-pattern values: ``sampled_phi_statements``): a subset's candidate pairs are the pairs shared at
    its base (a subset one column smaller that an order visits before it), so pairs of a pattern
    already alone are never formed again (docs/measures.md §6). Subsets without a base (the
    empty set, extra subsets no sampled order visits) are counted straight from the patterns.
    The cells equal those of the direct count."""
    plan, t, d, words = frame.plan, frame.names, frame.d, frame.words
    prefix = t["prefix"]
    _add_bases(frame)
    shared = f"{prefix}_x_shared"
    statements = [
        create_table(t["cells"], render("shapley/expand_direct.sql", t=t, words=words)),
        create_table(f"{shared}0", render("shapley/expand_start.sql", t=t, words=words)),
    ]
    level = f"{prefix}_x_cells"
    for size in range(1, d + 1):  # the candidates are formed twice (a join on the small bases), never stored
        ctx: dict[str, Any] = {"t": t, "words": words, "shared": f"{shared}{size - 1}", "size": size}
        if LEVEL_CELLS:  # the level's cells in a table of their own: the shared pairs read no other level
            statements += [
                create_table(level, render("shapley/expand_cells.sql", **ctx)),
                insert_into(t["cells"], render("shapley/expand_copy.sql", table=level)),
                create_table(
                    f"{shared}{size}", render("shapley/expand_shared.sql", **ctx, level_cells=level, mark=MARK_SHARED)
                ),
                _drop(level),
                _drop(f"{shared}{size - 1}"),
            ]
            continue
        statements += [
            insert_into(t["cells"], render("shapley/expand_cells.sql", **ctx)),
            create_table(f"{shared}{size}", render("shapley/expand_shared.sql", **ctx, mark=MARK_SHARED)),
            _drop(f"{shared}{size - 1}"),
        ]
    statements.append(_drop(f"{shared}{d}"))
    plan.add("cells", statements, deps=["patterns", "bases"])


def sampled_phi_statements(
    frame: cohorts.CohortFrame,
    samples: int,
    patterns: str,
    into: str,
    n_patterns: int | None = None,
    terms: str | None = None,
) -> list[str]:
    """Statements leaving in table ``into`` the sampled per-pattern values and standard errors
    (phi0.., se0..) of the patterns in table ``patterns`` (every pattern, or a few for a view),
    chunk by chunk of about ``PHI_CHUNK_ROWS`` (pattern, subset) pairs; the lattice must exist,
    and the patterns table too unless ``n_patterns`` (at most its rows) is given. With
    :func:`shared_phi` the chunks cover the subsets holding a shared cell only (the
    ``shared_lattice`` step, a dependency of these statements): how many is known only once the
    cells are counted, so the chunks are positions up to the whole lattice's size and the last
    ones may be empty. ``terms``: the cell terms of this table (e.g. of the cells the patterns
    meet) instead of the analysis' own."""
    frame.plan.ensure(["lattice"])
    parts_of = frame.parts.get(patterns, patterns)
    shared = shared_phi(frame)
    pairs = WIDE_PHI_CHUNK_ROWS if frame.d >= EXPAND_MIN_COLUMNS else PHI_CHUNK_ROWS
    chunks = strata_chunks(frame, patterns, pairs, n_patterns)
    parts, subsets = f"{into}_parts", f"{into}_subsets"
    statements = []
    for i, (lo, hi) in enumerate(chunks):
        # the chunk's subsets as a table: the planner then knows their number (chunk_subsets.sql)
        statements.append(
            create_table(subsets, render("shapley/chunk_subsets.sql", t=frame.names, lo=lo, hi=hi, shared=shared))
        )
        ctx = frame.context(lo=lo, hi=hi, patterns=parts_of, shared=shared, subsets=subsets)
        if terms is not None:
            ctx["t"] = {**frame.names, "terms": terms}
        body = render("shapley/phi_sampled_chunk.sql", **ctx)
        statements.append(create_table(parts, body) if i == 0 else insert_into(parts, body))
    body = render(
        "shapley/phi_sampled_sum.sql",
        parts=parts,
        columns=frame.columns,
        words=frame.words,
        samples=samples,
        patterns=parts_of,
    )
    statements.append(create_table(into, body))
    statements.append(render("engine/drop_table.sql", table=parts))
    statements.append(render("engine/drop_table.sql", table=subsets))
    return statements


def strata_chunks(
    frame: cohorts.CohortFrame, patterns: str, pairs: int, n_patterns: int | None = None
) -> list[tuple[int, int]]:
    """Ranges lo..hi (inclusive) of strata (the positions 0 .. d - 1 at which a column is revealed)
    holding about ``pairs`` (pattern, subset) pairs each over the rows of table ``patterns``
    (``n_patterns`` of them, counted when not given): strata lo..hi read the subsets of sizes
    lo..hi + 1. A chunk holds whole strata, so that its per-pattern sums of squares per stratum
    are complete (shapley/phi_sampled_chunk.sql); one stratum may exceed ``pairs``."""
    if n_patterns is None:
        n_patterns = count_rows(frame.plan, patterns)
    sizes = dict(frame.plan.rows(render("shapley/lattice_sizes.sql", t=frame.names)))
    per = max(1, pairs // max(1, n_patterns))
    chunks: list[tuple[int, int]] = []
    lo = 0
    while lo < frame.d:
        hi = lo
        while hi + 1 < frame.d and sum(sizes.get(s, 0) for s in range(lo, hi + 3)) <= per:
            hi += 1
        chunks.append((lo, hi))
        lo = hi + 1
    return chunks


def lattice_chunks(
    frame: cohorts.CohortFrame, patterns: str, pairs: int, n_patterns: int | None = None, positions: bool = False
) -> list[tuple[int, int]]:
    """Sid ranges (inclusive) of lattice chunks of about ``pairs`` (pattern, subset) pairs each
    over the rows of table ``patterns`` (``n_patterns`` of them, counted when not given); at
    least one range, even for an empty table. ``positions``: ranges of positions 0, 1, ... in
    sid order instead (shapley/lattice_shared.sql), as many as the whole lattice needs."""
    if n_patterns is None:
        n_patterns = count_rows(frame.plan, patterns)
    sids = [row[0] for row in frame.plan.rows(render("shapley/lattice_sids.sql", t=frame.names))]
    per = max(1, pairs // max(1, n_patterns))
    if positions:
        return [(i, min(len(sids), i + per) - 1) for i in range(0, len(sids), per)] or [(0, 0)]
    return [(sids[i], sids[min(len(sids), i + per) - 1]) for i in range(0, len(sids), per)] or [(0, 0)]


def count_rows(plan: Any, table: str) -> int:
    """The rows of plan table ``table`` (``engine/count_rows.sql``, read through ``plan.rows``: a
    DuckDB :class:`~sqlpriv.engine.plan.Plan` or a Spark one)."""
    return int(plan.rows(render("engine/count_rows.sql", relation=call("quote", name=table)))[0][0])


def _add_bases(frame: cohorts.CohortFrame) -> None:
    """The ``bases`` step (shapley/expand_bases.sql), once."""
    t = frame.names
    t["bases"] = f"{t['prefix']}_bases"
    if "bases" not in frame.plan.steps:
        body = render("shapley/expand_bases.sql", t=t, words=frame.words)
        frame.plan.add("bases", [create_table(t["bases"], body)], deps=["lattice"])


def _add_pattern_parts(frame: cohorts.CohortFrame, patterns: str) -> str:
    """The step splitting table ``patterns`` into parts (``cohorts.table_parts``) so that the
    per-pattern chunks, whose pairs stream from it, run on every thread (a table of 100,000
    patterns is one row group: one thread); its name."""
    step = "upatterns_parts"
    parts = frame.parts[patterns] = cohorts.table_parts(frame, patterns)
    statements = [
        create_table(name, render("engine/table_part.sql", table=patterns, part=i, parts=len(parts)))
        for i, name in enumerate(parts)
        if len(parts) > 1
    ]
    frame.plan.add(step, statements, deps=["upatterns"])
    return step


def _drop(table: str) -> str:
    return render("engine/drop_table.sql", table=table)
