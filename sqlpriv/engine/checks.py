"""Argument checks shared by every measure family, and the one case-insensitive column lookup.

Each check returns the value it accepted (normalised: ``float``/``int``) or raises
:class:`~sqlpriv.errors.ParameterError` / :class:`~sqlpriv.errors.ColumnError` with one
message that names the argument, what it must be and what it got. Family-specific checks
(priors, weights, ...) stay in their family's module and call these.

>>> unit_interval("approve", 0.5), positive_int("k", 3), choice("mode", "petsard", ("exhaustive", "petsard"))
(0.5, 3, 'petsard')
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Any

from sqlpriv.errors import ColumnError, ParameterError


def finite_number(name: str, value: Any, *, minimum: float | None = None) -> float:
    """A finite real number, at least ``minimum`` when given.

    >>> finite_number("alpha", 2)
    2.0
    >>> finite_number("alpha", -1, minimum=0)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: alpha must be >= 0, got -1
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ParameterError(f"{name} must be a finite number, got {value!r}")
    if minimum is not None and value < minimum:
        raise ParameterError(f"{name} must be >= {minimum}, got {value!r}")
    return float(value)


def unit_interval(name: str, value: Any) -> float:
    """A number in [0, 1].

    >>> unit_interval("reject", 1)
    1.0
    >>> unit_interval("reject", 1.5)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: reject must be between 0 and 1, got 1.5
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise ParameterError(f"{name} must be a number between 0 and 1, got {value!r}")
    if not 0 <= float(value) <= 1:
        raise ParameterError(f"{name} must be between 0 and 1, got {value!r}")
    return float(value)


def boolean(name: str, value: Any) -> bool:
    """``True`` or ``False`` (not a truthy value).

    >>> boolean("dropna", 1)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: dropna must be True or False, got 1
    """
    if not isinstance(value, bool):
        raise ParameterError(f"{name} must be True or False, got {value!r}")
    return value


def positive_int(name: str, value: Any, *, hint: str = "", minimum: int = 1) -> int:
    """An integer of at least ``minimum`` (1: "positive", 0: "non-negative"); ``hint`` follows
    that word in the message.

    >>> positive_int("k", True, hint=" (the k of k-anonymity)")
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: k must be a positive integer (the k of k-anonymity), got True
    >>> positive_int("digits", 0, minimum=0)
    0
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        word = {1: "positive", 0: "non-negative"}.get(minimum, f"at least {minimum}, an")
        raise ParameterError(f"{name} must be a {word} integer{hint}, got {value!r}")
    return int(value)


def choice(name: str, value: Any, options: Sequence[str]) -> str:
    """One of ``options``.

    >>> choice("on_violation", "warn", ("review", "reject"))
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: on_violation must be 'review' or 'reject', got 'warn'
    >>> choice("strategy", "x", ("auto", "union", "grouping_sets"))
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: strategy must be one of 'auto', 'union', 'grouping_sets', got 'x'
    """
    if not isinstance(value, str) or value not in options:
        quoted = [repr(o) for o in options]
        allowed = " or ".join(quoted) if len(quoted) == 2 else "one of " + ", ".join(quoted)
        raise ParameterError(f"{name} must be {allowed}, got {value!r}")
    return value


def max_cols(value: Any, d: int) -> int:
    """The largest column set to examine among ``d`` columns (None: all ``d``).

    >>> max_cols(None, 4), max_cols(2, 4)
    (4, 2)
    >>> max_cols(5, 4)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: max_cols=5 is larger than the number of columns (4); use at most 4 or None
    """
    if value is None:
        return d
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ParameterError(f"max_cols must be a positive integer or None (all {d} columns), got {value!r}")
    if value > d:
        raise ParameterError(f"max_cols={value} is larger than the number of columns ({d}); use at most {d} or None")
    return value


def lookup_column(names: Sequence[str], name: Any) -> str | None:
    """The column of ``names`` that ``name`` means: the exact name, else the one name equal to it
    ignoring case (DuckDB's and Spark's identifiers are case-insensitive); None when there is
    none, or more than one, or ``name`` is not text.

    >>> lookup_column(["Age", "zip"], "age"), lookup_column(["a", "A"], "A"), lookup_column(["a", "A"], "b")
    ('Age', 'A', None)
    """
    if not isinstance(name, str):
        return None
    if name in names:
        return name
    folded = [n for n in names if n.lower() == name.lower()]
    return folded[0] if len(folded) == 1 else None


def match_column(names: Sequence[str], name: str, label: str) -> str:
    """:func:`lookup_column`, or a :class:`~sqlpriv.errors.ColumnError` naming ``label``'s columns.

    >>> match_column(["Age"], "AGE", "t")
    'Age'
    >>> match_column(["Age"], "zip", "t")
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ColumnError: column 'zip' is not in t; available columns: 'Age'
    """
    found = lookup_column(names, name)
    if found is None:
        raise ColumnError(f"column {name!r} is not in {label}; available columns: " + ", ".join(repr(n) for n in names))
    return found
