"""Permutation-sampling mode (Maleki et al. 2013) against exact values on d = 14."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.errors import ParameterError, SqlprivWarning


@pytest.fixture(scope="module")
def wide():
    rng = np.random.default_rng(7)
    n, d = 300, 14
    base = rng.integers(0, 3, size=(n, 4))
    cols = {}
    for j in range(d):
        # correlated columns: mixes of a few latent factors plus noise, 2-5 levels
        cols[f"v{j}"] = (base[:, j % 4] + rng.integers(0, 1 + j % 3, size=n)) % (2 + j % 4)
    df = pd.DataFrame(cols)
    return df.iloc[np.r_[np.arange(n), np.arange(40)]]  # repeated rows


@pytest.fixture(scope="module")
def exact(wide):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SqlprivWarning)
        r = sqlpriv.uniqueness_shapley(wide, method="exact")
    return r


def test_auto_switches_to_sampling_with_a_warning(wide, monkeypatch):
    from sqlpriv.shapley import measure as shapley

    monkeypatch.setattr(shapley, "EXACT_PAIRS", 1_000)  # 14 columns over ~300 patterns: beyond
    with pytest.warns(SqlprivWarning, match="sampled column orders"):
        r = sqlpriv.uniqueness_shapley(wide, samples=20)
    assert r.method == "sample"
    assert "shapley_se" in r.summary().df().columns


def test_auto_is_exact_beyond_12_columns_while_it_fits(wide, exact):
    """14 columns, ~300 patterns: 2^14 subsets each is ~5M pairs, within the exact budget."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", SqlprivWarning)  # no sampling (nor any other) warning
        r = sqlpriv.uniqueness_shapley(wide)
    assert r.method == "exact"
    pd.testing.assert_frame_equal(r.summary().df(), exact.summary().df())


def test_exact_mode_above_limit_warns(wide):
    with pytest.warns(SqlprivWarning, match="2\\^14"):
        sqlpriv.uniqueness_shapley(wide, method="exact")


def test_sampled_summary_within_four_standard_errors(wide, exact):
    sampled = sqlpriv.uniqueness_shapley(wide, method="sample", samples=300, seed=3).summary().df()
    truth = exact.summary().df().set_index("column")["shapley"]
    for _, row in sampled.iterrows():
        assert row["shapley_se"] > 0
        assert abs(row["shapley"] - truth[row["column"]]) <= 4 * row["shapley_se"], row["column"]
    # marginal and conditional entropies are exact in both modes
    assert np.allclose(sampled["entropy"], exact.summary().df()["entropy"], atol=1e-12)


def test_sampled_per_row_and_by_are_consistent(wide, exact):
    r = sqlpriv.uniqueness_shapley(wide, method="sample", samples=100, seed=5)
    per_row = r.per_row().df()
    names = r.columns
    assert [c for c in per_row.columns if c.endswith("_se")] == [f"{c}_se" for c in names]
    summary = r.summary().df().set_index("column")["shapley"]
    assert np.abs(per_row[names].mean().to_numpy() - summary.to_numpy()).max() < 1e-9
    # efficiency holds for every sampled order, hence for the mean
    sizes = wide.groupby(names)[names[0]].transform("size").to_numpy()
    assert np.abs(per_row[names].sum(axis=1) - np.log2(len(wide) / sizes)).max() < 1e-9
    by = r.by("v0").df()
    for _, row in by.iterrows():
        mask = (wide["v0"] == row["level"]).to_numpy()
        assert np.abs(per_row.loc[mask, names].mean().to_numpy() - row[names].to_numpy(float)).max() < 1e-9
        assert (row[[f"{c}_se" for c in names]].to_numpy(float) >= 0).all()


def test_same_seed_same_numbers(wide):
    a = sqlpriv.uniqueness_shapley(wide, method="sample", samples=30, seed=11).summary().df()
    b = sqlpriv.uniqueness_shapley(wide, method="sample", samples=30, seed=11).summary().df()
    c = sqlpriv.uniqueness_shapley(wide, method="sample", samples=30, seed=12).summary().df()
    pd.testing.assert_frame_equal(a, b)
    assert not np.allclose(a["shapley"], c["shapley"])


@pytest.mark.parametrize(("d", "samples", "seed"), [(14, 30, 11), (3, 5, 2)])
def test_steps_table_holds_the_seeded_orders(wide, d, samples, seed):
    """The steps table (shapley/permutations.sql, one list literal of the orders) against the
    orders drawn independently here as documented (B = max(2, ceil(samples / d)) blocks, each
    order_i[pos] = p[(r[i] + c[pos]) mod d] for three random.Random(seed).sample(range(d), d)
    draws p, r, c), and per (order, column) the bitmask of the columns revealed before it and
    after it, and its position; each block puts every column once at every position."""
    import random

    rng = random.Random(seed)
    orders = []
    for _ in range(max(2, -(-samples // d))):
        p, r, c = rng.sample(range(d), d), rng.sample(range(d), d), rng.sample(range(d), d)
        orders += [[p[(r[i] + c[pos]) % d] for pos in range(d)] for i in range(d)]
    samples = len(orders)
    expected = set()
    for perm, order in enumerate(orders):
        before = 0
        for pos, col in enumerate(order):
            expected.add((perm, True, col, before, before | (1 << col), pos))
            before |= 1 << col
    for b in range(samples // d):
        block = orders[b * d : (b + 1) * d]
        assert all(sorted(o[pos] for o in block) == list(range(d)) for pos in range(d))
    r = sqlpriv.uniqueness_shapley(wide.iloc[:, :d], method="sample", samples=samples, seed=seed)
    r.frame.plan.ensure(["steps"])
    rows = r.frame.plan.con.execute(f'select * from "{r.frame.names["steps"]}"').fetchall()
    assert {row for row in rows if row[1]} == expected
    assert len([row for row in rows if row[1]]) == samples * d


def test_sampling_is_exact_for_two_columns():
    """With d = 2 only two orders exist; enough samples visit both, so the mean is close."""
    df = pd.DataFrame({"a": [1, 1, 2, 2, 3], "b": [1, 2, 2, 2, 1]})
    exact = sqlpriv.uniqueness_shapley(df, method="exact").per_row().df()
    sampled = sqlpriv.uniqueness_shapley(df, method="sample", samples=400, seed=1).per_row().df()
    assert np.abs(exact[["a", "b"]].to_numpy() - sampled[["a", "b"]].to_numpy()).max() < 0.1


def test_bad_method_and_samples(wide):
    with pytest.raises(ParameterError, match="method"):
        sqlpriv.uniqueness_shapley(wide, method="fast")
    with pytest.raises(ParameterError, match="samples"):
        sqlpriv.uniqueness_shapley(wide, method="sample", samples=1)
