"""Find, load and render the Jinja SQL templates in ``sql_templates/``.

Every template file defines one Jinja macro named ``<folder>_<file>`` (files
starting with ``_`` hold shared helper macros). Templates call each other, and
quote identifiers and constants, through the ``sqlpriv`` namespace
(``sqlpriv.quote(name)``, ``sqlpriv.literal(value)``, ``sqlpriv.shapley_cohorts_select(...)``),
which is exactly how dbt exposes a package's macros: the same files are the
macros of the dbt package (``dbt_project.yml`` points its ``macro-paths`` here).
:func:`quote` and :func:`literal` are the Python twins of the two template macros,
for the few identifiers Python code builds itself.

>>> quote('my "odd" col')
'"my ""odd"" col"'
>>> literal("it's")
"'it''s'"
>>> "select" in render("engine/source_view.sql", view="v", reader="read_csv", path="x.csv")
True
>>> call("quote", name='my "odd" col') == quote('my "odd" col')
True
>>> call("engine_count_rows", relation=quote("t"), d=3)  # shared analysis context may be ignored
'select count(*) as n from "t"'
>>> call("engine_count_rows", relation=quote("t"), ouptut="summary")  # anything else is a mistake
Traceback (most recent call last):
...
TypeError: template macro engine_count_rows takes no argument 'ouptut' (it takes: relation)

Dialect differences live in dispatched macros (``sql_templates/dialect/``): a template calls
``sqlpriv.quote(name)``, a shim that calls ``adapter.dispatch('quote', 'sqlpriv')(name)``, which
picks ``<dialect>__quote``, else ``default__quote`` -- dbt's own rule, so that in dbt the
adapter picks them (dbt-databricks inherits ``spark__``). Here the dialect is a render-time
setting (``dialect=`` of :func:`call` and :func:`render`, or :func:`use_dialect`; default ``"duckdb"``):

>>> call("quote", name="a`b", dialect="spark")
'`a``b`'
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import numbers
import os
import re
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2

from sqlpriv.engine.sql_text import duckdb_string, identifier, spark_string
from sqlpriv.errors import ColumnError


def quote(name: str) -> str:
    """Quote a SQL identifier for DuckDB (double quotes, inner quotes doubled; a name no SQL text
    can carry exactly, NUL or CR, refused: :mod:`sqlpriv.engine.sql_text`)."""
    return '"' + identifier(name).replace('"', '""') + '"'


def literal(value: Any) -> str:
    """Render a Python constant as a DuckDB SQL literal (strings single-quoted and escaped, control
    characters as ``chr(n)``: :mod:`sqlpriv.engine.sql_text`)."""
    return _constant(value, duckdb_string)


def spark_quote(name: str) -> str:
    """A Spark identifier: backticks, inner backticks doubled (Python twin of spark__quote)."""
    return "`" + identifier(name).replace("`", "``") + "`"


def spark_literal(value: Any) -> str:
    """A Spark SQL literal (Python twin of spark__literal; ``$`` and control characters as ``\\uXXXX``)."""
    return _constant(value, spark_string)


def _constant(value: Any, string: Callable[[str], str]) -> str:
    """NULL, true/false, a number as written (as the dialect macros do), else ``string(str(value))``."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, numbers.Number):
        return str(value)
    return string(str(value))


#: the Python twins the renderer calls for the two dialect shims (see :class:`Direct`)
TWINS: dict[tuple[str, str], Callable[[Any], str]] = {
    ("duckdb", "quote"): quote,
    ("spark", "quote"): spark_quote,
    ("duckdb", "literal"): literal,
    ("spark", "literal"): spark_literal,
}


def template_dir() -> Path:
    """The folder holding ``sql_templates``: inside the installed wheel, else the source tree."""
    packaged = resources.files("sqlpriv") / "sql_templates"
    if packaged.is_dir():
        return Path(str(packaged))
    source_tree = Path(__file__).resolve().parents[2] / "sql_templates"
    if source_tree.is_dir():
        return source_tree
    raise FileNotFoundError("sqlpriv could not find its sql_templates folder; reinstall the package")


DIALECTS = ("duckdb", "spark")  # the SQL dialects the templates render (dbt adapter types)
_DIALECT: contextvars.ContextVar[str] = contextvars.ContextVar("sqlpriv_dialect", default="duckdb")


def current_dialect() -> str:
    """The dialect templates are being rendered for (``"duckdb"`` unless :func:`use_dialect` says)."""
    return _DIALECT.get()


@contextlib.contextmanager
def use_dialect(name: str) -> Iterator[None]:
    """Render templates for dialect ``name`` inside the ``with`` block."""
    if name not in DIALECTS:
        raise ValueError(f"unknown SQL dialect {name!r}; choose one of {', '.join(DIALECTS)}")
    token = _DIALECT.set(name)
    try:
        yield
    finally:
        _DIALECT.reset(token)


