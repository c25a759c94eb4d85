"""``sqlpriv linkability`` and ``sqlpriv inference``: the figures of the Python API, the verdict's
exit codes, and the printed SQL run by the DuckDB shell (the oracle) giving the same counts."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main

DATA = Path(__file__).parent / "data" / "attacks"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("attacks")
    ori = pd.read_csv(DATA / "adults_ori.csv")
    syn = pd.read_csv(DATA / "adults_syn.csv")
    ori.iloc[:70].to_csv(folder / "ori.csv", index=False)
    ori.iloc[70:].to_csv(folder / "ctl.csv", index=False)
    syn.to_csv(folder / "syn.csv", index=False)
    return folder


def _json(capsys, argv):
    code = main(argv)
    return code, json.loads(capsys.readouterr().out)


def test_linkability_cli_equals_python_and_gates(files, capsys):
    argv = ["linkability", str(files / "ori.csv"), str(files / "syn.csv"), "--control", str(files / "ctl.csv")]
    argv += ["--aux-a", "age,sex,race", "--aux-b", "education,occupation", "--format", "json"]
    code, out = _json(capsys, argv)
    ours = sqlpriv.linkability(
        str(files / "ori.csv"), str(files / "syn.csv"), aux_cols=(["age", "sex", "race"], ["education", "occupation"]),
        control=str(files / "ctl.csv"),
    )  # fmt: skip
    summary = {r["attack"]: r for r in out["summary"]}
    assert summary["main"]["n_success"] == ours.n_success and summary["control"]["n_success"] == ours.n_control_success
    assert out["risk"][0]["value"] == pytest.approx(ours.risk().value)
    assert code == 0
    code, out = _json(capsys, [*argv, "--max-risk", "-1"])  # every risk is above -1: review, exit 3
    assert code == 3 and out["verdict"]["status"] == "review"
    code, out = _json(capsys, [*argv, "--max-risk", "-1", "--on-violation", "reject"])
    assert code == 4


def test_inference_cli_equals_python(files, capsys):
    argv = ["inference", str(files / "ori.csv"), str(files / "syn.csv"), "--aux", "age,sex,race,education"]
    code, out = _json(capsys, [*argv, "--secret", "income", "--format", "json", "--max-risk", "1"])
    ours = sqlpriv.inference(
        str(files / "ori.csv"), str(files / "syn.csv"), ["age", "sex", "race", "education"], "income"
    )
    assert code == 0 and out["summary"][0]["n_success"] == ours.n_success


@pytest.mark.parametrize("command", ["linkability", "inference"])
def test_printed_sql_runs_in_the_duckdb_shell(files, command, tmp_path):
    shell = shutil.which("duckdb") or str(Path(sys.executable).with_name("duckdb"))
    if not Path(shell).exists():
        pytest.fail("the DuckDB shell is missing: pip install duckdb-cli (part of the test extra)")
    ori, syn, ctl = (str(files / f) for f in ("ori.csv", "syn.csv", "ctl.csv"))
    if command == "linkability":
        extra = ["--aux-a", "age,sex,race", "--aux-b", "education,occupation", "--n-neighbors", "3"]
        ours = sqlpriv.linkability(
            ori, syn, aux_cols=(["age", "sex", "race"], ["education", "occupation"]), control=ctl, n_neighbors=3
        )
    else:
        extra = ["--aux", "age,hr_per_week,education", "--secret", "income"]
        ours = sqlpriv.inference(ori, syn, ["age", "hr_per_week", "education"], "income", control=ctl)
    script = subprocess.run(
        [sys.executable, "-m", "sqlpriv", command, ori, syn, "--control", ctl, *extra, "--sql"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    out = subprocess.run([shell, "-csv"], input=script, capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    lines = out.splitlines()
    assert lines[0] == "attack,n_attacks,n_success"
    assert lines[1] == f"main,{ours.n_attacks},{ours.n_success}"
    assert lines[2] == f"control,{ours.n_control},{ours.n_control_success}"
