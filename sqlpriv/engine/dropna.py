"""``dropna=True`` for the families that read the source directly (risk, disclosure, uniques,
singling out): the source replaced by a view without the rows that have a NULL in an analysed
column, and the number of rows left out.

>>> import duckdb, pandas as pd
>>> from sqlpriv.engine.sources import resolve_columns, resolve_source
>>> con = duckdb.connect()
>>> src = resolve_source(pd.DataFrame({"a": [1, None, 3], "b": ["x", "y", None]}), con)
>>> kept, dropped = drop_nulls(src, resolve_columns(src, ["a", "b"]), True)
>>> dropped, con.execute(f"select count(*) from {kept.ref}").fetchone()[0]
(2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlpriv.engine import checks
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.rows import scalar
from sqlpriv.engine.sources import ColumnSpec, Source
from sqlpriv.engine.templates import render
from sqlpriv.errors import EmptyInputError


def drop_nulls(src: Source, specs: Sequence[ColumnSpec], dropna: bool) -> tuple[Source, int]:
    """``(src, 0)`` when ``dropna`` is False; else a view of ``src`` without the rows that have a
    NULL in one of ``specs`` and the number of rows it leaves out. Refuses (EmptyInputError)
    when every row has a NULL."""
    if not checks.boolean("dropna", dropna) or not specs:
        return src, 0
    view = f"{temp_name('sqlpriv_source', src.con, '_dropna')}_dropna"
    stmt = render("engine/dropna_view.sql", columns=list(specs), relation=src.ref, view=view)
    src.con.execute(stmt)
    out = Source(
        src.con, view, src.label, statements=[*src.statements, stmt], comment=src.comment,
        columns=list(src.columns), stored=src.stored, frozen=src.frozen,
    )  # fmt: skip
    before = int(scalar(src.con.execute(render("engine/count_rows.sql", relation=src.ref))))
    after = int(scalar(src.con.execute(render("engine/count_rows.sql", relation=out.ref))))
    if after == 0 and before:
        raise EmptyInputError(
            f"every one of the {before} rows of {src.label} has a NULL in an analysed column, so "
            "dropna=True leaves nothing; use dropna=False (NULL is then a category)"
        )
    return out, before - after
