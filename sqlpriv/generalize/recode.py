"""sdcMicro's global recoding break rules as hierarchy levels (docs/measures.md §12).

A hierarchy built by :func:`sqlpriv.hierarchy.equidistant` (``log_equi``, ``equal_amount``) names
a method and a number of intervals per level; :func:`resolve` reads the column's smallest and
largest finite value (and, for ``equalAmount``, its quantiles) in one SQL statement
(generalize/recode_stats.sql) and turns it into a ``cuts`` hierarchy: per level the breaks and
the labels of R's ``cut(..., include.lowest = TRUE)`` (``[b0,b1]``, ``(b1,b2]``, ...).

>>> breaks("equidistant", 3, 18.0, 80.0)
(17.0, 38.0, 60.0, 81.0)
>>> labels((17.0, 38.0, 60.0, 81.0))
('[17,38]', '(38,60]', '(60,81]')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from sqlpriv.engine.templates import render
from sqlpriv.generalize.hierarchy import RECODES, Hierarchy, HierarchyError


def _seq(lo: float, hi: float, n: int) -> list[float]:
    """R's ``seq(lo, hi, length.out = n + 1)``: lo + i * ((hi - lo) / n), the last exactly hi."""
    step = (hi - lo) / n
    return [lo] + [lo + i * step for i in range(1, n)] + [hi]


def _rounded(values: list[float]) -> tuple[float, ...]:
    """sdcMicro rounds the breaks (half to even, as R's round) only when no two then coincide."""
    r = [float(round(v)) for v in values]
    return tuple(r if len(set(r)) == len(r) else values)


def breaks(method: str, b: int, lo: float, hi: float, quantiles: Sequence[float] = ()) -> tuple[float, ...]:
    """The b + 1 breaks of ``method`` for a column whose finite values span [lo, hi];
    ``quantiles``: the column's quantiles at 0, 1/b, ..., 1 (equalAmount only).

    equidistant: seq(lo - 1, hi + 1) rounded; logEqui: the same on log(x), exp'd back, rounded;
    equalAmount: the quantiles, a repeated one dropped (sdcMicro jitters it at random; here the
    interval collapses, deterministic). One interval (b = 1, or quantiles all equal): (lo-1, hi+1].

    >>> breaks("logEqui", 2, 1.0, math.e ** 2)
    (0.0, 3.0, 20.0)
    >>> breaks("equalAmount", 4, 1.0, 9.0, [1.0, 1.0, 3.0, 6.0, 9.0])
    (1.0, 3.0, 6.0, 9.0)
    """
    if b == 1:
        return (lo - 1, hi + 1)
    if method == "equidistant":
        return _rounded(_seq(lo - 1, hi + 1, b))
    if method == "logEqui":
        return _rounded([math.exp(v) for v in _seq(math.log(lo) - 1, math.log(hi) + 1, b)])
    distinct = tuple(sorted(set(quantiles)))
    return distinct if len(distinct) > 1 else (lo - 1, hi + 1)


def _fmt(value: float, digits: int) -> str:
    """R's formatC(value, digits = digits, width = 1): C's %.<digits>g."""
    return f"{0.0 + value:.{digits}g}"  # 0 + value, as R: -0.0 prints as 0


def labels(cuts: Sequence[float]) -> tuple[str, ...]:
    """The interval labels R's cut writes (dig.lab = 8, more digits while two breaks print alike)."""
    for digits in range(8, 13):
        text = [_fmt(v, digits) for v in cuts]
        if all(a != b for a, b in zip(text, text[1:])):
            break
    first = f"[{text[0]},{text[1]}]"
    return (first, *(f"({a},{b}]" for a, b in zip(text[1:], text[2:])))


def resolve(h: Hierarchy, column: str, source: str, fetch: Callable[[str], Any]) -> Hierarchy:
    """A ``cuts`` hierarchy for ``h`` (unchanged when ``h`` is not a recode builder): ``fetch``
    runs one query and returns its one row (DuckDB or Spark)."""
    if h.kind not in RECODES:
        return h
    fractions = sorted({i / b for b in h.params for i in range(b + 1)}) if h.kind == "equalAmount" else []
    row = fetch(render("generalize/recode_stats.sql", source=source, column=column, fractions=fractions))
    if row is None or row[0] is None:
        raise HierarchyError(
            f"the hierarchy of {column!r} ({h.describe()}) needs finite numbers in the column to place its breaks, "
            "and it holds none"
        )
    lo, hi = float(row[0]), float(row[1])
    if h.kind == "logEqui" and lo <= 0:
        raise HierarchyError(
            f"the hierarchy of {column!r} ({h.describe()}) recodes log(x), and {column!r} holds {lo:g} (the log of a "
            "value <= 0 is undefined); use equidistant or equalAmount, or shift the column in a view"
        )
    at = dict(zip(fractions, (float(v) for v in row[2:])))
    levels = []
    for b in h.params:
        cuts = breaks(h.kind, b, lo, hi, [at[i / b] for i in range(b + 1)] if at else ())
        levels.append((cuts, labels(cuts)))
    return Hierarchy("cuts", tuple(levels), label=h.describe())


__all__ = ["breaks", "labels", "resolve"]
