"""Issue 46 item 8: the papercuts a newcomer hit (wording, help texts, JSON types, warnings)."""

from __future__ import annotations

import io
import json
import warnings
from contextlib import redirect_stderr, redirect_stdout

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main
from sqlpriv.engine.scales import share_scale
from sqlpriv.engine.verdict import Rule, next_step, verdict


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_a_share_above_one_half_is_not_1_in_1():
    assert share_scale(0.725) == "about 7 rows in 10 are unique"
    assert share_scale(1.0) == "every row is unique"
    assert share_scale(0.095) == "about 1 row in 11 is unique"


def test_risk_verdict_line_does_not_say_1_in_1(tmp_path):
    path = tmp_path / "t.csv"
    pd.DataFrame({"a": [1, 2, 3, 4, 4, 5, 6, 6, 7, 8]}).to_csv(path, index=False)
    code, out, err = cli("risk", str(path), "--max-average-risk", "0.1")
    text = out + err
    assert "prosecutor average risk 0.8 (8 in 10)" in text and "(1 in 1)" not in text


def test_the_next_step_without_a_request_sends_no_request_to_a_reviewer():
    v = verdict([Rule("min_k", "review", "smallest class 1", "at least 2")])
    assert "send the request to a reviewer" in next_step(v, ["zip"])
    assert "request" not in next_step(v, ["zip"], request=False)


def test_report_verdict_on_columns_has_no_request():
    from sqlpriv.report.verdict import report_verdict

    df = pd.DataFrame({"a": [1, 2, 3, 3], "b": ["x", "y", "z", "z"]})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", sqlpriv.SqlprivWarning)
        a = sqlpriv.assess_request(df, ["a", "b"], min_k=2)
        html = report_verdict(a, ["a", "b"], "the analysed columns together")
        assert "send the request" not in html
        assert "send the request" in report_verdict(a, ["a", "b"], "the request")


def test_no_convergence_warning_without_a_sampling_fraction_or_on_one_row():
    df = pd.DataFrame({"a": [1, 1, 2, 3], "b": ["x", "x", "y", "y"]})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sqlpriv.reidentification_risk(df).summary().fetchall()
        sqlpriv.reidentification_risk(df.head(1), sampling_fraction=0.1).summary().fetchall()
    with pytest.warns(sqlpriv.SqlprivWarning, match="did not converge"):
        sqlpriv.reidentification_risk(df, sampling_fraction=0.1).summary().fetchall()


def test_anonymize_help_explains_its_policy_options(capsys):
    with pytest.raises(SystemExit):
        main(["anonymize", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "at least K rows" in text
    assert "share of rows that may be suppressed" in text
    assert "unique on the quasi-identifiers" in text


@pytest.fixture()
def quoted_csv(tmp_path):
    path = tmp_path / "q.csv"
    path.write_text('"zip,code",age\n12345,23\n12346,25\n12347,31\n12348,33\n')
    return path


def test_anonymize_hierarchy_takes_a_quoted_column_and_json_loss_is_numbers(quoted_csv):
    code, out, err = cli(
        "anonymize",
        str(quoted_csv),
        "--hierarchy",
        '"zip,code"=mask:1,2,3,4,5',
        "--hierarchy",
        "age=intervals:10,20,40",
        "--format",
        "json",
    )
    assert code == 0, err
    best = json.loads(out)["best_node"][0]  # schema 2 (issue 46): snake_case keys
    assert "zip,code" in best
    assert isinstance(best["loss"], list) and all(isinstance(x, float) for x in best["loss"])
