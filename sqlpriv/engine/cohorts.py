"""The shared first stages of every cohort-count measure (docs/measures.md §0).

``prepare`` turns a source and column list into plan steps that

1. select the analysed columns with the input position (``analysed``),
2. group the rows by their values (``values``) and build a dictionary per column from
   those groups (``dictionaries``),
3. pack each distinct pattern into integer words with its count (``patterns``), and, for
   the steps that read rows in input order, each row's pattern (``codes``),

and reads back what Python needs to orchestrate (row count, cardinalities).
``add_cells`` adds the rollup that counts the cohort cells of every column
subset in a lattice table.

>>> import pandas as pd
>>> from sqlpriv.engine.connection import connect
>>> frame = prepare(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]}), ["a", "b"], connect())
>>> frame.n, frame.cardinalities
(3, [2, 2])
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Any, Callable

import duckdb

from sqlpriv.engine.analysis import Analysis
from sqlpriv.engine.cohort_warnings import warn_continuous, warn_identifiers
from sqlpriv.engine.file_positions import parquet_files, unchanged_guard
from sqlpriv.engine.layout import plan_words
from sqlpriv.engine.limits import check_packed_columns
from sqlpriv.engine.output_names import free_heading
from sqlpriv.engine.plan import Plan
from sqlpriv.engine.sources import (
    ColumnsArg,
    ColumnSpec,
    Source,
    fresh_name,
    resolve_columns,
    resolve_source,
    source_column,
)
from sqlpriv.engine.templates import call, create_table, insert_into, quote, render
from sqlpriv.errors import ColumnError, EmptyInputError, SqlprivWarning, caller_stacklevel


@dataclass
class CohortFrame:
    plan: Plan
    source: Source
    columns: list[ColumnSpec]
    key: str | None
    names: dict[str, Any]
    n: int = 0
    n_source: int = 0
    cardinalities: list[int] = field(default_factory=list)
    words: list[list[dict[str, int]]] = field(default_factory=list)
    parts: dict[str, list[str]] = field(default_factory=dict)  # a table -> its parts (table_parts)
    unique: bool = False  # the patterns carry u, the columns their value alone singles out (prepare)
    dialect: str = "duckdb"  # what the plan's statements are rendered for ("spark": sqlpriv.engine.spark.cohorts)

    @property
    def d(self) -> int:
        return len(self.columns)

    @property
    def full_sid(self) -> int:
        return (1 << self.d) - 1

    @property
    def dropped_rows(self) -> int:
        return self.n_source - self.n

    def context(self, **extra: Any) -> dict[str, Any]:
        """The template context every cohort template understands."""
        ctx: dict[str, Any] = {
            "t": self.names,
            "columns": self.columns,
            "words": self.words,
            "d": self.d,
            "full_sid": self.full_sid,
            "key": self.key,
            "source": self.source.ref,
            "cardinalities": self.cardinalities,
        }
        ctx.update(extra)
        return ctx


class FrameMeasure(Analysis):
    """Base of a measure's result object built on one :class:`CohortFrame`."""

    frame: CohortFrame

    @property
    def plan(self) -> Plan:  # type: ignore[override]
        """The analysis' plan (the frame's)."""
        return self.frame.plan

    @property
    def n(self) -> int:
        """Rows analysed (after ``dropna``)."""
        return self.frame.n

    @property
    def dropped_rows(self) -> int:
        """Rows left out by ``dropna=True``."""
        return self.frame.dropped_rows

    @property
    def columns(self) -> list[str]:
        """Names of the analysed columns, in order."""
        return [c.name for c in self.frame.columns]

    def free_name(self, name: str, also_taken: tuple[str, ...] = ()) -> str:
        """``name``, or ``_name``, ``__name``... if an analysed column (or ``also_taken``) has it
        (said once per result with a SqlprivWarning naming the new name)."""
        warned = self.__dict__.setdefault("_renamed_headings", set())
        return free_heading(name, [*self.columns, *also_taken], warned)


