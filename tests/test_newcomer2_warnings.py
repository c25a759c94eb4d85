"""Issue 46 (second helper): sqlpriv's warnings point at the caller's line, not into sqlpriv."""

from __future__ import annotations

import warnings

import pandas as pd

import sqlpriv


def _caught(fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fn()
    return [w for w in caught if issubclass(w.category, sqlpriv.SqlprivWarning)]


def test_risk_model_warning_points_at_the_callers_line():
    df = pd.DataFrame({"a": [1, 1, 2, 3], "b": ["x", "x", "y", "y"]})
    r = sqlpriv.reidentification_risk(df, sampling_fraction=0.5)
    found = _caught(lambda: r.summary().fetchall())  # Pitman / SNB do not converge on 4 rows
    assert found and all(w.filename == __file__ for w in found), [(w.filename, w.lineno) for w in found]


def test_identifier_and_single_row_warnings_point_at_the_callers_line():
    df = pd.DataFrame({"id": range(50), "g": [i % 2 for i in range(50)]})
    found = _caught(lambda: sqlpriv.uniqueness_shapley(df))
    found += _caught(lambda: sqlpriv.sample_uniques(pd.DataFrame({"a": [1]})))
    assert len(found) >= 2 and all(w.filename == __file__ for w in found), [(w.filename, w.lineno) for w in found]
