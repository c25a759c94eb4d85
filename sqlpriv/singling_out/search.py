"""The singling-out search as plan steps: the tables prepared and encoded, then one step per
column-set size (chunks of sets per statement, or partition refinement from ``REFINE_FROM`` on, or
per-record agreement masks when few records are left then), then the final tables (docs/measures.md §4).

>>> sorted(table_names("p"))[:3], table_names("p")["ori"]
(['cand', 'carried', 'cells'], 'p_ori')
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from typing import Any

from sqlpriv.engine import memory
from sqlpriv.engine.layout import fields, plan_words, set_chunks
from sqlpriv.engine.limits import CHUNK_ROWS
from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.rows import one_row
from sqlpriv.engine.sources import ColumnSpec, Source
from sqlpriv.engine.spark.run import SparkSource
from sqlpriv.engine.templates import call, create_table, insert_into, render
from sqlpriv.singling_out.columns import Column
from sqlpriv.singling_out.lattice import TABLES, lattice_fits, lattice_statements

#: exhaustive mode: set sizes from this one on are searched by partition refinement (refine.sql),
#: when the search goes to REFINE_MIN_MAX_COLS columns or more (the first refined level costs more
#: than a chunked one; the later ones pay it back: benchmarks/RESULTS.md, issue 14 target 5)
REFINE_FROM = 5
REFINE_MIN_MAX_COLS = 7
#: bytes one (row, column set) pair of a chunked level statement may hold per key word, plus
#: three more words (set id, count, position): its share of the statement's hash aggregation
#: (calibrated on adult: 12M pairs of 2 key words, a peak of about 0.45 GB)
PAIR_WORD_BYTES = 8
#: bytes per (row, set of the first refined size) pair that partition refinement may hold in its
#: carried groups (calibrated on adult: 52k rows x 3,003 sets, a peak of 1.6-1.8 GB)
REFINE_PAIR_BYTES = 12
#: exhaustive mode with refinement on: the levels from ``REFINE_FROM`` on take the per-record mask
#: path (masks.sql) instead, decided when the first of them is about to run, when the records
#: left x (rows of both tables + the sets still to search) is at most this. Measured on adult
#: (benchmarks/RESULTS.md, issue 29 item 3 session so2): 1,090 records x (52k rows + 30k sets) =
#: 88M, masks take half the CPU time of the refinement; without fnlwgt, 7,065 x (52k + 15k) = 473M,
#: about the same CPU time (76 against 87 s) and half the memory: the crossover is near 500M
MASK_MAX_PAIRS = 400_000_000
#: bytes one (record left, row) pair of the mask step may hold (its grouped masks: at most one row
#: per pair, pos + count + position + the words), and one (record left, set of a level) pair
MASK_ROW_BYTES = 8
MASK_SET_BYTES = 16
#: the cross products of the mask path (masks, pairs) are driven by a table of about this many
#: rows (spread.sql: records left x blocks, several of DuckDB's 122,880-row row groups), so that
#: every thread gets a share; only with 2 threads or more and when the statement's (record, row)
#: or (record, set) pairs are at least ``SPREAD_MIN_PAIRS`` (the extra join costs CPU time). The
#: chunked levels 1-4 driven the same way took more CPU time and twice the memory: they are
#: padded instead (``PAD_MAX_ROWS``). Measured on adult (benchmarks/RESULTS.md, issue 29 item 3
#: sessions so3, so4)
SPREAD_ROWS = 4 * 122_880
SPREAD_MIN_PAIRS = 2_000_000
#: exhaustive chunked levels: coded tables of at most this many rows (one row group, scanned by one
#: thread) take their chunk's sets from a padded copy on every thread instead (:func:`chunk_pad`)
PAD_MAX_ROWS = 122_880
RESTRICT_FROM = 4  #: chunked sizes from this one count only the keys of records left (`restrict`)
#: share of memory_limit one search step may plan for (the rest: the tables, DuckDB's own)
MEMORY_SHARE = 0.5
_log = logging.getLogger(__name__)


@dataclass
class Search:
    plan: Plan  # or a SparkPlan, which has the methods the levels use (sqlpriv.singling_out.spark_search)
    t: dict[str, str]
    mode: str
    columns: list[Column]
    words: list[list[dict[str, int]]]
    max_cols: int
    params: dict[str, Any]
    n_ori: int = 0
    n_syn: int = 0
    duplicates: dict[str, int] = field(default_factory=dict)
    nulls: dict[str, int] = field(default_factory=dict)  # rows dropna=True left out per table
    levels: list[str] = field(default_factory=list)
    per_chunk: int = 1
    refine: bool = False
    mask_max_rest: int = 0
    masked: bool | None = None
    threads: int = 2
    budget: int | None = None  # bytes one search step may plan for (None: no limit)
    lattice: bool = False  # the masked levels ran over the lattice of sets (synthetic_lattice.py)


def _quote(name: str) -> str:
    """An identifier quoted for the dialect the search is rendered for (DuckDB, or Spark)."""
    return call("quote", name=name)


def table_names(prefix: str) -> dict[str, str]:
    names = (
        "precision ori syn columns ori_codes syn_codes sets hits stats status remaining unique cells combos identified"
        " tails rest cand members carried held level_sets syn_masks ori_masks syn_max ori_max syn_lists pairs spread"
        " chunk_sets max_lists records"
    )
    return {name: f"{prefix}_{name}" for name in (*names.split(), *TABLES)}


def prepare_tables(
    search: Search,
    ori: Source | SparkSource,
    syn: Source | SparkSource,
    numeric_precision: int | None,
    unit: str | None,
) -> None:
    """Round, floor (and in petsard mode de-duplicate) both tables (run now: their sizes plan the search)."""
    plan, t, columns = search.plan, search.t, search.columns
    floats = [c.name for c in columns if c.kind == "float"]
    plan.add(
        "precision",
        [
            render(
                "singling_out/precision.sql",
                t=t,
                numeric_precision=numeric_precision,
                float_columns=floats,
                ori=ori.ref,
            )
        ],
    )
    plan.add(
        "prep",
        [
            render(
                "singling_out/prep.sql",
                t=t,
                table=t[side],
                source=src.ref,
                columns=columns,
                datetime_unit=unit,
                dedup=search.mode == "petsard",
                precision_given=numeric_precision is not None,
            )
            for side, src in (("ori", ori), ("syn", syn))
        ],
        deps=["precision"],
    )
    plan.ensure(["prep"])
    rows = {side: plan.rows(render("singling_out/side_counts.sql", table=t[side]))[0] for side in ("ori", "syn")}
    search.n_ori, search.n_syn = int(rows["ori"][0]), int(rows["syn"][0])
    search.duplicates = {side: int(rows[side][1]) - int(rows[side][0]) for side in ("ori", "syn")}
    for side, what in (("ori", "original"), ("syn", "synthetic")) if search.mode == "petsard" else ():
        _log.info(
            "deduplication of the %s table: %d -> %d records (removed %d exact duplicates)",
            what,
            int(rows[side][1]),
            int(rows[side][0]),
            search.duplicates[side],
        )
    from sqlpriv.engine.identifiers import COLUMNS_ADVICE, warn_identifiers

    names = [c.name for c in columns]
    warn_identifiers(
        getattr(plan, "con", None),
        render("engine/distinct_counts.sql", relation=_quote(t["ori"]), columns=names),
        search.n_ori,
        names,
        advice=COLUMNS_ADVICE,
        stacklevel=3,
        rows=plan.rows,
    )


def order_and_encode(search: Search, syn: Source | SparkSource) -> None:
    """Order the columns for the search, build the shared dictionaries and pack both tables' codes."""
    plan, t, columns, d = search.plan, search.t, search.columns, len(search.columns)
    # search order: distinct non-NULL count in the synthetic table, descending, ties in its column order
    card = dict(
        plan.rows(render("engine/distinct_counts.sql", relation=_quote(t["syn"]), columns=[c.name for c in columns]))
    )
    syn_position = {name: i for i, name in enumerate(syn.column_names())}  # PETsARD breaks ties in syn's order
    columns = search.columns = [
        columns[j] for j in sorted(range(d), key=lambda j: (-card[j], syn_position[columns[j].name]))
    ]
    dicts = [f"{t['ori']}_dict_{j}" for j in range(d)]
    plan.add(
        "dictionaries",
        [render("singling_out/dictionary.sql", t=t, dict_table=dicts[j], column=c.name) for j, c in enumerate(columns)],
        deps=["prep"],
    )
    plan.ensure(["dictionaries"])
    sizes = dict(plan.rows(render("engine/table_sizes.sql", tables=dicts)))
    cardinalities = [sizes[j] for j in range(d)]
    search.words = search.params["words"] = plan_words(cardinalities)
    layout = fields(search.words)
    for c, f in zip(columns, layout):
        c.word, c.mask = f.word, f.mask
    specs = [ColumnSpec(c.name, _quote(c.name)) for c in columns]
    code_steps = []
    for side in ("ori", "syn"):
        names: dict[str, Any] = {"codes": t[f"{side}_codes"], "dicts": dicts, "analysed": t[side]}
        body = render(
            "engine/encode.sql",
            t=names,
            columns=specs,
            words=search.words,
            bits=[f.bits for f in layout],
            key=None,
            cardinalities=cardinalities,
        )
        code_steps.append(create_table(names["codes"], body))
    plan.add("codes", code_steps, deps=["dictionaries"])


