"""Argument checks shared by every measure family, and the one case-insensitive column lookup.

Each check returns the value it accepted (normalised: ``float``/``int``) or raises
:class:`~sqlpriv.errors.ParameterError` / :class:`~sqlpriv.errors.ColumnError` with one
message that names the argument, what it must be and what it got. Family-specific checks
(priors, weights, ...) stay in their family's module and call these.

>>> unit_interval("approve", 0.5), positive_int("k", 3), choice("mode", "petsard", ("exhaustive", "petsard"))
(0.5, 3, 'petsard')
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from typing import Any

from sqlpriv.engine.limits import MAX_SETS
from sqlpriv.errors import ColumnError, ParameterError

PRIOR_TOLERANCE = 1e-9  # a population prior sums to 1 within this (sqlpriv.pif.PRIOR_TOLERANCE)


def finite_number(name: str, value: Any, *, minimum: float | None = None) -> float:
    """A finite real number, at least ``minimum`` when given.

    >>> finite_number("alpha", 2)
    2.0
    >>> finite_number("alpha", -1, minimum=0)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: alpha must be >= 0, got -1
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ParameterError(f"{name} must be a finite number, got {value!r}")
    if minimum is not None and value < minimum:
        raise ParameterError(f"{name} must be >= {minimum}, got {value!r}")
    return float(value)


def unit_interval(name: str, value: Any) -> float:
    """A number in [0, 1].

    >>> unit_interval("reject", 1)
    1.0
    >>> unit_interval("reject", 1.5)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: reject must be between 0 and 1, got 1.5
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise ParameterError(f"{name} must be a number between 0 and 1, got {value!r}")
    if not 0 <= float(value) <= 1:
        raise ParameterError(f"{name} must be between 0 and 1, got {value!r}")
    return float(value)


def boolean(name: str, value: Any) -> bool:
    """``True`` or ``False`` (not a truthy value).

    >>> boolean("dropna", 1)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: dropna must be True or False, got 1
    """
    if not isinstance(value, bool):
        raise ParameterError(f"{name} must be True or False, got {value!r}")
    return value


def positive_int(name: str, value: Any, *, hint: str = "", minimum: int = 1) -> int:
    """An integer of at least ``minimum`` (1: "positive", 0: "non-negative"); ``hint`` follows
    that word in the message.

    >>> positive_int("k", True, hint=" (the k of k-anonymity)")
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: k must be a positive integer (the k of k-anonymity), got True
    >>> positive_int("digits", 0, minimum=0)
    0
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        word = {1: "positive", 0: "non-negative"}.get(minimum, f"at least {minimum}, an")
        raise ParameterError(f"{name} must be a {word} integer{hint}, got {value!r}")
    return int(value)


def choice(name: str, value: Any, options: Sequence[str]) -> str:
    """One of ``options``.

    >>> choice("on_violation", "warn", ("review", "reject"))
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: on_violation must be 'review' or 'reject', got 'warn'
    >>> choice("strategy", "x", ("auto", "union", "grouping_sets"))
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: strategy must be one of 'auto', 'union', 'grouping_sets', got 'x'
    """
    if not isinstance(value, str) or value not in options:
        quoted = [repr(o) for o in options]
        allowed = " or ".join(quoted) if len(quoted) == 2 else "one of " + ", ".join(quoted)
        raise ParameterError(f"{name} must be {allowed}, got {value!r}")
    return value


def max_cols(value: Any, d: int) -> int:
    """The largest column set to examine among ``d`` columns (None: all ``d``).

    >>> max_cols(None, 4), max_cols(2, 4)
    (4, 2)
    >>> max_cols(5, 4)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: max_cols=5 is larger than the number of columns (4); use at most 4 or None
    """
    if value is None:
        return d
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ParameterError(f"max_cols must be a positive integer or None (all {d} columns), got {value!r}")
    if value > d:
        raise ParameterError(f"max_cols={value} is larger than the number of columns ({d}); use at most {d} or None")
    return value


def lookup_column(names: Sequence[str], name: Any) -> str | None:
    """The column of ``names`` that ``name`` means: the exact name, else the one name equal to it
    ignoring case (DuckDB's and Spark's identifiers are case-insensitive); None when there is
    none, or more than one, or ``name`` is not text.

    >>> lookup_column(["Age", "zip"], "age"), lookup_column(["a", "A"], "A"), lookup_column(["a", "A"], "b")
    ('Age', 'A', None)
    """
    if not isinstance(name, str):
        return None
    if name in names:
        return name
    folded = [n for n in names if n.lower() == name.lower()]
    return folded[0] if len(folded) == 1 else None


