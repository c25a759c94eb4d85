"""Identifier detection, shared by every measure family (issue 15 item 6).

A column whose distinct count equals (or nearly equals) the row count singles out every row
on its own: it dominates Shapley values, drives every other column's wCIG weight to 0 and
singles out every synthetic record. Each family reports such columns with one
:class:`~sqlpriv.errors.SqlprivWarning` per column that names it and says what to do. The
counting is SQL (``engine/identifier_columns.sql`` over the distinct counts a family already
has); this module only words the warning.

>>> import duckdb
>>> con = duckdb.connect()
>>> counts = "select * from (values (0, 100), (1, 3), (2, 97)) as t(j, k)"
>>> identifier_columns(con, counts, 100)
[(0, 100), (2, 97)]
>>> identifier_columns(con, counts, 10)   # below IDENTIFIER_MIN_ROWS rows nothing is flagged
[]
"""

from __future__ import annotations

import functools
import re
import warnings
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import duckdb

from sqlpriv.engine.plan import run
from sqlpriv.engine.templates import render
from sqlpriv.errors import SqlprivWarning, caller_stacklevel

#: a column is flagged when its distinct values are at least this share of the rows ...
IDENTIFIER_SHARE = 0.95
#: ... in a table of at least this many rows (in tiny tables every column may be unique)
IDENTIFIER_MIN_ROWS = 20

KEY_ADVICE = "pass it as key={name!r} (command line: --key {name}) to carry it into per-row output, or leave it out of columns= (-c)"
REQUEST_ADVICE = (
    "leave it out of the request, or give it a weight (weights={{{name!r}: X}}, --weight {name}=X) "
    "if it is re-keyed for every request"
)
COLUMNS_ADVICE = "leave it out with columns= (command line: -c with the other columns)"
_ADVICE = re.compile(r"(looks like an identifier: .*? dominates the result; ).*$", re.S)
REPORT_ADVICE = "leave it out of columns= (-c), and of the request (--request)"
_F = TypeVar("_F", bound=Callable[..., Any])


def identifier_columns(
    con: duckdb.DuckDBPyConnection | None,
    counts: str,
    n: int,
    rows: Callable[[str], list[tuple[Any, ...]]] | None = None,
) -> list[tuple[int, int]]:
    """(j, distinct values) of the columns of ``counts`` (a (j, k) query) that look like identifiers
    (read by ``rows``, e.g. a Spark plan's, when given; else on ``con``)."""
    query = render(
        "engine/identifier_columns.sql", counts=counts, n=int(n), share=IDENTIFIER_SHARE, min_rows=IDENTIFIER_MIN_ROWS
    )
    found = rows(query) if rows is not None else run(con, query).fetchall()  # type: ignore[arg-type]
    return [(int(j), int(k)) for j, k in found]


def identifier_message(name: str, k: int, n: int, advice: str) -> str:
    """The warning text for one identifier-like column."""
    share = "every row" if k >= n else f"{k / n:.1%} of the rows"
    return (
        f"column {name!r} looks like an identifier: {k:,} distinct values in {n:,} rows, so it singles out "
        f"{share} on its own and dominates the result; {advice.format(name=name)}"
    )


def warn_identifiers(
    con: duckdb.DuckDBPyConnection | None,
    counts: str,
    n: int,
    names: Sequence[str],
    *,
    advice: str,
    stacklevel: int = 3,
    skip: Sequence[str] = (),
    rows: Callable[[str], list[tuple[Any, ...]]] | None = None,
) -> list[str]:
    """Warn once per identifier-like column among ``names`` (indexed by j); return the messages
    (``rows``: how to read a query's rows instead of ``con``, e.g. a Spark plan's)."""
    messages = []
    for j, k in identifier_columns(con, counts, n, rows):
        if j < len(names) and names[j] not in skip:
            messages.append(identifier_message(names[j], k, n, advice))
            warnings.warn(messages[-1], SqlprivWarning, stacklevel=caller_stacklevel())
    return messages


def without_key_advice(fn: _F) -> _F:
    """Decorate an entry point that has no ``key=`` / ``--key`` (the report): its identifier
    warnings give the advice it can follow (:data:`REPORT_ADVICE`, no key), and each distinct
    warning is issued once (several families warn about the same column).

    >>> @without_key_advice
    ... def f():
    ...     for _ in range(2):
    ...         warnings.warn(identifier_message("id", 9, 9, KEY_ADVICE), SqlprivWarning)
    >>> with warnings.catch_warnings(record=True) as w:
    ...     warnings.simplefilter("always")
    ...     f()
    >>> len(w), str(w[0].message).endswith("dominates the result; " + REPORT_ADVICE)
    (1, True)
    """

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        caught: list[warnings.WarningMessage] = []
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always", SqlprivWarning)
                return fn(*args, **kwargs)
        finally:  # outside the catching context: issued to the caller
            seen: set[str] = set()
            for w in caught:
                text = str(w.message)
                if issubclass(w.category, SqlprivWarning):
                    text = _ADVICE.sub(lambda m: m[1] + REPORT_ADVICE, text)
                    if text in seen:
                        continue
                    seen.add(text)
                warnings.warn_explicit(text, w.category, w.filename, w.lineno)

    return wrapper  # type: ignore[return-value]
