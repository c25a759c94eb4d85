"""Gate rules on sensitive columns for data requests: ``min_l`` (distinct l-diversity) and
``max_t`` (t-closeness) of the ``sensitive`` columns given the requested fields
(docs/measures.md §8; ``assess_request(..., sensitive=, min_l=, max_t=)``, ``sqlpriv request
--sensitive COL --min-l L --max-t T``). The figures are :func:`sqlpriv.disclosure.attribute_disclosure`'s
summary, over the requested fields without a weight (the joint columns) as quasi-identifiers.

>>> import pandas as pd
>>> df = pd.DataFrame({"age": [30, 30, 40, 40], "dx": ["a", "b", "a", "a"]})
>>> rule = DisclosureRule.build(df, ["age"], ["dx"], min_l=2, max_t=None, con=None)
>>> rule.check()
[('min_l', 'min_l: some class of age holds only 1 distinct value(s) of dx, below 2')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlpriv.disclosure import DisclosureResult, attribute_disclosure
from sqlpriv.engine import checks
from sqlpriv.errors import ParameterError


@dataclass
class DisclosureRule:
    """The min_l / max_t rules of one request, checked lazily (one summary query)."""

    result: DisclosureResult
    min_l: int | None
    max_t: float | None

    @classmethod
    def build(
        cls, source: Any, columns: Sequence[Any], sensitive: Any, *, min_l: Any, max_t: Any, con: Any
    ) -> DisclosureRule:
        """Check the thresholds (before any query) and plan the disclosure figures."""
        if min_l is None and max_t is None:
            raise ParameterError("sensitive= needs a rule on it: min_l=L (e.g. 2) and/or max_t=T (e.g. 0.2)")
        if min_l is not None:
            min_l = checks.positive_int("min_l", min_l)
        if max_t is not None:
            max_t = checks.unit_interval("max_t", max_t)
        if not columns:
            raise ParameterError("min_l / max_t need at least one requested field without a weight")
        return cls(attribute_disclosure(source, list(columns), sensitive=sensitive, con=con), min_l, max_t)

    @property
    def policy(self) -> dict[str, Any]:
        """The rules as the assessment's policy reports them."""
        return {"sensitive": self.result.sensitive, "min_l": self.min_l, "max_t": self.max_t}

    def check(self) -> list[tuple[str, str]]:
        """The violated rules, each (name, sentence)."""
        rows = self.result.summary().df().to_dict("records")
        cols = ", ".join(self.result.columns)
        out = []
        if self.min_l is not None:
            worst = min(rows, key=lambda r: r["l_diversity"])
            if worst["l_diversity"] < self.min_l:
                out.append(
                    (
                        "min_l",
                        f"min_l: some class of {cols} holds only {worst['l_diversity']} distinct value(s) of "
                        f"{worst['column']}, below {self.min_l}",
                    )
                )
        if self.max_t is not None:
            worst = max(rows, key=lambda r: r["t_closeness"])
            if worst["t_closeness"] > self.max_t:
                out.append(
                    (
                        "max_t",
                        f"max_t: a class of {cols} is at distance {worst['t_closeness']:.4g} from the whole table's "
                        f"distribution of {worst['column']}, above {self.max_t:g}",
                    )
                )
        return out


def apply(
    decision: str, rule: str, violated: list[str], found: list[tuple[str, str]], on_violation: str
) -> tuple[str, str]:
    """The decision and deciding rule once the disclosure rules ``found`` are added: a violated
    rule turns approve into ``on_violation`` (as the joint-figure rules do); it is named in
    ``violated`` whether or not it changed the decision.

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
