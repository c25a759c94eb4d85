"""DuckDB connections with sqlpriv's settings and macros, locked down once sources are bound.

A connection sqlpriv opens itself (``con=None`` or a ``.duckdb`` path) is *owned*: before the
first generated query runs, and before anything of an attached ``.duckdb`` file is bound (a
view or macro in a crafted file could read another file while it is bound), :func:`lock_down`
turns external access off except for the source files bound on it
(``enable_external_access = false`` with ``allowed_paths`` / ``allowed_directories``), turns extension auto-install and auto-load off and locks the
configuration, so that no later statement can read or write another file, attach a database,
load an extension or change a setting. An attached ``.duckdb`` file is never the default
catalog nor on the search path: its tables and views are read through fully qualified names
(:func:`attached_relation`), so a macro in it can never stand in for a built-in function that
generated SQL calls. A connection the user passes as ``con=`` is left exactly as it is
(expressions are still checked by :mod:`sqlpriv.engine.sandbox`).

>>> con = connect(threads=1, memory_limit="1GB")
>>> con.execute("select current_setting('threads')").fetchone()[0]
1
>>> lock_down(con); is_locked(con)
True
>>> con.execute("select current_setting('enable_external_access')").fetchone()[0]
False
"""

from __future__ import annotations

import fnmatch as _fnmatch
import glob as _glob
import os
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from sqlpriv.engine import macros
from sqlpriv.engine.hygiene import open_scope
from sqlpriv.engine.interrupts import track
from sqlpriv.engine.templates import quote, render
from sqlpriv.errors import OutputError, ParameterError, SourceError

DATABASE_SUFFIXES = (".duckdb", ".db", ".ddb")
ATTACHED_NAME = "sqlpriv_db"


@dataclass
class _Guard:
    """What an owned connection may still reach once locked down."""

    paths: set[str] = field(default_factory=set)
    directories: set[str] = field(default_factory=set)
    locked: bool = False
    database: str | None = None  # the attached .duckdb file (its path as given), if any
    sources: set[str] = field(default_factory=set)  # every source file or glob, as given


LOCK_DOWN_STEPS = ("paths", "directories", "autoinstall", "autoload", "external_access", "lock")
_OWNED: weakref.WeakKeyDictionary[duckdb.DuckDBPyConnection, _Guard] = weakref.WeakKeyDictionary()


def is_locked(con: duckdb.DuckDBPyConnection) -> bool:
    """True once :func:`lock_down` has locked an owned connection."""
    guard = _OWNED.get(con)
    return bool(guard and guard.locked)


def _forms(path: str) -> set[str]:
    return {path, os.path.abspath(path)}


def allow_source(con: duckdb.DuckDBPyConnection, path: str) -> None:
    """Let an owned connection keep reading source ``path`` (a file, or a glob's folder) after lock-down."""
    guard = _OWNED.get(con)
    if guard is None:
        return
    if guard.locked:
        raise SourceError(
            f"cannot bind {path!r}: this sqlpriv connection is already locked down (a table of a .duckdb "
            "file is only read once the connection is locked); bind file sources before tables of the database"
        )
    guard.sources.add(path)
    if _glob.has_magic(path):
        parts = Path(path).parts
        static = [p for p in parts[: next(i for i, p in enumerate(parts) if _glob.has_magic(p))]]
        folder = str(Path(*static)) if static else "."
        guard.directories |= _forms(folder)
    else:
        guard.paths |= _forms(path)


def check_not_source(output: str | os.PathLike[str], sources: Iterable[str]) -> None:
    """Refuse (one OutputError) an output path that is a source file, lies inside a source folder
    or matches a source glob: writing it would overwrite (or later be read as) the input.

    >>> check_not_source("people.csv", ["./people.csv"])
    Traceback (most recent call last):
    ...
    sqlpriv.errors.OutputError: cannot write 'people.csv': it is the source './people.csv' (or inside or matched by it); sqlpriv never overwrites its input, choose another path
    >>> check_not_source("out/phi.parquet", ["data/*.parquet"])
    """
    out = os.path.realpath(os.fspath(output))
    for source in sources:
        if not isinstance(source, str) or not source or "://" in source:
            continue
        hit = False
        if _glob.has_magic(source):
            pattern = os.path.join(os.path.realpath(os.path.dirname(source) or "."), os.path.basename(source))
            hit = _fnmatch.fnmatch(out, pattern) or _fnmatch.fnmatch(out, os.path.abspath(source))
            hit = hit or out in {os.path.realpath(m) for m in _glob.glob(source, recursive=True)}
        else:
            real = os.path.realpath(source)
            hit = out == real or (os.path.isdir(real) and out.startswith(real.rstrip(os.sep) + os.sep))
        if hit:
            raise OutputError(
                f"cannot write {os.fspath(output)!r}: it is the source {source!r} (or inside or matched by it); "
                "sqlpriv never overwrites its input, choose another path"
            )