def match_column(names: Sequence[str], name: str, label: str) -> str:
    """:func:`lookup_column`, or a :class:`~sqlpriv.errors.ColumnError` naming ``label``'s columns.

    >>> match_column(["Age"], "AGE", "t")
    'Age'
    >>> match_column(["Age"], "zip", "t")
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ColumnError: column 'zip' is not in t; available columns: 'Age'
    """
    found = lookup_column(names, name)
    if found is None:
        raise ColumnError(f"column {name!r} is not in {label}; available columns: " + ", ".join(repr(n) for n in names))
    return found


def is_empty(value: Any) -> bool:
    """Whether a request or column list names nothing: None, a blank string, an empty collection.

    >>> is_empty(None), is_empty(" "), is_empty([]), is_empty(["age"]), is_empty(3)
    (True, True, True, False, False)
    """
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    try:
        return len(value) == 0
    except TypeError:
        return False


def anonymity_k(k: Any) -> int:
    """The k of k-anonymity: a positive integer.

    >>> anonymity_k(0)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: k must be a positive integer (the k of k-anonymity), got 0
    """
    return positive_int("k", k, hint=" (the k of k-anonymity)")


def thresholds(approve: Any, reject: Any) -> tuple[float, float]:
    """Cave's gate thresholds: both in [0, 1], ``approve >= reject``.

    >>> thresholds(0.8, 0.2)
    (0.8, 0.2)
    """
    approve = unit_interval("approve", approve)
    reject = unit_interval("reject", reject)
    if approve < reject:
        raise ParameterError(
            f"approve ({approve!r}) must be at least reject ({reject!r}): scores at or above approve "
            "are approved, scores below reject are rejected, scores in between go to review"
        )
    return approve, reject


def gate_policy(max_unique_share: Any, min_k: Any, on_violation: Any) -> tuple[float | None, int | None, str]:
    """The gate policy on the joint figures: ``max_unique_share`` in [0, 1] or None, ``min_k`` a
    positive integer or None, ``on_violation`` ``"review"`` or ``"reject"``.

    >>> gate_policy(0.05, None, "reject")
    (0.05, None, 'reject')
    """
    if max_unique_share is not None:
        max_unique_share = unit_interval("max_unique_share", max_unique_share)
    if min_k is not None:
        min_k = positive_int("min_k", min_k, hint=" (the smallest class allowed) or None")
    on_violation = choice("on_violation", on_violation, ("review", "reject"))
    return max_unique_share, min_k, on_violation


def risk_rules(
    max_average_risk: Any, max_population_uniqueness: Any, sampling_fraction: Any
) -> tuple[float | None, float | None, float | None]:
    """The gate's risk rules (issue 26, docs/measures.md §9): the two limits in [0, 1] or None,
    the sampling fraction in (0, 1] or None; the same checks on DuckDB and Spark.

    >>> risk_rules(0.1, None, 0.5)
    (0.1, None, 0.5)
    """
    if max_average_risk is not None:
        max_average_risk = unit_interval("max_average_risk", max_average_risk)
    if max_population_uniqueness is not None:
        max_population_uniqueness = unit_interval("max_population_uniqueness", max_population_uniqueness)
    if sampling_fraction is not None:
        sampling_fraction = finite_number("sampling_fraction", sampling_fraction)
        if not 0 < sampling_fraction <= 1:
            raise ParameterError(
                f"sampling_fraction must be in (0, 1] (the share of the population in the table), got {sampling_fraction!r}"
            )
    return max_average_risk, max_population_uniqueness, sampling_fraction


def request_weights(weights: Any, fields: Sequence[str], columns: Sequence[str], label: str) -> dict[str, float]:
    """A request's ``weights`` keyed by its ``fields`` (as they are spelled): each a number in
    [0, 1]; a weight for anything else (a column of the source, of ``columns``, included) is
    refused with a ColumnError, never dropped (both engines' check).

    >>> request_weights({"ID": 0.9}, ["id", "age"], ["id", "age"], "t")
    {'id': 0.9}
    """
    if weights is None:
        return {}
    if not isinstance(weights, Mapping):
        raise ParameterError(f"weights must be a mapping of field name to a number in [0, 1], got {weights!r}")
    out: dict[str, float] = {}
    for name, value in weights.items():
        if not isinstance(name, str):
            raise ParameterError(f"weights keys must be field names, got {name!r}")
        w = unit_interval(f"weight of {name!r}", value)
        field = lookup_column(fields, name)
        if field is not None:
            out[field] = w
        else:
            where = (
                "a column of the source but not a requested field (request it with -c / columns=, or drop the weight)"
                if any(n.lower() == name.lower() for n in columns)
                else f"neither a requested field nor a column of {label}"
            )
            raise ColumnError(
                f"weight given for {name!r}, which is {where}; requested fields: " + ", ".join(repr(f) for f in fields)
            )
    return out


