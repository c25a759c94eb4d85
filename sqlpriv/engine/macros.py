"""The DuckDB macros in ``sql_templates/macros/``: one macro per file, named as the file.

Macros may call each other; they are created in dependency order.

>>> import duckdb
>>> con = duckdb.connect()
>>> register(con)
>>> con.execute("select sqlpriv_shapley_weight(3, 1)").fetchone()[0]
0.16666666666666666
>>> "create or replace macro sqlpriv_entropy_term" in script(temp=False)
True
"""

from __future__ import annotations

import re

import duckdb

from sqlpriv.engine.templates import render, template_dir

_CALL = re.compile(r"\b(sqlpriv_\w+)\s*\(")


def names() -> list[str]:
    """Macro names in creation order (a macro after every macro it calls)."""
    folder = template_dir() / "macros"
    bodies = {p.stem: p.read_text(encoding="utf-8") for p in folder.glob("*.sql")}
    ordered: list[str] = []

    def visit(name: str, trail: tuple[str, ...] = ()) -> None:
        if name in ordered:
            return
        if name in trail:
            raise RuntimeError(f"macro cycle: {' -> '.join(trail + (name,))}")
        for dep in sorted(set(_CALL.findall(bodies[name])) - {name}):
            if dep in bodies:
                visit(dep, trail + (name,))
        ordered.append(name)

    for name in sorted(bodies):
        visit(name)
    return ordered


def statements(temp: bool = True) -> list[str]:
    """One ``CREATE OR REPLACE [TEMP] MACRO`` statement per macro file."""
    return [render(f"macros/{name}.sql", temp=temp) for name in names()]


def script(temp: bool = True) -> str:
    """All macros as one SQL script, ready for the DuckDB shell's ``.read``."""
    return "".join(stmt + ";\n" for stmt in statements(temp=temp))


def register(con: duckdb.DuckDBPyConnection) -> None:
    """Create (or replace) every sqlpriv macro on ``con`` as a temporary macro."""
    for stmt in statements(temp=True):
        con.execute(stmt)
