"""The greedy rule of local suppression on packed patterns (one integer per pattern,
suppress/code.sql, suppress/packed_round.sql) against the rule on one column per key
(suppress/round.sql, the path kept for keys whose codes do not fit one integer, which the
brute force and sdcMicro's figures in tests/test_local_suppression.py check): the same cells,
row by row, on random small tables with NULLs, strata, key subsets and importance orders.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sqlpriv.suppress import local_suppression, rounds


def _table(seed: int, nk: int, ns: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(6, 45))
    data: dict[str, object] = {}
    for j in range(nk):
        card = int(rng.integers(2, 6))
        values = [None if rng.random() < 0.1 else f"v{int(rng.integers(0, card))}" for _ in range(n)]
        data[f"k{j}"] = values if j % 2 else pd.array([None if v is None else int(v[1:]) for v in values], "Int64")
    for i in range(ns):
        data[f"s{i}"] = rng.integers(0, 2, n)
    return pd.DataFrame(data)


def _both(df, keys, monkeypatch, **kwargs):
    fast = local_suppression(df, keys, method="greedy", **kwargs)
    assert any(n.endswith("_code") for n in fast.plan.steps)  # the packed path ran
    with monkeypatch.context() as m:
        m.setattr(rounds, "packing", lambda categories: None)
        slow = local_suppression(df, keys, method="greedy", **kwargs)
    assert not any(n.endswith("_code") for n in slow.plan.steps)
    return fast, slow


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 4), st.integers(0, 1), st.integers(2, 3), st.booleans())
def test_packed_greedy_suppresses_the_same_cells(seed, nk, ns, k, combs):
    df = _table(seed, nk, ns)
    keys = [f"k{j}" for j in range(nk)]
    strata = [f"s{i}" for i in range(ns)] or None
    smallest = int(df.groupby(strata).size().min()) if strata else len(df)
    k = min(k, smallest)
    rng = np.random.default_rng(seed + 1)
    importance = [int(x) + 1 for x in rng.permutation(nk)] if seed % 2 else None
    kwargs = dict(k=k, strata=strata, importance=importance, combs=[max(1, nk - 1)] if combs and nk > 1 else None)
    with pytest.MonkeyPatch.context() as mp:
        fast, slow = _both(df, keys, mp, **kwargs)
    pd.testing.assert_frame_equal(fast.df(), slow.df())
    assert fast.suppressed == slow.suppressed
    assert fast.k_reached == slow.k_reached >= (k if kwargs["combs"] is None else 1)


def test_keys_too_wide_for_one_integer_take_the_column_path():
    assert rounds.packing([2**31, 2**31]) is None  # 32 + 32 bits: over 62
    assert rounds.packing([2**30, 2**30]) == ([31, 0], [(2**31 - 1) << 31, 2**31 - 1])
