"""The checks of the information factors' own arguments: population priors and accuracies,
each keyed by an analysed column (docs/measures.md §2).

>>> import pandas as pd
>>> from sqlpriv.engine import cohorts
>>> from sqlpriv.engine.connection import connect
>>> frame = cohorts.prepare(pd.DataFrame({"a": [1, 2], "b": ["x", "y"]}), None, connect())
>>> check_priors({"B": {"x": 0.5, "y": 0.5}}, frame), check_accuracies({"a": 0.9}, frame)
({1: {'x': 0.5, 'y': 0.5}}, {0: 0.9})
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from typing import Any

from sqlpriv.engine import checks, cohorts
from sqlpriv.errors import ColumnError, ParameterError
from sqlpriv.pif.model import PRIOR_TOLERANCE


def check_priors(priors: Any, frame: cohorts.CohortFrame) -> dict[int, dict[Any, float]]:
    if priors is None:
        return {}
    if not isinstance(priors, Mapping):
        raise ParameterError(
            f"priors must map column names to {{value: probability}} mappings, got a {type(priors).__name__}"
        )
    out: dict[int, dict[Any, float]] = {}
    for name, prior in priors.items():
        j = column_index(frame, name, "priors")
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


def check_accuracies(accuracies: Any, frame: cohorts.CohortFrame) -> dict[int, float]:
    if accuracies is None:
        return {}
    if not isinstance(accuracies, Mapping):
        raise ParameterError(
            f"accuracies must map column names to numbers in (0, 1], got a {type(accuracies).__name__}"
        )
    out: dict[int, float] = {}
    for name, a in accuracies.items():
        j = column_index(frame, name, "accuracies")
        if isinstance(a, bool) or not isinstance(a, numbers.Real) or not (0 < float(a) <= 1):
            raise ParameterError(f"the accuracy of column {name!r} must be a number in (0, 1], got {a!r}")
        out[j] = float(a)
    return out


def column_index(frame: cohorts.CohortFrame, name: Any, what: str) -> int:
    names = [c.name for c in frame.columns]
    real = checks.lookup_column(names, name)
    if real is not None:
        return names.index(real)
    raise ColumnError(
        f"{what} names the column {name!r}, which is not analysed; analysed columns: "
        + ", ".join(repr(n) for n in names)
    )


__all__ = ["check_accuracies", "check_priors", "column_index"]
