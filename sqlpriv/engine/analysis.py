"""The shape every measure object shares: one lazy plan over one source.

A measure function (``uniqueness_shapley``, ``information_factors``,
``assess_request``, ``singling_out``, ...) checks its arguments, resolves the
source and columns, declares its SQL steps on a :class:`~sqlpriv.engine.plan.Plan`
and returns an :class:`Analysis`. Nothing heavy runs until a result is asked
for. Each view of the analysis (``summary()``, ``per_row()``, ``cig()``, ...)
is a :class:`~sqlpriv.engine.result.Result`: ``.df()``, ``.arrow()``,
``.relation``, ``.to_parquet()``, ``.to_csv()``, ``.sql``.

``script(*results)`` prints one SQL script for several results at once (what
every CLI command's ``--sql`` prints): the macros, the source, each step the
results need exactly once, then each result's query, or a ``COPY ... TO``
statement for a ``(result, path)`` pair.

>>> import pandas as pd
>>> import sqlpriv
>>> r = sqlpriv.uniqueness_shapley(pd.DataFrame({"a": [1, 1, 2], "b": [1, 2, 2]}))
>>> isinstance(r, Analysis), r.n, r.columns, r.dropped_rows
(True, 3, ['a', 'b'], 0)
>>> text = r.script(r.summary(), (r.per_row(), "phi.parquet"))
>>> text.count("-- result"), "COPY" in text.upper()
(2, True)
"""

from __future__ import annotations

import os
from typing import Union

from sqlpriv.engine.plan import Plan
from sqlpriv.engine.result import Result

ScriptItem = Union[Result, "tuple[Result, str | os.PathLike[str]]"]


class Analysis:
    """Base of every measure object: ``plan``, ``n``, ``columns``, ``dropped_rows``, ``script()``."""

    plan: Plan

    @property
    def n(self) -> int:
        """Rows analysed (after any rows were dropped)."""
        raise NotImplementedError

    @property
    def columns(self) -> list[str]:
        """Names of the analysed columns, in order."""
        raise NotImplementedError

    @property
    def dropped_rows(self) -> int:
        """Rows left out of the analysis (``dropna=True``, duplicates, ...)."""
        return 0

    def script(self, *results: ScriptItem) -> str:
        """One SQL script producing every result given; a ``(result, path)`` pair is written
        to ``path`` by a ``COPY`` statement (Parquet, or CSV for a path ending in ``.csv``)."""
        needs: list[str] = []
        queries: list[str] = []
        writes: list[str] = []
        for item in results:
            if isinstance(item, tuple):
                result, path = item
                queries.append(result.copy_sql(path))
                writes.append(str(path))
            else:
                result = item
                queries.append(result.query)
            needs += [n for n in result.needs if n not in needs]
        return self.plan.script(needs, queries, writes)
