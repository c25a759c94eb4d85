"""Find, load and render the Jinja SQL templates in ``sql_templates/``.

Identifiers go through :func:`quote` and string constants through
:func:`literal`; both are exposed to templates as filters so that no template
ever splices raw text.

>>> quote('my "odd" col')
'"my ""odd"" col"'
>>> literal("it's")
"'it''s'"
>>> "select" in render("engine/source_view.sql", view="v", reader="read_csv", path="x.csv")
True
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2


def quote(name: str) -> str:
    """Quote a SQL identifier for DuckDB (double quotes, inner quotes doubled)."""
    return '"' + str(name).replace('"', '""') + '"'


def literal(value: Any) -> str:
    """Render a Python constant as a SQL literal (strings single-quoted and escaped)."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return "'" + str(value).replace("'", "''") + "'"


def template_dir() -> Path:
    """The folder holding ``sql_templates``: inside the installed wheel, else the source tree."""
    packaged = resources.files("sqlpriv") / "sql_templates"
    if packaged.is_dir():
        return Path(str(packaged))
    source_tree = Path(__file__).resolve().parents[2] / "sql_templates"
    if source_tree.is_dir():
        return source_tree
    raise FileNotFoundError(
        "sqlpriv could not find its sql_templates folder; reinstall the package"
    )


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The shared Jinja environment (strict undefined, SQL-friendly whitespace)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(template_dir())),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        autoescape=False,
    )
    env.filters["quote"] = quote
    env.filters["literal"] = literal
    return env


def render(name: str, **context: Any) -> str:
    """Render template ``name`` (a path relative to ``sql_templates/``)."""
    text = environment().get_template(name).render(**context)
    lines = [line.rstrip() for line in text.strip().splitlines()]
    return "\n".join(line for line in lines if line)
