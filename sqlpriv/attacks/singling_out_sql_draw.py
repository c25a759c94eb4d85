"""The SQL draw of the singling-out queries (``sqlpriv.singling_out_queries(draw="sql")``): the
queries and baseline guesses drawn by the templates of ``sql_templates/attacks/_draw.sql``, the
same ones the dbt model ``sqlpriv.singling_out_queries_risk`` draws, read back as
:class:`~sqlpriv.attacks.singling_out_predicates.Condition` tuples (docs/measures.md, "The SQL draw").

>>> first_attempts(500, 10_000_000), first_attempts(500, 100)
(2000, 100)
"""

from __future__ import annotations

import math
from typing import Any

from sqlpriv.attacks.singling_out_predicates import Condition, Query
from sqlpriv.attacks.singling_out_tables import Tables
from sqlpriv.engine.plan import run
from sqlpriv.engine.templates import render

#: operators whose condition carries no value
NO_VALUE = ("isna", "notna", "is", "not")


def first_attempts(n_attacks: int, max_attempts: int) -> int:
    """The multivariate attempts of the first round: four per query wanted (at least 64), at most ``max_attempts``."""
    return min(max(4 * n_attacks, 64), max_attempts)


def _query(row: tuple[Any, ...], columns: list[str]) -> Query:
    """One wide row (operators and values per column, from the fifth field) as a query, its
    conditions in column-name order (as anonymeter writes them)."""
    out = []
    for j, name in enumerate(columns):
        op, value = row[4 + 2 * j], row[5 + 2 * j]
        if op is not None:
            out.append(Condition(name, str(op), None if op in NO_VALUE else value))
    return tuple(sorted(out, key=lambda c: c.column))


def sql_draw(
    tables: Tables, mode: str, seed: int, n_attacks: int, n_cols: int, max_attempts: int
) -> tuple[list[Query], list[Query], int]:
    """The queries, the baseline guesses and the attempts made (multivariate). Multivariate rounds
    rerun the draw with twice the attempts until ``n_attacks`` queries are kept or ``max_attempts``
    were tried: the first queries kept, by attempt, do not depend on how many attempts a round
    makes, so the result equals one draw over ``max_attempts`` (and the dbt model's) whenever
    ``n_attacks`` are found. The rounds stop early once the attempts built every possible query
    (each distinct synthetic record on each column set): more attempts only repeat them."""
    tables.plan.ensure(["synthetic"])
    specs = [{"name": c, "kind": tables.kinds[c]} for c in tables.columns]
    attempts = first_attempts(n_attacks, max_attempts)
    possible = tables.n_rows("synthetic") * math.comb(len(tables.columns), n_cols)
    while True:
        sql = render(
            "attacks/so_draw.sql",
            synthetic=tables.names["synthetic"],
            columns=specs,
            mode=mode,
            seed=seed,
            n_attacks=n_attacks,
            n_cols=n_cols,
            attempts=attempts,
        )
        rows = run(tables.con, sql).fetchall()
        main = [r for r in rows if r[0] == "main"]
        seen = int(rows[0][1]) if rows else 0
        if mode == "univariate" or len(main) >= n_attacks or attempts >= max_attempts or seen >= possible:
            break
        attempts = min(2 * attempts, max_attempts)
    queries = [_query(r, tables.columns) for r in main]
    guesses = [_query(r, tables.columns) for r in rows if r[0] == "baseline"]
    tried = 0 if mode == "univariate" else (int(main[0][3]) if main else attempts)
    return queries, guesses, tried


__all__ = ["NO_VALUE", "first_attempts", "sql_draw"]