def plan_memory(search: Search) -> None:
    """Fit the search into the connection's ``memory_limit`` before any level runs (issue 29).

    Estimates, from the row and column counts only: a chunked level statement holds about
    ``PAIR_WORD_BYTES * (words + 3)`` bytes per (row, set) pair, so its chunk of sets is cut to
    ``MEMORY_SHARE`` of the limit (and to ``CHUNK_ROWS`` pairs); partition refinement holds about
    ``REFINE_PAIR_BYTES`` per (row, set of size ``REFINE_FROM``) pair, so it runs only when that
    fits too, else every level runs chunked (the same result, with less memory). When even one
    set's pairs do not fit and DuckDB may not spill, one :class:`MemoryBudgetError` says what to
    lower, before any level runs.

    >>> s = Search(None, {}, "exhaustive", [Column("a", "integer")] * 15, [[{}], [{}]], 15, {}, 32_000, 26_000)
    >>> fit(s, 16 * 2**30, True), (s.per_chunk, s.refine)
    (None, (375, True))
    >>> fit(s, 150 * 10**6, False), (s.per_chunk, s.refine)
    (None, (58, False))
    """
    limit, can_spill = memory.limit_and_spill(search.plan.con)
    search.threads = int(one_row(run(search.plan.con, render("engine/threads.sql")))[0])
    need = fit(search, limit, can_spill)
    if need is not None:
        rows = max(search.n_ori, search.n_syn)
        memory.check_working_set(
            search.plan.con,
            need,
            f"singling-out over {rows:,} rows ({len(search.columns)} columns, one column set per statement)",
            "analyse fewer rows or columns",
        )


