"""The ``sqlpriv shapley`` command, its --sql scripts run by the real DuckDB shell, and a
wheel installed into a fresh virtual environment."""

from __future__ import annotations

import io
import json
import os
import shutil
import site
import subprocess
import sys
import venv
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main
from tests.conftest import FLARE_CSV, FLARE_PREDICTORS, REPO

COLS = ["class", "largest_spot_size", "area"]


def cli(*args: str) -> tuple[int, str]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(list(args))
    return code, buf.getvalue()


def duckdb_shell() -> str:
    path = shutil.which("duckdb") or str(Path(sys.executable).with_name("duckdb"))
    if not os.path.exists(path):
        pytest.fail("the DuckDB shell is missing: pip install duckdb-cli (part of the test extra)")
    return path


def run_shell(script: str, cwd: Path) -> list[pd.DataFrame]:
    """Run a script in the DuckDB shell in CSV mode; return its result tables."""
    out = subprocess.run([duckdb_shell(), "-csv"], input=script, capture_output=True, text=True, cwd=cwd, timeout=120)
    assert out.returncode == 0, out.stderr
    blocks, current = [], []
    for line in out.stdout.splitlines():
        if line.startswith(("column,", "level,")) and current:
            blocks.append(current)
            current = []
        current.append(line)
    if current:
        blocks.append(current)
    return [pd.read_csv(io.StringIO("\n".join(b))) for b in blocks]


@pytest.fixture(scope="module")
def python_result():
    return sqlpriv.uniqueness_shapley(str(FLARE_CSV), COLS)


def test_cli_summary_json_matches_api(python_result):
    code, out = cli("shapley", str(FLARE_CSV), *sum((["-c", c] for c in COLS), []), "--by", "C > 0", "--format", "json")
    assert code == 0
    payload = json.loads(out)
    summary = python_result.summary().df()
    assert [r["column"] for r in payload["summary"]] == COLS
    assert np.allclose([r["shapley"] for r in payload["summary"]], summary["shapley"], atol=1e-12)
    assert payload["schema_version"] == 2 and payload["by"][0]["expression"] == "C > 0"
    assert len(payload["by"][0]["levels"]) == 2


def test_cli_table_and_csv_output():
    code, out = cli("shapley", str(FLARE_CSV), "-c", "class", "-c", "area", "--by", "X > 0")
    assert code == 0 and "# summary" in out and "# by X > 0" in out
    code, out = cli("shapley", str(FLARE_CSV), "-c", "class", "-c", "area5=area // 5", "--format", "csv")
    df = pd.read_csv(io.StringIO(out))
    assert df["column"].tolist() == ["class", "area5"]


def test_cli_per_row_file(tmp_path):
    target = tmp_path / "phi.parquet"
    code, _ = cli("shapley", str(FLARE_CSV), *sum((["-c", c] for c in FLARE_PREDICTORS), []), "--per-row", str(target))
    assert code == 0
    phi = pd.read_parquet(target)
    assert phi.shape == (1066, 10)
    assert phi["class"].mean() == pytest.approx(1.3657, abs=5e-5)