def prepare(
    source: Any,
    columns: ColumnsArg,
    con: duckdb.DuckDBPyConnection,
    *,
    key: str | None = None,
    dropna: bool = False,
    prefix: str | None = None,
    unique_columns: bool = False,
    packed: bool = False,
) -> CohortFrame:
    """Resolve the source and columns and add the analysed/dictionary/codes/patterns steps.
    ``unique_columns``: the dictionaries count each value's rows and the patterns carry u, the
    bitmask of the columns whose value no other row shares (``frame.unique``;
    engine/patterns_grouped.sql). ``packed``: the measure packs column sets in one BIGINT, so
    more than :data:`~sqlpriv.engine.limits.MAX_PACKED_COLUMNS` columns are refused here, before
    any work."""
    src = resolve_source(source, con)
    if key is not None:
        key = source_column(src, key)
    specs = resolve_columns(src, columns, exclude=[key] if key else [])
    if packed:
        check_packed_columns(len(specs))
    if key is not None and any(not c.is_expression and c.name == key for c in specs):
        raise ColumnError(
            f"column {key!r} is both the key and an analysed column; a key is carried into the "
            "output, not measured: drop it from columns= or choose another key"
        )
    prefix = prefix or fresh_name(con, "sqlpriv", "_analysed")
    frame = CohortFrame(Plan(con, src), src, specs, key, table_names(prefix, len(specs)), unique=unique_columns)
    files = parquet_files(src)
    if files is not None:  # Parquet: positions from the files' row numbers, a view (no copy)
        view = render("engine/file_positions.sql", **frame.context(dropna=dropna, path=src.parquet, files=files))
        frame.plan.add("analysed", [view])
        frame.plan.guards.append(unchanged_guard(src, files))  # the files are read at each step
    else:  # the input in input order as a table, numbered by its rowid in a view (no serial step)
        rows = render("engine/analysed.sql", **frame.context(dropna=False, position=False))
        frame.plan.add(
            "analysed",
            [
                create_table(frame.names["input"], rows),
                render("engine/positions.sql", **frame.context(dropna=dropna)),
            ],
        )
    frame.plan.ensure(["analysed"])
    add_frame_steps(frame, dropna)
    return frame


def add_frame_steps(frame: CohortFrame, dropna: bool, warn: bool = True) -> None:
    """Once the ``analysed`` step ran: read the row counts, build the dictionaries (and, with
    ``warn``, the DuckDB warnings on them) and add the codes/patterns steps. Engine-neutral: the
    counts are read with ``frame.plan.rows`` and the statements rendered for the current dialect
    (:mod:`sqlpriv.engine.spark.cohorts` runs it on a Spark plan)."""
    _count_rows(frame, dropna)
    _add_dictionaries(frame, warn)
    _add_patterns(frame)


def table_names(prefix: str, d: int) -> dict[str, Any]:
    """The names of an analysis' tables, all under one fresh prefix."""
    names: dict[str, Any] = {
        name: f"{prefix}_{name}"
        for name in (
            "input",
            "analysed",
            "values",
            "codes",
            "patterns",
            "decoded",
            "lattice",
            "cells",
            "cohorts",
            "phi",
            "steps",
        )
    }
    names["dicts"] = [f"{prefix}_dict_{j}" for j in range(d)]
    names["prefix"] = prefix
    return names


def _count_rows(frame: CohortFrame, dropna: bool) -> None:
    """Read ``n`` (and the source's row count when rows were dropped); refuse an empty input."""
    plan, src = frame.plan, frame.source
    frame.n = int(
        plan.rows(render("engine/count_rows.sql", relation=call("quote", name=frame.names["analysed"])))[0][0]
    )
    frame.n_source = int(plan.rows(render("engine/count_rows.sql", relation=src.ref))[0][0]) if dropna else frame.n
    if frame.n == 0:
        if frame.n_source:
            raise EmptyInputError(
                f"every one of the {frame.n_source} rows of {src.label} has a NULL in an analysed "
                "column, so dropna=True leaves nothing; use dropna=False (NULL is then a category)"
            )
        raise EmptyInputError(f"{src.label} has no rows; there is nothing to measure")
    if frame.n == 1:
        warnings.warn(
            f"{src.label} has a single row: every subject is unique and every value is 0",
            SqlprivWarning,
            stacklevel=caller_stacklevel(),
        )


def _add_dictionaries(frame: CohortFrame, warn: bool = True) -> None:
    """One dictionary per analysed column (run now: their sizes plan the bit layout)."""
    names = frame.names
    # the rows are grouped once; the dictionaries and the patterns read the (smaller) groups
    frame.plan.add(
        "values",
        [create_table(names["values"], render("engine/pattern_values.sql", **frame.context()))],
        deps=["analysed"],
    )
    frame.plan.add(
        "dictionaries",
        [
            create_table(
                names["dicts"][j],
                render("engine/dictionary.sql", t=names, column=c.name, relation=names["values"], counts=frame.unique),
            )
            for j, c in enumerate(frame.columns)
        ],
        deps=["values"],
    )
    frame.plan.ensure(["dictionaries"])
    counts = frame.plan.rows(render("engine/table_sizes.sql", tables=names["dicts"]))
    frame.cardinalities = [int(k) for _, k in sorted(counts)]
    if not warn:
        return
    analysed = quote(names["analysed"])
    columns = [c.name for c in frame.columns]
    continuous = warn_continuous(frame.plan.con, analysed, columns, frame.cardinalities, frame.n)
    key = None if frame.key is None else (frame.key, dict(frame.source.columns).get(frame.key, ""))
    warn_identifiers(frame.plan.con, names["dicts"], analysed, columns, frame.n, key, skip=continuous)


