"""Input positions read from Parquet files instead of numbered in a copy of the rows.

A Parquet source's ``analysed`` view numbers its rows by DuckDB's ``file_row_number`` plus
the rows of the files read before (``engine/file_positions.sql``), so no per-row ``input``
table is materialised and a filter on the position prunes row groups (single file). Every
other source (CSV, JSON, DataFrames, tables, relations) keeps the numbered ``input`` table
(``engine/positions.sql``).

>>> import pathlib, tempfile, duckdb
>>> from sqlpriv.engine.connection import connect
>>> from sqlpriv.engine.sources import resolve_source
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> con = connect()
>>> for i in (1, 2):
...     _ = con.execute(f"copy (select range as x from range({i * 3})) to '{folder}/part{i}.parquet'")
>>> [(pathlib.Path(f["file"]).name, f["offset"]) for f in parquet_files(resolve_source(str(folder / "*.parquet"), con))]
[('part1.parquet', 0), ('part2.parquet', 3)]
"""

from __future__ import annotations

import os
from typing import Any

from sqlpriv.engine.plan import run
from sqlpriv.engine.sources import Source
from sqlpriv.engine.templates import render
from sqlpriv.errors import SourceError

MAX_FILES = 256  # more files than this: the numbered input table (one CASE branch per file)
_ADDED_COLUMNS = ("file_row_number", "filename")  # what the positioned scan adds to the file's columns


def parquet_files(src: Source) -> list[dict[str, Any]] | None:
    """The files of a Parquet source with the input position of each one's first row, in
    DuckDB's read order; ``None`` when the positions must come from a numbered copy of the rows
    instead (not a Parquet file or glob, a column named like the columns the scan adds, or more
    than ``MAX_FILES`` files)."""
    if src.parquet is None or any(n.lower() in _ADDED_COLUMNS for n in src.column_names()):
        return None
    rows = run(src.con, render("engine/parquet_files.sql", path=src.parquet)).fetchall()
    if not rows or len(rows) > MAX_FILES:
        return None
    files, offset = [], 0
    for name, count in rows:
        files.append({"file": name, "offset": offset, "stamp": _stamp(name)})
        offset += int(count)
    return files


def _stamp(name: str) -> tuple[int, int] | None:
    """A local file's size and modification time (ns); ``None`` for a remote one."""
    try:
        st = os.stat(name)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


def unchanged_guard(src: Source, files: list[dict[str, Any]]) -> Any:
    """A check, run before each use of the analysis, that refuses a Parquet source whose files
    changed since they were numbered: the analysis reads the files at each step (no copy), so a
    replaced, grown or added file would mix old and new rows or leave rows without a position.

    >>> import pathlib, tempfile, duckdb
    >>> from sqlpriv.engine.connection import connect
    >>> from sqlpriv.engine.sources import resolve_source
    >>> path = str(pathlib.Path(tempfile.mkdtemp()) / "t.parquet")
    >>> _ = duckdb.execute(f"copy (select range as x from range(3)) to '{path}'")
    >>> src = resolve_source(path, connect())
    >>> guard = unchanged_guard(src, parquet_files(src))
    >>> guard()  # unchanged: nothing happens
    >>> _ = duckdb.execute(f"copy (select range as x from range(5)) to '{path}'")
    >>> guard()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    sqlpriv.errors.SourceError: ... changed since it was analysed ...
    """
    names = [f["file"] for f in files]
    stamps = [f["stamp"] for f in files]

    def guard() -> None:
        now = [_stamp(name) for name in names]
        listed = [row[0] for row in run(src.con, render("engine/glob_files.sql", path=src.parquet)).fetchall()]
        if now != stamps or listed != names:
            raise SourceError(
                f"{src.label} changed since it was analysed (a file was replaced, changed, added or removed), "
                "so its rows no longer match the analysis; run the measure again on the file as it is now"
            )

    return guard
