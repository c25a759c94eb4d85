"""The tables of the singling-out attack by queries: resolved, checked, deduplicated, and the
few things of the synthetic table that seeded Python builds the queries from, fetched by SQL.

>>> column_kind("BIGINT"), column_kind("BOOLEAN"), column_kind("VARCHAR")
('number', 'boolean', 'text')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import duckdb

from sqlpriv.attacks.singling_out_predicates import OPERATORS, Query, condition_table
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.rows import scalar
from sqlpriv.engine.sandbox import NUMERIC_TYPES
from sqlpriv.engine.sources import Source, resolve_source
from sqlpriv.engine.templates import create_table, current_dialect, quote, render, spark_quote
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError

#: queries counted per statement (each one scan of the table)
QUERIES_PER_SCAN = 2000


def column_kind(duck_type: str) -> str:
    """How a column is attacked: ``number`` (<= / >= on medians), ``boolean`` or ``text`` (==)."""
    t = duck_type.upper()
    if t == "BOOLEAN":
        return "boolean"
    if t.startswith(NUMERIC_TYPES):
        return "number"
    return "text"


@dataclass
class Tables:
    """The distinct original, synthetic and (optional) control tables of one attack."""

    plan: Plan
    columns: list[str]
    kinds: dict[str, str]
    names: dict[str, str] = field(default_factory=dict)  # role -> distinct table name
    rows: dict[str, int] = field(default_factory=dict)  # role -> distinct records

    @property
    def con(self) -> duckdb.DuckDBPyConnection:
        return self.plan.con

    def values(self, column: str, kind: str, positions: list[int]) -> dict[int, Any]:
        """Values of one synthetic column by position (:func:`fetch_values`)."""
        return fetch_values(self, column, kind, positions)

    def n_rows(self, role: str) -> int:
        """The distinct records of ``role`` (:func:`distinct_rows`)."""
        return distinct_rows(self, role)

    def records(self, ranks: list[int]) -> dict[int, dict[str, Any]]:
        """Distinct synthetic records by rank (:func:`fetch_rows`)."""
        return fetch_rows(self, "synthetic", "__sqlpriv_rank", ranks)

    def count(self, role: str, queries: list[Query]) -> list[int]:
        """The records of the distinct ``role`` table each query matches (:func:`count`)."""
        return [int(n or 0) for n in count(self, role, queries)]


def _check_rows(src: Source, role: str, con: duckdb.DuckDBPyConnection, minimum: int) -> None:
    n = scalar(run(con, render("engine/count_rows.sql", relation=src.ref)))
    if n == 0:
        raise EmptyInputError(f"the {role} table ({src.label}) has no rows; there is nothing to attack")
    if n < minimum:
        raise EmptyInputError(
            f"the {role} table ({src.label}) has a single row; singling out by queries needs at least "
            "two records (one record is singled out by any query that matches it)"
        )


def _match(base: Source, other: Source, role: str) -> None:
    mine, theirs = dict(base.columns), dict(other.columns)
    missing = [n for n in mine if n not in theirs]
    extra = [n for n in theirs if n not in mine]
    if missing or extra:
        parts = [f"missing from the {role} table: " + ", ".join(map(repr, missing))] if missing else []
        parts += [f"only in the {role} table: " + ", ".join(map(repr, extra))] if extra else []
        raise ColumnError("the tables must have the same columns; " + "; ".join(parts))
    for name, t in mine.items():
        if column_kind(t) != column_kind(theirs[name]):
            raise ColumnError(
                f"column {name!r} is {t} in the original table but {theirs[name]} in the {role} table; "
                "cast one of them so both have the same kind of type"
            )


def prepare(plan: Plan, original: Any, synthetic: Any, control: Any) -> tuple[Tables, Source, Source, Source | None]:
    """Resolve and check the tables; declare (not run) their distinct copies as plan steps."""
    con = plan.con
    ori = resolve_source(original, con)  # every source bound before the first query locks the connection
    syn = resolve_source(synthetic, con)
    ctl = None if control is None else resolve_source(control, con)
    for src, role, minimum in ((ori, "original", 2), (syn, "synthetic", 2), (ctl, "control", 1)):
        if src is not None:
            _check_rows(src, role, con, minimum)
    _match(ori, syn, "synthetic")
    if ctl is not None:
        _match(ori, ctl, "control")
    columns = ori.column_names()
    tables = Tables(plan, columns, {n: column_kind(t) for n, t in ori.columns})
    base = temp_name("sqlpriv_so_queries", con)
    for role, src in (("original", ori), ("synthetic", syn), ("control", ctl)):
        if src is None:
            continue
        name = f"{base}_{role}"
        body = render("attacks/so_distinct.sql", relation=src.ref, columns=columns)
        plan.add(role, [*src.statements, create_table(name, body)])
        tables.names[role] = name
    return tables, ori, syn, ctl


def distinct_rows(tables: Tables, role: str) -> int:
    """Run the step of ``role`` and count its distinct records."""
    if role not in tables.rows:
        tables.plan.ensure([role])
        name = tables.names[role]
        ref = render(
            "engine/count_rows.sql", relation=spark_quote(name) if current_dialect() == "spark" else quote(name)
        )
        tables.rows[role] = int(tables.plan.rows(ref)[0][0])
    return tables.rows[role]


def column_stats(tables: Tables) -> list[dict[str, Any]]:
    """Per column of the distinct synthetic table: nulls, n_min, n_max, median, rare, n_distinct."""
    tables.plan.ensure(["synthetic"])
    specs = [{"name": c, "kind": tables.kinds[c]} for c in tables.columns]
    cur = run(tables.con, render("attacks/so_stats.sql", table=tables.names["synthetic"], columns=specs))
    rows = sorted(cur.fetchall())
    keys = ("nulls", "n_min", "n_max", "median", "rare", "n_distinct")
    out = []
    for (j, *values), name in zip(rows, tables.columns):
        stats = dict(zip(keys, values))
        stats.update(column=name, numeric=tables.kinds[name] == "number", j=j)
        out.append(stats)
    return out


def fetch_values(tables: Tables, column: str, kind: str, positions: list[int]) -> dict[int, Any]:
    """Values of one synthetic column by position (see ``so_values.sql``)."""
    sql = render(
        "attacks/so_values.sql", table=tables.names["synthetic"], column=column, kind=kind, positions=positions
    )
    return {int(i): v for i, v in run(tables.con, sql).fetchall()}


def fetch_rows(tables: Tables, role: str, by: str, keys: list[int]) -> dict[int, dict[str, Any]]:
    """Records of a distinct table by rank (``by="__sqlpriv_rank"``) or input position."""
    if not keys:
        return {}
    sql = render(
        "attacks/so_rows.sql", table=tables.names[role], columns=tables.columns, rank_column=by, positions=keys
    )
    out = {}
    for rank, pos, *values in tables.plan.rows(sql):
        out[int(rank if by == "__sqlpriv_rank" else pos)] = dict(zip(tables.columns, values))
    return out


def count_sql(tables: Tables, role: str, queries: list[Query], positions: bool = False) -> list[str]:
    """The counting scan(s) of ``queries`` on the distinct ``role`` table (``positions``: the first
    record each matches instead of how many)."""
    for q in queries:
        for c in q:
            if c.op not in OPERATORS or c.column not in tables.kinds:
                raise ParameterError(f"a singling-out query condition must use a known column and operator, got {c!r}")
    chunks = [queries[i : i + QUERIES_PER_SCAN] for i in range(0, len(queries), QUERIES_PER_SCAN)]
    out = []
    for chunk in chunks:
        conditions, index = condition_table(chunk)
        sql = render("attacks/so_counts.sql", table=tables.names[role], conditions=conditions, queries=index, positions=positions)  # fmt: skip
        out.append(sql)
    return out


def count(tables: Tables, role: str, queries: list[Query], positions: bool = False) -> list[Any]:
    """The records of the ``role`` table each query matches (``positions``: the input position of
    the first one, None where none)."""
    tables.plan.ensure([role])
    out: list[Any] = []
    for sql in count_sql(tables, role, queries, positions):
        row = tables.plan.rows(sql)[0]
        out += [None if v is None else int(v) for v in row]
    return out


__all__ = [
    "QUERIES_PER_SCAN",
    "Tables",
    "column_kind",
    "column_stats",
    "count",
    "count_sql",
    "distinct_rows",
    "fetch_rows",
    "fetch_values",
    "prepare",
]