def _add_patterns(frame: CohortFrame) -> None:
    """Packed codes per row, distinct patterns with their multiplicity, and decoded patterns."""
    names, plan = frame.names, frame.plan
    frame.words = plan_words(frame.cardinalities)
    bits = [next(f["bits"] for w in frame.words for f in w if f["j"] == j) for j in range(frame.d)]
    plan.add(
        "codes",
        [create_table(names["codes"], render("engine/encode.sql", **frame.context(bits=bits)))],
        deps=["dictionaries"],
    )
    # the patterns are packed from the grouped values: the per-row codes table (a dictionary
    # join and a sort of every row) is built only for the steps that read it
    plan.add(
        "patterns",
        [
            create_table(
                names["patterns"],
                render("engine/patterns_grouped.sql", **frame.context(bits=bits, unique=frame.unique)),
            ),
            render("engine/drop_table.sql", table=names["values"]),
        ],
        deps=["dictionaries"],
    )
    plan.add(
        "decoded",
        [render("engine/decoded_patterns.sql", t=names, words=frame.words, columns=field_specs(frame))],
        deps=["patterns"],
    )


def field_specs(frame: CohortFrame) -> list[dict[str, Any]]:
    """Per analysed column: name, whether it is an expression, and where its code is packed."""
    fields = {f["j"]: (w, f) for w, word in enumerate(frame.words) for f in word}
    out = []
    for j, spec in enumerate(frame.columns):
        w, f = fields[j]
        out.append(
            {
                "j": j,
                "name": spec.name,
                "is_expression": spec.is_expression,
                "word": w,
                "offset": f["offset"],
                "field_mask": (1 << f["bits"]) - 1,
            }
        )
    return out


def binds_on_patterns(frame: CohortFrame, expr: str) -> bool:
    """Whether ``expr`` reads only plain analysed columns (so it can be evaluated per pattern)."""
    plain = [c for c in frame.columns if not c.is_expression]
    if not plain:
        return False
    frame.plan.ensure(["patterns"])
    probe = ", ".join(f"null::{t} as {quote(n)}" for n, t in frame.source.columns if n in {c.name for c in plain})
    try:
        frame.plan.con.execute(render("engine/describe.sql", relation=f"(select {probe})", expr=expr))
    except duckdb.Error:
        return False
    return True


DIRECT_MIN_COLUMNS = 8  # from this many columns, cells are counted straight from the patterns
DIRECT_ROWS = 1_000_000  # (pattern, subset) pairs per statement of the direct count


def add_cells(
    frame: CohortFrame,
    step: str,
    *,
    table: str,
    patterns: str,
    extras: list[str],
    deps: list[str],
    unique_mask: bool = False,
    anchor: int | None = None,
) -> None:
    """Add a step leaving in ``table`` the shared cohort cells (n > 1) of every lattice subset.

    Below ``DIRECT_MIN_COLUMNS`` columns, cells are rolled up level by level from the full
    column set, each subset from its parent one column larger (lattice column ``parent``);
    only two levels of full cells exist at any time. From ``DIRECT_MIN_COLUMNS`` on, the middle
    levels (C(d, d/2) subsets of nearly one cell per pattern) would dominate time and memory,
    so each chunk of subsets is counted straight from the patterns instead (``cells_direct``),
    keeping only the shared cells: at 100k rows x 12 columns 18 s and 1.2 GB instead of
    31 s and 5.8 GB. ``unique_mask``: ``patterns`` has column u (shapley/unique_columns.sql),
    and the direct count skips the (pattern, subset) pairs it marks as alone; ``anchor``: so
    do the pairs u2 marks (``add_direct_cells``).
    """
    if frame.d >= DIRECT_MIN_COLUMNS:
        add_direct_cells(
            frame,
            step,
            table=table,
            patterns=patterns,
            extras=extras,
            deps=deps,
            unique_mask=unique_mask,
            anchor=anchor,
        )
        return
    level = [f"{table}_level{size}" for size in range(frame.d + 1)]
    common: dict[str, Any] = {"t": frame.names, "words": frame.words, "extras": extras}
    statements = [
        create_table(
            level[frame.d], render("engine/cells_base.sql", **common, patterns=patterns, full_sid=frame.full_sid)
        )
    ]

    def keep(size: int, first: bool) -> str:
        body = render("engine/cells_keep.sql", level_table=level[size])
        return create_table(table, body) if first else insert_into(table, body)

    for size in range(frame.d - 1, -1, -1):
        statements.append(
            create_table(
                level[size], render("engine/cells_rollup.sql", **common, parent_table=level[size + 1], size=size)
            )
        )
        statements.append(keep(size + 1, first=size == frame.d - 1))
        statements.append(render("engine/drop_table.sql", table=level[size + 1]))
    statements.append(keep(0, first=frame.d == 0))
    statements.append(render("engine/drop_table.sql", table=level[0]))
    frame.plan.add(step, statements, deps=deps)