def fit(search: Search, limit: int | None, can_spill: bool) -> int | None:
    """Set ``search.per_chunk`` and ``search.refine`` for a memory limit of ``limit`` bytes
    (None: no limit); the working set to refuse (bytes) when the smallest chunk exceeds the
    budget and DuckDB may not spill, else None."""
    rows = max(search.n_ori, search.n_syn, 1)
    pair_bytes = PAIR_WORD_BYTES * (len(search.words) + 3)
    budget = search.budget = None if limit is None else int(limit * MEMORY_SHARE)
    per_chunk = CHUNK_ROWS // rows
    if budget is not None:
        per_chunk = min(per_chunk, budget // (rows * pair_bytes))
    search.per_chunk = max(1, per_chunk)
    refine_bytes = (search.n_ori + search.n_syn) * math.comb(len(search.columns), REFINE_FROM) * REFINE_PAIR_BYTES
    search.refine = (
        search.mode == "exhaustive"
        and search.max_cols >= REFINE_MIN_MAX_COLS
        and (budget is None or refine_bytes <= budget)
    )
    rows_both = search.n_ori + search.n_syn
    sets_left = sum(math.comb(len(search.columns), k) for k in range(REFINE_FROM, search.max_cols + 1))
    per_record = rows_both + sets_left
    most = MASK_MAX_PAIRS // max(per_record, 1)
    if budget is not None:
        per_record_bytes = (
            rows_both * MASK_ROW_BYTES * (len(search.words) + 3)
            + max((math.comb(len(search.columns), k) for k in range(REFINE_FROM, search.max_cols + 1)), default=0)
            * MASK_SET_BYTES
        )
        most = min(most, budget // max(per_record_bytes, 1))
    search.mask_max_rest = most if search.refine else 0
    if per_chunk < 1 and not can_spill:
        return int(rows * pair_bytes / MEMORY_SHARE)
    return None


def add_search_steps(search: Search) -> None:
    """The column sets, one step per set size, and the final tables.

    Sizes below ``REFINE_FROM`` (every size in parity mode, or when ``max_cols`` is below
    ``REFINE_MIN_MAX_COLS``): chunks of sets per statement, the synthetic counting restricted to
    the keys not yet singled out from size 4 on. Exhaustive mode from ``REFINE_FROM`` on:
    partition refinement (:func:`_add_refined_levels`), re-declared as the mask path
    (:func:`_add_masked_levels`) by a plan guard when the search runs and few records are left
    (:func:`_choose_masks`). Same result either way; the split paid off on the adult benchmark
    (benchmarks/RESULTS.md).
    """
    plan, t, params, d = search.plan, search.t, search.params, len(search.columns)
    plan.add("columns", [render("singling_out/columns.sql", t=t, columns=search.columns)], deps=["prep"])
    plan.add(
        "sets", [render("singling_out/sets.sql", t=t, words=search.words, max_cols=search.max_cols)], deps=["columns"]
    )
    plan.add("tables", [render("singling_out/tables.sql", t=t, part=part) for part in ("hits", "stats", "status")])
    if search.mode == "exhaustive":
        names = ["exhaustive_unique.sql", "stats.sql", "hits.sql"]
    else:
        names = ["petsard_cells.sql", "petsard_status.sql", "petsard_unique.sql", "stats.sql", "hits.sql"]
    prev = ["codes", "sets", "tables"]
    per_chunk = search.per_chunk
    refine_from = REFINE_FROM if search.refine else search.max_cols + 1
    rows = max(search.n_ori, search.n_syn, 1)
    for size in range(1, min(search.max_cols, refine_from - 1) + 1):
        statements = [render("singling_out/remaining.sql", t=t, size=size)] if search.mode == "exhaustive" else []
        for lo, hi in set_chunks(math.comb(d, size), per_chunk):
            ctx = dict(t=t, size=size, lo=lo, hi=hi, restrict=size >= RESTRICT_FROM, **params)
            if search.mode == "exhaustive":
                ctx["pad"] = chunk_pad(hi - lo + 1, rows, search.threads)
                if ctx["pad"] > 1:
                    statements.append(create_table(t["chunk_sets"], render("singling_out/chunk_sets.sql", **ctx)))
            statements += [render(f"singling_out/{n}", **ctx) for n in names]
        prev = _add_level(search, size, statements, prev)
    if search.max_cols >= refine_from:
        before = prev
        prev = _add_refined_levels(search, refine_from, prev)
        if search.mask_max_rest > 0:
            search.plan.guards.append(lambda: _choose_masks(search, refine_from, before))
    plan.add(
        "final",
        [
            create_table(t[part], render("singling_out/final.sql", t=t, part=part, **params))
            for part in ("combos", "identified")
        ],
        deps=prev,
    )


def spread_blocks(keys: int, rows: int, scale: int = 1, threads: int = 2) -> int:
    """How many blocks (spread.sql) a cross product of ``keys`` keys x ``rows`` rows is driven by:
    enough for about ``scale * SPREAD_ROWS`` driver rows, at most ``rows``; 1 (a plain cross
    product) below ``SPREAD_MIN_PAIRS`` pairs or on one thread (the spread costs CPU time).

    >>> spread_blocks(1_090, 26_049), spread_blocks(243, 5_005, scale=4), spread_blocks(1_090, 3_003, scale=4)
    (451, 1, 1804)
    """
    if keys < 1 or keys * rows < SPREAD_MIN_PAIRS or threads < 2:
        return 1
    return max(1, min(rows, scale * math.ceil(SPREAD_ROWS / keys)))


def chunk_pad(sets: int, rows: int, threads: int = 2) -> int:
    """Rows per set of a chunk's padded driver table (chunk_sets.sql: about ``SPREAD_ROWS`` rows per
    two threads, 8 at most); 1 (no padding) on one thread, above ``PAD_MAX_ROWS`` rows or below ``SPREAD_MIN_PAIRS`` pairs.

    >>> chunk_pad(375, 26_049), chunk_pad(375, 26_049, threads=4), chunk_pad(15, 26_049), chunk_pad(375, 26_049, 1)
    (1311, 2622, 1, 1)
    """
    if threads < 2 or sets < 1 or rows > PAD_MAX_ROWS or sets * rows < SPREAD_MIN_PAIRS:
        return 1
    return max(1, math.ceil(SPREAD_ROWS * min(max(1, threads // 2), 2) / sets))  # at most 8 row groups


def _add_level(search: Search, size: int, statements: list[str], prev: list[str]) -> list[str]:
    """Declare step ``level_<size>`` after ``prev``; the new dependency list."""
    step = f"level_{size}"
    search.plan.add(step, statements, deps=prev)
    search.levels.append(step)
    return [step]


def _add_refined_levels(search: Search, first: int, prev: list[str]) -> list[str]:
    """Exhaustive mode's levels from ``first`` on, by partition refinement (``refine.sql``).

    Level ``first`` is counted from the coded rows (chunks of sets, only the cells of records not
    yet singled out); each later level refines the open cells of the one before in a fixed
    handful of statements, whatever its number of sets.
    """
    t, words, d = search.t, search.words, len(search.columns)

    def part(name: str, size: int = 0, lo: int = 0, hi: int = 0) -> str:
        return render("singling_out/refine.sql", t=t, size=size, words=words, part=name, lo=lo, hi=hi)

    per_chunk = search.per_chunk
    for size in range(first, search.max_cols + 1):
        if size == first:
            statements = [
                create_table(t["tails"], part("tails")),
                create_table(t["rest"], part("rest")),
                create_table(t["level_sets"], part("level_sets", size)),
                create_table(t["members"], part("members_seed", size)),
                *[
                    (insert_into if i else create_table)(t["cand"], part("cand_seed", size, lo, hi))
                    for i, (lo, hi) in enumerate(set_chunks(math.comb(d, size), per_chunk))
                ],
            ]
        else:
            statements = [create_table(t[p], part(p, size)) for p in ("cand", "members")]
        statements += [
            create_table(t["cells"], part("cells", size)),
            insert_into(t["hits"], part("hits", size)),
            insert_into(t["stats"], part("stats", size)),
            create_table(t["rest"], part("rest")),
        ]
        if size < search.max_cols:
            statements += [create_table(t[p], part(p, size)) for p in ("carried", "held")]
        prev = _add_level(search, size, statements, prev)
    return prev


def _choose_masks(search: Search, first: int, before: list[str]) -> None:
    """A plan guard: when the levels from ``first`` on are about to run, run the ones before, count
    the records left and, when at most ``search.mask_max_rest``, re-declare the levels from
    ``first`` on as the mask path (:func:`_add_masked_levels`; same step names, same result).
    The printed script (``.sql``) shows the refinement until the search has run."""
    plan = search.plan
    if search.masked is not None or f"level_{first}" in plan.done or "final" not in plan.steps:
        return
    search.masked = False  # decided once; the nested ensure below runs this guard again
    plan.ensure(before)
    left = one_row(run(plan.con, render("singling_out/left.sql", t=search.t)))[0]
    if int(left) <= search.mask_max_rest:
        search.levels = [n for n in search.levels if int(n.split("_")[1]) < first]
        d, rows = len(search.columns), max(search.n_ori, search.n_syn, 1)
        search.lattice = lattice_fits(d, first, int(left), search.budget)
        if search.lattice:  # every level at once, then the final tables after it
            statements = lattice_statements(
                search.t, search.words, d, first, search.max_cols, int(left), chunk_pad(int(left), rows, search.threads)
            )
            plan.add("final", plan.steps["final"].statements, deps=_add_level(search, first, statements, before))
        else:
            _add_masked_levels(search, first, before, int(left))
        search.masked = True
    path = ("lattice" if search.lattice else "masks") if search.masked else "refinement"
    _log.info("singling-out: %d records left before size %d: %s", left, first, path)


def _add_masked_levels(search: Search, first: int, prev: list[str], left: int = 0) -> list[str]:
    """Exhaustive mode's levels from ``first`` on, by per-record agreement masks (``masks.sql``).

    Level ``first`` also builds the masks of the records left (``left`` of them) with every row of
    both tables and their maximal ones; each level then lists its (record left, set) pairs unique
    in the synthetic table, their hits and the level's stats. The masks and the pairs are driven
    by a spread table (spread.sql) when they are large enough (:func:`spread_blocks`).
    """
    t, words, d = search.t, search.words, len(search.columns)

    def part(name: str, side: str = "syn", size: int = 0, blocks: int = 1) -> str:
        return render("singling_out/masks.sql", t=t, words=words, part=name, side=side, size=size, blocks=blocks)

    def spread(blocks: int) -> list[str]:
        return [create_table(t["spread"], render("singling_out/spread.sql", t=t, blocks=blocks))]

    top = d
    rows = max(search.n_ori, search.n_syn, 1)
    agree_blocks = spread_blocks(left, rows, threads=search.threads)
    for size in range(first, search.max_cols + 1):
        statements = [create_table(t["rest"], render("singling_out/refine.sql", t=t, size=0, words=words, part="rest"))]
        # the records left shrink level by level: 4x the blocks the first level needs, at most the sets
        pair_blocks = spread_blocks(left, math.comb(d, size), scale=4, threads=search.threads)
        if size == first:
            statements += spread(agree_blocks) if agree_blocks > 1 else []
            for side in ("syn", "ori"):
                statements += [
                    create_table(t[f"{side}_masks"], part("agree", side, first, agree_blocks)),
                    create_table(t[f"{side}_max"], part("maximal_top", side, top)),
                ]
                for p in range(top - 1, first - 1, -1):
                    lists = create_table(t["max_lists"], part("max_lists", side))
                    statements += [lists, insert_into(t[f"{side}_max"], part("maximal", side, p))]
            statements.append(create_table(t["syn_lists"], part("lists")))
        statements += spread(pair_blocks) if pair_blocks > 1 else []
        statements += [
            create_table(t["pairs"], part("pairs", size=size, blocks=pair_blocks)),
            insert_into(t["hits"], part("hits", size=size)),
            insert_into(t["stats"], part("stats", size=size)),
        ]
        prev = _add_level(search, size, statements, prev)
    return prev


__all__ = [
    "MASK_MAX_PAIRS",
    "PAD_MAX_ROWS",
    "REFINE_FROM",
    "REFINE_MIN_MAX_COLS",
    "RESTRICT_FROM",
    "SPREAD_MIN_PAIRS",
    "SPREAD_ROWS",
    "Search",
    "add_search_steps",
    "chunk_pad",
    "fit",
    "order_and_encode",
    "plan_memory",
    "prepare_tables",
    "spread_blocks",
    "table_names",
]
