"""``//`` on a fractional column coarsens nothing in DuckDB (issue: hunt-c, 2026-11-25).

DuckDB floors ``//`` on integers only: ``23.0 // 5`` is 4.6. The docs coarsen with
``{"age5": "age // 5"}``; on a DOUBLE ``age`` (a pandas integer column with one missing value is
float64) that kept every age in its own class, silently: the "coarsened" figures were those of
``age``. A SqlprivWarning now says so and what to write instead; integer ``//`` stays silent.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.errors import SqlprivWarning

AGES = [23, 27, 31, 40, 44, 45, 52, 58]
FRAME = pd.DataFrame({"age": [float(a) for a in AGES[:-1]] + [np.nan], "iage": AGES, "g": list("aabbccdd")})


def test_floor_division_of_a_double_column_warns_and_does_not_coarsen():
    with pytest.warns(SqlprivWarning, match=r"age // 5.*DOUBLE.*floor\(x / 5\)"):
        profile = sqlpriv.privacy_profile(FRAME, [{"age5": "age // 5"}]).df()
    assert profile["categories"].tolist() == [8]  # DuckDB divides: no two ages share a class
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        floored = sqlpriv.privacy_profile(FRAME, [{"age5": "floor(age / 5)"}]).df()
        integers = sqlpriv.privacy_profile(FRAME, [{"age5": "iage // 5"}]).df()
    expected = len({a // 5 for a in AGES[:-1]}) + 1  # and the NULL
    assert floored["categories"].tolist() == [expected]
    assert integers["categories"].tolist() == [len({a // 5 for a in AGES})]


@pytest.mark.parametrize(
    "call",
    [
        lambda: sqlpriv.uniqueness_shapley(FRAME, ["g", {"a10": "iage // 10.0"}]),
        lambda: sqlpriv.assess_request(FRAME, ["g", {"a10": "age // 10"}]),
        lambda: sqlpriv.uniqueness_shapley(FRAME, ["g", "iage"]).by("age // 10"),
    ],
)
def test_every_family_warns(call):
    with pytest.warns(SqlprivWarning, match="divides a (DOUBLE|DECIMAL literal) with //"):
        call()
