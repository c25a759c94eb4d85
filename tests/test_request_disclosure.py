"""Gate rules on sensitive columns (docs/measures.md §8): ``assess_request(..., sensitive=,
min_l=, max_t=)`` and ``sqlpriv request --sensitive --min-l --max-t``. The l and t each rule
compares are recomputed here with pandas (a brute force sharing no code with sqlpriv)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main
from sqlpriv.errors import ColumnError, ParameterError

ADULT = sqlpriv.example_path("adult.csv")


@pytest.fixture(scope="module")
def adult() -> pd.DataFrame:
    return pd.read_csv(ADULT)


def brute_l_t(df: pd.DataFrame, qis: list[str], s: str) -> tuple[int, float]:
    """Distinct l and the equal-distance t (half the L1 distance), by pandas."""
    p = df[s].value_counts(normalize=True, dropna=False)
    ls, ts = [], []
    for _, g in df.groupby(qis, dropna=False):
        q = g[s].value_counts(normalize=True, dropna=False).reindex(p.index, fill_value=0.0)
        ls.append(g[s].nunique(dropna=False))
        ts.append(0.5 * (q - p).abs().sum())
    return min(ls), max(ts)


def test_rules_turn_approve_into_review_or_reject(adult):
    l_min, t_max = brute_l_t(adult, ["sex", "race"], "Salary")
    assert (l_min, round(t_max, 4)) == (2, 0.1858)
    a = sqlpriv.assess_request(ADULT, ["sex", "race"], sensitive="Salary", min_l=2, max_t=t_max + 1e-9)
    assert a.decision == "approve" and a.rule == "score" and a.violated_rules == []
    b = sqlpriv.assess_request(ADULT, ["sex", "race"], sensitive=["Salary"], min_l=3, max_t=t_max - 1e-6)
    assert b.decision == "review" and b.rule == "min_l, max_t" and b.violated_rules == ["min_l", "max_t"]
    assert "holds only 2 distinct value(s) of Salary, below 3" in b.reason
    assert f"at distance {t_max:.4g}" in b.reason
    c = sqlpriv.assess_request(ADULT, ["sex", "race"], sensitive="Salary", max_t=0.1, on_violation="reject")
    assert c.decision == "reject" and c.rule == "max_t"
    d = json.loads(json.dumps(c.to_dict()))
    assert d["policy"]["sensitive"] == ["Salary"] and d["policy"]["max_t"] == 0.1 and d["decision"] == "reject"


def test_rules_use_the_unweighted_fields_and_expressions(adult):
    a = sqlpriv.assess_request(
        ADULT, ["sex", {"age10": "age // 10"}, "fnlwgt"], weights={"fnlwgt": 0.99}, sensitive="occupation", min_l=2
    )
    df = adult.assign(age10=adult["age"] // 10)
    l_min, _ = brute_l_t(df, ["sex", "age10"], "occupation")
    assert a.disclosure.columns == ["sex", "age10"]
    assert ("min_l" in a.violated_rules) == (l_min < 2)


def test_rule_errors():
    with pytest.raises(ParameterError, match="name them with sensitive"):
        sqlpriv.assess_request(ADULT, ["sex"], min_l=2)
    with pytest.raises(ParameterError, match="needs a rule on it"):
        sqlpriv.assess_request(ADULT, ["sex"], sensitive="Salary")
    with pytest.raises(ColumnError, match="both a quasi-identifier and sensitive"):
        sqlpriv.assess_request(ADULT, ["sex", "Salary"], sensitive="Salary", min_l=2)
    with pytest.raises(ParameterError, match="max_t"):
        sqlpriv.assess_request(ADULT, ["sex"], sensitive="Salary", max_t=2)


def test_cli_request_sensitive_rules(capsys):
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(["request", ADULT, "-c", "sex,race", "--sensitive", "Salary", "--max-t", "0.1", "--format", "json"])
    out = json.loads(buf.getvalue())
    assert code == 3 and out["decision"] == "review" and out["rule"] == "max_t"
    with redirect_stdout(io.StringIO()):
        assert main(["request", ADULT, "-c", "sex,race", "--sensitive", "Salary", "--min-l", "2"]) == 0
