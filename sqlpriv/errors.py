"""Exception and warning types raised by sqlpriv.

Every problem a user can cause (a missing column, an empty table, a bad
parameter) is reported as a :class:`SqlprivError` subclass with a message that
names what is wrong and what to do about it.

>>> from sqlpriv.errors import SqlprivError, ColumnError
>>> issubclass(ColumnError, SqlprivError)
True
"""

from __future__ import annotations

import os
import sys

#: the package's folder: frames under it are sqlpriv's own (caller_stacklevel)
_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep


class SqlprivError(Exception):
    """Base class of every error sqlpriv raises on purpose."""


class SourceError(SqlprivError):
    """The data source cannot be found, opened or parsed."""


class ColumnError(SqlprivError):
    """An analysed column or column expression is missing or invalid."""


class EmptyInputError(SqlprivError):
    """The table (after any dropped rows) has no rows to analyse."""


class ParameterError(SqlprivError, ValueError):
    """A keyword argument has a value outside its allowed range."""


class OutputError(SqlprivError):
    """A result cannot be written where the user asked."""


class ExecutionError(SqlprivError):
    """DuckDB failed while running one of sqlpriv's generated queries."""


class MemoryBudgetError(SqlprivError):
    """A step's estimated working set exceeds the memory limit and DuckDB may not spill."""


class SqlprivWarning(UserWarning):
    """A condition the user should know about; the result is still valid."""


class UnsafeExpressionError(ColumnError):
    """An expression (or other text bound for SQL) uses something sqlpriv refuses to run:
    a subquery, a table function, a function that touches files, settings or the environment,
    a reference outside the source's columns, several statements or a comment."""


def caller_stacklevel() -> int:
    """The ``stacklevel`` that makes a warning issued by the function calling this one point at
    the user's line: the first frame outside the sqlpriv package (its own code, its CLI, the
    report), however deep inside sqlpriv the warning is raised.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warnings.warn("x", SqlprivWarning, stacklevel=caller_stacklevel())
    >>> "sqlpriv" + os.sep + "errors.py" in caught[0].filename
    False
    """
    frame = sys._getframe(1)  # the function about to call warnings.warn (stacklevel 1)
    level = 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE):
        frame = frame.f_back  # type: ignore[assignment]
        level += 1
    return level
