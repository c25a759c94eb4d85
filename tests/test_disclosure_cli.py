"""The ``sqlpriv disclosure`` command: its figures equal the Python API's (themselves checked
against a brute force and pycanon in tests/test_disclosure.py), its --sql script run by the real
DuckDB shell gives the same numbers, and its files hold the per-class and per-row figures."""

from __future__ import annotations

import io
import json
import subprocess
from contextlib import redirect_stdout

import numpy as np
import pandas as pd
import pytest

from sqlpriv.cli import main
from sqlpriv.disclosure.measure import attribute_disclosure
from tests.conftest import REPO
from tests.test_shapley_cli import duckdb_shell

ADULT = REPO / "examples" / "data" / "adult.csv"
FIGURES = ["l_diversity", "entropy_l_diversity", "recursive_l", "alpha", "k", "t_closeness", "delta_disclosure"]


def cli(*args: str) -> tuple[int, str]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(list(args))
    return code, buf.getvalue()


@pytest.fixture(scope="module")
def api():
    return attribute_disclosure(str(ADULT), ["sex", "race", "relationship"], sensitive=["occupation", "Salary"])


def test_cli_json_matches_api(api):
    code, out = cli(
        "disclosure",
        str(ADULT),
        "-c",
        "sex,race",
        "-c",
        "relationship",
        "-s",
        "occupation",
        "-s",
        "Salary",
        "--format",
        "json",
    )
    assert code == 0
    rows = json.loads(out)["summary"]
    want = api.summary().df()
    assert [r["column"] for r in rows] == ["occupation", "Salary"]
    for f in FIGURES:
        assert np.allclose([r[f] for r in rows], want[f].astype(float), rtol=1e-12), f


def test_cli_table_and_files(tmp_path, api):
    classes, per_row = tmp_path / "classes.csv", tmp_path / "rows.parquet"
    code, out = cli(
        "disclosure",
        str(ADULT),
        "-c",
        "sex,race,relationship",
        "-s",
        "occupation,Salary",
        "--classes",
        str(classes),
        "--per-row",
        str(per_row),
    )
    assert code == 0 and "# summary" in out and "l_diversity" in out
    got = pd.read_csv(classes)
    want = api.classes().df()
    assert len(got) == len(want)
    assert np.allclose(got["t_closeness"], want["t_closeness"], rtol=1e-12)
    rows = pd.read_parquet(per_row)
    assert len(rows) == 32561 and rows["row"].tolist()[:3] == [0, 1, 2]
    assert rows["Salary_l_diversity"].min() == want[want["sensitive"] == "Salary"]["l_diversity"].min()


def test_cli_sql_runs_in_the_duckdb_shell(tmp_path, api):
    code, script = cli(
        "disclosure", str(ADULT), "-c", "sex,race,relationship", "-s", "occupation", "-s", "Salary", "--sql"
    )
    assert code == 0
    out = subprocess.run([duckdb_shell(), "-csv"], input=script, capture_output=True, text=True, cwd=REPO, timeout=120)
    assert out.returncode == 0, out.stderr
    got = pd.read_csv(io.StringIO(out.stdout[out.stdout.index("column,") :]))
    want = api.summary().df()
    for f in FIGURES + ["basic_beta_likeness", "enhanced_beta_likeness"]:
        assert np.allclose(got[f], want[f].astype(float), rtol=1e-12), f


def test_cli_hierarchy(tmp_path):
    tree = tmp_path / "salary.csv"
    tree.write_text("<=50K;low;*\n>50K;high;*\n")
    code, out = cli(
        "disclosure", str(ADULT), "-c", "sex", "-s", "Salary", "--hierarchy", f"Salary={tree}", "--format", "csv"
    )
    assert code == 0
    assert pd.read_csv(io.StringIO(out))["distance"].tolist() == ["hierarchical"]


def test_cli_errors(capsys):
    assert cli("disclosure", str(ADULT), "-c", "sex,Salary", "-s", "Salary")[0] == 1
    assert "both a quasi-identifier and sensitive" in capsys.readouterr().err
    assert cli("disclosure", str(ADULT), "-c", "sex", "-s", "Salary", "--hierarchy", "Salary")[0] == 2
    assert "COL=FILE" in capsys.readouterr().err
