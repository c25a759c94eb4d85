"""The shared engine: connections, sources, SQL templates, macros and results.

Every measure family (``sqlpriv.shapley.measure``, ...) is a thin orchestration layer
over these pieces: it resolves a :class:`~sqlpriv.engine.sources.Source`,
renders templates from ``sql_templates/`` into a :class:`~sqlpriv.engine.plan.Plan`
and hands back :class:`~sqlpriv.engine.result.Result` objects.
"""

from sqlpriv.engine.connection import connect
from sqlpriv.engine.plan import Plan
from sqlpriv.engine.result import Result
from sqlpriv.engine.sources import ColumnSpec, Source, resolve_columns, resolve_source
from sqlpriv.engine.templates import literal, quote, render

__all__ = [
    "ColumnSpec",
    "Plan",
    "Result",
    "Source",
    "connect",
    "literal",
    "quote",
    "render",
    "resolve_columns",
    "resolve_source",
]
