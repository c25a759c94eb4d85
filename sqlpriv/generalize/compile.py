"""Compile hierarchies to SQL and validate them against the source (docs/measures.md §7).

Each quasi-identifier's hierarchy becomes one table (``key``, the labels ``l1`` .. ``l<top>``, and
per level an integer label ``g<i>`` and its domain share ``s<i>`` for the search) made by one
statement: a table hierarchy's rows as literals, or a builder's level expressions over the
distinct values, coded in the same SELECT. One quick query tests that every table nests, and the
patterns' row count that every value is covered; only when either flags something does one query
name the problems (values not covered, values listed twice, labels with two parents).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

from sqlpriv.engine.disclosure_specs import ORDERED_TYPES
from sqlpriv.engine.floor_division import floor_division_warning
from sqlpriv.engine.names import temp_names
from sqlpriv.engine.plan import run, scalar
from sqlpriv.engine.sandbox import check_scalar_expression, parse
from sqlpriv.engine.templates import create_table, quote, render
from sqlpriv.errors import ColumnError, ExecutionError, SqlprivWarning, caller_stacklevel
from sqlpriv.generalize.hierarchy import RECODES, TOP, Hierarchy, HierarchyError


@dataclass
class Compiled:
    """One quasi-identifier: its real column name, hierarchy and the tables built for it."""

    name: str
    hierarchy: Hierarchy
    mapping: str = ""
    coded: str = ""
    keys: str = ""  # the distinct keys of all quasi-identifiers with their counts (generalize/keys.sql)
    base: int = 0  # its largest label code (generalize/sound.sql): the search packs node keys with it

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
        if h.kind == "cuts":
            return render("generalize/level.sql", kind="cuts", column=self.name, cuts=p[0], labels=p[1])
        integer = h.kind == "intervals" and all(float(w).is_integer() for w in h.params)
        return render(
            "generalize/level.sql",
            kind=h.kind,
            column=self.name,
            w=p if h.kind == "intervals" else None,
            integer=integer,
            bottom=h.bottom,
            top=h.top,
            base=h.params[0] if h.kind == "intervals" else None,
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
        per_value = self.hierarchy.kind in ("intervals", "mask", "dates", "cuts")  # labels of the value alone
        return render(
            "generalize/mapping.sql",
            source=source,
            column=self.name,
            exprs=exprs,
            levels=self.levels,
            per_value=per_value,
        )


def build(
    con: Any, source: str, column_names: list[str], qis: list[Compiled], names: list[str] | None = None
) -> list[str]:
    """Create, validate and code every mapping table; the statements run.

    One statement per column makes its coded mapping (generalize/coded.sql over
    generalize/mapping.sql: the labels and their codes in one table, which is both ``mapping``
    and ``coded``); one quick query over them tests that they nest (generalize/sound.sql), and
    only when it flags a problem does :func:`check` name it. ``names``: the tables' names, where
    the caller reserved them (else fresh ones). Values of the source a hierarchy does
    not cover are found by the caller: the patterns' join to the hierarchies loses their rows
    (:func:`covered`)."""
    statements: list[str] = []
    for q, name in zip(qis, names or temp_names(["sqlpriv_gen_code"] * len(qis), con)):
        q.mapping = q.coded = name
        stmt = create_table(
            name, render("generalize/coded.sql", body=q.mapping_sql(source, column_names), levels=q.levels)
        )
        run(con, stmt)
        statements.append(stmt)
    flawed = run(con, render("generalize/sound.sql", coded=[q.coded for q in qis], levels=[q.levels for q in qis]))
    rows = flawed.fetchall()
    for q, (_, base, _) in zip(qis, rows):
        q.base = int(base or 0)
    if any(flaws for _, _, flaws in rows):
        check(con, qis, source)
    return statements


def check(con: Any, qis: list[Compiled], source: str = "") -> None:
    """Raise the HierarchyError of the first column whose hierarchy has a problem (values of the
    keys it does not cover, values listed twice, labels with two parents), if any: one query
    (generalize/checks.sql) over the keys table (``qis[0].keys``) or, where there is none, the
    source (``source``). The search runs it only when a quick test flags a problem
    (generalize/sound.sql, or rows the patterns' join to the hierarchies lost)."""
    if qis[0].keys:
        checks = [{"column": f"k{j}", "mapping": q.mapping, "levels": q.levels} for j, q in enumerate(qis)]
        source = quote(qis[0].keys)
    else:
        checks = [{"column": q.name, "mapping": q.mapping, "levels": q.levels} for q in qis]
    problems = run(con, render("generalize/checks.sql", source=source, checks=checks)).fetchall()
    for j, q in enumerate(qis):
        _raise_problems(q, [tuple(row[1:]) for row in problems if row[0] == j])


def _raise_problems(q: Compiled, problems: list[tuple[str, int, str]]) -> None:
    """One HierarchyError naming every problem found (a few examples each)."""
    if not problems:
        return
    what = q.hierarchy.describe()
    uncovered = [label for kind, _, label in problems if kind == "uncovered"]
    if uncovered:
        # whole numbers held as decimals ('39.0') where the hierarchy lists them as integers ('39'):
        # pandas stores an integer column with a missing value as floats
        listed = {row[0] for row in q.hierarchy.rows}
        whole = [v for v in uncovered if v.endswith(".0") and v[:-2] in listed]
        decimal = [v for v in uncovered if v + ".0" in listed]  # and the other way round
        raise HierarchyError(
            f"the hierarchy of {q.name!r} ({what}) does not cover these values of the column: "
            + ", ".join(repr(v) for v in uncovered)
            + "; add a row for each (value;level1;...;*)"
            + (
                " (a missing value, NULL, is matched as the empty value '', as ARX reads an empty cell)"
                if "" in uncovered
                else ""
            )
            + (
                f"; the column holds whole numbers as decimals ({whole[0]!r} where the hierarchy lists "
                f"{whole[0][:-2]!r}), as pandas stores an integer column with a missing value: give it as "
                f"integers (df[{q.name!r}].astype('Int64'), or a view with cast({q.name} as bigint))"
                if whole
                else ""
            )
            + (
                f"; the hierarchy lists whole numbers as decimals ({decimal[0] + '.0'!r} where the column "
                f"holds {decimal[0]!r}, as a hierarchy built from floats writes them): write its values as "
                "the column's text"
                if decimal and not whole
                else ""
            )
        )
    level, label = next((lvl, lab) for kind, lvl, lab in problems if kind == "parents")
    at = "is listed more than once" if level == 0 else f"at level {level} has more than one parent at level {level + 1}"
    raise HierarchyError(
        f"the levels of the hierarchy of {q.name!r} ({what}) do not nest: {label!r} {at}; "
        "each value and label must generalize to exactly one label at the next level"
    )


def covered(con: Any, patterns: str, n: int, qis: list[Compiled]) -> None:
    """After the patterns were joined to every column's hierarchy (generalize/patterns.sql, inner
    joins): they hold all n rows exactly when every value is covered (build() made sure no value
    is listed twice); else :func:`check` names the values each hierarchy lacks."""
    if int(scalar(run(con, render("generalize/total.sql", patterns=patterns))) or 0) != n:
        check(con, qis)
        raise ExecutionError(  # pragma: no cover - a sqlpriv bug: check() names every value a join can lose
            "the generalization's patterns lost rows that the hierarchy checks did not explain; this is a "
            "sqlpriv bug, please report it with the hierarchies used"
        )


def uncovered(con: Any, qis: list[Compiled], source: str) -> None:
    """The patterns read from ``source`` hold rows no hierarchy covers (generalize/patterns.sql's
    outer joins left their codes null): :func:`check` names the values each hierarchy lacks."""
    check(con, qis, source)
    raise ExecutionError(  # pragma: no cover - a sqlpriv bug: check() names every value a join can lose
        "the generalization's patterns hold rows that the hierarchy checks did not explain; this is a "
        "sqlpriv bug, please report it with the hierarchies used"
    )


#: the column types a builder hierarchy computes on (DuckDB's names, matched as prefixes): intervals
#: divide numbers, dates cast to a date (text is parsed, a bad date is named by DuckDB's error); a
#: column of missing values only (a DataFrame's all-None column, type "NULL") is every type
BUILDER_TYPES = {"intervals": (*ORDERED_TYPES, '"NULL"'), "dates": ("DATE", "TIMESTAMP", "VARCHAR", '"NULL"')}
BUILDER_TYPES |= {kind: BUILDER_TYPES["intervals"] for kind in RECODES}


def check_types(qis: list[Compiled], types: dict[str, str]) -> None:
    """Raise HierarchyError when a builder hierarchy meets a column of a type it cannot compute on
    (``types``: column -> DuckDB type), before any query: intervals() on text, a boolean or a
    timestamp, dates() on a number (else DuckDB's binder or conversion error, naming neither the
    column nor the hierarchy).

    >>> check_types([Compiled("age", Hierarchy("intervals", (5,)))], {"age": "DECIMAL(5,1)"})
    >>> check_types([Compiled("age", Hierarchy("intervals", (5,)))], {"age": "VARCHAR"})
    Traceback (most recent call last):
    ...
    sqlpriv.generalize.hierarchy.HierarchyError: the hierarchy of 'age' (intervals(5)) computes on a number, and 'age' is VARCHAR; give the column as a number (a view with cast(age as double), a DataFrame's astype) or give it a table hierarchy (a file or a dict)
    """
    wants = {"intervals": "a number", "dates": "a date, a timestamp or text holding dates (YYYY-MM-DD)"}
    wants |= {kind: "a number" for kind in RECODES}
    for q in qis:
        kind, found = q.hierarchy.kind, types.get(q.name, "").upper()
        if kind in BUILDER_TYPES and found and not found.startswith(BUILDER_TYPES[kind]):
            cast = "date" if kind == "dates" else "double"
            raise HierarchyError(
                f"the hierarchy of {q.name!r} ({q.hierarchy.describe()}) computes on {wants[kind]}, and "
                f"{q.name!r} is {found}; give the column as {wants[kind].split(',')[0]} (a view with "
                f"cast({q.name} as {cast}), a DataFrame's astype) or give it a table hierarchy (a file or a dict)"
            )
        if kind == "expressions":
            _warn_floor_division(q, types)


def _warn_floor_division(q: Compiled, types: dict[str, str]) -> None:
    """Warn where a level's expression floors a fractional column with ``//``: DuckDB divides
    FLOAT / DOUBLE / DECIMAL plainly (``23.0 // 5`` is 4.6), so ``age // 5 * 5`` on a float64 age
    (a pandas integer column with a missing value) coarsens nothing and the level is the original."""
    lowered = {name.lower(): kind for name, kind in types.items()}
    for level, expr in enumerate(q.hierarchy.params, start=1):
        if isinstance(expr, str) and "//" in expr:
            message = floor_division_warning(parse(expr), lowered, "", f"hierarchy level {level} of {q.name!r}", expr)
            if message:
                warnings.warn(message, SqlprivWarning, stacklevel=caller_stacklevel())


#: the headings of the candidate table (generalize/candidates.sql) besides the quasi-identifiers'
#: own level columns, and per quasi-identifier q: loss_<q>, entropy_<q>
HEADINGS = (
    "classes",
    "smallest_class",
    "suppressed",
    "kept_classes",
    "loss",
    "discernibility",
    "aecs",
    "precision",
    "entropy",
    "unique_rows",
    "level_sum",
    "dm_star",
    "dm_bound",
    "meets_policy",
    "node",
)


def refuse_headings(names: list[str]) -> None:
    """Raise ColumnError when a quasi-identifier is named like another heading of the candidate
    table (case-insensitive, as DuckDB's names): its level column would be read as that figure.

    >>> refuse_headings(["age", "zip"])
    >>> refuse_headings(["age", "Classes"])
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ColumnError: the quasi-identifier 'Classes' has the name of a column of the candidate table (classes); rename it in the source (a view, a DataFrame's rename) and in hierarchies=
    """
    taken = {h: h for h in HEADINGS}
    for q in names:
        taken |= {f"loss_{q}".lower(): f"loss_{q}", f"entropy_{q}".lower(): f"entropy_{q}"}
    for q in names:
        if q.lower() in taken:
            raise ColumnError(
                f"the quasi-identifier {q!r} has the name of a column of the candidate table ({taken[q.lower()]}); "
                "rename it in the source (a view, a DataFrame's rename) and in hierarchies="
            )


__all__ = ["HEADINGS", "TOP", "Compiled", "build", "check", "check_types", "covered", "refuse_headings", "uncovered"]
