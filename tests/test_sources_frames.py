"""DataFrames with a dtype DuckDB cannot scan (issue: hunt-c, 2026-11-25).

A pandas period, interval, complex or sparse column made ``con.register`` raise DuckDB's own
``NotImplementedException`` out of every measure. It is one ``SourceError`` now, naming the
column and what to do; the frame with that column converted gives the oracle's numbers.
"""

from __future__ import annotations

import math

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.errors import SourceError

GROUPS = list("aabbcc")
COLUMNS = {
    "when": pd.period_range("2020-01", periods=3, freq="M").repeat(2),
    "span": pd.IntervalIndex.from_breaks([0, 1, 2, 3]).repeat(2),
    "z": [1 + 1j, 1 + 1j, 2, 2, 3, 4],
    "sparse": pd.arrays.SparseArray([0, 0, 1, 1, 0, 2]),
}


@pytest.mark.parametrize("column", sorted(COLUMNS))
def test_a_column_duckdb_cannot_read_is_one_clear_error(column):
    df = pd.DataFrame({"g": GROUPS, column: COLUMNS[column]})
    for measure in (
        lambda: sqlpriv.uniqueness_shapley(df, ["g"]),
        lambda: sqlpriv.privacy_profile(df),
        lambda: sqlpriv.cig(df),
    ):
        with pytest.raises(SourceError, match=f"column '{column}'.*astype\\(str\\)"):
            measure()
    fixed = df.assign(**{column: df[column].astype(str)})
    profile = sqlpriv.privacy_profile(fixed, [column]).df()
    counts = fixed[column].value_counts().to_numpy()
    assert profile["categories"].tolist() == [len(counts)]
    assert math.isclose(profile["privacy_factor"].iloc[0], float((1 - 1 / counts).mean()), abs_tol=1e-12)
