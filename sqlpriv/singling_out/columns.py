"""The two tables of a singling-out search: both resolved, their columns matched by name and
kind of type (docs/measures.md §4).

>>> kind("DECIMAL(10,2)"), kind("BIGINT"), family(kind("INTEGER")) == family(kind("DOUBLE")), kind("INT")
('float', 'integer', True, 'integer')
>>> datetime_unit("T"), datetime_unit("ns")
('minute', '')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import duckdb

from sqlpriv.engine import checks
from sqlpriv.engine.dropna import drop_nulls
from sqlpriv.engine.limits import check_packed_columns
from sqlpriv.engine.plan import run
from sqlpriv.engine.rows import scalar
from sqlpriv.engine.sandbox import INTEGER_TYPES
from sqlpriv.engine.sources import ColumnsArg, ColumnSpec, Source, resolve_source
from sqlpriv.engine.spark.run import SparkSource
from sqlpriv.engine.templates import quote, render
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError

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

_FLOAT = ("FLOAT", "DOUBLE", "REAL", "DECIMAL")
_NUMERIC = (*INTEGER_TYPES, *_FLOAT)


def kind(duck_type: str) -> str:
    """Coarse type family used for the compatibility check and pre-processing."""
    t = duck_type.upper()
    if t.startswith(_FLOAT):
        return "float"
    if t.startswith(_NUMERIC) or t == "INT":  # INT: Spark's name of a 32-bit integer
        return "integer"
    if t.startswith("TIMESTAMP"):
        return "datetime"
    if t == "DATE":
        return "date"
    if t in ("VARCHAR", "STRING", "TEXT") or t.startswith("VARCHAR"):
        return "string"
    return t


def family(kind: str) -> str:
    return {"float": "number", "integer": "number"}.get(kind, kind)


@dataclass
class Column:
    name: str
    kind: str
    word: int = 0
    mask: int = 0


def datetime_unit(unit: str | None) -> str | None:
    if unit is None:
        return None
    if not isinstance(unit, str) or unit.strip().lower() not in DATETIME_UNITS:
        raise ParameterError(
            f"datetime_precision {unit!r} is not a known unit; use one of D, H, T (minute), s, ms, us, ns "
            "(case-insensitive)"
        )
    return DATETIME_UNITS[unit.strip().lower()] or ""


def two_sources(original: Any, synthetic: Any, con: duckdb.DuckDBPyConnection) -> tuple[Source, Source, Source]:
    ori = resolve_source(original, con)
    syn = resolve_source(synthetic, con)
    for src, what in ((ori, "original"), (syn, "synthetic")):
        n = scalar(run(con, render("engine/count_rows.sql", relation=src.ref)))
        if n == 0:
            raise EmptyInputError(f"the {what} table ({src.label}) has no rows; there is nothing to compare")
    return ori, syn, _both(ori, syn, con)


def _both(ori: Source, syn: Source, con: duckdb.DuckDBPyConnection) -> Source:
    """The plan's source: what creates both tables (their statements, or comments)."""
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
    return both


def drop_null_rows(
    ori: Source, syn: Source, columns: list[Column], dropna: bool
) -> tuple[Source, Source, Source, dict[str, int]]:
    """``dropna=True``: both tables without the rows that have a NULL in an analysed column, the
    plan's source over them and the rows left out per table (``{"ori": .., "syn": ..}``)."""
    specs = [ColumnSpec(c.name, quote(c.name)) for c in columns]
    ori, n_ori = drop_nulls(ori, specs, dropna)
    syn, n_syn = drop_nulls(syn, specs, dropna)
    return ori, syn, _both(ori, syn, ori.con), {"ori": n_ori, "syn": n_syn}


def selected_columns(src: Source | SparkSource, columns: ColumnsArg) -> list[tuple[str, str]]:
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


def match_columns(ori: Source | SparkSource, syn: Source | SparkSource, columns: ColumnsArg = None) -> list[Column]:
    selected = selected_columns(ori, columns)
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
        ok, sk = kind(o_type), kind(s_type)
        if family(ok) != family(sk):
            raise ColumnError(
                f"column {name!r} is {o_type} in the original table but {s_type} in the synthetic table; "
                "cast one of them so both have the same kind of type"
            )
        out.append(Column(name, "float" if "float" in (ok, sk) else ok))
    check_packed_columns(len(out))
    return out


__all__ = [
    "DATETIME_UNITS",
    "Column",
    "datetime_unit",
    "drop_null_rows",
    "family",
    "kind",
    "match_columns",
    "selected_columns",
    "two_sources",
]
