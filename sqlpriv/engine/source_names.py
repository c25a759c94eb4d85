"""Column names a source repeats, ignoring case: DuckDB makes them unique as it reads (``a`` and
``A`` become ``a`` and ``A_1``) and its names are case-insensitive, so ``A`` would then name
``a``. :mod:`sqlpriv.engine.sources` refuses such sources, naming the names: a DataFrame's and a
relation's names are read directly, a file's from its header or schema (``engine/header_names.sql``)
when one of the names DuckDB gives looks renamed.
"""

from __future__ import annotations

import glob
import re
from typing import Any

import duckdb

from sqlpriv.engine.templates import render
from sqlpriv.errors import ColumnError

RENAMED = re.compile(r"_[0-9]+$")
HEADER_FILES = 64  # the files of a glob whose headers are read when a name looks renamed


def header_names(
    con: duckdb.DuckDBPyConnection, reader: str, path: str, csv: dict[str, Any] | None
) -> list[tuple[str, list[str]]]:
    """The column names of the file(s) at ``path`` as their header or schema holds them, before
    DuckDB makes repeated ones unique (``a`` and ``A`` become ``a`` and ``A_1``, and ``A`` would
    then name ``a``): ``(file, names)`` for each file of a CSV or Parquet glob (the first 64), the
    sampled objects' keys of JSON. Nothing where a probe fails.

    >>> import duckdb, os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> for name in ("p1.csv", "p2.csv"):
    ...     _ = open(os.path.join(folder, name), "w").write("a,A_1\\n1,2\\n")
    >>> [names for _, names in header_names(duckdb.connect(), "read_csv", os.path.join(folder, "*.csv"), None)]
    [['a', 'A_1'], ['a', 'A_1']]
    """
    found: list[tuple[str, list[str]]] = []
    globbed = any(ch in path for ch in "*?[")
    try:
        if reader == "read_csv":
            files = (sorted(glob.glob(path, recursive=True))[:HEADER_FILES] if globbed else []) or [path]
            for file in files:
                row = con.execute(render("engine/header_names.sql", reader=reader, path=file, csv=csv)).fetchone()
                if row is not None:
                    found.append((file, [str(v) for v in row if v is not None]))
        elif reader == "read_parquet":
            rows = con.execute(render("engine/header_names.sql", reader=reader, path=path)).fetchall()
            per_file: dict[str, list[tuple[str, int]]] = {}
            for file, name, children in rows:
                per_file.setdefault(str(file), []).append((str(name), int(children)))
            found = [(file, top_level(elements)) for file, elements in list(per_file.items())[:HEADER_FILES]]
        else:
            rows = con.execute(render("engine/header_names.sql", reader=reader, path=path)).fetchall()
            found = [(path, [str(row[0]) for row in rows if row[0] is not None])]
    except duckdb.Error:
        return []
    return found


def top_level(elements: list[tuple[str, int]]) -> list[str]:
    """The root's children in a Parquet schema listed depth first as (name, child count).

    >>> top_level([("schema", 2), ("a", 0), ("s", 1), ("x", 0)])
    ['a', 's']
    """
    if not elements:
        return []
    names: list[str] = []
    i = 1
    for _ in range(elements[0][1]):
        if i >= len(elements):
            break
        names.append(elements[i][0])
        pending = elements[i][1]  # skip the element's subtree
        i += 1
        while pending and i < len(elements):
            pending += elements[i][1] - 1
            i += 1
    return names


def refuse_duplicate_names(names: list[str], label: str) -> None:
    """DuckDB silently renames repeated column names (x, x_1); refuse them instead."""
    seen: dict[str, str] = {}
    repeated: list[str] = []
    for name in names:
        key = name.lower()  # DuckDB identifiers are case-insensitive
        if key in seen and name not in repeated:
            repeated.append(name if seen[key] == name else f"{seen[key]}/{name}")
        seen.setdefault(key, name)
    if repeated:
        raise ColumnError(
            f"{label} has column names that appear more than once (DuckDB names are case-insensitive): "
            + ", ".join(repr(n) for n in repeated)
            + "; DuckDB would silently rename them (x, x_1), so rename them first"
        )
