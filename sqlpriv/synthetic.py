"""Singling-out risk of synthetic data via mpUCCs, and sample uniques (docs/measures.md §4).

A synthetic record (row) is *singled out* by a column set when its values on the set
occur in exactly one row of the synthetic table and exactly one row of the original
(rows are counted: a record repeated in a table is never singled out; only
``mode="petsard"`` drops exact duplicates first, as PETsARD does, and reports how many).
``singling_out`` finds those records inside DuckDB, level by level (all column
sets of one size per query, counted on packed integer keys):

* ``mode="exhaustive"``: every column set up to ``max_cols``; for each
  identified record the smallest size that singles it out and every set of
  that size that does (each is an mpUCC: no proper subset singles it out).
  Records already singled out are not examined on larger sets -- the only
  pruning, and a provably safe one. Sets of 1-4 columns are counted in chunks
  of sets per statement; from ``REFINE_FROM`` columns on (when ``max_cols`` is
  at least ``REFINE_MIN_MAX_COLS``), each level refines the open cells of the
  level before (partition refinement, ``refine.sql``).
* ``mode="petsard"``: PETsARD 1.10.1's search (cardinality order, base
  combinations, normalised Renyi-entropy pruning, masking), for parity with
  its users' results.

``sqlpriv.sample_uniques`` (:mod:`sqlpriv.uniques`) is the one-table version: each
record's minimal sample uniques (SUDA).

All the math is SQL from ``sql_templates/singling_out/``; Python only picks
templates, chunks the column sets and reports progress.

>>> import pandas as pd
>>> ori = pd.DataFrame({"a": [1, 2, 2, 3], "b": ["x", "y", "z", "z"]})
>>> syn = pd.DataFrame({"a": [1, 2, 3, 3], "b": ["x", "y", "y", "z"]})
>>> r = singling_out(ori, syn, progress=False)
>>> [row[1:5] for row in r.details().fetchall()]  # syn_idx, ori_idx, combo_size, field_combo
[(0, 0, 1, ['a']), (1, 1, 2, ['a', 'b']), (3, 3, 2, ['a', 'b'])]
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from typing import Any

import duckdb

from sqlpriv.display import Display
from sqlpriv.engine import checks
from sqlpriv.engine.analysis import Analysis
from sqlpriv.engine.connection import connect
from sqlpriv.engine.layout import MAX_PACKED_COLUMNS, fields, plan_words
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.result import Result
from sqlpriv.engine.sandbox import INTEGER_TYPES
from sqlpriv.engine.sources import ColumnsArg, ColumnSpec, Source, resolve_source
from sqlpriv.engine.templates import create_table, insert_into, quote, render
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError

MODES = ("exhaustive", "petsard")
#: accepted datetime units (case-insensitive) -> DuckDB date_trunc part (None: no flooring)
DATETIME_UNITS = {
    "d": "day",
    "day": "day",
    "h": "hour",
    "hour": "hour",
    "t": "minute",
    "min": "minute",
    "minute": "minute",
    "s": "second",
    "sec": "second",
    "second": "second",
    "l": "millisecond",
    "ms": "millisecond",
    "millisecond": "millisecond",
    "u": "microsecond",
    "us": "microsecond",
    "micro": "microsecond",
    "microsecond": "microsecond",
    "n": None,
    "ns": None,
    "nano": None,
    "nanosecond": None,
}
MAX_SETS = 4_000_000  # refuse searches over more column sets than this
CHUNK_ROWS = 12_000_000  # (rows x sets) per generated query, to bound memory
#: exhaustive mode: set sizes from this one on are searched by partition refinement (refine.sql),
#: when the search goes to REFINE_MIN_MAX_COLS columns or more (the first refined level costs more
#: than a chunked one; the later ones pay it back: benchmarks/RESULTS.md, issue 14 target 5)
REFINE_FROM = 5
REFINE_MIN_MAX_COLS = 7
_log = logging.getLogger(__name__)

_FLOAT = ("FLOAT", "DOUBLE", "REAL", "DECIMAL")
_NUMERIC = (*INTEGER_TYPES, *_FLOAT)


def _kind(duck_type: str) -> str:
    """Coarse type family used for the compatibility check and pre-processing."""
    t = duck_type.upper()
    if t.startswith(_FLOAT):
        return "float"
    if t.startswith(_NUMERIC):
        return "integer"
    if t.startswith("TIMESTAMP"):
        return "datetime"
    if t == "DATE":
        return "date"
    if t in ("VARCHAR", "STRING", "TEXT") or t.startswith("VARCHAR"):
        return "string"
    return t


def _family(kind: str) -> str:
    return {"float": "number", "integer": "number"}.get(kind, kind)


@dataclass
class _Column:
    name: str
    kind: str
    word: int = 0
    mask: int = 0


@dataclass
class _Search:
    plan: Plan
    t: dict[str, str]
    mode: str
    columns: list[_Column]
    words: list[list[dict[str, int]]]
    max_cols: int
    params: dict[str, Any]
    n_ori: int = 0
    n_syn: int = 0
    duplicates: dict[str, int] = field(default_factory=dict)
    levels: list[str] = field(default_factory=list)


def _datetime_unit(unit: str | None) -> str | None:
    if unit is None:
        return None
    if not isinstance(unit, str) or unit.strip().lower() not in DATETIME_UNITS:
        raise ParameterError(
            f"datetime_precision {unit!r} is not a known unit; use one of D, H, T (minute), s, ms, us, ns "
            "(case-insensitive)"
        )
    return DATETIME_UNITS[unit.strip().lower()] or ""


class SinglingOutResult(Display, Analysis):
    """Singled-out synthetic records (docs/measures.md §4).

    ``summary()``, ``details()`` and ``tree()`` each return a :class:`sqlpriv.Result`.
    Attributes: ``mode``, ``max_cols``, ``columns`` (search order), ``n_ori`` /
    ``n_syn`` (records analysed: rows, or distinct rows in petsard mode), ``duplicates``
    (exact duplicates removed per table: petsard mode only, 0 otherwise), ``numeric_precision`` (decimals floats were rounded to).
    """

    def __init__(self, search: _Search) -> None:
        self._s = search
        self.plan = search.plan

    @property
    def n(self) -> int:
        """Synthetic records analysed (rows; distinct rows in petsard mode)."""
        return self._s.n_syn

    @property
    def dropped_rows(self) -> int:
        """Exact duplicate records removed from the synthetic table (petsard mode only)."""
        return self._s.duplicates.get("syn", 0)

    @property
    def mode(self) -> str:
        return self._s.mode

    @property
    def max_cols(self) -> int:
        return self._s.max_cols

    @property
    def columns(self) -> list[str]:
        return [c.name for c in self._s.columns]

    @property
    def n_ori(self) -> int:
        return self._s.n_ori

    @property
    def n_syn(self) -> int:
        return self._s.n_syn

    @property
    def duplicates(self) -> dict[str, int]:
        return dict(self._s.duplicates)

    @property
    def numeric_precision(self) -> int:
        return int(run(self._s.plan.con, render("singling_out/precision_value.sql", t=self._s.t)).fetchone()[0])

    def _result(self, template: str) -> Result:
        s = self._s
        query = render(f"singling_out/{template}", t=s.t, columns=s.columns, **s.params)
        return Result(s.plan, query, ["final"])

    def summary(self) -> Result:
        """One row: privacy_risk_score, overall_protection, main_protection, baseline_protection,
        identification_rate, weighted_identification_rate, total_identified, total_syn_records."""
        return self._result("summary.sql")

    def details(self) -> Result:
        """One row per identified synthetic record: risk_level, syn_idx, ori_idx, combo_size,
        field_combo, value_combo, baseline_protection, n_minimal_sets, minimal_sets, syn_row, ori_row."""
        return self._result("details.sql")

    def tree(self) -> Result:
        """One row per examined column set, in search order (docs/measures.md §4 tree columns)."""
        return self._result("tree.sql")

    @property
    def sql(self) -> str:
        """The complete script (summary, details and tree queries) for the DuckDB shell."""
        return self.script(self.summary(), self.details(), self.tree())


def _two_sources(original: Any, synthetic: Any, con: duckdb.DuckDBPyConnection) -> tuple[Source, Source, Source]:
    ori = resolve_source(original, con)
    syn = resolve_source(synthetic, con)
    for src, what in ((ori, "original"), (syn, "synthetic")):
        n = run(con, render("engine/count_rows.sql", relation=src.ref)).fetchone()[0]
        if n == 0:
            raise EmptyInputError(f"the {what} table ({src.label}) has no rows; there is nothing to compare")
    both = Source(
        con,
        ori.name,
        f"{ori.label} and {syn.label}",
        statements=ori.statements + syn.statements,
        comment="\n".join(c for c in (ori.comment, syn.comment) if c),
    )
    if bool(ori.statements) != bool(syn.statements):  # one file, one in-memory table
        both.statements = []
        both.comment = "\n".join(
            c for c in (ori.comment, syn.comment, *[s + ";" for s in ori.statements + syn.statements]) if c
        )
    return ori, syn, both


def _selected(src: Source, columns: ColumnsArg) -> list[tuple[str, str]]:
    """The (name, type) pairs of ``src`` named by ``columns`` (plain names; None: all)."""
    if columns is None:
        return list(src.columns)
    items = [columns] if isinstance(columns, str) else list(columns)
    if not items:
        raise ParameterError("columns is empty: name at least one column, or pass None for every column")
    bad = [c for c in items if not isinstance(c, str)]
    if bad:
        raise ColumnError(
            f"singling-out takes plain column names, got {bad[0]!r}; add computed columns to both tables first"
        )
    types = dict(src.columns)
    names = [checks.match_column(src.column_names(), str(c), src.label) for c in items]
    dup = [n for n in names if names.count(n) > 1]
    if dup:
        raise ColumnError(f"column {dup[0]!r} is listed twice; give each analysed column once")
    return [(n, types[n]) for n in names]


def _match_columns(ori: Source, syn: Source, columns: ColumnsArg = None) -> list[_Column]:
    selected = _selected(ori, columns)
    o_types = dict(selected)
    s_types = dict(syn.columns) if columns is None else {n: t for n, t in syn.columns if n in o_types}
    missing = [n for n in o_types if n not in s_types]
    extra = [n for n in s_types if n not in o_types]
    if missing or extra:
        parts = []
        if missing:
            parts.append("missing from the synthetic table: " + ", ".join(repr(n) for n in missing))
        if extra:
            parts.append("only in the synthetic table: " + ", ".join(repr(n) for n in extra))
        raise ColumnError("the two tables must have the same columns; " + "; ".join(parts))
    out = []
    for name, o_type in selected:
        s_type = s_types[name]
        ok, sk = _kind(o_type), _kind(s_type)
        if _family(ok) != _family(sk):
            raise ColumnError(
                f"column {name!r} is {o_type} in the original table but {s_type} in the synthetic table; "
                "cast one of them so both have the same kind of type"
            )
        out.append(_Column(name, "float" if "float" in (ok, sk) else ok))
    if len(out) > MAX_PACKED_COLUMNS:
        raise ColumnError(f"{len(out)} columns is more than sqlpriv handles ({MAX_PACKED_COLUMNS})")
    return out


def _chunks(total: int, per_chunk: int) -> list[tuple[int, int]]:
    per_chunk = max(1, per_chunk)
    return [(lo, min(total, lo + per_chunk - 1)) for lo in range(1, total + 1, per_chunk)]


def _refuse_spark(what: str, spark: Any, *sources: Any) -> None:
    """Singling-out measures run on DuckDB only: one clear error for a Spark source or spark=."""
    from sqlpriv.engine.spark import duckdb_only, wants_spark

    if any(wants_spark(source, spark) for source in sources):
        raise duckdb_only(what)


def singling_out(
    original: Any,
    synthetic: Any,
    *,
    mode: str = "exhaustive",
    columns: ColumnsArg = None,
    max_cols: int | None = None,
    min_entropy_delta: float = 0.0,
    field_decay_factor: float = 0.5,
    renyi_alpha: float = 2.0,
    numeric_precision: int | None = None,
    datetime_precision: str | None = None,
    calculate_baseline: bool = True,
    progress: bool = True,
    con: duckdb.DuckDBPyConnection | str | None = None,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
) -> SinglingOutResult:
    """Synthetic records singled out by column sets also unique in the original (docs/measures.md §4).

    ``original`` / ``synthetic``: file paths, DataFrames, Arrow tables, DuckDB
    relations or table names (with ``con=``); both must have the same columns.
    ``mode``: ``"exhaustive"`` (exact) or ``"petsard"`` (PETsARD 1.10.1 parity).
    ``columns``: the column names analysed (default: every column; both tables must have
    them). Leaving a column out is the same as dropping it from both tables first, e.g. to leave out a sampling weight
    such as adult's ``fnlwgt`` that would single out nearly every record on its own.
    ``max_cols``: largest column set examined (None: all columns).
    ``min_entropy_delta`` / ``renyi_alpha``: entropy pruning (petsard mode only).
    ``field_decay_factor``: a set of ``s`` columns weighs ``factor ** (s - 1)``.
    ``numeric_precision``: decimals floats are rounded to (None: detected from the original, at
    most 10). ``datetime_precision``: D, H, T, s, ms, us or ns (case-insensitive) to floor
    timestamps to (None: no flooring). ``progress``: a progress bar on a terminal while the
    levels run (also off with ``SQLPRIV_PROGRESS=0``).

    The search is lazy: the tables are pre-processed and encoded now, and the levels run
    when a result is first asked for (``.sql`` prints them without running them).

    >>> import pandas as pd
    >>> ori = pd.DataFrame({"age": [30, 30, 41], "zip": ["a", "b", "b"]})
    >>> syn = pd.DataFrame({"age": [30, 41, 41], "zip": ["a", "b", "c"]})
    >>> singling_out(ori, syn, progress=False).summary().df()[["total_identified", "total_syn_records"]].values.tolist()
    [[2, 3]]
    """
    _refuse_spark("singling_out", spark, original, synthetic)
    params = _search_params(mode, min_entropy_delta, field_decay_factor, renyi_alpha, calculate_baseline)
    _check_precision(numeric_precision)
    unit = _datetime_unit(datetime_precision)
    conn = connect(con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
    ori, syn, both = _two_sources(original, synthetic, conn)
    matched = _match_columns(ori, syn, columns)
    max_cols = _check_sets(len(matched), max_cols)
    plan = Plan(conn, both, progress=None if progress else False)
    search = _Search(plan, _table_names(temp_name("sqlpriv_so", conn, "_ori")), mode, matched, [], max_cols, params)
    _prepare_tables(search, ori, syn, numeric_precision, unit)
    _order_and_encode(search, syn)
    _add_search_steps(search)
    return SinglingOutResult(search)


def _search_params(
    mode: str, min_entropy_delta: Any, field_decay_factor: Any, renyi_alpha: Any, calculate_baseline: Any
) -> dict[str, Any]:
    """The search parameters every level and result template takes, checked."""
    return dict(
        mode=checks.choice("mode", mode, MODES),
        min_entropy_delta=checks.finite_number("min_entropy_delta", min_entropy_delta),
        field_decay_factor=checks.finite_number("field_decay_factor", field_decay_factor, minimum=0),
        renyi_alpha=checks.finite_number("renyi_alpha", renyi_alpha, minimum=0),
        calculate_baseline=bool(calculate_baseline),
    )


def _check_precision(numeric_precision: Any) -> None:
    if numeric_precision is not None:
        checks.positive_int("numeric_precision", numeric_precision, minimum=0, hint=" (decimal places) or None")


def _check_sets(d: int, max_cols: Any) -> int:
    """``max_cols`` checked against ``d`` columns, and the number of column sets it means."""
    max_cols = checks.max_cols(max_cols, d)
    n_sets = sum(math.comb(d, s) for s in range(1, max_cols + 1))
    if n_sets > MAX_SETS:
        raise ParameterError(
            f"{d} columns up to max_cols={max_cols} is {n_sets:,} column sets; pass a smaller max_cols"
        )
    return max_cols


def _table_names(prefix: str) -> dict[str, str]:
    return {
        name: f"{prefix}_{name}"
        for name in (
            "precision",
            "ori",
            "syn",
            "columns",
            "ori_codes",
            "syn_codes",
            "sets",
            "hits",
            "stats",
            "status",
            "remaining",
            "unique",
            "cells",
            "combos",
            "identified",
            "tails",
            "rest",
            "cand",
            "members",
            "carried",
            "held",
            "level_sets",
        )
    }


def _prepare_tables(search: _Search, ori: Source, syn: Source, numeric_precision: int | None, unit: str | None) -> None:
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
            )
            for side, src in (("ori", ori), ("syn", syn))
        ],
        deps=["precision"],
    )
    plan.ensure(["prep"])
    rows = {
        side: run(plan.con, render("singling_out/side_counts.sql", table=t[side])).fetchone() for side in ("ori", "syn")
    }
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
    from sqlpriv.identifiers import COLUMNS_ADVICE, warn_identifiers

    names = [c.name for c in columns]
    warn_identifiers(
        plan.con,
        render("engine/distinct_counts.sql", relation=quote(t["ori"]), columns=names),
        search.n_ori,
        names,
        advice=COLUMNS_ADVICE,
        stacklevel=3,
    )


def _order_and_encode(search: _Search, syn: Source) -> None:
    """Order the columns for the search, build the shared dictionaries and pack both tables' codes."""
    plan, t, columns, d = search.plan, search.t, search.columns, len(search.columns)
    # search order: distinct non-NULL count in the synthetic table, descending, ties in its column order
    card = dict(
        run(
            plan.con, render("engine/distinct_counts.sql", relation=quote(t["syn"]), columns=[c.name for c in columns])
        ).fetchall()
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
    sizes = dict(run(plan.con, render("engine/table_sizes.sql", tables=dicts)).fetchall())
    cardinalities = [sizes[j] for j in range(d)]
    search.words = search.params["words"] = plan_words(cardinalities)
    layout = fields(search.words)
    for c, f in zip(columns, layout):
        c.word, c.mask = f.word, f.mask
    specs = [ColumnSpec(c.name, quote(c.name)) for c in columns]
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


def _add_search_steps(search: _Search) -> None:
    """The column sets, one step per set size, and the final tables.

    Sizes below ``REFINE_FROM`` (every size in parity mode, or when ``max_cols`` is below
    ``REFINE_MIN_MAX_COLS``): chunks of sets per statement, the synthetic counting restricted to
    the keys not yet singled out from size 4 on. Exhaustive mode from ``REFINE_FROM`` on:
    partition refinement (:func:`_add_refined_levels`). Same result either way; the split paid
    off on the adult benchmark (benchmarks/RESULTS.md).
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
    per_chunk = max(1, CHUNK_ROWS // max(search.n_ori, search.n_syn))
    refined = search.mode == "exhaustive" and search.max_cols >= REFINE_MIN_MAX_COLS
    refine_from = REFINE_FROM if refined else search.max_cols + 1
    for size in range(1, min(search.max_cols, refine_from - 1) + 1):
        statements = [render("singling_out/remaining.sql", t=t, size=size)] if search.mode == "exhaustive" else []
        for lo, hi in _chunks(math.comb(d, size), per_chunk):
            ctx = dict(t=t, size=size, lo=lo, hi=hi, restrict=size >= 4, **params)
            statements += [render(f"singling_out/{n}", **ctx) for n in names]
        prev = _add_level(search, size, statements, prev)
    if search.max_cols >= refine_from:
        prev = _add_refined_levels(search, refine_from, prev)
    plan.add(
        "final",
        [
            create_table(t[part], render("singling_out/final.sql", t=t, part=part, **params))
            for part in ("combos", "identified")
        ],
        deps=prev,
    )


def _add_level(search: _Search, size: int, statements: list[str], prev: list[str]) -> list[str]:
    """Declare step ``level_<size>`` after ``prev``; the new dependency list."""
    step = f"level_{size}"
    search.plan.add(step, statements, deps=prev)
    search.levels.append(step)
    return [step]


def _add_refined_levels(search: _Search, first: int, prev: list[str]) -> list[str]:
    """Exhaustive mode's levels from ``first`` on, by partition refinement (``refine.sql``).

    Level ``first`` is counted from the coded rows (chunks of sets, only the cells of records not
    yet singled out); each later level refines the open cells of the one before in a fixed
    handful of statements, whatever its number of sets.
    """
    t, words, d = search.t, search.words, len(search.columns)

    def part(name: str, size: int = 0, lo: int = 0, hi: int = 0) -> str:
        return render("singling_out/refine.sql", t=t, size=size, words=words, part=name, lo=lo, hi=hi)

    per_chunk = max(1, CHUNK_ROWS // max(search.n_ori, search.n_syn))
    for size in range(first, search.max_cols + 1):
        if size == first:
            statements = [
                create_table(t["tails"], part("tails")),
                create_table(t["rest"], part("rest")),
                create_table(t["level_sets"], part("level_sets", size)),
                create_table(t["members"], part("members_seed", size)),
                *[
                    (insert_into if i else create_table)(t["cand"], part("cand_seed", size, lo, hi))
                    for i, (lo, hi) in enumerate(_chunks(math.comb(d, size), per_chunk))
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


def __getattr__(name: str) -> Any:  # PEP 562: sample uniques moved to sqlpriv.uniques
    if name in ("sample_uniques", "SampleUniquesResult"):
        from sqlpriv import uniques

        return getattr(uniques, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
