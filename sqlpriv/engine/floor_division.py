"""DuckDB's ``//`` floors integers only: on FLOAT, DOUBLE and DECIMAL values it is a plain
division (``23.0 // 5`` is 4.6, not 4). An analysed expression such as ``age // 5``, the way the
docs coarsen a column, then coarsens nothing when ``age`` is a DOUBLE column (a pandas integer
column with a missing value is float64): every value keeps its own class and the measures are
those of ``age`` itself. :func:`floor_division_warning` says so, for
:func:`sqlpriv.engine.sources.check_expression` to warn with.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

FRACTIONAL_TYPES = ("FLOAT", "DOUBLE", "REAL", "DECIMAL", "NUMERIC")


def fractional(type_string: str) -> bool:
    """Whether a DuckDB type holds fractions (``//`` on it does not floor).

    >>> fractional("DOUBLE"), fractional("DECIMAL(4,1)"), fractional("BIGINT"), fractional("VARCHAR")
    (True, True, False, False)
    """
    return type_string.strip().upper().startswith(FRACTIONAL_TYPES)


def _divisions(node: Any) -> list[list[dict[str, Any]]]:
    """The argument expressions of every ``//`` in a parse tree (``sandbox.parse``)."""
    found: list[list[dict[str, Any]]] = []
    if isinstance(node, dict):
        if node.get("class") == "FUNCTION" and node.get("function_name") == "//":
            found.append([a.get("expression", {}) for a in node.get("arguments", []) if isinstance(a, dict)])
        for value in node.values():
            found += _divisions(value)
    elif isinstance(node, list):
        for value in node:
            found += _divisions(value)
    return found


def floor_division_warning(
    tree: dict[str, Any], column_types: Mapping[str, str], result_type: str, what: str, expr: str
) -> str | None:
    """The warning for ``expr`` (parse tree ``tree``, bound type ``result_type``) when one of its
    ``//`` divides a fractional value: an operand that is a fractional column of ``column_types``
    (lower-case names) or a literal with a decimal point, or a fractional result; else None.

    >>> from sqlpriv.engine.sandbox import parse
    >>> floor_division_warning(parse("age // 5"), {"age": "DOUBLE"}, "DOUBLE", "column expression 'a5'", "age // 5")[:60]
    "column expression 'a5' 'age // 5' divides a DOUBLE with //, "
    >>> floor_division_warning(parse("age // 5"), {"age": "BIGINT"}, "BIGINT", "x", "age // 5") is None
    True
    """
    divisions = _divisions(tree)
    if not divisions:
        return None
    kinds: list[str] = []
    for operands in divisions:
        for operand in operands:
            if operand.get("class") == "COLUMN_REF":
                names = operand.get("column_names") or []
                kind = column_types.get(str(names[-1]).lower(), "") if names else ""
                if fractional(kind):
                    kinds.append(kind)
            elif operand.get("class") == "CONSTANT" and (operand.get("literal") or {}).get("kind") in (
                "NUMERIC",
                "DECIMAL",
            ):
                kinds.append("DECIMAL literal")
    if fractional(result_type):
        kinds.append(result_type)
    if not kinds:
        return None
    return (
        f"{what} {expr!r} divides a {kinds[0]} with //, which DuckDB computes as a plain division on "
        "fractional numbers (23.0 // 5 is 4.6, not 4), so it does not coarsen them: every value keeps its "
        "own class; to round down write floor(x / 5), or cast to an integer first (x::bigint // 5)"
    )