def parent_order(cardinalities: list[int]) -> list[int]:
    """Columns in the order a subset's rollup parent adds them: fewest distinct values first."""
    return sorted(range(len(cardinalities)), key=lambda j: (cardinalities[j], j))


def add_direct_cells(
    frame: CohortFrame,
    step: str,
    *,
    table: str,
    patterns: str,
    extras: list[str],
    deps: list[str],
    unique_mask: bool = False,
    lattice: str | None = None,
    wrap: Callable[[str], str] | None = None,
    anchor: int | None = None,
) -> None:
    """``add_cells`` for wide lattices: chunks of about ``DIRECT_ROWS`` (pattern, subset) pairs.
    ``lattice``: the subsets of this table (sid, m0..) instead of the analysis' lattice; ``wrap``
    turns each chunk's select into the one stored; ``anchor`` (with ``unique_mask``): the
    patterns carry u2 for this column (shapley/unique_pairs.sql), and those pairs are skipped too."""
    frame.plan.ensure(deps)  # the patterns and the lattice size the chunks
    parts = frame.parts[patterns] = table_parts(frame, patterns)
    names = frame.names if lattice is None else {**frame.names, "lattice": lattice}
    statements = [
        create_table(name, render("engine/table_part.sql", table=patterns, part=i, parts=len(parts)))
        for i, name in enumerate(parts)
        if len(parts) > 1
    ]
    for lo, hi in lattice_chunks(frame, patterns, lattice):
        body = render(
            "engine/cells_direct.sql",
            t=names,
            extras=extras,
            patterns=parts,
            words=frame.words,
            lo=lo,
            hi=hi,
            unique_mask=unique_mask,
            anchor=anchor,
        )
        if wrap is not None:
            body = wrap(body)
        statements.append(create_table(table, body) if lo == 1 else insert_into(table, body))
    frame.plan.add(step, statements, deps=deps)


ROW_GROUP_ROWS = 122_880  # DuckDB scans a table one row group (this many rows) per thread


def table_parts(frame: CohortFrame, table: str) -> list[str]:
    """``[table]``, or the names of the parts it is split into (``engine/table_part.sql``) when it
    has fewer row groups than the connection has threads: a table of 100k patterns is one row
    group, scanned by one thread, so the wide-lattice steps over it would use one core however
    many there are. The parts are separate tables, read in parallel through a union. On Spark
    always ``[table]``: Spark splits every scan into partitions itself."""
    if frame.dialect == "spark":
        return [table]
    threads = int(frame.plan.rows(render("engine/threads.sql"))[0][0])
    n = int(frame.plan.rows(render("engine/count_rows.sql", relation=quote(table)))[0][0])
    if threads < 2 or -(-n // ROW_GROUP_ROWS) >= threads or n < 2 * threads:
        return [table]
    return [f"{table}_part{i}" for i in range(threads)]


def lattice_chunks(frame: CohortFrame, patterns: str, lattice: str | None = None) -> list[tuple[int, int]]:
    """Positions (1-based, inclusive) of lattice chunks of about ``DIRECT_ROWS`` (pattern,
    subset) pairs each; the patterns and lattice (or ``lattice``) tables must exist."""
    tables = [patterns, lattice or frame.names["lattice"]]
    sizes = dict(frame.plan.rows(render("engine/table_sizes.sql", tables=tables)))
    n_patterns, n_subsets = int(sizes[0]), int(sizes[1])
    per = max(1, DIRECT_ROWS // max(1, n_patterns))
    return [(lo, min(n_subsets, lo + per - 1)) for lo in range(1, n_subsets + 1, per)]
