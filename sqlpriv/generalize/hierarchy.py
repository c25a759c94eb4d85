"""Generalization hierarchies: what each quasi-identifier may be coarsened to (docs/measures.md §7).
Public as ``sqlpriv.hierarchy`` (``from sqlpriv import hierarchy; hierarchy.intervals(5, 10)``).

A hierarchy lists, for each value of a column, its label at level 1, 2, ... (level 0 is the
value itself); the top level is always ``*`` (appended when the last given level is not already
``*`` for every value). Every hierarchy compiles to SQL: a table hierarchy (an ARX CSV file or a
dict) to a small mapping table joined on the value, a builder or a list of expressions to one
SQL expression per level. Values are compared as text (``cast(col as varchar)``, a missing value
as the empty string, as ARX reads a CSV cell).

>>> intervals(5, 10).levels  # 0 (values), [x, x+5[, [x, x+10[, *
4
>>> mask(1, 2).params
(1, 2)
>>> from_spec({"a": ["x", "*"], "b": ["x", "*"]}).levels  # value, x, *
3
"""

from __future__ import annotations

import json
import math
import numbers
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlpriv.engine.arx_hierarchy import read_arx_rows
from sqlpriv.engine.limits import MAX_HIERARCHY_BYTES, MAX_HIERARCHY_LEVELS, MAX_HIERARCHY_ROWS, MAX_MASK_CHARS
from sqlpriv.errors import ParameterError

TOP = "*"
KINDS = ("table", "intervals", "mask", "dates", "rare", "expressions", "equidistant", "logEqui", "equalAmount", "cuts")
#: sdcMicro's globalRecode break rules: builders whose breaks are computed from the column (in SQL)
RECODES = ("equidistant", "logEqui", "equalAmount")
DATE_PARTS = ("month", "year")


class HierarchyError(ParameterError):
    """A hierarchy is malformed: levels that do not nest, values it does not cover, a bad file."""


