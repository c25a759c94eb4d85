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

    con.execute(f'create temp table "shared phi" as {q(output="phi")}')
    phi = con.execute('select * from "shared phi"').df()
    assert len(phi) == len(df.drop_duplicates(COLS))  # one row per distinct pattern
    shared = con.execute(q(output="by", by=expr, phi="shared phi")).df()
    alone = con.execute(q(output="by", by=expr)).df()
    plan = sqlpriv.uniqueness_shapley(df, columns=COLS).by(expr).df()
    key = shared.columns[0]
    for other in (alone, plan):
        pd.testing.assert_frame_equal(
            shared.sort_values(key, na_position="first").reset_index(drop=True),
            other.sort_values(key, na_position="first").reset_index(drop=True),
            check_dtype=False,
            rtol=1e-9,
            atol=1e-12,
        )
    # the shared-values statement reads the table, not the lattice
    assert "shared phi" in q(output="by", by=expr, phi="shared phi") and "lattice" not in q(
        output="by", by=expr, phi="shared phi"
    )