def refuse_source_output(con: duckdb.DuckDBPyConnection, output: str | os.PathLike[str]) -> None:
    """:func:`check_not_source` against every source (and database file) bound on an owned connection."""
    guard = _OWNED.get(con)
    if guard is not None:
        check_not_source(output, sorted(guard.sources))


def attached_relation(con: duckdb.DuckDBPyConnection, name: str) -> tuple[str, str, str] | None:
    """The table or view ``name`` of the ``.duckdb`` file attached to an owned connection, as
    ``(statement attaching the file, qualified reference, the name as stored)``; None when there
    is no attached file or no such relation.

    Looked up in the catalog (``duckdb_tables()`` / ``duckdb_views()``), which binds nothing:
    the relation itself is only bound once the connection is locked.
    """
    guard = _OWNED.get(con)
    if guard is None or guard.database is None:
        return None
    rows = con.execute(render("engine/attached_relations.sql"), [ATTACHED_NAME]).fetchall()
    # a table of the main schema by its name (or main.name), one of another schema as schema.name
    stored = {
        (str(schema), str(table)): str(table) if schema == "main" else f"{schema}.{table}" for schema, table in rows
    }
    names = [(key, shown) for key, shown in stored.items()] + [
        (key, f"main.{key[1]}") for key in stored if key[0] == "main"
    ]
    exact = [key for key, shown in names if shown == name]
    folded = sorted({key for key, shown in names if shown.lower() == name.lower()})
    found = exact[0] if exact else (folded[0] if len(folded) == 1 else None)
    if found is None:
        return None
    ref = ".".join(quote(part) for part in (ATTACHED_NAME, *found))
    attach = render("engine/attach.sql", path=guard.database, alias=ATTACHED_NAME)
    return attach, ref, stored[found]


def script_source(con: duckdb.DuckDBPyConnection, statements: Iterable[str], writes: Iterable[str] = ()) -> list[str]:
    """A source's statements as a printed script runs them: a database file attached (``attach``)
    as the Python path does it, extensions neither installed nor loaded before, the connection
    locked down right after (only the sources, the database file and the script's own ``writes``
    reachable, settings locked), before any of the file's tables or views is bound."""
    guard = _OWNED.get(con)
    out: list[str] = []
    for stmt in statements:
        if guard is None or not stmt.startswith("attach "):
            out.append(stmt)
            continue
        out += [render("engine/lock_down.sql", step=step) for step in ("autoinstall", "autoload")]
        out.append(stmt)
        paths = sorted(guard.paths | {form for w in writes for form in _forms(os.fspath(w))})
        out += [
            render("engine/lock_down.sql", step=step, paths=paths, directories=sorted(guard.directories))
            for step in LOCK_DOWN_STEPS
        ]
    return out


def lock_down(con: duckdb.DuckDBPyConnection) -> None:
    """Lock an owned connection (idempotent); leave a user's own connection untouched."""
    guard = _OWNED.get(con)
    if guard is None or guard.locked:
        return
    for step in LOCK_DOWN_STEPS:
        con.execute(
            render("engine/lock_down.sql", step=step, paths=sorted(guard.paths), directories=sorted(guard.directories))
        )
    guard.locked = True


