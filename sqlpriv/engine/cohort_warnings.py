"""The warnings a cohort frame gives once its dictionaries are built (engine/cohorts.py):
continuous columns whose values single out almost every row, identifier-like columns (distinct
values ~ rows; sqlpriv/engine/identifiers.py), and a key that does not identify the rows.

Each function is called from ``cohorts._add_dictionaries`` (itself called by ``prepare``), so the
warnings' ``stacklevel`` points at the caller of the measure.

>>> import warnings
>>> from sqlpriv.engine.connection import connect
>>> con = connect()
>>> _ = con.execute("create temp table t as select 5 as __sqlpriv_key from range(3)")
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     warn_identifiers(con, [], '"t"', [], 3, ("k", "INTEGER"), skip=[])
>>> str(caught[0].message).split(",")[0]
"key column 'k' has 1 distinct non-NULL values in 3 rows"
"""

from __future__ import annotations

import warnings

import duckdb

from sqlpriv.engine.plan import run
from sqlpriv.engine.rows import one_row, scalar
from sqlpriv.engine.sandbox import INTEGER_TYPES
from sqlpriv.engine.templates import quote, render
from sqlpriv.errors import SqlprivWarning, caller_stacklevel

FLOAT_TYPES = ("FLOAT", "DOUBLE", "REAL", "DECIMAL")
FLOAT_DISTINCT_WARNING = 1000
#: an integer key whose values span fewer than this many values per row (rows + 64) is
#: counted with a bitmap of its range (engine/distinct_integers.sql: at most ~2 bytes a row)
KEY_BITMAP_SPAN = 16
BITMAP_INTEGERS = tuple(t for t in INTEGER_TYPES if not t.endswith("HUGEINT"))


def warn_continuous(
    con: duckdb.DuckDBPyConnection, analysed: str, columns: list[str], cardinalities: list[int], n: int
) -> list[str]:
    """Warn for each floating-point column of ``analysed`` (a quoted relation) with more than
    ``FLOAT_DISTINCT_WARNING`` distinct values and more than one per two rows; return their names."""
    flagged: list[str] = []
    types = dict((row[0], row[1]) for row in run(con, render("engine/describe.sql", relation=analysed)).fetchall())
    for name, k in zip(columns, cardinalities):
        kind = types.get(name, "")
        if kind.upper().startswith(FLOAT_TYPES) and k > FLOAT_DISTINCT_WARNING and k > n / 2:
            warnings.warn(
                f"column {name!r} is a {kind} column with {k:,} distinct values in {n:,} rows, "
                f"so almost every value singles its row out; bucket it with an expression, e.g. "
                f"columns=[{{{name!r}: 'round({quote(name)}, 0)'}}] or "
                f"{{{name!r}: 'floor({quote(name)} / 10)'}}",
                SqlprivWarning,
                stacklevel=caller_stacklevel(),
            )
            flagged.append(name)
    return flagged


def warn_identifiers(
    con: duckdb.DuckDBPyConnection,
    dicts: list[str],
    analysed: str,
    columns: list[str],
    n: int,
    key: tuple[str, str] | None,
    *,
    skip: list[str],
) -> None:
    """Identifier-like analysed columns (their dictionaries ``dicts`` hold about a value per row),
    and a key (``(name, type)``; its values are ``__sqlpriv_key`` of ``analysed``) that does not
    identify the rows, each get a warning."""
    from sqlpriv.engine.identifiers import KEY_ADVICE
    from sqlpriv.engine.identifiers import warn_identifiers as warn_columns

    if dicts:
        sizes = render("engine/table_sizes.sql", tables=dicts)
        warn_columns(con, sizes, n, columns, advice=KEY_ADVICE, skip=skip, stacklevel=4)
    if key is not None:
        k = distinct_keys(con, analysed, key[1], n)
        if k < n:
            warnings.warn(
                f"key column {key[0]!r} has {k:,} distinct non-NULL values in {n:,} rows, so it does not "
                "identify the rows of the per-row output; choose a column with a distinct value per row",
                SqlprivWarning,
                stacklevel=caller_stacklevel(),
            )


def distinct_keys(con: duckdb.DuckDBPyConnection, analysed: str, kind: str, n: int) -> int:
    """The exact number of distinct non-NULL key values (``__sqlpriv_key`` of ``analysed``, of SQL
    type ``kind``): a bitmap over the key's range for an integer key whose range is small against
    the ``n`` rows, ``count(distinct)`` otherwise."""
    if kind.upper() in BITMAP_INTEGERS:
        lo, hi = one_row(run(con, render("engine/value_range.sql", relation=analysed, column="__sqlpriv_key")))
        if lo is None:
            return 0
        if hi - lo < KEY_BITMAP_SPAN * (n + 64):
            sql = render("engine/distinct_integers.sql", relation=analysed, column="__sqlpriv_key", lo=lo, hi=hi)
            return int(scalar(run(con, sql)))
    sql = render("engine/distinct_counts.sql", relation=analysed, columns=["__sqlpriv_key"])
    return int(one_row(run(con, sql))[1])
