"""Gate rules on sensitive columns for a data request (docs/measures.md §8, docs/request.md):
``min_l`` (distinct l-diversity) and ``max_t`` (t-closeness) of the ``sensitive`` columns, the
requested fields without a weight as quasi-identifiers. The figures are the disclosure family's
single statement (``sql_templates/disclosure/query.sql``) over the requested fields, as
expressions, and the sensitive columns; a violated rule escalates the decision as the
joint-figure rules do (``sqlpriv_request_gate``).

>>> import pandas as pd
>>> from sqlpriv.engine.connection import connect
>>> from sqlpriv.engine.sources import resolve_columns, resolve_source
>>> src = resolve_source(pd.DataFrame({"age": [30, 30, 40, 40], "dx": ["a", "b", "a", "a"]}), connect())
>>> rule = DisclosureRule.build(src, resolve_columns(src, ["age"]), ["dx"], min_l=2, max_t=None)
>>> rule.check()
[('min_l', 'min_l: some class of age holds only 1 distinct value(s) of dx, below 2')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlpriv.engine import checks
from sqlpriv.engine.disclosure_specs import ORDERED_TYPES, disclosure_query
from sqlpriv.engine.plan import run
from sqlpriv.engine.sources import ColumnSpec, Source
from sqlpriv.engine.templates import quote, render
from sqlpriv.errors import ColumnError, ParameterError


@dataclass
class DisclosureRule:
    """The min_l / max_t rules of one request, checked lazily (one query)."""

    src: Source
    columns: list[str]
    sensitive: list[str]
    query: str
    min_l: int | None
    max_t: float | None

    @classmethod
    def build(cls, src: Source, fields: list[ColumnSpec], sensitive: Any, *, min_l: Any, max_t: Any) -> DisclosureRule:
        """Check the rules and columns (before any query) and render the statement."""
        if min_l is None and max_t is None:
            raise ParameterError("sensitive= needs a rule on it: min_l=L (e.g. 2) and/or max_t=T (e.g. 0.2)")
        min_l = None if min_l is None else checks.positive_int("min_l", min_l)
        max_t = None if max_t is None else checks.unit_interval("max_t", max_t)
        names = [sensitive] if isinstance(sensitive, str) else list(sensitive)
        if not names or not all(isinstance(s, str) for s in names):
            raise ParameterError(
                f"sensitive must name one or more columns, e.g. sensitive=['diagnosis'], got {sensitive!r}"
            )
        sens = [checks.match_column(src.column_names(), s, src.label) for s in names]
        if not fields:
            raise ParameterError("min_l / max_t need at least one requested field without a weight")
        for f in fields:
            if f.name.lower() in {s.lower() for s in sens}:
                raise ColumnError(
                    f"column {f.name!r} is both a quasi-identifier and sensitive; a sensitive column is what a "
                    "class must not disclose, so it cannot also be a requested field: drop it from one of them"
                )
        specs = [*fields, *(ColumnSpec(s, quote(s)) for s in sens)]
        relation = render("disclosure/subquery.sql", columns=specs, source=src.ref)
        types = dict(src.columns)
        ordered = [s for s in sens if types[s].upper().startswith(ORDERED_TYPES)]
        query = disclosure_query(relation, [f.name for f in fields], sens, ordered=ordered)
        return cls(src, [f.name for f in fields], sens, query, min_l, max_t)

    @property
    def policy(self) -> dict[str, Any]:
        """The rules as the assessment's policy reports them."""
        return {"sensitive": list(self.sensitive), "min_l": self.min_l, "max_t": self.max_t}

    def check(self) -> list[tuple[str, str]]:
        """The violated rules, each (name, sentence)."""
        cur = run(self.src.con, self.query)
        names = [d[0] for d in cur.description]
        rows = [dict(zip(names, r)) for r in cur.fetchall()]
        cols = ", ".join(self.columns)
        out = []
        if self.min_l is not None:
            worst = min(rows, key=lambda r: r["l_diversity"])
            if worst["l_diversity"] < self.min_l:
                sentence = (
                    f"min_l: some class of {cols} holds only {worst['l_diversity']} distinct value(s) of "
                    f"{worst['column']}, below {self.min_l}"
                )
                out.append(("min_l", sentence))
        if self.max_t is not None:
            worst = max(rows, key=lambda r: r["t_closeness"])
            if worst["t_closeness"] > self.max_t:
                sentence = (
                    f"max_t: a class of {cols} is at distance {worst['t_closeness']:.4g} from the whole table's "
                    f"distribution of {worst['column']}, above {self.max_t:g}"
                )
                out.append(("max_t", sentence))
        return out


def apply(
    decision: str, rule: str, violated: list[str], found: list[tuple[str, str]], on_violation: str
) -> tuple[str, str]:
    """The decision and deciding rule once the rules ``found`` are added: a violated rule turns
    approve into ``on_violation``, and review into reject when that is ``reject`` (as
    ``sqlpriv_request_gate``); it is named in ``violated`` whether or not it changed the decision.

    >>> apply("approve", "score", [], [("min_l", "...")], "review")
    ('review', 'min_l')
    >>> apply("review", "min_k", ["min_k"], [("max_t", "...")], "reject")
    ('reject', 'min_k, max_t')
    """
    if not found:
        return decision, rule
    violated.extend(name for name, _ in found)
    order = {"approve": 0, "review": 1, "reject": 2}
    if order[on_violation] <= order[decision]:
        return decision, rule
    names = [name for name, _ in found]
    return on_violation, ", ".join(names if rule == "score" else [rule, *names])