def _check_order_settings(con: duckdb.DuckDBPyConnection) -> None:
    """Refuse a user's connection whose settings change what sqlpriv's SQL means:
    ``preserve_insertion_order = false`` (DuckDB may then read a table or DataFrame in any order,
    and sqlpriv numbers rows by the order it reads them in: the ``row`` of per-row results, the
    positions of singled-out records, ``by()`` with ``dropna``; a row got another row's values),
    and a ``default_order`` or ``default_null_order`` other than DuckDB's ascending, NULLs last
    (every ORDER BY and window without a direction relies on them: the ordered t-closeness
    distance, the search order of singling out, the sampled Shapley orders), and
    ``integer_division = true`` (``by()``'s share of two integer counts came out 0), and a
    ``default_collation`` (``nocase``: 'Ann' and 'ann' one value in every class, where a release
    shows both: the generalization's k was overstated).

    >>> c = duckdb.connect()
    >>> _ = c.execute("set preserve_insertion_order = false")
    >>> _ = c.execute("set default_null_order = 'nulls_first'")
    >>> connect(c)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: this connection has settings sqlpriv's SQL cannot run under: preserve_insertion_order = false (DuckDB may then read a table or DataFrame in any order, and sqlpriv numbers rows by their input order), default_null_order = NULLS_FIRST (every ORDER BY without a direction must read ascending, NULLs last); run con.execute("set preserve_insertion_order = true"); con.execute("set default_null_order = 'nulls_last'") first, or pass no con=
    """
    try:
        row = con.execute(render("engine/order_settings.sql")).fetchone()
    except duckdb.Error:
        return
    if row is None:
        return
    keep, order, nulls, integer_division, collation = row
    wrong: list[tuple[str, str]] = []
    if keep is False:
        wrong.append(
            (
                "preserve_insertion_order = false (DuckDB may then read a table or DataFrame in any order, "
                "and sqlpriv numbers rows by their input order)",
                "set preserve_insertion_order = true",
            )
        )
    why = "(every ORDER BY without a direction must read ascending, NULLs last)"
    if not str(order).upper().startswith("ASC"):
        wrong.append((f"default_order = {order} {why}", "set default_order = 'asc'"))
    if str(nulls).upper() != "NULLS_LAST":
        wrong.append((f"default_null_order = {nulls} {why}", "set default_null_order = 'nulls_last'"))
    if integer_division is True:
        wrong.append(
            (
                "integer_division = true (a / b of two integers must be a fraction: shares, rates)",
                "set integer_division = false",
            )
        )
    if collation not in (None, "", "binary"):
        wrong.append(
            (
                f"default_collation = {collation} (text must compare byte for byte: a collation makes "
                "'Ann' and 'ann' one value, which a release shows as two)",
                "set default_collation = ''",
            )
        )
    if wrong:
        raise ParameterError(
            "this connection has settings sqlpriv's SQL cannot run under: "
            + ", ".join(w for w, _ in wrong).replace(f" {why}, ", ", ")
            + "; run "
            + "; ".join(f'con.execute("{fix}")' for _, fix in wrong)
            + " first, or pass no con="
        )


def _refuse_user_settings(threads: object, memory_limit: object, temp_directory: object) -> None:
    """Refuse ``threads=``, ``memory_limit=`` or ``temp_directory=`` with a user's connection:
    they would change that connection for good (a user's connection is left as found).

    >>> _refuse_user_settings(2, None, None)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: threads= sets up a connection sqlpriv opens; a connection passed as con= is left as it is: set it there yourself (con.execute("set threads = 2")) or pass no con=
    """
    given = {"threads": threads, "memory_limit": memory_limit, "temp_directory": temp_directory}
    named = [(name, value) for name, value in given.items() if value is not None]
    if named:
        raise ParameterError(
            ", ".join(f"{name}=" for name, _ in named)
            + (" sets" if len(named) == 1 else " set")
            + " up a connection sqlpriv opens; a connection passed as con= is left as it is: set "
            + ("it" if len(named) == 1 else "them")
            + " there yourself ("
            + "; ".join(f'con.execute("set {name} = {value!r}")'.replace("'", "'") for name, value in named)
            + ") or pass no con="
        )


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
    in-memory connection, NOT made the default catalog: its relations are read
    by qualified name once the connection is locked), or ``None`` (a fresh
    in-memory connection). ``temp_directory`` lets DuckDB spill to disk instead
    of failing when ``memory_limit`` is reached.
    """
    if con is None:
        conn = duckdb.connect()
        _OWNED[conn] = _Guard()
        # our own connection: no progress bar, which DuckDB writes to stdout (and into printed scripts)
        conn.execute(render("engine/settings.sql", progress_bar=False))
    elif isinstance(con, duckdb.DuckDBPyConnection):
        conn = con
        _check_order_settings(conn)
        _refuse_user_settings(threads, memory_limit, temp_directory)
        open_scope(conn)  # what sqlpriv makes on it is dropped once its results are gone
    elif isinstance(con, (str, os.PathLike)):
        path = Path(con)
        if not path.is_file():
            raise SourceError(
                f"database file {str(path)!r} does not exist; pass an existing .duckdb file "
                "or an open duckdb connection as con="
            )
        conn = duckdb.connect()
        _OWNED[conn] = _Guard(database=str(path))
        allow_source(conn, str(path))  # the attached file stays readable once locked
        conn.execute(render("engine/settings.sql", progress_bar=False))
        for step in ("autoinstall", "autoload"):  # a crafted file's types must not install or load anything
            conn.execute(render("engine/lock_down.sql", step=step))
        try:
            conn.execute(render("engine/attach.sql", path=str(path), alias=ATTACHED_NAME))
        except duckdb.Error as exc:
            raise SourceError(f"cannot open {str(path)!r} as a DuckDB database: {exc}") from None
    else:
        raise ParameterError(f"con= must be a duckdb connection or a path to a .duckdb file, not {type(con).__name__}")
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
    return track(conn)
