"""The expression sandbox: user text becomes SQL only as a scalar expression over the source.

Every piece of text a user (or a data requester) writes that sqlpriv splices into SQL, a
column expression, a subgroup expression, a request field, goes through
:func:`check_scalar_expression` first. The text is parsed by DuckDB's own parser
(``json_serialize_sql``, on a throwaway in-memory connection, the text bound as a parameter)
and the parse tree is walked: only constants, column references that resolve to the source's
columns, operators, casts, ``CASE``, lambdas and allow-listed scalar functions pass. Subqueries,
table functions, aggregates, window functions, parameters, ``*``, references to other tables,
several statements, clauses after the expression and comments are refused with one
:class:`~sqlpriv.errors.UnsafeExpressionError` naming the refused part. Nothing is executed
while checking, so a refused expression never reads a file.

>>> check_scalar_expression("left(zip::VARCHAR, 3)", ["zip", "age"])
'left(zip::VARCHAR, 3)'
>>> check_scalar_expression("(select content from read_text('/etc/hostname'))::int", ["zip"])
Traceback (most recent call last):
...
sqlpriv.errors.UnsafeExpressionError: expression "(select content from read_text('/etc/hostname'))::int" is refused: it contains a subquery; an expression may only compute a value from the source's columns; available columns: 'zip'
"""

from __future__ import annotations

import functools
import json
import re
import threading
from collections.abc import Iterable, Sequence
from typing import Any

import duckdb

from sqlpriv.engine.functions import duckdb_allowed, duckdb_known, unknown_function
from sqlpriv.engine.rows import scalar
from sqlpriv.engine.templates import render
from sqlpriv.errors import UnsafeExpressionError

MAX_LENGTH = 10_000
_LOCK = threading.Lock()

# sqlpriv's own macros (temporary, named sqlpriv_*) are never callable from a request
DENIED_PREFIXES = ("sqlpriv_", "__")

ALLOWED_CLASSES = frozenset(
    {
        "CONSTANT",
        "COLUMN_REF",
        "FUNCTION",
        "OPERATOR",
        "COMPARISON",
        "CONJUNCTION",
        "CASE",
        "CAST",
        "BETWEEN",
        "COLLATE",
        "LAMBDA",
        "TYPE",
    }
)
_REFUSED_CLASSES = {
    "SUBQUERY": "a subquery",
    "WINDOW": "a window function",
    "AGGREGATE": "an aggregate function",
    "STAR": "a * or COLUMNS(...) star expression",
    "PARAMETER": "a prepared-statement parameter",
    "POSITIONAL_REFERENCE": "a positional reference (#n)",
    "DEFAULT": "DEFAULT",
    "LAMBDA_REF": "a lambda reference",
}


@functools.lru_cache(maxsize=1)
def _parser() -> duckdb.DuckDBPyConnection:
    """A throwaway in-memory connection used only to parse (never to run) user text."""
    con = duckdb.connect()
    con.execute(render("engine/lock_down.sql", step="external_access"))
    return con


@functools.lru_cache(maxsize=1)
def scalar_functions() -> frozenset[str]:
    """Lower-case names of the scalar functions an expression may call: DuckDB's reviewed
    allow-list checked against its own catalog (:func:`sqlpriv.engine.functions.duckdb_allowed`)."""
    return frozenset(n for n in duckdb_allowed() if not n.startswith(DENIED_PREFIXES))


def parse(expr: str) -> dict[str, Any]:
    """DuckDB's parse tree (as a dict) of ``select <expr>``; raises UnsafeExpressionError if it does not parse."""
    try:
        with _LOCK:
            text = scalar(_parser().execute(render("engine/parse_expression.sql"), [expr]))
        tree = json.loads(text)
    except (duckdb.Error, ValueError, TypeError) as exc:
        raise UnsafeExpressionError(f"expression {expr!r} cannot be parsed: {str(exc).splitlines()[0]}") from None
    if tree.get("error"):
        message = str(tree.get("error_message", "syntax error")).splitlines()[0]
        if "Only SELECT" in message:
            message = "it contains a statement that is not an expression (after a ';')"
            raise UnsafeExpressionError(f"expression {expr!r} is refused: {message}")
        raise UnsafeExpressionError(f"expression {expr!r} is not valid SQL: {message}")
    return tree


