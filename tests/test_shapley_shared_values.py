"""Issue 29, item 4: the subgroup tables of one Shapley analysis on Spark read one cached table of
per-pattern values (``shapley_query(output="phi")``, then ``by`` with ``phi=``) instead of each
rebuilding the cohorts, cells and values. The template path runs on DuckDB here (no JVM): the
shared-values tables must equal the standalone single statement and the Python plan's ``by()``."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.engine.connection import connect
from sqlpriv.engine.templates import call

COLS = ["a", "b", "c", "d"]


def _frame(seed: int, n: int = 120) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({c: rng.integers(0, k, n) for c, k in zip(COLS, [3, 4, 2, 6])})
    df["b"] = df["b"].astype("Int64").mask(rng.random(n) < 0.1)  # NULLs are a value of their own
    df["w"] = rng.integers(0, 100, n)  # not analysed: a subgroup may read it
    return df


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("expr", ["a", "w < 40", "b is null", "a + c > 1"])
def test_by_from_shared_values_equals_the_single_statement_and_the_plan(seed, expr):
    df = _frame(seed)
    con = connect()  # sqlpriv's macros registered
    con.register("src", df)

    def q(**kw):
        return call("shapley_query", dialect="duckdb", source='"src"', columns=COLS, **kw)

    con.execute(f'create temp table "shared values" as {q(output="values")}')
    values = con.execute('select * from "shared values"').df()
    patterns = df[COLS].value_counts(dropna=False)
    assert len(values) == len(patterns) and values["__sqlpriv_w"].sum() == len(df)  # one row per pattern
    from_values = con.execute(q(output="by", by=expr, values="shared values")).df() if expr != "w < 40" else None
    from_phi = con.execute(q(output="by", by=expr, phi="shared values")).df()
    alone = con.execute(q(output="by", by=expr)).df()
    plan = sqlpriv.uniqueness_shapley(df, columns=COLS).by(expr).df()
    key = alone.columns[0]
    for got in (from_values, from_phi, plan):
        if got is None:  # w is not analysed: the values table cannot answer it
            continue
        pd.testing.assert_frame_equal(
            got.sort_values(key, na_position="first").reset_index(drop=True),
            alone.sort_values(key, na_position="first").reset_index(drop=True),
            check_dtype=False,
            rtol=1e-9,
            atol=1e-12,
        )
    # the shared statements read the cached table, not the lattice; the values one not even the rows
    assert "lattice" not in q(output="by", by=expr, phi="shared values")
    assert '"src"' not in q(output="by", by=expr, values="shared values")


def test_the_values_table_holds_each_pattern_its_count_values_and_the_plans_per_row_values():
    df = _frame(3)
    con = connect()
    con.register("src", df)
    values = con.execute(call("shapley_query", dialect="duckdb", source='"src"', columns=COLS, output="values")).df()
    per_row = sqlpriv.uniqueness_shapley(df, columns=COLS).per_row().df()
    joined = df[COLS].join(per_row[COLS].add_prefix("phi_"))
    for _, v in values.iterrows():
        mask = pd.Series(True, index=df.index)
        for c in COLS:
            mask &= df[c].isna() if pd.isna(v[c]) else (df[c] == v[c])
        assert mask.sum() == v["__sqlpriv_w"]
        for j, c in enumerate(COLS):
            assert abs(joined.loc[mask, f"phi_{c}"].iloc[0] - v[f"phi{j}"]) < 1e-9
