"""What a release must meet: a list of criteria (docs/measures.md §7).

Each criterion is rendered into SQL by ``sql_templates/generalize/criterion.sql`` as a condition
on a lattice node's statistics. ``monotone`` criteria (every generalization of a node that meets
them meets them too) let the search skip every specialization of a node that fails. l-diversity,
t-closeness and risk thresholds plug in as further kinds.

>>> p = Policy.build(k=5, suppression_limit=0.05, max_unique_share=None)
>>> [c.kind for c in p.criteria], p.max_suppressed(1000)
(['k_anonymity'], 50)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from sqlpriv.engine import checks


@dataclass(frozen=True)
class Criterion:
    kind: str
    value: float
    monotone: bool = True


@dataclass(frozen=True)
class Policy:
    """k (classes smaller than k are suppressed), the share of rows that may be suppressed, and
    the criteria every released table must meet."""

    k: int
    suppression_limit: float
    criteria: tuple[Criterion, ...] = field(default_factory=tuple)

    @staticmethod
    def build(k: int, suppression_limit: float, max_unique_share: float | None) -> Policy:
        k = checks.positive_int("k", k)
        limit = checks.unit_interval("suppression_limit", suppression_limit)
        criteria = [Criterion("k_anonymity", float(k))]
        if max_unique_share is not None:
            criteria.append(Criterion("max_unique_share", checks.unit_interval("max_unique_share", max_unique_share)))
        return Policy(k, limit, tuple(criteria))

    def max_suppressed(self, n: int) -> int:
        """Rows that may be suppressed: floor(limit x n), as ARX counts its outliers."""
        return int(math.floor(self.suppression_limit * n + 1e-9))

    @property
    def monotone(self) -> bool:
        return all(c.monotone for c in self.criteria)

    def describe(self) -> str:
        parts = [f"k = {self.k}", f"at most {self.suppression_limit:.1%} of rows suppressed"]
        parts += [f"unique share <= {c.value:g}" for c in self.criteria if c.kind == "max_unique_share"]
        return ", ".join(parts)
