"""Separate cig()/csf()/wcig() calls on one unchanged source share one analysis (issue 14.2),
and any change to the source (an in-place DataFrame edit, a rewritten file) is seen."""

from __future__ import annotations

import os
import random

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from test_pif import oracle

import sqlpriv
from sqlpriv.engine.cache import AnalysisCache, source_version


@pytest.fixture(autouse=True)
def _fresh_cache():
    sqlpriv.clear_cache()
    yield
    sqlpriv.clear_cache()


def _table(seed: int, n: int = 40) -> pd.DataFrame:
    rng = random.Random(seed)
    return pd.DataFrame(
        {
            "a": [rng.randint(0, 3) for _ in range(n)],
            "b": [rng.choice("xyz") for _ in range(n)],
            "c": [rng.randint(0, 1) for _ in range(n)],
        }
    )


def _values(result) -> np.ndarray:
    return result.df()[["a", "b", "c"]].to_numpy(dtype=float)


def _expected(df: pd.DataFrame):
    return oracle([tuple(r) for r in df.itertuples(index=False)], {}, {})


def test_three_calls_share_one_analysis_and_match_the_oracle():
    df = _table(1)
    c, s, w = sqlpriv.cig(df), sqlpriv.csf(df), sqlpriv.wcig(df)
    assert c.factors is s.factors is w.factors  # read and encoded once
    cigs, csfs, wcigs = _expected(df)
    np.testing.assert_allclose(_values(c), cigs, atol=1e-9)
    np.testing.assert_allclose(_values(s), csfs, atol=1e-9)
    np.testing.assert_allclose(_values(w), wcigs, atol=1e-9)


def test_an_in_place_edit_is_a_new_version():
    df = _table(2)
    before = sqlpriv.cig(df)
    np.testing.assert_allclose(_values(before), _expected(df)[0], atol=1e-9)
    df.loc[0, "b"] = "w"  # a new category: the numbers must change
    after = sqlpriv.cig(df)
    assert after.factors is not before.factors
    np.testing.assert_allclose(_values(after), _expected(df)[0], atol=1e-9)
    assert not np.allclose(_values(after), _values(before))


def test_a_rewritten_file_is_a_new_version(tmp_path):
    path = tmp_path / "t.csv"
    first, second = _table(3), _table(4)
    first.to_csv(path, index=False)
    r1 = sqlpriv.csf(str(path))
    np.testing.assert_allclose(_values(r1), _expected(first)[1], atol=1e-9)
    second.to_csv(path, index=False)
    os.utime(path, ns=(1, 1))  # even with the same size, the modification time differs
    r2 = sqlpriv.csf(str(path))
    assert r2.factors is not r1.factors
    np.testing.assert_allclose(_values(r2), _expected(second)[1], atol=1e-9)


def test_other_arguments_and_user_connections_are_not_shared():
    df = _table(5)
    assert sqlpriv.cig(df).factors is not sqlpriv.cig(df, columns=["a", "b"]).factors
    import duckdb

    con = duckdb.connect()
    assert sqlpriv.cig(df, con=con).factors is not sqlpriv.cig(df, con=con).factors


def test_arrow_tables_and_the_off_switch(monkeypatch):
    table = pa.Table.from_pandas(_table(6))
    assert sqlpriv.cig(table).factors is sqlpriv.wcig(table).factors
    monkeypatch.setenv("SQLPRIV_CACHE", "0")
    assert sqlpriv.cig(table).factors is not sqlpriv.cig(table).factors


def test_versions_and_the_lru_bound():
    assert source_version(object()) is None
    assert source_version(pd.DataFrame({"a": [[1], [2]]})) is None  # unhashable cells: not cached
    cache = AnalysisCache(max_entries=2)
    made = []
    for version in (1, 2, 3, 1):
        cache.get_or_make("x", "args", lambda: made.append(version) or version, version=("v", version))
    assert made == [1, 2, 3, 1]  # version 1 was evicted by 2 and 3, so it is made again


def test_a_closed_connection_is_not_reused():
    df = _table(7)
    first = sqlpriv.cig(df)
    first.plan.con.close()
    again = sqlpriv.csf(df)
    assert again.factors is not first.factors
    np.testing.assert_allclose(_values(again), _expected(df)[1], atol=1e-9)