def _refuse(expr: str, what: str, columns: Sequence[str]) -> UnsafeExpressionError:
    return UnsafeExpressionError(
        f"expression {expr!r} is refused: it contains {what}; an expression may only compute a value "
        "from the source's columns; available columns: " + (", ".join(repr(c) for c in columns) or "none")
    )


def _check_text(expr: str, columns: Sequence[str]) -> None:
    if not isinstance(expr, str) or not expr.strip():
        raise UnsafeExpressionError(f"an expression must be non-empty SQL text, got {expr!r}")
    if len(expr) > MAX_LENGTH:
        raise UnsafeExpressionError(f"expression of {len(expr)} characters is refused (at most {MAX_LENGTH})")
    if "\x00" in expr:
        raise _refuse(expr, "a NUL character", columns)
    try:
        tokens = duckdb.tokenize(expr)
    except (duckdb.Error, RuntimeError) as exc:
        raise UnsafeExpressionError(f"expression {expr!r} cannot be parsed: {str(exc).splitlines()[0]}") from None
    encoded = expr.encode("utf-8")
    for position, kind in tokens:
        if kind == duckdb.token_type.comment:
            raise _refuse(expr, "a comment (-- or /* */), which could hide part of it", columns)
        # DuckDB's token positions are byte offsets into the UTF-8 text, not character offsets
        if kind == duckdb.token_type.operator and encoded[position : position + 1] == b";":
            raise _refuse(expr, "a ';' (an expression is never a statement of its own)", columns)


def check_scalar_expression(
    expr: str, columns: Sequence[str], *, what: str = "expression", extra_names: Iterable[str] = ()
) -> str:
    """Return ``expr`` unchanged if it is a safe scalar expression over ``columns``, else raise.

    ``columns`` are the source's column names (matched as DuckDB does, case-insensitively);
    ``extra_names`` are further names a reference may start with (none by default); ``what``
    names the expression in messages (``"subgroup expression"``, ...).
    """
    try:
        return _check(expr, list(columns), {n.lower() for n in extra_names})
    except UnsafeExpressionError as exc:
        message = str(exc)
        if what != "expression" and message.startswith("expression "):
            message = what + message[len("expression") :]
        raise UnsafeExpressionError(message) from None


def _check(expr: str, columns: list[str], extra: set[str]) -> str:
    _check_text(expr, columns)
    tree = parse(expr)
    statements = tree.get("statements") or []
    if len(statements) != 1:
        raise _refuse(expr, f"{len(statements)} statements (a ';')", columns)
    node = statements[0].get("node") or {}
    if node.get("type") != "SELECT_NODE":
        raise _refuse(expr, f"a {str(node.get('type', 'query')).replace('_NODE', '').lower()} query", columns)
    clauses = {
        "from_table": (node.get("from_table") or {}).get("type", "EMPTY") != "EMPTY",
        "where_clause": node.get("where_clause") is not None,
        "group by": bool(node.get("group_expressions")) or bool(node.get("group_sets")),
        "having": node.get("having") is not None,
        "qualify": node.get("qualify") is not None,
        "sample": node.get("sample") is not None,
        "a WITH clause": bool((node.get("cte_map") or {}).get("map")),
        "ORDER BY / LIMIT / DISTINCT": bool(node.get("modifiers")),
    }
    for name, present in clauses.items():
        if present:
            label = {"from_table": "a FROM clause", "where_clause": "a WHERE clause"}.get(name, name)
            raise _refuse(expr, label, columns)
    select_list = node.get("select_list") or []
    if len(select_list) != 1:
        raise _refuse(expr, f"{len(select_list)} comma-separated expressions", columns)
    if select_list[0].get("alias"):
        raise _refuse(expr, f"an alias (AS {select_list[0]['alias']})", columns)
    known = {c.lower() for c in columns} | extra
    allowed = scalar_functions()
    _walk(select_list[0], expr, columns, known, allowed, set())
    return expr