class Adapter:
    """``adapter.dispatch(name, 'sqlpriv')`` outside dbt: the macro ``<dialect>__name``, else
    ``default__name`` (dbt's rule; the dialect is :func:`current_dialect`)."""

    def __init__(self) -> None:
        self._found: dict[tuple[str, str], Any] = {}  # (dialect, name) -> the macro (see Namespace)

    def dispatch(self, name: str, macro_namespace: str | None = None) -> Any:
        dialect = current_dialect()
        found = self._found.get((dialect, name))
        if found is not None:
            return found
        for prefix in (dialect, "default"):
            if macro_path(f"{prefix}__{name}") is not None:
                found = self._found[(dialect, name)] = getattr(environment().globals["sqlpriv"], f"{prefix}__{name}")
                return found
        raise AttributeError(f"no template defines default__{name} or {dialect}__{name}")


DBT_ONLY = "dbt"  # sql_templates/dbt: the dbt adapter layer (dbt-only Jinja tags), never loaded here
_MACRO = re.compile(r"\{%-?\s*macro\s+(\w+)\s*\(")


class Namespace:
    """``sqlpriv.<macro>`` inside templates: any macro defined anywhere in ``sql_templates/``.
    Each macro is looked up once (templates never change while a process runs, and a template's
    module, which holds its macros, is made once): a template rendering a value calls
    ``sqlpriv.literal`` and ``sqlpriv.quote`` thousands of times."""

    def __init__(self) -> None:
        self._found: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        found = self._found.get(name)
        if found is not None:
            return found
        where = macro_path(name)
        if where is None:
            raise AttributeError(f"no template defines a macro named {name!r}")
        found = getattr(environment().get_template(where).module, name)
        if name in DIRECT_SHIMS:
            found = Direct(name, found)
        self._found[name] = found
        return found


#: the dialect shims a render calls most (every identifier and constant), called through
#: :class:`Direct`; each takes one argument, as its dialect macros do
DIRECT_SHIMS = ("literal", "quote")


class Direct:
    """A dialect shim (``dialect/<name>.sql``: a macro whose body is ``adapter.dispatch(name)``
    called with its own arguments) as seen from Python and templates here: the dialect's Python
    twin (:data:`TWINS`) called directly (a table hierarchy renders a literal per cell; the Jinja
    dialect macros, which dbt runs, give the same text: tests/test_attacks.py checks them).
    Its ``arguments`` are the shim's, for :func:`call`. In dbt the shim itself runs.

    >>> environment().globals["sqlpriv"].quote("a b"), environment().globals["sqlpriv"].literal("it's")
    ('"a b"', "'it''s'")
    """

    def __init__(self, name: str, shim: Any) -> None:
        self.name = name
        self.arguments = shim.arguments
        self.catch_kwargs = shim.catch_kwargs

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        (value,) = (*args, *kwargs.values())
        return TWINS[(current_dialect(), self.name)](value)


class Exceptions:
    """dbt's ``exceptions`` context object, for the dialect macros that refuse a name."""

    @staticmethod
    def raise_compiler_error(message: str) -> None:
        raise ColumnError(message)


@functools.cache
def macro_path(name: str) -> str | None:
    """The template defining macro ``name``, found by the naming rules where they place it (a
    file's macro is ``<folder>_<stem>``; a dispatched macro, ``<dialect>__<name>`` or
    ``default__<name>``, and its shim ``<name>`` live in ``dialect/<name>.sql``) and the file
    defines it, else from :func:`macro_index` (the helper macros of ``_`` files): reading every
    template to index them cost a fresh process 6 ms before its first render. A dispatched name
    is looked up in ``dialect/`` only (tests/test_templates.py checks both ways against the index).

    >>> macro_path("engine_count_rows"), macro_path("literal"), macro_path("spark__quote"), macro_path("nope")
    ('engine/count_rows.sql', 'dialect/literal.sql', 'dialect/quote.sql', None)
    """
    dispatched = "__" in name
    places = [f"dialect/{name.split('__', 1)[1] if dispatched else name}.sql"]
    if not dispatched:
        places += [f"{name[:i]}/{name[i + 1 :]}.sql" for i, ch in enumerate(name) if ch == "_"]
    root = template_dir()
    for rel in places:
        path = root / rel
        if (
            rel.split("/")[0] != DBT_ONLY
            and path.is_file()
            and name in _MACRO.findall(path.read_text(encoding="utf-8"))
        ):
            return rel
    return None if dispatched else macro_index().get(name)


