"""Names sqlpriv keeps for itself, and the one check that keeps data columns off them.

sqlpriv adds internal columns to the relations it builds over a source (row positions,
weights, packed keys, copies: ``__sqlpriv_pos``, ``__sqlpriv_w``, ...). A source column (or a
computed column) with such a name would be read as sqlpriv's own and silently corrupt
Shapley values, PIF, sample uniques or singling-out (issue 24, item 5), so every family
refuses it before any query runs, through :func:`refuse_reserved`, called where a source is
resolved (DuckDB and Spark) and where analysed columns are named.

Every other internal name (a result's headings such as ``rank``, ``total``, ``level``, ``n``)
is collision-proof instead: headings that share a relation with data columns are pushed aside
(``_rank``) by :meth:`sqlpriv.engine.cohorts.FrameMeasure.free_name`, and the SQL aliases
sqlpriv uses never share a scope with data columns unqualified (tests/test_internal_names.py
checks every family and the report with columns named after every internal name).

>>> refuse_reserved(["age", "zip"], "a table")
>>> refuse_reserved(["age", "__SQLPRIV_w"], "a table")
Traceback (most recent call last):
...
sqlpriv.errors.ColumnError: a table has a column named '__SQLPRIV_w': names starting with '__sqlpriv' are reserved for sqlpriv's internal columns (row positions, weights, keys); rename it
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlpriv.errors import ColumnError

#: every internal column sqlpriv adds to a relation over the data starts with this (any case)
RESERVED_PREFIX = "__sqlpriv"


def is_reserved(name: str) -> bool:
    """Whether ``name`` is one sqlpriv keeps for its internal columns (case-insensitive, as DuckDB)."""
    return name.lower().startswith(RESERVED_PREFIX)


def refuse_reserved(names: Iterable[str], label: str) -> None:
    """Raise :class:`~sqlpriv.errors.ColumnError` when a name in ``names`` is reserved."""
    bad = [n for n in names if is_reserved(n)]
    if bad:
        raise ColumnError(
            f"{label} has a column named {bad[0]!r}: names starting with {RESERVED_PREFIX!r} are reserved for "
            "sqlpriv's internal columns (row positions, weights, keys); rename it"
        )


__all__ = ["RESERVED_PREFIX", "is_reserved", "refuse_reserved"]
