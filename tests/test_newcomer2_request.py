"""Issue 46 (second helper): assess_request's identifier warning is raised during the call, so
``catch_warnings`` around the call sees it; the assessment stays lazy and warns only once."""

from __future__ import annotations

import warnings

import pandas as pd

import sqlpriv


def _said(fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = fn()
    return out, [str(w.message) for w in caught if "looks like an identifier" in str(w.message)]


def test_identifier_warning_during_the_call_and_once():
    df = pd.DataFrame({"id": range(60), "g": [i % 3 for i in range(60)]})
    a, said = _said(lambda: sqlpriv.assess_request(df, ["id", "g"]))
    assert len(said) == 1 and "'id'" in said[0] and "60 distinct values in 60 rows" in said[0]
    assert "sizes" not in a.plan.done  # still lazy: the figures run on first use
    _, later = _said(lambda: a.decision)
    assert later == [] and a.warnings[0] == said[0]


def test_dropna_and_weights_are_respected():
    df = pd.DataFrame({"id": [*range(59), None], "g": [i % 3 for i in range(60)]})
    _, said = _said(lambda: sqlpriv.assess_request(df, ["id", "g"], dropna=True))
    assert len(said) == 1 and "59 distinct values in 59 rows" in said[0]
    _, weighted = _said(lambda: sqlpriv.assess_request(df, ["id", "g"], weights={"id": 1.0}))
    assert weighted == []
    _, none = _said(lambda: sqlpriv.assess_request(df, ["g"]))
    assert none == []
