"""A user's connection whose settings change what sqlpriv's SQL means (issue: hunt-c, 2026-11-25).

sqlpriv numbers a table's or DataFrame's rows by the order DuckDB reads them in. On a connection
with ``preserve_insertion_order = false`` that order is arbitrary: the per-row Shapley values of
a 400,000-row DataFrame came out attached to other rows (0.44 bits off, silently). With
``default_order = 'desc'`` or ``default_null_order = 'nulls_first'`` every ORDER BY without a
direction flips: a request's t-closeness rule on a numeric column with NULLs (NULL ordered last)
was not violated any more, and singling out searched its columns in another order; with
``integer_division = true`` the share of every ``by()`` level was 0. Such a
connection is refused with one error saying what to set; with the settings back, the per-row
values equal a brute force.
"""

from __future__ import annotations

import duckdb
import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.errors import ParameterError

FRAME = pd.DataFrame({"a": [1, 1, 2, 2, 2, 3], "b": ["x", "y", "x", "x", "y", "y"]})


def brute_force(df: pd.DataFrame) -> np.ndarray:
    """phi[t] for two columns: (1/2)[(log2 n - log2 N_a) + (log2 N_b - log2 N_ab)] for a, and so on."""
    n = len(df)
    na = df.groupby("a")["a"].transform("size").to_numpy()
    nb = df.groupby("b")["b"].transform("size").to_numpy()
    nab = df.groupby(["a", "b"])["a"].transform("size").to_numpy()
    log = np.log2
    phi_a = 0.5 * ((log(n) - log(na)) + (log(nb) - log(nab)))
    phi_b = 0.5 * ((log(n) - log(nb)) + (log(na) - log(nab)))
    return np.column_stack([phi_a, phi_b])


@pytest.mark.parametrize(
    "measure",
    [
        lambda con: sqlpriv.uniqueness_shapley(FRAME, con=con),
        lambda con: sqlpriv.cig(FRAME, con=con),
        lambda con: sqlpriv.privacy_profile(FRAME, con=con),
        lambda con: sqlpriv.assess_request(FRAME, ["a", "b"], con=con),
        lambda con: sqlpriv.singling_out(FRAME, FRAME.iloc[::-1], con=con, progress=False),
    ],
)
@pytest.mark.parametrize(
    "setting, fix",
    [
        ("preserve_insertion_order = false", "preserve_insertion_order = true"),
        ("default_order = 'desc'", "default_order = 'asc'"),
        ("default_null_order = 'nulls_first'", "default_null_order = 'nulls_last'"),
        ("integer_division = true", "integer_division = false"),
    ],
)
def test_a_connection_with_other_order_settings_is_refused(measure, setting, fix):
    con = duckdb.connect()
    con.execute(f"set {setting}")
    with pytest.raises(ParameterError, match=f'run con.execute\\("set {fix}"\\) first'):
        measure(con)
    con.execute(f"set {fix}")
    measure(con)


def test_the_t_closeness_rule_under_descending_order_is_refused_not_missed():
    # the ordered distance of a numeric column places NULL last; under default_order = 'desc' it
    # came out 0.5417 instead of 0.625 (DuckDB 2.0.1), so max_t=0.6 was not violated any more
    df = pd.DataFrame({"g": list("acbcbbcc"), "height": [None, 170.0, 170.0, 160.0, 160.0, 150.0, 150.0, 150.0]})
    a = sqlpriv.assess_request(df, ["g"], sensitive=["height"], max_t=0.6)
    assert "max_t" in a.to_dict()["violated_rules"]
    con = duckdb.connect()
    con.execute("set default_order = 'desc'")
    with pytest.raises(ParameterError, match="default_order"):
        sqlpriv.assess_request(df, ["g"], sensitive=["height"], max_t=0.6, con=con)


def test_by_shares_under_integer_division_are_refused_not_zero():
    r = sqlpriv.uniqueness_shapley(FRAME)
    assert r.by("a").df()["share"].tolist() == [2 / 6, 3 / 6, 1 / 6]
    con = duckdb.connect()
    con.execute("set integer_division = true")
    with pytest.raises(ParameterError, match="integer_division"):
        sqlpriv.uniqueness_shapley(FRAME, con=con).by("a").df()
