"""Compile hierarchies to SQL and validate them against the source (docs/measures.md §7).

Each quasi-identifier's hierarchy becomes a mapping table (``key``, ``l1`` .. ``l<top>``) built
by one SELECT (a table hierarchy's rows as literals, or a builder's level expressions over the
distinct values), checked by one query (values not covered, values listed twice, labels with two
parents), then coded (integer labels and domain shares per level) for the search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlpriv.engine.names import temp_name
from sqlpriv.engine.plan import run
from sqlpriv.engine.sandbox import check_scalar_expression
from sqlpriv.engine.templates import create_table, quote, render
from sqlpriv.treatment.hierarchy import TOP, Hierarchy, HierarchyError


@dataclass
class Compiled:
    """One quasi-identifier: its real column name, hierarchy and the tables built for it."""

    name: str
    hierarchy: Hierarchy
    mapping: str = ""
    coded: str = ""
    keys: str = ""  # the distinct keys of all quasi-identifiers with their counts (generalize/keys.sql)

    @property
    def levels(self) -> int:
        return self.hierarchy.levels

    def level_expr(self, level: int, column_names: list[str]) -> str | None:
        """The SQL expression of ``level`` for a builder or expression hierarchy (None: a table)."""
        h = self.hierarchy
        if h.kind == "table":
            return None
        if level == 0:
            return render("generalize/key.sql", column=self.name)
        if level >= self.levels - 1:
            return render("generalize/level.sql", kind="top", column=self.name)
        p = h.params[level - 1] if h.kind != "rare" else h.params[0]
        if h.kind == "expressions":
            return (
                "(" + check_scalar_expression(p, column_names, what=f"hierarchy level {level} of {self.name!r}") + ")"
            )
        integer = h.kind == "intervals" and all(float(w).is_integer() for w in h.params)
        return render(
            "generalize/level.sql",
            kind=h.kind,
            column=self.name,
            w=p if h.kind == "intervals" else None,
            integer=integer,
            bottom=h.bottom,
            top=h.top,
            part=p if h.kind == "dates" else "",
            m=p if h.kind in ("mask", "rare") else 0,
        )

    def level_rows(self, level: int) -> list[tuple[str, str]] | None:
        """A table hierarchy's ``(value, label at level)`` pairs (None for other hierarchies)."""
        if self.hierarchy.kind != "table":
            return None
        return [(row[0], row[level]) for row in self.hierarchy.rows]

    def mapping_sql(self, source: str, column_names: list[str]) -> str:
        """The SELECT building this column's mapping table."""
        if self.hierarchy.kind == "table":
            return render(
                "generalize/mapping.sql", source=source, column=self.name, rows=self.hierarchy.rows, levels=self.levels
            )
        exprs = [self.level_expr(level, column_names) for level in range(1, self.levels - 1)]
        return render("generalize/mapping.sql", source=source, column=self.name, exprs=exprs, levels=self.levels)


def read_keys(con: Any, source: str, qis: list[Compiled]) -> str:
    """Create the table of the quasi-identifiers' distinct keys with their row counts (the one
    scan of the source the search makes; its summed counts are the rows n); the statement run."""
    keys = temp_name("sqlpriv_gen_keys", con)
    stmt = create_table(keys, render("generalize/keys.sql", source=source, columns=[q.name for q in qis]))
    run(con, stmt)
    for q in qis:
        q.keys = keys
    return stmt


def build(con: Any, source: str, column_names: list[str], qis: list[Compiled]) -> list[str]:
    """Create, validate and code every mapping table (after :func:`read_keys`); the statements run."""
    statements: list[str] = []
    keys = qis[0].keys
    for j, q in enumerate(qis):
        q.mapping = temp_name("sqlpriv_gen_map", con)
        stmt = create_table(q.mapping, q.mapping_sql(source, column_names))
        run(con, stmt)
        statements.append(stmt)
        problems = run(
            con,
            render("generalize/check.sql", source=quote(keys), column=f"k{j}", mapping=q.mapping, levels=q.levels),
        ).fetchall()
        _raise_problems(q, problems)
        q.coded = temp_name("sqlpriv_gen_code", con)
        stmt = create_table(q.coded, render("generalize/coded.sql", mapping=q.mapping, levels=q.levels))
        run(con, stmt)
        statements.append(stmt)
    return statements


def _raise_problems(q: Compiled, problems: list[tuple[str, int, str]]) -> None:
    """One HierarchyError naming every problem found (a few examples each)."""
    if not problems:
        return
    what = q.hierarchy.describe()
    uncovered = [label for kind, _, label in problems if kind == "uncovered"]
    if uncovered:
        raise HierarchyError(
            f"the hierarchy of {q.name!r} ({what}) does not cover these values of the column: "
            + ", ".join(repr(v) for v in uncovered)
            + "; add a row for each (value;level1;...;*)"
        )
    level, label = next((lvl, lab) for kind, lvl, lab in problems if kind == "parents")
    at = "is listed more than once" if level == 0 else f"at level {level} has more than one parent at level {level + 1}"
    raise HierarchyError(
        f"the levels of the hierarchy of {q.name!r} ({what}) do not nest: {label!r} {at}; "
        "each value and label must generalize to exactly one label at the next level"
    )


__all__ = ["TOP", "Compiled", "build", "read_keys"]