def test_cli_errors_are_one_line(capsys):
    assert main(["shapley", "no_such_file.csv"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("sqlpriv: error: file 'no_such_file.csv' does not exist") and "Traceback" not in err
    assert main(["shapley", str(FLARE_CSV), "-c", "nope"]) == 1
    assert "available columns" in capsys.readouterr().err
    assert main(["shapley", str(FLARE_CSV), "--method", "sample", "--samples", "1"]) == 2
    with pytest.raises(SystemExit) as exc:
        main(["shapley"])
    assert exc.value.code == 2


def test_sql_script_runs_in_the_duckdb_shell(tmp_path, python_result):
    per_row_out = tmp_path / "phi_shell.parquet"
    code, script = cli(
        "shapley",
        str(FLARE_CSV),
        *sum((["-c", c] for c in COLS), []),
        "--by",
        "C > 0",
        "--by",
        "evolution",
        "--per-row",
        str(per_row_out),
        "--sql",
    )
    assert code == 0 and not per_row_out.exists()  # --sql prints, it does not run
    (tmp_path / "script.sql").write_text(script)
    summary, by_c, by_evolution = run_shell(script, tmp_path)
    expected = python_result.summary().df()
    assert summary["column"].tolist() == COLS
    assert (
        np.abs(
            summary[["entropy", "conditional_entropy", "shapley"]].to_numpy()
            - expected[["entropy", "conditional_entropy", "shapley"]].to_numpy()
        ).max()
        < 1e-12
    )
    expected_by = python_result.by("evolution").df()
    assert np.abs(by_evolution[COLS].to_numpy() - expected_by[COLS].to_numpy()).max() < 1e-12
    assert by_c["n"].tolist() == [884, 182]
    shell_phi = pd.read_parquet(per_row_out)
    python_phi = python_result.per_row().df()
    assert np.abs(shell_phi[COLS].to_numpy() - python_phi[COLS].to_numpy()).max() < 1e-12


def test_sampled_sql_script_runs_in_the_duckdb_shell(tmp_path):
    code, script = cli(
        "shapley",
        str(FLARE_CSV),
        *sum((["-c", c] for c in FLARE_PREDICTORS), []),
        "--method",
        "sample",
        "--samples",
        "10",
        "--sql",
    )
    assert code == 0
    (summary,) = run_shell(script, tmp_path)
    api = sqlpriv.uniqueness_shapley(str(FLARE_CSV), FLARE_PREDICTORS, method="sample", samples=10).summary().df()
    assert (
        np.abs(summary[["shapley", "shapley_se"]].to_numpy() - api[["shapley", "shapley_se"]].to_numpy()).max() < 1e-12
    )


def test_macro_pack_loads_in_the_shell(tmp_path):
    from sqlpriv.engine import macros

    script = macros.script(temp=False) + "select sqlpriv_shapley_weight(4, 1) as w;\n"
    out = subprocess.run([duckdb_shell(), "-csv"], input=script, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert float(out.stdout.strip().splitlines()[-1]) == pytest.approx(1 / 12)


@pytest.mark.slow
def test_wheel_installs_and_finds_its_templates(tmp_path):
    """Build the wheel, install it in a fresh venv, run the CLI from an unrelated folder."""
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(dist), str(REPO)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = dist.glob("sqlpriv-*.whl")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = env_dir / "bin" / "python"
    # reuse this environment's dependencies (duckdb, pandas, ...) without its editable sqlpriv:
    # a plain path entry is searched after the venv's own site-packages and its .pth files
    # (the editable install hook) are not processed
    inner_site = subprocess.run(
        [str(py), "-c", "import site; print(site.getsitepackages()[0])"], capture_output=True, text=True, check=True
    ).stdout.strip()
    Path(inner_site, "outer_deps.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    subprocess.run(
        [str(py), "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    workdir = tmp_path / "elsewhere"
    workdir.mkdir()
    where = subprocess.run(
        [
            str(py),
            "-c",
            "import sqlpriv, sqlpriv.engine.templates as t; print(sqlpriv.__file__); print(t.template_dir())",
        ],
        capture_output=True,
        text=True,
        cwd=workdir,
        check=True,
    ).stdout.splitlines()
    assert where[0].startswith(str(env_dir)) and where[1].startswith(str(env_dir))
    out = subprocess.run(
        [str(env_dir / "bin" / "sqlpriv"), "shapley", str(FLARE_CSV), "-c", "class", "-c", "area", "--format", "csv"],
        capture_output=True,
        text=True,
        cwd=workdir,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    df = pd.read_csv(io.StringIO(out.stdout))
    assert df["column"].tolist() == ["class", "area"]
    bundled = subprocess.run(
        [str(py), "-c", "import sqlpriv; print(sqlpriv.example_path('flare.csv'))"],
        capture_output=True,
        text=True,
        cwd=workdir,
        check=True,
    ).stdout.strip()
    assert bundled.startswith(str(env_dir))


def test_sql_command_prints_macros_and_scripts(tmp_path):
    code, pack = cli("sql", "macros")
    assert code == 0 and "create or replace macro sqlpriv_shapley_coefficient" in pack
    assert "temp macro" not in pack
    code, script = cli("sql", "shapley", str(FLARE_CSV), "-c", "class", "-c", "area")
    assert code == 0
    assert script == cli("shapley", str(FLARE_CSV), "-c", "class", "-c", "area", "--sql")[1]
    (summary,) = run_shell(pack + script, tmp_path)
    assert summary["column"].tolist() == ["class", "area"]


def test_csv_outputs_from_python_and_from_the_shell_agree(tmp_path, python_result):
    """Result.write picks CSV by extension; the printed script's COPY writes the same file."""
    per_row = python_result.per_row()
    per_row.write(tmp_path / "py.csv")
    shell_out = tmp_path / "shell.csv"
    code, script = cli(
        "shapley", str(FLARE_CSV), *sum((["-c", c] for c in COLS), []), "--per-row", str(shell_out), "--sql"
    )
    assert code == 0
    run_shell(script, tmp_path)
    a, b = pd.read_csv(tmp_path / "py.csv"), pd.read_csv(shell_out)
    assert list(a.columns) == ["row", *COLS] == list(b.columns)
    assert np.abs(a[COLS].to_numpy() - b[COLS].to_numpy()).max() < 1e-12
    assert a["class"].mean() == pytest.approx(python_result.summary().df()["shapley"][0], abs=1e-9)