def _walk(
    node: Any, expr: str, columns: Sequence[str], known: set[str], allowed: frozenset[str], lambdas: set[str]
) -> None:
    if isinstance(node, list):
        for item in node:
            _walk(item, expr, columns, known, allowed, lambdas)
        return
    if not isinstance(node, dict):
        return
    if node.get("type") in ("SELECT_NODE", "SET_OPERATION_NODE", "RECURSIVE_CTE_NODE") or "subquery" in node:
        raise _refuse(expr, "a subquery", columns)
    cls = node.get("class")
    if cls is not None:
        if cls in _REFUSED_CLASSES:
            raise _refuse(expr, _REFUSED_CLASSES[cls], columns)
        if cls not in ALLOWED_CLASSES:
            raise _refuse(expr, f"a {cls.lower()} expression", columns)
        if cls == "FUNCTION":
            name = str(node.get("function_name", ""))
            if node.get("schema") or node.get("catalog"):
                raise _refuse(
                    expr, f"a qualified function name ({node.get('catalog') or node.get('schema')}.{name})", columns
                )
            if name.lower() not in allowed:
                typo = unknown_function(name, allowed, duckdb_known())
                if typo:
                    raise UnsafeExpressionError(f"expression {expr!r}: {typo} (DuckDB has no function of that name)")
                raise _refuse(
                    expr,
                    f"the function {name}(), which is not an allowed scalar function "
                    "(only pure, deterministic built-in scalar functions are allowed: functions that read "
                    "files, the network, settings, the catalog, the session or the environment, that keep "
                    "state, table functions and aggregates are refused)",
                    columns,
                )
            if node.get("filter") is not None or (node.get("order_bys") or {}).get("orders") or node.get("distinct"):
                raise _refuse(expr, f"an aggregate form of {name}()", columns)
        elif cls == "LAMBDA":
            params = _lambda_params(node.get("lhs"))
            inner = lambdas | params
            _walk(node.get("expr"), expr, columns, known, allowed, inner)
            return
        elif cls == "COLUMN_REF":
            parts = [str(p) for p in node.get("column_names") or []]
            head = parts[0].lower() if parts else ""
            if head in lambdas:
                return
            if head not in known:
                if len(parts) > 1:
                    raise _refuse(
                        expr, f"a reference to {'.'.join(parts)}, which is not a column of the source", columns
                    )
                raise _refuse(
                    expr, f"a reference to {parts[0] if parts else '?'}, which is not a column of the source", columns
                )
            return
    for value in node.values():
        if isinstance(value, (dict, list)):
            _walk(value, expr, columns, known, allowed, lambdas)


def qualified_heads(expr: str) -> set[str]:
    """The first parts (lower case) of the dotted references in ``expr`` (``p.pid`` -> ``p``).

    >>> sorted(qualified_heads("p.pid + q.a.b - c"))
    ['p', 'q']
    """
    heads: set[str] = set()

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            parts = node.get("column_names") or []
            if node.get("class") == "COLUMN_REF" and len(parts) > 1:
                heads.add(str(parts[0]).lower())
            node = list(node.values())
        if isinstance(node, list):
            for item in node:
                if isinstance(item, (dict, list)):
                    visit(item)

    visit(parse(expr).get("statements") or [])
    return heads


