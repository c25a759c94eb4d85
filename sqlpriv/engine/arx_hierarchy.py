"""The one reader of ARX hierarchy files (CSV: ``value;level1;level2;...``), used by every family
that takes one (``generalize``'s quasi-identifiers, the disclosure family's sensitive columns).

The rules, in one place: UTF-8 with or without a byte-order mark; the separator ``;`` or ``,``, the one
that splits every line into the same number of fields (``;`` on a tie); fields quoted as CSV quotes them (``"a;b"``
is one field); blank lines skipped; every row the same number of fields; a value listed twice
refused (the last line won before, where ``generalize`` refused it); labels that do not nest (a
label with two parents at the next level) refused; the file's size and rows bounded
(:mod:`sqlpriv.engine.limits`).

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "h.csv")
>>> _ = open(path, "w", encoding="utf-8-sig").write('flu,resp,*\\n"a,b",resp,*\\n')
>>> read_arx_rows(path)
[('flu', 'resp', '*'), ('a,b', 'resp', '*')]
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from pathlib import Path

from sqlpriv.engine.limits import MAX_HIERARCHY_BYTES, MAX_HIERARCHY_ROWS
from sqlpriv.errors import ParameterError


def read_arx_rows(path: str | os.PathLike[str], *, check: bool = True) -> list[tuple[str, ...]]:
    """The rows ``(value, level1, ...)`` of the ARX hierarchy CSV at ``path`` (module rules), else
    one ParameterError naming the file and what is wrong. ``check=False`` leaves the duplicate and
    nesting rules (:func:`check_arx_rows`) to the caller: ``generalize`` checks them in SQL for
    every hierarchy at once, so that the first problem in column order is named."""
    p = Path(path)
    name = repr(str(p))
    if not p.is_file():
        raise ParameterError(f"hierarchy file {name} does not exist")
    size = p.stat().st_size
    if size > MAX_HIERARCHY_BYTES:
        raise ParameterError(
            f"hierarchy file {name} holds {size:,} bytes; at most {MAX_HIERARCHY_BYTES:,} are read "
            "(sqlpriv.engine.limits.MAX_HIERARCHY_BYTES)"
        )
    try:
        text = p.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ParameterError(f"cannot read hierarchy file {name}: {exc}") from None
    if text.count("\n") > MAX_HIERARCHY_ROWS:
        raise ParameterError(
            f"hierarchy file {name} has {text.count(chr(10)):,} lines; at most {MAX_HIERARCHY_ROWS:,} rows are allowed "
            "(sqlpriv.engine.limits.MAX_HIERARCHY_ROWS): use a builder (intervals, mask, expressions) instead"
        )
    parsed = {sep: _parse(text, sep) for sep in (";", ",")}
    sep = _separator(parsed)
    rows = parsed[sep]
    if isinstance(rows, csv.Error):
        raise ParameterError(f"hierarchy file {name} is not a valid CSV: {rows}")
    if not rows:
        raise ParameterError(f"hierarchy file {name} has no rows; give one row per value: value;level1;level2;...")
    if check:
        check_arx_rows(rows, name)
    return rows


def _parse(text: str, sep: str) -> list[tuple[str, ...]] | csv.Error:
    """The non-blank CSV rows of ``text`` split on ``sep`` (only \\n, \\r\\n and \\r end a line:
    str.splitlines() also broke lines at U+0085 and U+2028 inside a label), or the csv error."""
    try:
        rows = [tuple(row) for row in csv.reader(io.StringIO(text, newline=""), delimiter=sep, strict=True)]
    except csv.Error as exc:
        return exc
    return [row for row in rows if any(field.strip() for field in row)]


def _separator(parsed: dict[str, list[tuple[str, ...]] | csv.Error]) -> str:
    """``;`` or ``,``: the one that splits every line into the same number (2 or more) of CSV
    fields, the more fields where both do, ``;`` (ARX's own) on a tie or where neither does.

    >>> _separator({";": [("a,b", "x", "*")], ",": [("a", "b;x;*")]})
    ';'
    >>> _separator({";": [("", ",0,*")], ",": [(";", "0", "*")]})
    ','
    """
    best, fields = ";", 0
    for sep, rows in parsed.items():
        if isinstance(rows, csv.Error) or not rows:
            continue
        widths = {len(row) for row in rows}
        if len(widths) == 1 and min(widths) >= 2 and min(widths) > fields:
            best, fields = sep, min(widths)
    return best


def check_arx_rows(rows: Sequence[Sequence[str]], label: str) -> None:
    """Refuse rows of different lengths, a value listed twice and labels that do not nest.

    >>> check_arx_rows([("a", "x", "*"), ("b", "x", "*"), ("a", "y", "*")], "h.csv")
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: the hierarchy h.csv lists the value 'a' twice; give each value one row
    >>> check_arx_rows([("a", "x", "p"), ("b", "x", "q")], "h.csv")
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: the levels of the hierarchy h.csv do not nest: 'x' at level 1 has more than one parent at level 2 ('p' and 'q'); each value and label must generalize to exactly one label at the next level
    """
    widths = {len(r) for r in rows}
    if len(widths) != 1:
        bad = next(r for r in rows if len(r) != len(rows[0]))
        raise ParameterError(
            f"every row of the hierarchy {label} needs the same number of levels: {rows[0][0]!r} has "
            f"{len(rows[0]) - 1}, {bad[0]!r} has {len(bad) - 1}"
        )
    seen: set[str] = set()
    for row in rows:
        if row[0] in seen:
            raise ParameterError(f"the hierarchy {label} lists the value {row[0]!r} twice; give each value one row")
        seen.add(row[0])
    for level in range(1, len(rows[0]) - 1):
        parent: dict[str, str] = {}
        for row in rows:
            known = parent.setdefault(row[level], row[level + 1])
            if known != row[level + 1]:
                raise ParameterError(
                    f"the levels of the hierarchy {label} do not nest: {row[level]!r} at level {level} has more "
                    f"than one parent at level {level + 1} ({known!r} and {row[level + 1]!r}); each value and "
                    "label must generalize to exactly one label at the next level"
                )


__all__ = ["check_arx_rows", "read_arx_rows"]
