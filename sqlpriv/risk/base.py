"""What the risk measure's DuckDB and Spark forms share (docs/measures.md §9): the result's
figures read from its spec (rows, columns, population size, entity) and the population models
solved once on the class-size histogram, whichever engine produced it.

>>> import warnings
>>> class Rows(list):
...     def fetchall(self):
...         return list(self)
>>> class Toy(RiskBase):
...     def histogram(self):
...         return Rows([(1, 2), (2, 1)])
>>> toy = Toy({"n": 4, "population": 4, "columns": []})
>>> with warnings.catch_warnings():  # Pitman does not converge on 4 rows
...     warnings.simplefilter("ignore")
...     toy.n, toy.population_size, toy.models()["zayatz"]
(4, 4.0, 0.5)
"""

from __future__ import annotations

import hashlib
from typing import Any

from sqlpriv.risk import models as risk_models

#: the population-uniqueness models, in the order the summary lists them
MODELS = ("pitman", "zayatz", "snb", "dankar")


class RiskBase:
    """Base of a risk result: ``spec`` holds n, population, columns (specs with ``.name``),
    and the carried columns; a subclass gives ``histogram()`` (rows of (size, classes))."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self._models: dict[str, Any] | None = None
        self._histogram: dict[int, int] = {}  # what models() were solved on

    @property
    def n(self) -> int:
        """Rows analysed; with ``entity``, the distinct (entity, class) pairs (the entities,
        when each entity's quasi-identifiers do not change)."""
        return int(self.spec["n"])

    @property
    def columns(self) -> list[str]:
        """Names of the analysed columns, in order."""
        return [c.name for c in self.spec["columns"]]

    @property
    def population_size(self) -> float:
        """The population size the models assume: ``population_size``, ``n / sampling_fraction``,
        the sum of the weights, or ``n`` (the sample is the population)."""
        return float(self.spec["population"])

    @property
    def dropped_rows(self) -> int:
        """Rows left out because of a NULL in a quasi-identifier (``dropna=True``; else 0)."""
        return int(self.spec.get("dropped", 0))

    @property
    def entity(self) -> str | None:
        """The entity column whose distinct values the class sizes count (None: rows)."""
        return self.spec.get("entity")

    def histogram(self) -> Any:
        """The class-size histogram: rows of (size, classes), smallest first."""
        raise NotImplementedError

    def models(self) -> dict[str, Any]:
        """The population-uniqueness estimates (fractions of the population) by model, and
        ``dankar_model``; solved once on the histogram, a model that did not converge is NaN
        with a :class:`~sqlpriv.SqlprivWarning` naming it."""
        if self._models is None:
            hist = {int(size): int(count) for size, count in self.histogram().fetchall()}
            self._histogram = hist
            self._models = risk_models.solve(hist, self.n, self.population_size, stacklevel=3)
        return self._models

    def fingerprint(self) -> str:
        """The md5 of the histogram the models were solved on, as risk/summary.sql's guard
        computes it in SQL (``size:classes`` pairs, smallest size first, comma-separated)."""
        self.models()
        text = ",".join(f"{size}:{count}" for size, count in sorted(self._histogram.items()))
        return hashlib.md5(text.encode()).hexdigest()
