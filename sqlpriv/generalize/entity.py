"""What a generalization checks of its source before the search: that a file it releases from
has not changed since (:func:`stable_guard`), and with ``entity=`` (issue 46: several rows per
person) that every row names its entity and each entity's quasi-identifiers never change, so
that the search's class sizes count distinct entities at every lattice node
(:func:`check_entity`).

>>> import pandas as pd
>>> from sqlpriv.engine.connection import connect
>>> from sqlpriv.engine.sources import resolve_source
>>> src = resolve_source(pd.DataFrame({"pid": [1, 1, 2], "age": [30, 30, 41]}), connect())
>>> check_entity(src, "pid", ["age"], None)
('pid', 3)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from sqlpriv.engine import checks
from sqlpriv.engine.cache import source_version
from sqlpriv.engine.plan import run
from sqlpriv.engine.sources import Source
from sqlpriv.engine.templates import render
from sqlpriv.errors import ColumnError, ParameterError, SourceError


def check_entity(src: Source, entity: Any, qis: list[str], key: str | None) -> tuple[str, int] | None:
    """The entity column as the source spells it and the source's rows, or None without
    ``entity``; refused: a name that is not one column, a quasi-identifier, a NULL entity, an
    entity whose quasi-identifiers change between its rows."""
    if entity is None:
        return None
    if not isinstance(entity, str):
        raise ParameterError(f"entity must be one column name, got {entity!r}")
    name = checks.match_column(src.column_names(), entity, src.label)
    if name in qis:
        raise ColumnError(
            f"column {name!r} is both the entity and a quasi-identifier; the entity says whose row it is "
            "(it is released as it is, never generalized): name another entity or drop its hierarchy"
        )
    rows, nulls, changing = run(
        src.con, render("generalize/entity_check.sql", source=src.ref, entity=name, qis=qis)
    ).fetchone() or (0, 0, 0)
    if nulls:
        raise ParameterError(
            f"entity column {name!r} has {int(nulls):,} NULL values; every row needs the entity (person) it "
            "belongs to, or leave entity out to count rows"
        )
    if changing:
        raise ParameterError(
            f"{int(changing):,} entities of {name!r} have rows with different values of the quasi-identifiers "
            f"({', '.join(qis)}); a person counted once must sit in one class: make the quasi-identifiers "
            "constant per entity (e.g. the first year's values) or generalize one row per entity"
        )
    return name, int(rows)


def stable_guard(source: Any, label: str) -> Callable[[], None] | None:
    """For a file source (its files' size and modification time) or a pyarrow Table (immutable),
    a check that refuses to release rows from a source that changed since the search (the
    release joins the rows to the search's tables); None for any other source, which is released
    by :file:`generalize/release.sql`, counting the classes of the rows as they are then."""
    if type(source).__module__.split(".")[0] == "pyarrow" and type(source).__name__ == "Table":
        return lambda: None
    if not isinstance(source, (str, os.PathLike)) or label != repr(os.fspath(source)):
        return None  # not a file (a DataFrame, a relation, a table on con=)
    version = source_version(source)
    if version is None:
        return None

    def guard() -> None:
        if source_version(source) != version:
            raise SourceError(
                f"{label} changed since it was generalized (a file was replaced, changed, added or removed), "
                "so the search's classes no longer match its rows; run sqlpriv.generalize again on it as it is now"
            )

    return guard
