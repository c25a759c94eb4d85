"""Missing-as-wildcard class sizes (issue 44): reidentification_risk(..., missing="wildcard").

Oracles: sdcMicro's own freqCalc test values (tests/testthat/test_freqCalc.R of sdcTools/sdcMicro,
facts only), and a brute force over record pairs written here from the definition.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sqlpriv
from sqlpriv.errors import ParameterError

W = [18.0, 45.5, 39.0, 17.0, 92.0, 8.0, 123.5, 51]


def frame(cols: dict[str, list[float | None]], weight: list[float] | None = W) -> pd.DataFrame:
    out = pd.DataFrame({k: pd.array(v, dtype="Float64") for k, v in cols.items()})
    if weight is not None:
        out["w"] = weight
    return out


def sizes(df: pd.DataFrame, keys: list[str], weight: str | None = None, alpha: float = 1.0) -> tuple[list, list]:
    r = sqlpriv.reidentification_risk(df, keys, weight=weight, missing="wildcard", alpha=alpha)
    got = r.per_row().df()
    return list(got["class_size"]), list(got["weighted_class_size"])


SDC_CASES = [
    # three keys, two NAs (test "numeric values with missing values")
    (
        {"A": [2, 3, 2, 2, 3, 3, 1, 2], "B": [3, 3, 3, 3, 3, 3, 4, 3], "C": [1, 3, None, 2, 1, 1, None, 1]},
        [3, 1, 4, 2, 2, 2, 1, 3],
        [108.0, 45.5, 125.0, 56.0, 100.0, 100.0, 123.5, 108.0],
    ),
    # one column and one row all NA
    (
        {"A": [2, 3, None, 2, 3, 3, 1, 2], "B": [3, 3, None, 3, 3, 3, 4, 3], "C": [None] * 8},
        [4, 4, 8, 4, 4, 4, 2, 4],
        [125.0, 184.5, 394.0, 125.0, 184.5, 184.5, 162.5, 125.0],
    ),
    # one key with NAs
    (
        {"A": [2, 3, None, 2, 1, None, 1, 2]},
        [5, 3, 8, 5, 4, 8, 4, 5],
        [133.0, 92.5, 394.0, 133.0, 262.5, 394.0, 262.5, 133.0],
    ),
]


@pytest.mark.parametrize(("cols", "fk", "Fk"), SDC_CASES)
def test_sdcmicro_freqcalc_values(cols, fk, Fk):
    df = frame(cols)
    got_f, got_F = sizes(df, list(cols), weight="w")
    assert got_f == fk
    assert got_F == pytest.approx(Fk)
    unweighted_f, unweighted_F = sizes(df, list(cols))
    assert unweighted_f == fk and unweighted_F == pytest.approx(fk)


def test_sdcmicro_more_columns_than_rows():
    data = [2, 3, None, 2, 3, 3, 1, None, 3, 3, None, 3, 3, 2, 2, 3, None, None, 1, 2, None, None, 4, 4]
    cols = {c: data[3 * j : 3 * j + 3] for j, c in enumerate("ABCDEFGH")}
    df = frame(cols, [18.0, 45.5, 122])
    f, F = sizes(df, list(cols), weight="w")
    assert f == [1, 2, 2]
    assert pytest.approx([18.0, 167.5, 167.5]) == F


def brute(rows: list[tuple], weights: list[float], alpha: float) -> tuple[list[float], list[float]]:
    """Each record's wildcard class size from the definition, over all pairs of records."""
    fk, Fk = [], []
    n, total = len(rows), sum(weights)
    for a in rows:
        if all(v is None for v in a):
            fk.append(float(n)), Fk.append(total)
            continue
        f = F = 0.0
        for b, w in zip(rows, weights):
            if not all(x is None or y is None or x == y for x, y in zip(a, b)):
                continue
            share = alpha if (None in b and b != a) else 1.0
            f, F = f + share, F + share * w
        fk.append(f), Fk.append(F)
    return fk, Fk


cell = st.one_of(st.none(), st.integers(0, 2))


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 3).flatmap(lambda k: st.lists(st.tuples(*[cell] * k), min_size=1, max_size=12)),
    st.sampled_from([1.0, 0.5, 0.0]),
    st.integers(0, 10**6),
)
def test_wildcard_matches_brute_force(rows, alpha, seed):
    keys = [f"k{j}" for j in range(len(rows[0]))]
    weights = list(np.random.default_rng(seed).uniform(1, 10, len(rows)))
    df = frame({k: [r[j] for r in rows] for j, k in enumerate(keys)}, weights)
    want_f, want_F = brute(rows, weights, alpha)
    got_f, got_F = sizes(df, keys, weight="w", alpha=alpha)
    assert got_f == pytest.approx(want_f) and got_F == pytest.approx(want_F)


def test_summary_means_over_records():
    df = frame({"A": [2, 3, 2, 2, 3, 3, 1, 2], "B": [3, 3, 3, 3, 3, 3, 4, 3], "C": [1, 3, None, 2, 1, 1, None, 1]})
    s = dict(sqlpriv.reidentification_risk(df, ["A", "B", "C"], missing="wildcard").summary().fetchall_pairs())
    fk = [3, 1, 4, 2, 2, 2, 1, 3]
    assert s["records"] == 8 and s["sample_uniques"] == 2
    assert s["prosecutor_average_risk"] == pytest.approx(sum(1 / f for f in fk) / 8)
    assert s["population_size"] == 8 and math.isnan(s["population_uniqueness_pitman"])
    assert s["dankar_model"] == "none"


def test_default_is_category():
    df = frame({"A": [1, None, None]}, None)
    per_row = sqlpriv.reidentification_risk(df, ["A"]).per_row().df()
    assert list(per_row["class_size"]) == [1, 2, 2]
    assert sizes(df, ["A"])[0] == [3, 3, 3]


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"missing": "any"}, "missing must be"),
        ({"missing": "wildcard", "alpha": 2}, "alpha must be in [0, 1]"),
        ({"missing": "wildcard", "entity": "e"}, "entity="),
    ],
)
def test_bad_missing(kwargs, needle):
    df = pd.DataFrame({"A": [1, 2], "e": [1, 2]})
    with pytest.raises(ParameterError, match=needle.replace("[", r"\[").replace("]", r"\]")):
        sqlpriv.reidentification_risk(df, ["A"], **kwargs)