@functools.lru_cache(maxsize=1)
def macro_index() -> dict[str, str]:
    """Macro name -> template path, for every macro in ``sql_templates/`` (dbt layer excluded)."""
    root = template_dir()
    index: dict[str, str] = {}
    for path in sorted(root.rglob("*.sql")):
        rel = path.relative_to(root).as_posix()
        if rel.split("/")[0] == DBT_ONLY:
            continue
        for name in _MACRO.findall(path.read_text(encoding="utf-8")):
            if name in index:
                raise RuntimeError(f"macro {name!r} is defined in both {index[name]} and {rel}")
            index[name] = rel
    return index


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
        auto_reload=False,  # templates never change while a process runs: no stat per lookup
        bytecode_cache=_bytecode_cache(),
    )
    env.globals["sqlpriv"] = Namespace()
    env.globals["adapter"] = Adapter()
    env.globals["exceptions"] = Exceptions()
    return env


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Jinja's own cache of compiled templates, so a fresh process does not compile every template
    it uses again (about 4 ms each; 0.64 s for all of them on the 2-core machine). It lives in the
    per-user temporary folder Jinja creates itself (``_jinja2-cache-<uid>``, mode 0700, refused if
    another user owns it), keyed on each template's source checksum, so an edited template is never
    served stale. ``SQLPRIV_TEMPLATE_CACHE=0`` turns it off."""
    if os.environ.get("SQLPRIV_TEMPLATE_CACHE", "1") == "0":
        return None
    try:
        return jinja2.FileSystemBytecodeCache()
    except (OSError, RuntimeError):  # no usable temporary folder: compile in memory only
        return None


def macro_name(name: str) -> str:
    """The macro a template file defines: ``engine/dictionary.sql`` -> ``engine_dictionary``."""
    folder, _, stem = name.rpartition("/")
    return f"{folder.rpartition('/')[2]}_{stem[:-4] if stem.endswith('.sql') else stem}"


# The context a family hands every template of its analysis (``CohortFrame.context()`` and the
# families' own additions): a macro takes the keys it declares and ignores the rest. Any other
# argument a macro does not declare is a mistake (a typo such as ``ouptut=``) and is refused.
SHARED_CONTEXT = frozenset(
    {
        "t",
        "columns",
        "words",
        "d",
        "full_sid",
        "key",
        "source",
        "cardinalities",  # every cohort measure
        "sampled",
        "samples",  # uniqueness Shapley
        "cols",
        "key_name",
        "rig_name",  # information factors
        "mode",
        "min_entropy_delta",
        "field_decay_factor",
        "renyi_alpha",
        "calculate_baseline",
        "max_cols",  # singling out
        "size",
        "lo",
        "hi",
        "restrict",  # singling out: one chunk of one level
        "approve",
        "reject",
        "k",
        "max_unique_share",
        "min_k",
        "on_violation",
        "max_average_risk",  # the request gate's risk rules (issue 26)
        "max_population_uniqueness",
        "sampling_fraction",
        "fields",
        "groups",
        "joint_j",  # requests
    }
)


def call(macro: str, dialect: str | None = None, **context: Any) -> str:
    """Render template macro ``macro`` with the arguments it declares taken from ``context``
    (for SQL dialect ``dialect``, default the current one: ``"duckdb"``)."""
    if dialect is not None and dialect != current_dialect():
        with use_dialect(dialect):
            return call(macro, **context)
    fn = getattr(environment().globals["sqlpriv"], macro)
    unknown = sorted(k for k in context if k not in fn.arguments and k not in SHARED_CONTEXT)
    if unknown and not fn.catch_kwargs:
        raise TypeError(
            f"template macro {macro} takes no argument {unknown[0]!r} (it takes: {', '.join(fn.arguments) or 'nothing'})"
        )
    args = {k: v for k, v in context.items() if k in fn.arguments or fn.catch_kwargs}
    return tidy(str(fn(**args)), current_dialect())


#: the quoted tokens of each dialect (string constants, quoted identifiers) and ``--`` comments:
#: :func:`tidy` never changes text inside them
_TOKENS = {
    "duckdb": re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|--[^\n]*"),
    "spark": re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|`(?:[^`]|``)*`|--[^\n]*", re.DOTALL),
}
_TRAILING_BLANKS = re.compile(r"[ \t\r]+(?=\n)")
_BLANK_LINES = re.compile(r"\n{2,}")


def tidy(sql: str, dialect: str = "duckdb") -> str:
    r"""Rendered SQL without blank lines, trailing blanks and outer whitespace, outside quoted
    tokens only: a string constant or quoted identifier keeps every character (``"a\n\nb"``).

    >>> tidy("select 'a  \n\n b' as x,  \n\n  \"c\n\nd\"  \n")
    'select \'a  \n\n b\' as x,\n  "c\n\nd"'
    """
    out: list[str] = []
    pos = 0
    for match in _TOKENS[dialect].finditer(sql):
        out += [_tidy_plain(sql[pos : match.start()]), match.group()]
        pos = match.end()
    out.append(_tidy_plain(sql[pos:]))
    return "".join(out).strip()


def _tidy_plain(text: str) -> str:
    return _BLANK_LINES.sub("\n", _TRAILING_BLANKS.sub("", text))


def render(name: str, dialect: str | None = None, **context: Any) -> str:
    """Render template ``name`` (a path relative to ``sql_templates/``): call its macro."""
    return call(macro_name(name), dialect=dialect, **context)


def create_table(table: str, body: str) -> str:
    """``create or replace temp table "table" as <body>``: how a plan keeps a step's select."""
    return render("engine/create_table.sql", table=table, body=body)


def insert_into(table: str, body: str) -> str:
    """``insert into "table" <body>``."""
    return render("engine/insert_into.sql", table=table, body=body)