@dataclass(frozen=True)
class Hierarchy:
    """One column's hierarchy. ``kind`` is one of :data:`KINDS`; ``params`` the builder's arguments
    (widths, masked characters, date parts, the rarity threshold, SQL expressions); ``rows`` the
    table's ``(value, level1, ...)`` tuples (kind ``"table"`` only), with the top level included."""

    kind: str
    params: tuple[Any, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    bottom: float | None = None
    top: float | None = None
    label: str = ""

    def __post_init__(self) -> None:
        """Refuse a hierarchy past the bounds of :mod:`sqlpriv.engine.limits` (one clear error)."""
        what = self.label or self.kind
        if self.levels > MAX_HIERARCHY_LEVELS:
            raise HierarchyError(
                f"the hierarchy {what} has {self.levels:,} levels; at most {MAX_HIERARCHY_LEVELS} are allowed "
                "(sqlpriv.engine.limits.MAX_HIERARCHY_LEVELS): merge levels"
            )
        if len(self.rows) > MAX_HIERARCHY_ROWS:
            raise HierarchyError(
                f"the hierarchy {what} has {len(self.rows):,} rows; at most {MAX_HIERARCHY_ROWS:,} are allowed "
                "(sqlpriv.engine.limits.MAX_HIERARCHY_ROWS): use a builder (intervals, mask, expressions) "
                "or generalize the values first"
            )

    @property
    def levels(self) -> int:
        """Number of levels including level 0 (the original values) and the top ``*``."""
        if self.kind == "table":
            return len(self.rows[0]) if self.rows else 2
        if self.kind == "rare":
            return 3
        return len(self.params) + 2

    def describe(self) -> str:
        """A short description for messages and reports."""
        if self.kind == "table":
            return self.label or f"table of {len(self.rows)} values"
        if self.kind == "cuts":
            return self.label or "cuts"
        return f"{self.kind}({', '.join(str(p) for p in self.params)})"


def intervals(*widths: float, bottom: float | None = None, top: float | None = None) -> Hierarchy:
    """Numeric intervals of the given widths, each a multiple of the one before (``[35, 40[``);
    values below ``bottom`` become ``<bottom``, values at or above ``top`` become ``>=top``.

    >>> intervals(5, 10, 20).params
    (5, 10, 20)
    """
    if not widths:
        raise HierarchyError("intervals() needs at least one width, e.g. intervals(5, 10, 20)")
    for w in widths:
        if _number(w) is None or not w > 0 or not math.isfinite(w):
            raise HierarchyError(f"interval widths must be positive numbers, got {w!r}")
    ws = tuple(float(w) if isinstance(_number(w), float) else int(w) for w in widths)
    for a, b in zip(ws, ws[1:]):
        if b <= a or abs(b / a - round(b / a)) > 1e-9:
            raise HierarchyError(
                f"interval widths must nest: each a multiple of the one before, got {a!r} then {b!r} "
                "(e.g. intervals(5, 10, 20))"
            )
    for name, v in (("bottom", bottom), ("top", top)):
        if v is not None and (_number(v) is None or v != v):
            raise HierarchyError(f"intervals({name}=...) must be a number, got {v!r}")
    if bottom is not None and bottom == -math.inf:
        bottom = None  # no value lies below -inf: no bottom
    if top is not None and top == math.inf:
        top = None  # no value lies at or above inf: no top
    for name, v in (("bottom", bottom), ("top", top)):
        if v is not None and not math.isfinite(v):
            raise HierarchyError(f"intervals({name}={v!r}) leaves no value inside the intervals; give a finite number")
    bottom, top = _number(bottom), _number(top)
    if bottom is not None and top is not None and bottom >= top:
        raise HierarchyError(f"intervals(bottom={bottom!r}) must be below top={top!r}")
    return Hierarchy("intervals", ws, bottom=bottom, top=top)


def _number(value: Any) -> int | float | None:
    """A number given to a builder as a Python int or float (a NumPy number too: np.int64(5) is
    5, where it was refused as 'not a positive number'); None when it is no number (a bool, a
    text).

    >>> import numpy as np
    >>> _number(np.int64(5)), _number(np.float64(0.5)), _number(True), _number("5")
    (5, 0.5, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    return int(value) if isinstance(value, numbers.Integral) else float(value)


def recode(method: str, *breaks: int) -> Hierarchy:
    """sdcMicro's ``globalRecode`` break rules as a hierarchy: ``method`` one of :data:`RECODES`,
    one level per number of intervals (decreasing: each level coarser), the breaks computed from
    the column when the search starts (min / max / quantiles in SQL; docs/measures.md §12).

    >>> recode("equidistant", 10, 5).levels  # value, 10 intervals, 5 intervals, *
    4
    """
    if method not in RECODES:
        raise HierarchyError(f"recode() takes a method among {', '.join(RECODES)}; got {method!r}")
    if not breaks or any(not isinstance(_number(b), int) or b < 1 for b in breaks):
        raise HierarchyError(
            f"{method}() needs numbers of intervals (whole numbers >= 1), e.g. {method}(10, 5); got {breaks!r}"
        )
    counts = tuple(int(b) for b in breaks)
    if any(b >= a for a, b in zip(counts, counts[1:])):
        raise HierarchyError(f"{method}() numbers of intervals must decrease so each level is coarser, got {counts!r}")
    return Hierarchy(method, counts)


def equidistant(*breaks: int) -> Hierarchy:
    """Equal-width intervals over [min - 1, max + 1] (sdcMicro's ``equidistant``), one level per count.

    >>> equidistant(5).describe()
    'equidistant(5)'
    """
    return recode("equidistant", *breaks)


def log_equi(*breaks: int) -> Hierarchy:
    """Equal-width intervals of log(x), back-transformed (sdcMicro's ``logEqui``; positive values only).

    >>> log_equi(4).kind
    'logEqui'
    """
    return recode("logEqui", *breaks)


def equal_amount(*breaks: int) -> Hierarchy:
    """Intervals holding about as many rows each: breaks at the quantiles (sdcMicro's ``equalAmount``).

    >>> equal_amount(4, 2).params
    (4, 2)
    """
    return recode("equalAmount", *breaks)


def mask(*chars: int) -> Hierarchy:
    """Mask the last ``n`` characters of a code with ``*`` at each level (27514 -> 2751* -> 275**).

    >>> mask(1, 2, 3).levels
    5
    """
    if not chars or any(not isinstance(_number(c), int) or c < 1 for c in chars):
        raise HierarchyError(f"mask() needs increasing positive character counts, e.g. mask(1, 2, 3); got {chars!r}")
    chars = tuple(int(c) for c in chars)
    if chars[-1] > MAX_MASK_CHARS:
        raise HierarchyError(
            f"mask() masks at most {MAX_MASK_CHARS:,} characters (sqlpriv.engine.limits.MAX_MASK_CHARS), got "
            f"{chars[-1]:,}; a code is shorter than that"
        )
    if any(b <= a for a, b in zip(chars, chars[1:])):
        raise HierarchyError(f"mask() character counts must increase so the levels nest, got {chars!r}")
    return Hierarchy("mask", tuple(chars))


def dates(*parts: str) -> Hierarchy:
    """Dates coarsened to ``"month"`` (``2024-05``) then ``"year"`` (``2024``).

    >>> dates("month", "year").levels
    4
    """
    parts = parts or DATE_PARTS
    if any(p not in DATE_PARTS for p in parts) or list(parts) != sorted(parts, key=DATE_PARTS.index):
        raise HierarchyError(f"dates() takes 'month' and/or 'year', in that order; got {parts!r}")
    return Hierarchy("dates", tuple(parts))


def rare(n: int) -> Hierarchy:
    """Values held by fewer than ``n`` rows become ``other`` at level 1.

    >>> rare(10).levels
    3
    """
    if not isinstance(_number(n), int) or n < 2:
        raise HierarchyError(f"rare(n) needs an integer n >= 2 (values with fewer than n rows -> 'other'), got {n!r}")
    return Hierarchy("rare", (int(n),))


def expressions(levels: Sequence[str]) -> Hierarchy:
    """One SQL expression over the column per level (checked by the expression sandbox later).

    >>> expressions(["age // 10 * 10"]).levels
    3
    """
    exprs = tuple(levels)
    if not exprs or any(not isinstance(e, str) or not e.strip() for e in exprs):
        raise HierarchyError(f"expression hierarchies need a non-empty SQL expression per level, got {list(levels)!r}")
    if exprs[-1].strip() in ("'*'", "NULL", "null"):
        exprs = exprs[:-1]  # the top level is always added as '*'
    if not exprs:
        raise HierarchyError("an expression hierarchy needs at least one level below the top '*'")
    return Hierarchy("expressions", exprs)


def table(rows: Sequence[Sequence[Any]], label: str = "") -> Hierarchy:
    """A hierarchy given as rows ``(value, level1, level2, ...)``; ``*`` appended if missing.

    >>> table([("a", "x"), ("b", "x")]).rows
    (('a', 'x', '*'), ('b', 'x', '*'))
    """
    clean = [tuple("" if c is None else str(c) for c in row) for row in rows]
    where = f" in {label}" if label else ""
    if not clean:
        raise HierarchyError(f"the hierarchy{where} has no rows; give one row per value: value;level1;level2;...")
    widths = {len(r) for r in clean}
    if len(widths) != 1:
        bad = next(r for r in clean if len(r) != len(clean[0]))
        raise HierarchyError(
            f"every row of the hierarchy{where} needs the same number of levels: {clean[0][0]!r} has "
            f"{len(clean[0]) - 1}, {bad[0]!r} has {len(bad) - 1}"
        )
    if any(r[-1] != TOP for r in clean) or len(clean[0]) == 1:
        clean = [(*r, TOP) for r in clean]
    return Hierarchy("table", (), tuple(clean), label=label)


def read_file(path: str | os.PathLike[str]) -> Hierarchy:
    """An ARX hierarchy CSV (read by :func:`sqlpriv.engine.arx_hierarchy.read_arx_rows`, the one
    reader every family uses) or a JSON mapping."""
    p = Path(path)
    if p.suffix.lower() != ".json":
        try:
            # the duplicate and nesting rules: checked with every hierarchy's in one query (compile.check)
            return table(read_arx_rows(p, check=False), label=repr(str(p)))
        except HierarchyError:
            raise
        except ParameterError as exc:
            raise HierarchyError(str(exc)) from None
    if not p.is_file():
        raise HierarchyError(f"hierarchy file {str(p)!r} does not exist")
    if p.stat().st_size > MAX_HIERARCHY_BYTES:
        raise HierarchyError(
            f"hierarchy file {str(p)!r} holds {p.stat().st_size:,} bytes; at most {MAX_HIERARCHY_BYTES:,} are read "
            "(sqlpriv.engine.limits.MAX_HIERARCHY_BYTES)"
        )
    try:
        text = p.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise HierarchyError(f"cannot read hierarchy file {str(p)!r}: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise HierarchyError(f"hierarchy file {str(p)!r} is not valid JSON: {exc}") from None
    return from_spec(data, label=str(p))


def from_spec(spec: Any, label: str = "") -> Hierarchy:
    """Any accepted form: a Hierarchy, a file path, a dict ``{value: [levels]}``, a list of SQL
    expressions, or a CLI string (``intervals:5,10,20``, ``mask:1,2,3``, ``dates:month,year``,
    ``rare:10``, ``equidistant:5``, ``logEqui:10,5``, ``equalAmount:4``, or a file path)."""
    if isinstance(spec, Hierarchy):
        return spec
    if isinstance(spec, os.PathLike):
        return read_file(spec)
    if isinstance(spec, str):
        return _from_text(spec)
    if isinstance(spec, Mapping):
        rows = [(k, *_labels(v)) for k, v in spec.items()]
        return table(rows, label=label or "a dict hierarchy")
    if isinstance(spec, (list, tuple)):
        return expressions(spec)
    raise HierarchyError(
        f"a hierarchy must be a file path, a dict, a list of SQL expressions or a builder "
        f"(sqlpriv.hierarchy.intervals/mask/dates/rare), got {type(spec).__name__}"
    )


def _labels(levels: Any) -> list[Any]:
    """A dict hierarchy's levels of one value: a list, a tuple, or any other sequence (a NumPy
    array or a pandas Series, as a row of a hierarchy table read with pandas gives them), else
    one label (a text, a number). Before, a NumPy row was one label, its text "['30-39' '*']".

    >>> import numpy as np
    >>> [str(v) for v in _labels(np.array(["30-39", "*"]))], _labels("30-39"), _labels(("a", "*"))
    (['30-39', '*'], ['30-39'], ['a', '*'])
    """
    if isinstance(levels, (str, bytes)) or not hasattr(levels, "__iter__") or isinstance(levels, Mapping):
        return [levels]
    return list(levels)  # each written as text by table(): str() of a NumPy scalar is its value


def _numbers(text: str, what: str) -> list[float]:
    try:
        vals = [float(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise HierarchyError(f"{what} takes comma-separated numbers, got {text!r}") from None
    return [int(v) if v.is_integer() else v for v in vals]


def _from_text(text: str) -> Hierarchy:
    kind, sep, rest = text.partition(":")
    if sep and kind in RECODES:  # equidistant:5, logEqui:10,5, equalAmount:4
        return recode(kind, *_numbers(rest, f"{kind}:"))  # type: ignore[arg-type]
    if sep and kind in ("intervals", "mask", "dates", "rare"):
        if kind == "intervals":
            return intervals(*_numbers(rest, "intervals:"))
        if kind == "mask":  # as given: mask() refuses a count that is not a whole number (mask:1.5)
            return mask(*_numbers(rest, "mask:"))  # type: ignore[arg-type]
        if kind == "dates":
            return dates(*[p.strip() for p in rest.split(",") if p.strip()])
        n = _numbers(rest, "rare:")
        if len(n) != 1:
            raise HierarchyError(
                f"rare: takes one number (values with fewer rows -> 'other'), e.g. rare:10; got {text!r}"
            )
        return rare(n[0])  # type: ignore[arg-type]
    return read_file(text)
