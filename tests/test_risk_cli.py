"""The ``sqlpriv risk`` command (issue 26): its figures are the API's, --per-row writes the per-row
risk, --sql prints a script the DuckDB shell runs to the same numbers, bad input is one error."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import warnings
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main

ROOT = Path(__file__).resolve().parents[1]
ADULT = ROOT / "examples" / "data" / "adult.csv"
SURVEY = ROOT / "examples" / "data" / "sdc_survey.csv"


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def api(*args, **kwargs) -> dict:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", sqlpriv.SqlprivWarning)
        return {f: v for f, v, _ in sqlpriv.reidentification_risk(*args, **kwargs).summary().fetchall()}


def test_json_summary_equals_the_api_and_warns_on_stderr():
    code, out, err = cli(
        "risk", str(ADULT), "-c", "sex,age,race,education", "--sampling-fraction", "0.1", "--format", "json"
    )
    assert code == 0
    got = {row["figure"]: row["value"] for row in json.loads(out)["summary"]}
    want = api(str(ADULT), ["sex", "age", "race", "education"], sampling_fraction=0.1)
    for figure, value in want.items():
        if value is not None and value == value:  # NaN / NULL rows are null in JSON
            assert got[figure] == pytest.approx(value, rel=1e-12), figure
    assert "How to read" in err


def test_weighted_survey_per_row_file_and_household(tmp_path):
    out_file = tmp_path / "risk.csv"
    code, out, _ = cli(
        "risk",
        str(SURVEY),
        "-c",
        "residence,gender,educ,lstat",
        "--weight",
        "weights",
        "--household",
        "household",
        "--per-row",
        str(out_file),
        "--format",
        "csv",
    )
    assert code == 0
    rows = pd.read_csv(out_file)
    assert list(rows.columns) == ["row", "class_size", "weighted_class_size", "individual_risk", "household_risk"]
    assert rows["weighted_class_size"].tolist() == [360, 360, 215, 152, 186, 152, 180, 215, 262, 262]
    summary = pd.read_csv(io.StringIO(out))
    assert round(float(summary.loc[summary["figure"] == "global_risk", "value"].iloc[0]), 5) == 0.01582


def duckdb_shell() -> str:
    path = shutil.which("duckdb") or str(Path(sys.executable).with_name("duckdb"))
    if not os.path.exists(path):
        pytest.fail("the DuckDB shell is missing: pip install duckdb-cli (part of the test extra)")
    return path


def test_sql_script_runs_in_the_duckdb_shell(tmp_path):
    target = tmp_path / "per_row.parquet"
    code, script, _ = cli(
        "risk",
        str(SURVEY),
        "-c",
        "residence,gender,educ,lstat",
        "--weight",
        "weights",
        "--per-row",
        str(target),
        "--sql",
    )
    assert code == 0 and not target.exists()  # --sql prints, it does not run
    run = subprocess.run(
        [duckdb_shell(), "-csv"], input=script, capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert run.returncode == 0, run.stderr
    summary = pd.read_csv(io.StringIO(run.stdout))
    want = api(str(SURVEY), ["residence", "gender", "educ", "lstat"], weight="weights")
    got = dict(zip(summary["figure"], summary["value"]))
    assert got["expected_reidentifications"] == pytest.approx(want["expected_reidentifications"], rel=1e-12)
    assert got["journalist_average_risk"] == pytest.approx(want["journalist_average_risk"], rel=1e-12)
    per_row = pd.read_parquet(target)
    assert per_row["class_size"].tolist() == [2, 2, 1, 2, 1, 2, 1, 1, 2, 2]


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["--sampling-fraction", "2"], 2, "sampling_fraction must be in (0, 1]"),  # a usage error
        (["--weight", "no_such"], 1, "column 'no_such' is not in"),
        (["--population-size", "5"], 2, "smaller than the table's 10 records"),
    ],
)
def test_bad_input_is_one_error_line(args, status, message):
    code, _, err = cli("risk", str(SURVEY), "-c", "residence,gender", *args)
    assert code == status and err.count("sqlpriv: error:") == 1 and message in err


def test_sampling_fraction_and_population_size_exclude_each_other():
    with pytest.raises(SystemExit):
        cli("risk", str(SURVEY), "--sampling-fraction", "0.1", "--population-size", "100")


# --------------------------------------------------------------------------- the request gate


def test_the_request_gate_rules_on_average_risk_and_population_uniqueness():
    """assess_request gates on the joint prosecutor average risk (classes / rows) and on Zayatz's
    population uniqueness at a sampling fraction, equal to sqlpriv.reidentification_risk's."""
    cols = ["sex", "age", "race"]
    figures = api(str(ADULT), cols, sampling_fraction=0.1)
    avg, pu = figures["prosecutor_average_risk"], figures["population_uniqueness_zayatz"]
    loose = dict(approve=0.0, reject=0.0)  # the score alone approves
    a = sqlpriv.assess_request(str(ADULT), cols, max_average_risk=avg * 0.999, **loose)
    assert a.decision == "review" and a.violated_rules == ["max_average_risk"]
    assert sqlpriv.assess_request(str(ADULT), cols, max_average_risk=avg * 1.001, **loose).decision == "approve"
    strict = dict(max_population_uniqueness=pu * 0.999, sampling_fraction=0.1, on_violation="reject")
    b = sqlpriv.assess_request(str(ADULT), cols, **strict, **loose)
    assert b.decision == "reject" and b.violated_rules == ["max_population_uniqueness"] and "above" in b.reason
    c = sqlpriv.assess_request(str(ADULT), cols, max_population_uniqueness=pu * 1.001, sampling_fraction=0.1, **loose)
    assert c.violated_rules == []
    code, _, _ = cli(
        "request", str(ADULT), "-c", "sex", "-c", "age", "--max-average-risk", str(avg * 0.999), "--approve", "0"
    )
    assert code != 0  # review
    with pytest.raises(sqlpriv.ParameterError, match="sampling_fraction must be in"):
        sqlpriv.assess_request(str(ADULT), cols, max_population_uniqueness=0.1, sampling_fraction=0)


# --------------------------------------------------------------------------- the report section


def test_report_risk_section_shows_the_api_figures(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "report.html"
    cols = "residence,gender,educ,lstat"
    code, _, _ = cli("report", str(SURVEY), "-c", cols, "--risk", "0.1", "--no-pif", "--no-progress", "-o", str(out))
    assert code == 4  # the verdict: Cave's score 0.064 is below reject (exit as sqlpriv request, issue 23)
    page = out.read_text(encoding="utf-8")
    assert 'id="risk"' in page and 'href="#risk"' in page and 'id="risk-summary"' in page
    want = api(str(SURVEY), cols.split(","), sampling_fraction=0.1)
    for kpi, figure in (
        ("risk_average", "prosecutor_average_risk"),
        ("risk_population_uniqueness", "population_uniqueness_dankar"),
    ):
        assert f'id="{kpi}" data-value="{want[figure]!r}"' in page, kpi
    weighted = sqlpriv.report(
        str(SURVEY), cols.split(","), risk={"weight": "weights"}, pif=False, output=tmp_path / "w.html"
    )
    assert 'id="risk_global"' in weighted.read_text(encoding="utf-8")
    with pytest.raises(sqlpriv.ParameterError, match="risk= takes"):
        sqlpriv.report(str(SURVEY), cols.split(","), risk={"nope": 1}, pif=False, output=tmp_path / "x.html")
