"""An expression hierarchy that floors a fractional column with ``//`` is warned about (lead, 2026-11-25).

DuckDB divides FLOAT / DOUBLE / DECIMAL values plainly with ``//`` (``23.0 // 5`` is 4.6), so the
level ``age // 10 * 10`` of the docs keeps every value of a float64 age (a pandas integer column
with one missing value) as it was: the level coarsens nothing, silently. The sources already warn
for an analysed expression (tests/test_sources_floor_division.py); the generalization's expression
hierarchies now do too, and not for an integer column or for floor(x / 10).
"""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.errors import SqlprivWarning

AGES = [23, 27, 31, 38, 44, 52] * 4


def run(frame: pd.DataFrame, level: str) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        g = sqlpriv.generalize(frame, {"age": [level, "NULL"]}, k=2)
        released = g.apply(levels={"age": 1}).df()
    messages = [str(w.message) for w in caught if issubclass(w.category, SqlprivWarning)]
    # what the level computed, against pandas: // on a float divides, on an integer floors
    ages = frame["age"].astype(float)
    expected = (ages / 10 if frame["age"].dtype.kind == "f" and "//" in level else (ages // 10)) * 10
    got = pd.to_numeric(released["age"]).to_numpy()
    assert got == pytest.approx(expected.to_numpy())
    return messages


def test_floor_division_of_a_double_column_warns() -> None:
    messages = run(pd.DataFrame({"age": [float(a) for a in AGES]}), "age // 10 * 10")
    assert len(messages) == 1
    assert "hierarchy level 1 of 'age'" in messages[0] and "floor(x / 5)" in messages[0]


@pytest.mark.parametrize(
    ("ages", "level"),
    [(AGES, "age // 10 * 10"), ([float(a) for a in AGES], "floor(age / 10) * 10")],
    ids=["integer column", "floor of a division"],
)
def test_no_warning_where_the_level_floors(ages: list[float], level: str) -> None:
    assert run(pd.DataFrame({"age": ages}), level) == []