def read_columns(expr: str, columns: Sequence[str]) -> list[str]:
    """The columns of ``columns`` that ``expr`` reads, in order of first use, resolved as DuckDB's
    binder resolves a reference in a one-table query that has no table qualifier (the checker
    refuses those): the FIRST part of a dotted reference is the column, the rest a path into it
    (``p.pid`` reads the struct column ``p``, never a top-level ``pid``), and a lambda's
    parameter shadows a column of the same name inside the lambda. ``expr`` must have passed
    :func:`check_scalar_expression`.

    >>> read_columns("p.pid % 100 + id", ["id", "pid", "p"])
    ['p', 'id']
    >>> read_columns("list_transform(l, id -> id + 1)", ["id", "l"])
    ['l']
    """
    from sqlpriv.engine.checks import lookup_column

    tree = parse(expr)
    found: list[str] = []

    def visit(node: Any, lambdas: set[str]) -> None:
        if isinstance(node, list):
            for item in node:
                visit(item, lambdas)
            return
        if not isinstance(node, dict):
            return
        if node.get("class") == "LAMBDA":
            visit(node.get("expr"), lambdas | _lambda_params(node.get("lhs")))
            return
        if node.get("class") == "COLUMN_REF":
            parts = [str(p) for p in node.get("column_names") or []]
            if parts and parts[0].lower() not in lambdas:
                real = lookup_column(columns, parts[0])
                if real is not None and real not in found:
                    found.append(real)
            return
        for value in node.values():
            if isinstance(value, (dict, list)):
                visit(value, lambdas)

    visit(tree.get("statements") or [], set())
    return found


def _lambda_params(lhs: Any) -> set[str]:
    names: set[str] = set()
    if isinstance(lhs, dict):
        if lhs.get("class") == "COLUMN_REF":
            names.update(str(p).lower() for p in lhs.get("column_names") or [])
        for value in lhs.values():
            if isinstance(value, (dict, list)):
                names |= _lambda_params(value)
    elif isinstance(lhs, list):
        for item in lhs:
            names |= _lambda_params(item)
    return names


#: DuckDB's integer type names (the singling-out type families use them too)
INTEGER_TYPES = (
    "TINYINT",
    "SMALLINT",
    "INTEGER",
    "BIGINT",
    "HUGEINT",
    "UTINYINT",
    "USMALLINT",
    "UINTEGER",
    "UBIGINT",
    "UHUGEINT",
)

#: prefixes of DuckDB's numeric type names as ``DESCRIBE`` writes them (``DECIMAL(9,2)`` included;
#: ``INT`` and ``REAL`` for types typed by hand): one list for every measure that asks "is it a number?"
NUMERIC_TYPES = (*INTEGER_TYPES, "FLOAT", "DOUBLE", "REAL", "DECIMAL", "INT")

# DuckDB's built-in type names, the only ones sql_type lets through (a user-defined type name,
# an ENUM's labels or a STRUCT's field names never reach SQL text through a type).
BUILTIN_TYPES = frozenset(
    {
        "BOOLEAN",
        *INTEGER_TYPES,
        "FLOAT",
        "DOUBLE",
        "DECIMAL",
        "VARCHAR",
        "BLOB",
        "DATE",
        "TIME",
        "TIMESTAMP",
        "TIMESTAMP WITH TIME ZONE",
        "TIME WITH TIME ZONE",
        "TIMESTAMP_S",
        "TIMESTAMP_MS",
        "TIMESTAMP_NS",
        "TIME_NS",
        "INTERVAL",
        "UUID",
        "BIT",
        "BIGNUM",
        "VARINT",
        "JSON",
    }
)
_TYPE = re.compile(r"^([A-Z_ ]+?)(\(\d+(?:, ?\d+)?\))?((?:\[\d*\])*)$")


def sql_type(type_string: str) -> str | None:
    """``type_string`` if it is a built-in DuckDB type (optionally sized or a list/array of one), else None.

    The result is safe to write into SQL text as a type; anything else (STRUCT, MAP, UNION, ENUM,
    user-defined names) is None.

    >>> sql_type("DECIMAL(18,3)"), sql_type("VARCHAR[]"), sql_type("TIMESTAMP WITH TIME ZONE")
    ('DECIMAL(18,3)', 'VARCHAR[]', 'TIMESTAMP WITH TIME ZONE')
    >>> sql_type("ENUM('a'';', 'b')") is None, sql_type('STRUCT("x" INTEGER)') is None
    (True, True)
    """
    match = _TYPE.match(str(type_string))
    if match is None or match.group(1) not in BUILTIN_TYPES:
        return None
    return match.group(0)
