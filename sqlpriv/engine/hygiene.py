"""A user's connection left as it was found: the temp tables, views and macros sqlpriv makes on a
connection passed as ``con=`` are dropped once no result of the calls that made them is left.

:func:`open_scope` (called by :func:`sqlpriv.engine.connection.connect` for a user's connection)
notes the ``sqlpriv_*`` temp objects already there; every :class:`~sqlpriv.engine.plan.Plan` on
that connection holds the scope (:func:`hold`) until it is closed (``close()`` or ``with`` on a
result) or garbage-collected; when the last one goes, every ``sqlpriv_*`` temp table, view and
macro made since is dropped (objects of the user's own, and those there before, are kept).

>>> import duckdb, gc
>>> con = duckdb.connect()
>>> open_scope(con)
>>> _ = con.execute("create temp table sqlpriv_t_0 as select 1")
>>> class Owner: pass
>>> owner = Owner(); closer = hold(con, owner)
>>> del owner; _ = gc.collect()
>>> con.execute("select count(*) from duckdb_tables() where temporary").fetchone()[0]
0
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any, Callable

import duckdb

from sqlpriv.engine.templates import render


@dataclass
class _Scope:
    """The ``sqlpriv_*`` temp objects a user's connection held before, and the live holders."""

    before: frozenset[tuple[str, str]]
    live: int = 0
    closers: list[Any] = field(default_factory=list)
    pending: list[Any] = field(default_factory=list)  # the holds of sources no plan has taken over yet


_SCOPES: weakref.WeakKeyDictionary[duckdb.DuckDBPyConnection, _Scope] = weakref.WeakKeyDictionary()


def temp_objects(con: duckdb.DuckDBPyConnection) -> frozenset[tuple[str, str]]:
    """The ``(kind, name)`` of every ``sqlpriv_*`` temp view, table and macro on ``con``."""
    try:
        return frozenset((str(k), str(n)) for k, n in con.execute(render("engine/temp_objects.sql")).fetchall())
    except duckdb.Error:
        return frozenset()


def open_scope(con: duckdb.DuckDBPyConnection) -> None:
    """Note what a user's connection holds before sqlpriv makes anything on it (once per scope)."""
    if con not in _SCOPES:
        _SCOPES[con] = _Scope(temp_objects(con))


def hold(con: duckdb.DuckDBPyConnection, owner: object) -> Callable[[], None] | None:
    """Keep ``con``'s scope open while ``owner`` (a plan) lives; returns the function that
    releases it now (idempotent), None where ``con`` has no scope (a connection sqlpriv owns)."""
    scope = _SCOPES.get(con)
    if scope is None:
        return None
    scope.live += 1
    closer = weakref.finalize(owner, _release, con, scope)
    closer.atexit = False
    pending, scope.pending = scope.pending, []
    for source_hold in pending:  # this plan now keeps what the call made so far
        source_hold()
    return closer


def hold_until_planned(con: duckdb.DuckDBPyConnection, owner: object) -> None:
    """Keep ``con``'s scope open while ``owner`` (a source: a registered frame, a frozen copy of
    a view) lives, until the next plan on ``con`` takes over (:func:`hold`): a call refused
    after it made its source, before any plan (a limit, a bad column), leaves nothing behind
    once the source is gone."""
    scope = _SCOPES.get(con)
    if scope is None:
        return
    scope.live += 1
    closer = weakref.finalize(owner, _release, con, scope)
    closer.atexit = False
    scope.pending.append(closer)


def _release(con: duckdb.DuckDBPyConnection, scope: _Scope) -> None:
    scope.live -= 1
    if scope.live > 0 or _SCOPES.get(con) is not scope:
        return
    del _SCOPES[con]
    made = temp_objects(con) - scope.before
    order = {"view": 0, "table": 1, "macro": 2, "table_macro": 3}  # views before the tables they read
    for kind, name in sorted(made, key=lambda item: (order.get(item[0], 9), item[1])):
        try:
            con.execute(render("engine/drop_temp_object.sql", kind=kind, object=name))
        except (duckdb.Error, RuntimeError):  # a closed connection, an object the user dropped
            continue


__all__ = ["hold", "hold_until_planned", "open_scope", "temp_objects"]
