"""Reading the one row a generated statement must return, with one clear error when it returns none.

DuckDB's ``fetchone()`` returns ``None`` when a statement produced no row; indexing that would
fail with a bare ``TypeError`` far from its cause. Every "one row" read goes through here.

>>> import duckdb
>>> con = duckdb.connect()
>>> one_row(con.execute("select 1, 'a'")), scalar(con.execute("select 41 + 1"))
((1, 'a'), 42)
>>> scalar(con.execute("select 1 where false"))
Traceback (most recent call last):
...
sqlpriv.errors.ExecutionError: a generated query returned no row where one was expected
"""

from __future__ import annotations

from typing import Any

from sqlpriv.errors import ExecutionError


def one_row(cursor: Any) -> tuple[Any, ...]:
    """The first row a statement returned (``fetchone()``), or ExecutionError when there is none."""
    row = cursor.fetchone()
    if row is None:
        raise ExecutionError("a generated query returned no row where one was expected")
    return tuple(row)


def scalar(cursor: Any) -> Any:
    """The first column of the first row a statement returned (``fetchone()[0]``)."""
    return one_row(cursor)[0]


__all__ = ["one_row", "scalar"]
