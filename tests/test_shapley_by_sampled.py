"""Sampled ``by()`` of an expression over analysed columns: the cross entropies of the subsets
holding the expression's columns come from the cells (shapley/cross_entropy_cells.sql), the
others from the (pattern, subset) pairs (shapley/cross_entropy_chunk.sql). Checked against two
things that share none of that shortcut:

- the same grouping through a copy of the column that is NOT analysed, with the shortcut for
  columns whose value fixes the level switched off (``shapley.DETERMINING_COLUMNS``; so ``by()``
  takes the positional levels table and the pairs for every subset, no cells shortcut): means,
  sizes and standard errors equal to 1e-12;
- the group means, in pandas, of the sampled per-row values (``per_row()``, its own templates),
  which the cross-entropy identity makes equal to the by() means for every sampled order.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sqlpriv
from sqlpriv.shapley import measure as shapley
from tests.test_shapley_properties import frame, tables

ADULT = Path(__file__).resolve().parents[1] / "examples" / "data" / "adult.csv"
SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def by_pair(df: pd.DataFrame, names: list[str], column: str, samples: int, seed: int) -> tuple[pd.DataFrame, ...]:
    """``by(column)`` (cells path) and ``by(copy of column)`` (pairs for every subset) of one
    sampled analysis of ``names``, and its per-row values."""
    data = df.copy()
    data["zz_copy"] = data[column]
    r = sqlpriv.uniqueness_shapley(data, names, method="sample", samples=samples, seed=seed)
    assert r.sampled
    cells = r.by(column).df()
    with pytest.MonkeyPatch.context() as mp:  # the oracle: pairs for every subset
        mp.setattr(shapley, "DETERMINING_COLUMNS", False)
        pairs = r.by("zz_copy").df()
    return cells, pairs, r.per_row().df()


def plain(value: object) -> object:
    """A level as the input holds it (DuckDB returns dates as timestamps)."""
    return value.date() if isinstance(value, pd.Timestamp) else value


def check(df: pd.DataFrame, names: list[str], column: str, samples: int = 40, seed: int = 0) -> None:
    cells, pairs, per_row = by_pair(df, names, column, samples, seed)
    assert len(cells) == len(pairs) == df[column].nunique(dropna=False)
    pd.testing.assert_series_equal(cells["level"], pairs["level"])
    numbers = [c for c in cells.columns if c != "level"]
    np.testing.assert_allclose(cells[numbers].to_numpy(float), pairs[numbers].to_numpy(float), rtol=0, atol=1e-12)
    # the oracle: plain pandas group means of the per-row values, sizes and shares by counting
    levels = df[column].reset_index(drop=True).map(plain)
    for _, row in cells.iterrows():
        level = plain(row["level"])
        mask = (levels.isna() if pd.isna(level) else (levels == level).fillna(False)).to_numpy(bool)
        assert row["n"] == mask.sum()
        assert row["share"] == pytest.approx(mask.sum() / len(df), abs=1e-12)
        np.testing.assert_allclose(row[names].to_numpy(float), per_row.loc[mask, names].mean().to_numpy(), atol=1e-9)
    assert (cells[[f"{c}_se" for c in names]].to_numpy(float) >= 0).all()


@SETTINGS
@given(tables(min_d=2, max_d=5, max_rows=24), st.integers(0, 4), st.integers(0, 99))
def test_sampled_by_cells_path_equals_the_pairs_path(table, which, seed):
    rows, names, kinds = table
    df = frame(rows, names, kinds)
    check(df, names, names[which % len(names)], samples=12, seed=seed)


def test_sampled_by_on_adult_rows():
    """The first 1,500 rows of adult, 8 columns (sampled on request), by education and by sex."""
    df = pd.read_csv(ADULT, nrows=1500)
    names = ["age", "workclass", "education", "marital-status", "occupation", "race", "sex", "hours-per-week"]
    check(df, names, "education", samples=30, seed=2)
    check(df, names, "sex", samples=30, seed=3)


def test_sampled_by_of_a_column_another_one_fixes():
    """adult's education-num codes the levels of education as numbers: the subsets holding it come
    from the cells (shapley/determining_columns.sql), with education analysed or not, the rest from
    the pairs; equal to the pairs for every subset and to the pandas group means."""
    df = pd.read_csv(ADULT, nrows=1500)
    names = ["age", "education-num", "marital-status", "occupation", "race", "sex"]
    r = sqlpriv.uniqueness_shapley(df, names, method="sample", samples=12, seed=1)
    r.by("education")
    r.frame.plan.ensure(["by1_levels"])
    assert shapley.determining_columns(r.frame, r.frame.names["prefix"] + "_by1_levels") == [1]
    check(df, names, "education", samples=30, seed=4)
    check(df, [*names, "education"], "education", samples=30, seed=5)  # the columns read first, then education-num
