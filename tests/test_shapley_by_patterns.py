"""The exact per-pattern values with subsets grouped by their high-cardinality columns
(``shapley/phi_factored.sql``) and ``by()`` tables of expressions over plain analysed columns
computed from per-key sums (``shapley/by_patterns.sql``), against the brute force
(tests/shapley_oracle.py) and against the levels-table path they replace."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sqlpriv
from sqlpriv.engine import layout
from sqlpriv.shapley import measure as shapley
from tests.shapley_oracle import shapley_per_row
from tests.test_shapley_properties import frame, tables

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EXPRESSIONS = [
    "c0",
    "c1 is null",
    "c0::varchar is not distinct from c1::varchar",
    "1",
    "null",
    "coalesce(c1::varchar, c0::varchar)",
]


def group_means(df: pd.DataFrame, levels: pd.Series, values: np.ndarray, names: list[str], by: pd.DataFrame) -> None:
    """Every row of ``by`` holds the mean of ``values`` over the rows of its level, and its size."""
    assert int(by["n"].sum()) == len(df)
    for _, row in by.iterrows():
        mask = levels.isna() if pd.isna(row["level"]) else (levels == row["level"]).fillna(False)
        mask = mask.to_numpy(bool)
        assert row["n"] == int(mask.sum())
        assert row["share"] == pytest.approx(mask.sum() / len(df), abs=1e-12)
        np.testing.assert_allclose(row[names].to_numpy(float), values[mask].mean(axis=0), atol=1e-9)


@SETTINGS
@given(tables(min_d=2, max_d=5, max_rows=18), st.data())
def test_factored_values_and_by_tables_match_bruteforce(table, data):
    """Whatever the split into high and low columns, the per-row values read from the factored
    per-pattern values equal the brute force, and so do the by() tables' group means; the
    per-pattern values carry every pattern with its multiplicity."""
    rows, names, kinds = table
    d = len(names)
    high = data.draw(st.lists(st.integers(0, d - 1), min_size=1, max_size=min(d, 4), unique=True))
    expr = data.draw(st.sampled_from(EXPRESSIONS))
    df = frame(rows, names, kinds)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(shapley, "phi_split", lambda cardinalities, n: sorted(high))
        r = sqlpriv.uniqueness_shapley(df, names)
    assert r.phi_weights
    expected = np.array(shapley_per_row(rows))
    np.testing.assert_allclose(r.per_row().df()[names].to_numpy(float), expected, atol=1e-9)
    t = r.frame.names
    con = r.frame.plan.con
    keys = ", ".join(f"k{i}" for i in range(len(r.frame.words)))
    phi_w = con.execute(f'select {keys}, w from "{t["phi"]}" order by all').fetchall()
    patterns_w = con.execute(f'select {keys}, w from "{t["patterns"]}" order by all').fetchall()
    assert phi_w == patterns_w
    levels = sqlpriv.connect().execute(f"select {expr} as level from df").df()["level"]
    group_means(df, levels, expected, names, r.by(expr).df())


@pytest.mark.filterwarnings("ignore:.*single row")
@SETTINGS
@given(tables(min_d=1, max_d=4, max_rows=20), st.sampled_from(EXPRESSIONS), st.booleans(), st.booleans())
def test_by_patterns_equals_the_levels_table_path(table, expr, dropna, factored):
    """The one-statement by() of an expression over plain analysed columns gives exactly the
    table of the levels-table path (same levels, order, sizes, types; values to 1e-12), with
    NULL levels, dropna and either kind of per-pattern values."""
    rows, names, kinds = table
    if "c1" in expr and len(names) < 2:
        expr = "c0"
    df = frame(rows, names, kinds)
    with pytest.MonkeyPatch.context() as mp:
        if factored:
            mp.setattr(shapley, "phi_split", lambda cardinalities, n: [0])
        try:
            r = sqlpriv.uniqueness_shapley(df, names, dropna=dropna)
        except sqlpriv.errors.EmptyInputError:
            return
        assert r.phi_weights == factored
        fast = r.by(expr).df()
        mp.setattr(shapley, "BY_PATTERNS", False)
        slow = r.by(expr).df()
    assert list(fast.columns) == list(slow.columns)
    assert fast.dtypes.tolist() == slow.dtypes.tolist()
    pd.testing.assert_frame_equal(fast, slow, rtol=1e-12, atol=1e-12)


def test_by_of_other_columns_and_expression_columns_keeps_working(monkeypatch):
    """by() of a column that is not analysed (read per row) and of an analysed expression
    column still equals the brute-force group means, next to the one-statement path."""
    monkeypatch.setattr(shapley, "phi_split", lambda cardinalities, n: [1])
    rng = np.random.default_rng(3)
    df = pd.DataFrame(
        {
            "a": rng.integers(0, 4, 60),
            "b": rng.integers(0, 9, 60),
            "x": rng.integers(0, 3, 60),
            "age": rng.integers(18, 80, 60),
        }
    )
    df["a"] = pd.array([None if i % 7 == 0 else int(v) for i, v in enumerate(df["a"])], dtype="Int64")
    columns = ["a", "b", {"decade": "age // 10"}]
    r = sqlpriv.uniqueness_shapley(df, columns)
    names = ["a", "b", "decade"]
    rows = [(None if pd.isna(a) else int(a), b, age // 10) for a, b, age in zip(df["a"], df["b"], df["age"])]
    expected = np.array(shapley_per_row(rows))
    for expr in ["x", "x > 0 or a = 1", "age >= 40", "a", "b % 2 = 0"]:
        levels = sqlpriv.connect().execute(f"select {expr} as level from df").df()["level"]
        group_means(df, levels, expected, names, r.by(expr).df())


def test_factored_values_over_several_packed_words(monkeypatch):
    """Keys packed into several words (forced by a small word size): the factored per-pattern
    values and the by() tables equal the brute force."""
    monkeypatch.setattr(layout, "WORD_BITS", 4)
    monkeypatch.setattr(shapley, "phi_split", lambda cardinalities, n: [0, 2])
    rng = np.random.default_rng(7)
    df = pd.DataFrame({f"c{j}": rng.integers(0, k, 80) for j, k in enumerate([9, 3, 6, 2])})
    names = list(df.columns)
    r = sqlpriv.uniqueness_shapley(df, names)
    assert len(r.frame.words) > 1 and r.phi_weights
    expected = np.array(shapley_per_row(list(df.itertuples(index=False))))
    np.testing.assert_allclose(r.per_row().df()[names].to_numpy(float), expected, atol=1e-9)
    for expr in ["c0 < 4", "c2", "c1 = c3"]:
        levels = sqlpriv.connect().execute(f"select {expr} as level from df").df()["level"]
        group_means(df, levels, expected, names, r.by(expr).df())


def test_phi_split_picks_high_cardinality_columns_only_when_it_pays():
    assert shapley.phi_split([800, 7, 5, 3, 88], 7_500_000) == [0, 4]
    assert shapley.phi_split([800, 7, 5, 3, 88], 200) == []  # few rows: every key is a pattern
    assert shapley.phi_split([3, 3, 3], 1_000_000) == []
    for cards in itertools.product([2, 50, 1000], repeat=3):
        high = shapley.phi_split(list(cards), 10**6)
        assert all(cards[j] >= min(cards) for j in high)


def test_expression_reads_names_every_column_the_expression_may_read():
    df = pd.DataFrame({"party": ["a", "b"], "age": [30, 40], "current_date": [1, 2], "z": [1, 1]})
    r = sqlpriv.uniqueness_shapley(df, ["party", "age", "current_date", "z"])

    def reads(expr: str) -> list[str]:
        return [c["name"] for c in shapley.expression_reads(r.frame, expr)]

    assert reads("party") == ["party"]
    assert reads("age < 32") == ["age"]
    assert reads('"AGE" + 1 > "Party"::int') == ["party", "age"]
    assert reads("1") == []
    assert reads("current_date") == ["current_date"]