def information_priors(priors: Any, names: Sequence[str]) -> dict[int, dict[Any, float]]:
    """Population priors of the information factors keyed by analysed column index (docs/measures.md
    §2): each a non-empty {value: probability} mapping of finite numbers >= 0 summing to 1."""
    if priors is None:
        return {}
    if not isinstance(priors, Mapping):
        raise ParameterError(
            f"priors must map column names to {{value: probability}} mappings, got a {type(priors).__name__}"
        )
    out: dict[int, dict[Any, float]] = {}
    for name, prior in priors.items():
        j = analysed_index(names, name, "priors")
        if not isinstance(prior, Mapping) or not prior:
            raise ParameterError(
                f"the prior for column {name!r} must be a non-empty {{value: probability}} mapping, got {prior!r}"
            )
        total = 0.0
        seen: dict[Any, float] = {}
        for value, q in prior.items():
            if value is not None and not isinstance(value, (str, numbers.Real)):
                raise ParameterError(
                    f"the prior for column {name!r} has the key {value!r}; keys must be values "
                    "(str, int, float, bool or None for NULL)"
                )
            if isinstance(value, float) and not math.isfinite(value):
                raise ParameterError(f"the prior for column {name!r} has the key {value!r}; keys must be finite")
            if isinstance(q, bool) or not isinstance(q, numbers.Real) or not math.isfinite(float(q)):
                raise ParameterError(
                    f"the prior for column {name!r} gives {value!r} the probability {q!r}; probabilities must be numbers"
                )
            if q < 0:
                raise ParameterError(f"the prior for column {name!r} gives {value!r} the negative probability {q!r}")
            seen[value] = float(q)
            total += float(q)
        if abs(total - 1.0) > PRIOR_TOLERANCE:
            raise ParameterError(
                f"the prior for column {name!r} sums to {total!r}, not 1 (tolerance {PRIOR_TOLERANCE:g})"
            )
        out[j] = seen
    return out


def information_accuracies(accuracies: Any, names: Sequence[str]) -> dict[int, float]:
    """Accuracies of the information factors keyed by analysed column index: numbers in (0, 1]."""
    if accuracies is None:
        return {}
    if not isinstance(accuracies, Mapping):
        raise ParameterError(
            f"accuracies must map column names to numbers in (0, 1], got a {type(accuracies).__name__}"
        )
    out: dict[int, float] = {}
    for name, a in accuracies.items():
        j = analysed_index(names, name, "accuracies")
        if isinstance(a, bool) or not isinstance(a, numbers.Real) or not (0 < float(a) <= 1):
            raise ParameterError(f"the accuracy of column {name!r} must be a number in (0, 1], got {a!r}")
        out[j] = float(a)
    return out


def analysed_index(names: Sequence[str], name: Any, what: str) -> int:
    """The index of the analysed column ``name`` (matched as columns are), else one ColumnError."""
    real = lookup_column(names, name)
    if real is not None:
        return names.index(real)
    raise ColumnError(
        f"{what} names the column {name!r}, which is not analysed; analysed columns: "
        + ", ".join(repr(n) for n in names)
    )


def bounded_max_cols(d: int, value: Any, limit: int = MAX_SETS) -> int:
    """``max_cols`` of a set search over ``d`` columns (:func:`max_cols`), refused when the column
    sets it means (every set of 1..max_cols columns) are more than ``limit``.

    >>> bounded_max_cols(4, None), bounded_max_cols(40, 3)
    (4, 3)
    >>> bounded_max_cols(40, 8)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: 40 columns up to max_cols=8 is 100,146,723 column sets; pass a smaller max_cols
    """
    value = max_cols(value, d)
    n_sets = sum(math.comb(d, s) for s in range(1, value + 1))
    if n_sets > limit:
        raise ParameterError(f"{d} columns up to max_cols={value} is {n_sets:,} column sets; pass a smaller max_cols")
    return value
