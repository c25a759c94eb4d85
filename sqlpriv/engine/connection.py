"""DuckDB connections with sqlpriv's settings and macros.

>>> con = connect(threads=1, memory_limit="1GB")
>>> con.execute("select current_setting('threads')").fetchone()[0]
1
"""

from __future__ import annotations

import os
from pathlib import Path

import duckdb

from sqlpriv.engine import macros
from sqlpriv.engine.templates import render
from sqlpriv.errors import ParameterError, SourceError

DATABASE_SUFFIXES = (".duckdb", ".db", ".ddb")
ATTACHED_NAME = "sqlpriv_db"


def connect(
    con: duckdb.DuckDBPyConnection | str | os.PathLike[str] | None = None,
    *,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | os.PathLike[str] | None = None,
) -> duckdb.DuckDBPyConnection:
    """Return a connection ready for sqlpriv: settings applied, macros registered.

    ``con`` may be an open DuckDB connection (used as is, never closed by
    sqlpriv), a path to a ``.duckdb`` file (attached read-only to a fresh
    in-memory connection and made the default catalog), or ``None`` (a fresh
    in-memory connection). ``temp_directory`` lets DuckDB spill to disk instead
    of failing when ``memory_limit`` is reached.
    """
    if con is None:
        conn = duckdb.connect()
        # our own connection: no progress bar, which DuckDB writes to stdout (and into printed scripts)
        conn.execute(render("engine/settings.sql", progress_bar=False))
    elif isinstance(con, duckdb.DuckDBPyConnection):
        conn = con
    elif isinstance(con, (str, os.PathLike)):
        path = Path(con)
        if not path.is_file():
            raise SourceError(
                f"database file {str(path)!r} does not exist; pass an existing .duckdb file "
                "or an open duckdb connection as con="
            )
        conn = duckdb.connect()
        conn.execute(render("engine/settings.sql", progress_bar=False))
        try:
            conn.execute(render("engine/attach.sql", path=str(path), alias=ATTACHED_NAME))
        except duckdb.Error as exc:
            raise SourceError(f"cannot open {str(path)!r} as a DuckDB database: {exc}") from None
        conn.execute(render("engine/use.sql", alias=ATTACHED_NAME))
    else:
        raise ParameterError(
            f"con= must be a duckdb connection or a path to a .duckdb file, not {type(con).__name__}"
        )
    if threads is not None:
        if int(threads) < 1:
            raise ParameterError(f"threads must be a positive integer, got {threads!r}")
        conn.execute(render("engine/settings.sql", threads=int(threads)))
    try:
        if memory_limit is not None:
            conn.execute(render("engine/settings.sql", memory_limit=str(memory_limit)))
        if temp_directory is not None:
            conn.execute(render("engine/settings.sql", temp_directory=str(temp_directory)))
    except duckdb.Error as exc:
        raise ParameterError(f"invalid connection option: {exc}") from None
    macros.register(conn)
    return conn
