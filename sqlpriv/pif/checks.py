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

from typing import Any

from sqlpriv.engine import checks, cohorts


def check_priors(priors: Any, frame: cohorts.CohortFrame) -> dict[int, dict[Any, float]]:
    return checks.information_priors(priors, [c.name for c in frame.columns])


def check_accuracies(accuracies: Any, frame: cohorts.CohortFrame) -> dict[int, float]:
    return checks.information_accuracies(accuracies, [c.name for c in frame.columns])


def column_index(frame: cohorts.CohortFrame, name: Any, what: str) -> int:
    return checks.analysed_index([c.name for c in frame.columns], name, what)


__all__ = ["check_accuracies", "check_priors", "column_index"]
