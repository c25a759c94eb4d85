"""The predicates of the singling-out attack by queries (univariate, multivariate and baseline,
after anonymeter 1.1), drawn in seeded Python from what SQL fetched of the synthetic table and
kept as data, so that SQL renders them through the quoting helper; their text is written in
pandas ``query`` syntax, for reading. How each kind is built and how NULLs match is defined in
docs/measures.md §10.2.

>>> q = (Condition("age", "<=", 17), Condition("sex", "==", "Male"))
>>> query_text(q)
"age <= 17 & sex == 'Male'"
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

#: the operators a condition may carry (the templates map each one to SQL)
COMPARISONS = ("==", "!=", "<", ">", "<=", ">=")
OPERATORS = (*COMPARISONS, "isna", "notna", "is", "not")


@dataclass(frozen=True)
class Condition:
    """One condition of a query: ``column op value`` (``isna``/``notna``/``is``/``not`` take none).

    >>> Condition("flag", "not").text()
    'not flag'
    """

    column: str
    op: str
    value: Any = None

    def text(self) -> str:
        """The condition as anonymeter writes it (pandas ``query`` syntax)."""
        if self.op == "isna":
            return f"{self.column}.isna()"
        if self.op == "notna":
            return f"~{self.column}.isna()"
        if self.op == "is":
            return self.column
        if self.op == "not":
            return f"not {self.column}"
        plain = isinstance(self.value, (str, int, float, bool))
        return f"{self.column} {self.op} {self.value!r}" if plain else f"{self.column} {self.op} {str(self.value)!r}"

    def spec(self) -> dict[str, Any]:
        """What the counting template reads: column, operator, value (non-finite floats marked)."""
        special = isinstance(self.value, float) and not math.isfinite(self.value)
        return {
            "column": self.column,
            "op": self.op,
            "value": str(self.value) if special else self.value,
            "special": special,
        }


Query = tuple[Condition, ...]


def query_text(query: Query) -> str:
    """The query as one pandas ``query`` string (conditions joined by ``&``)."""
    return " & ".join(c.text() for c in query)


def condition_table(queries: list[Query]) -> tuple[list[dict[str, Any]], list[list[int]]]:
    """What ``attacks/so_counts.sql`` reads: the distinct conditions of ``queries`` (as
    :meth:`Condition.spec`, each rendered once) and, per query, the indices of its conditions.

    >>> specs, index = condition_table([(Condition("a", "isna"),), (Condition("a", "isna"), Condition("b", "is"))])
    >>> [s["op"] for s in specs], index
    (['isna', 'is'], [[0], [0, 1]])
    """
    seen: dict[Condition, int] = {}
    index = [[seen.setdefault(c, len(seen)) for c in q] for q in queries]
    return [c.spec() for c in seen], index


def is_missing(value: Any) -> bool:
    """NULL as fetched: None, or a float NaN.

    >>> is_missing(float("nan")), is_missing(0)
    (True, False)
    """
    return value is None or (isinstance(value, float) and math.isnan(value))


@dataclass(frozen=True)
class Candidate:
    """One univariate candidate: ``kind`` is isna, min, max or rare (the ``index``-th rare value)."""

    column: str
    kind: str
    index: int = 0


def univariate_candidates(stats: list[dict[str, Any]]) -> list[Candidate]:
    """Every univariate query that singles out a synthetic record, as anonymeter lists them.

    ``stats``: per column (sorted by name) ``nulls``, ``numeric``, ``n_min``/``n_max`` (records at
    the minimum / maximum) and ``rare`` (values occurring once). ``c <= min`` is kept only where
    one record holds the minimum (anonymeter checks every candidate against the synthetic table).

    >>> [c.kind for c in univariate_candidates([{"column": "a", "nulls": 1, "numeric": True,
    ...     "n_min": 1, "n_max": 2, "rare": 2}])]
    ['isna', 'min', 'rare', 'rare']
    """
    out: list[Candidate] = []
    for s in stats:
        if s["nulls"] == 1:
            out.append(Candidate(s["column"], "isna"))
        if s["numeric"] and s["n_min"] == 1:
            out.append(Candidate(s["column"], "min"))
        if s["numeric"] and s["n_max"] == 1:
            out.append(Candidate(s["column"], "max"))
        out.extend(Candidate(s["column"], "rare", i) for i in range(s["rare"]))
    return out


def pick(rng: np.random.Generator, n_total: int, n_wanted: int) -> list[int]:
    """``min(n_wanted, n_total)`` distinct indices below ``n_total``, in random order."""
    return [int(i) for i in rng.choice(n_total, size=min(n_wanted, n_total), replace=False)]


def random_columns(rng: np.random.Generator, columns: list[str], n_cols: int) -> list[str]:
    """``n_cols`` distinct columns drawn at random, sorted (anonymeter builds queries in name order)."""
    return sorted(str(columns[i]) for i in rng.choice(len(columns), size=n_cols, replace=False))


def record_query(record: dict[str, Any], columns: list[str], kinds: dict[str, str], medians: dict[str, Any]) -> Query:
    """The multivariate query of one synthetic record on ``columns`` (anonymeter's ``_query_from_record``).

    >>> record_query({"a": 5, "b": "x"}, ["a", "b"], {"a": "number", "b": "text"}, {"a": 3.0})
    (Condition(column='a', op='>=', value=5), Condition(column='b', op='==', value='x'))
    """
    out = []
    for col in sorted(columns):
        value = record[col]
        if is_missing(value):
            out.append(Condition(col, "isna"))
        elif kinds[col] == "number":
            median = medians.get(col)
            out.append(Condition(col, ">=" if median is not None and value > median else "<=", value))
        else:
            out.append(Condition(col, "==", value))
    return tuple(out)


def random_condition(rng: np.random.Generator, column: str, kind: str, value: Any) -> Condition:
    """A random guess on one column: ``value`` with a random operator (anonymeter's ``_random_query``).

    >>> random_condition(np.random.default_rng(0), "c", "text", None).op in ("isna", "notna")
    True
    """
    if is_missing(value):
        return Condition(column, str(rng.choice(["isna", "notna"])))
    if kind == "boolean":
        return Condition(column, str(rng.choice(["is", "not"])))
    ops = COMPARISONS if kind == "number" else ("==", "!=")
    return Condition(column, str(rng.choice(ops)), value)


__all__ = [
    "COMPARISONS",
    "OPERATORS",
    "Candidate",
    "Condition",
    "Query",
    "condition_table",
    "is_missing",
    "pick",
    "query_text",
    "random_columns",
    "random_condition",
    "record_query",
    "univariate_candidates",
]
