"""Top and bottom coding (issue 44): sdcMicro's topBotCoding test values
(tests/testthat/test_topBotCoding.R, facts only) and numpy as the oracle for quantiles."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.errors import ColumnError, ParameterError

# Var1 of sdcMicro's test table (set.seed(3); runif(30, 1, 100)), from its two expected outputs
VAR1 = [17.63611, 80.94412, 39.10929, 33.44570, 60.60797, 60.83501, 13.33871, 30.16549, 58.18338, 63.46695]


def test_sdcmicro_top_and_bottom():
    df = pd.DataFrame({"Var1": VAR1, "other": range(10)})
    top = sqlpriv.top_bottom_code(df, "Var1", top=35, top_value=0).df()
    assert top["Var1"].tolist() == pytest.approx([17.63611, 0, 0, 33.44570, 0, 0, 13.33871, 30.16549, 0, 0])
    bottom = sqlpriv.top_bottom_code(df, "Var1", bottom=35, bottom_value=0).df()
    assert bottom["Var1"].tolist() == pytest.approx(
        [0, 80.94412, 39.10929, 0, 60.60797, 60.83501, 0, 0, 58.18338, 63.46695]
    )
    assert top["other"].tolist() == list(range(10))


def test_quantiles_against_numpy():
    rng = np.random.default_rng(1)
    x = rng.lognormal(3, 1, 500)
    df = pd.DataFrame({"x": x})
    got = sqlpriv.top_bottom_code(df, "x", top=0.95, bottom=0.05, quantile=True).df()["x"].to_numpy()
    hi, lo = np.percentile(x, 95), np.percentile(x, 5)
    assert got == pytest.approx(np.clip(x, lo, hi))


def test_bad_input():
    df = pd.DataFrame({"x": [1.0, 2.0], "s": ["a", "b"]})
    with pytest.raises(ColumnError, match="not numeric"):
        sqlpriv.top_bottom_code(df, "s", top=1)
    with pytest.raises(ParameterError, match="give top="):
        sqlpriv.top_bottom_code(df, "x")
    with pytest.raises(ParameterError, match="quantile in"):
        sqlpriv.top_bottom_code(df, "x", top=5, quantile=True)
