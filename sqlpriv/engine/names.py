"""The one way sqlpriv names its temporary tables and views.

On a DuckDB connection a name is the first ``base_<i>`` (i = 0, 1, ...) not taken on it: stable
names in printed scripts, and no clash with another analysis on a shared connection. Where
there is no DuckDB connection to look at (a Spark session), ``base_<i>_<random hex>``.

>>> import duckdb
>>> con = duckdb.connect()
>>> temp_name("sqlpriv_x", con)
'sqlpriv_x_0'
>>> _ = con.execute("create table sqlpriv_x_0_t as select 1")
>>> temp_name("sqlpriv_x", con, "_t"), temp_name("sqlpriv_x", con)
('sqlpriv_x_1', 'sqlpriv_x_0')
>>> temp_name("sqlpriv_view").startswith("sqlpriv_view_")
True

:func:`temp_names` names several at once with one look at the catalog (each look is a query:
about 1-3 ms, which a step naming a table per column paid per name):

>>> temp_names(["sqlpriv_x", "sqlpriv_y", "sqlpriv_x"], con)
['sqlpriv_x_0', 'sqlpriv_y_0', 'sqlpriv_x_1']
"""

from __future__ import annotations

import itertools
import uuid
from typing import Any

from sqlpriv.engine.templates import render

_counter = itertools.count()


def temp_name(base: str, con: Any = None, suffix: str = "") -> str:
    """A fresh name starting with ``base``: with ``con`` (DuckDB), the first ``base_<i>`` such that
    no table or view ``base_<i><suffix>`` exists on ``con``; without, one unique in this process."""
    if con is None:
        return f"{base}_{next(_counter)}_{uuid.uuid4().hex[:6]}"
    return temp_names([base], con, suffix)[0]


def temp_names(bases: list[str], con: Any = None, suffix: str = "", *, fresh: bool = False) -> list[str]:
    """:func:`temp_name` for each of ``bases`` in order, with one catalog query on ``con``: each
    name is the first ``base_<i>`` neither taken on ``con`` nor given earlier in the list.
    ``fresh``: ``con`` is a connection the caller made itself and has created nothing on yet
    (no other code holds it), so no name is taken and the catalog is not asked (the first
    catalog query of a connection costs about 4 ms):

    >>> import duckdb
    >>> con = duckdb.connect()
    >>> temp_names(["sqlpriv_x", "sqlpriv_x"], con, fresh=True)
    ['sqlpriv_x_0', 'sqlpriv_x_1']
    """
    if con is None:
        return [temp_name(base) for base in bases]
    if not bases:
        return []
    prefix = bases[0]
    for base in bases[1:]:  # their longest common prefix: one query finds every name taken
        while not base.startswith(prefix):
            prefix = prefix[:-1]
    taken: set[str] = set()
    if not fresh:
        taken = {row[0] for row in con.execute(render("engine/fresh_names.sql"), [prefix]).fetchall()}
    names = []
    for base in bases:
        for i in itertools.count():
            if f"{base}_{i}{suffix}" not in taken and f"{base}_{i}" not in names:
                names.append(f"{base}_{i}")
                break
    return names
