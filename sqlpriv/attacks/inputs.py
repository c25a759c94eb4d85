"""The tables of an attack: original, synthetic and control resolved on one connection, checked
(same columns, same kinds of type, enough rows, no column of NULLs) and numbered by position.

>>> import pandas as pd
>>> ori = pd.DataFrame({"a": [1, 2], "b": ["x", "y"]})
>>> t = prepare(ori, ori, None, ["a", "b"])
>>> t.n_ori, t.numeric(["a", "b"])
(2, [True, False])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sqlpriv.engine.connection import connect
from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.rows import scalar
from sqlpriv.engine.sandbox import NUMERIC_TYPES
from sqlpriv.engine.sources import Source, fresh_name, resolve_source
from sqlpriv.engine.templates import create_table, quote, render
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError


def is_numeric(duck_type: str) -> bool:
    """Whether a DuckDB type is compared as a number (scaled absolute difference).

    >>> is_numeric("DECIMAL(10,2)"), is_numeric("VARCHAR"), is_numeric("BOOLEAN")
    (True, False, False)
    """
    return duck_type.upper().startswith(NUMERIC_TYPES)


@dataclass
class Tables:
    """Positioned tables (``__sqlpriv_pos`` + the user's columns) of one attack on ``plan``."""

    plan: Plan
    ori: str
    syn: str
    ctl: str | None
    n_ori: int
    n_syn: int
    n_ctl: int
    types: dict[str, str] = field(default_factory=dict)
    prefix: str = "sqlpriv_attack"  # of every table the attack creates on the connection

    def numeric(self, columns: list[str]) -> list[bool]:
        return [is_numeric(self.types[c]) for c in columns]


def prepare(original: Any, synthetic: Any, control: Any, columns: list[str] | None, con: Any = None) -> Tables:
    """Resolve and check the tables, number their rows; ``columns`` are the attacked ones (None: all)."""
    conn = connect(con)
    sources = {"original": resolve_source(original, conn), "synthetic": resolve_source(synthetic, conn)}
    if control is not None:
        sources["control"] = resolve_source(control, conn)
    _same_columns(sources)
    types = dict(sources["original"].columns)
    columns = list(types) if columns is None else columns
    for c in columns:
        if c not in types:
            raise ColumnError(f"column {c!r} is not in the original table; it has: {', '.join(map(repr, types))}")
    plan = Plan(conn, source=_combined(list(sources.values())), progress=False)
    prefix = fresh_name(conn, "sqlpriv_attack", "_original")  # no table of the connection is shadowed
    names, counts = {}, {}
    for what, src in sources.items():
        names[what] = f"{prefix}_{what}"
        plan.add(names[what], [create_table(names[what], render("attacks/positioned.sql", relation=src.ref))])
        plan.ensure([names[what]])
        counts[what] = int(scalar(run(conn, render("engine/count_rows.sql", relation=quote(names[what])))) or 0)
        if counts[what] == 0:
            raise EmptyInputError(f"the {what} table ({src.label}) has no rows; an attack needs records to attack")
        if what != "control" and counts[what] < 2:
            raise EmptyInputError(
                f"the {what} table ({src.label}) has a single row; an attack needs at least 2 records"
            )
        _no_null_columns(plan, names[what], columns, what)
    return Tables(
        plan, names["original"], names["synthetic"], names.get("control"), counts["original"], counts["synthetic"],
        counts.get("control", 0), types, prefix,
    )  # fmt: skip


def _same_columns(sources: dict[str, Source]) -> None:
    ori = dict(sources["original"].columns)
    for what, src in sources.items():
        same_columns(ori, dict(src.columns), what)


def same_columns(ori: dict[str, str], other: dict[str, str], what: str) -> None:
    """ColumnError unless ``other`` (the ``what`` table's column types) has the original's
    columns, each of the same kind (numeric or not); the types are those of one engine."""
    missing, extra = [c for c in ori if c not in other], [c for c in other if c not in ori]
    if missing or extra:
        raise ColumnError(
            f"the {what} table must have the original's columns; missing: {missing or 'none'}, extra: {extra or 'none'}"
        )
    for c, t in ori.items():
        if is_numeric(t) != is_numeric(other[c]):
            raise ColumnError(
                f"column {c!r} is {t} in the original table but {other[c]} in the {what} table; "
                "give it the same kind of type (numeric or not) in every table"
            )


def _no_null_columns(plan: Plan, table: str, columns: list[str], what: str) -> None:
    counts = run(plan.con, render("attacks/non_null.sql", table=table, columns=columns)).fetchone() or ()
    for c, n in zip(columns, counts):
        if not n:
            raise ColumnError(f"column {c!r} of the {what} table holds only NULLs; leave it out of the attack")


def _combined(sources: list[Source]) -> Source:
    first = sources[0]
    out = Source(first.con, first.name, " and ".join(s.label for s in sources))
    out.statements = [s for src in sources for s in src.statements]
    out.comment = "\n".join(src.comment for src in sources if src.comment)
    return out


def column_list(value: Any, what: str) -> list[str]:
    """A non-empty list of distinct column names.

    >>> column_list("a", "aux_cols")
    ['a']
    """
    items = [value] if isinstance(value, str) else list(value or [])
    if not items or not all(isinstance(c, str) for c in items):
        raise ParameterError(f"{what} must name at least one column (a list of column names); got {value!r}")
    if len(set(items)) != len(items):
        raise ParameterError(f"{what} names a column twice: {items!r}")
    return items


def sample_positions(n: int, n_attacks: int | None, rng: np.random.Generator, what: str) -> list[int] | None:
    """The sorted positions of ``n_attacks`` records drawn without replacement (None: every record).

    >>> sample_positions(10, 3, np.random.default_rng(0), "original")
    [5, 6, 9]
    """
    if n_attacks is None:
        return None
    if isinstance(n_attacks, bool) or not isinstance(n_attacks, (int, np.integer)) or n_attacks < 1:
        raise ParameterError(f"n_attacks must be a positive whole number or None (every record); got {n_attacks!r}")
    if n_attacks > n:
        raise ParameterError(
            f"n_attacks={n_attacks} is more than the {n} records of the {what} table; "
            "pass at most that many, or None to attack every record"
        )
    return sorted(int(p) for p in rng.choice(n, size=int(n_attacks), replace=False))


def targets(tables: Tables, table: str, positions: list[int] | None, name: str) -> str:
    """Declare and run the step making table ``name``: the attacked rows of ``table``."""
    plan = tables.plan
    statements, sample = [], None
    if positions is not None:
        sample = f"{name}_sample"
        statements.append(create_table(sample, render("attacks/sample.sql", positions=positions)))
    statements.append(create_table(name, render("attacks/targets.sql", table=table, sample=sample)))
    plan.add(name, statements, deps=[table])
    plan.ensure([name])
    return name
