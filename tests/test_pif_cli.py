"""``sqlpriv pif``: summary, --out, --sql through the real DuckDB shell, --heatmap, bad input."""

from __future__ import annotations

import json
import shutil
import subprocess

import numpy as np
import pandas as pd
import pytest
from test_pif import EXAMPLE, REFERENCE_CIG, oracle

from sqlpriv.cli import main
from sqlpriv.pif.measure import cig, information_factors

ROWS = list(EXAMPLE.itertuples(index=False, name=None))


@pytest.fixture()
def example_csv(tmp_path):
    path = tmp_path / "example.csv"
    EXAMPLE.to_csv(path, index=False)
    return path


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_summary_json_matches_oracle(capsys, example_csv):
    code, out, err = run_cli(capsys, "pif", example_csv, "--format", "json", "--top", "2", "--percentile", "80")
    assert code == 0, err
    tables = json.loads(out)
    want, _, _ = oracle(ROWS, {}, {})
    fig_table = tables["fig_per_column"]  # JSON schema 2 (issue 46): stable keys
    assert [r["column"] for r in fig_table] == ["gender", "name", "eye_color"]
    np.testing.assert_allclose([r["fig"] for r in fig_table], want.sum(axis=0), atol=1e-9)
    (pif_row,) = tables["pif_at_percentile"]
    assert pif_row["percentile"] == 80 and pif_row["measure"] == "cig"
    assert pif_row["pif"] == pytest.approx(np.percentile(want.sum(axis=1), 80), abs=1e-9)
    top = tables["top_rows"]
    assert [(r["row"], r["name"]) for r in top] == [(0, "Anton"), (6, "Charlie")]
    assert top[0]["rig"] == pytest.approx(want[0].sum(), abs=1e-9)


def test_prior_and_accuracy_options(capsys, example_csv, tmp_path):
    prior = tmp_path / "gender.json"
    prior.write_text(json.dumps([["male", 0.51], ["female", 0.49]]))
    out_csv = tmp_path / "csf.csv"
    code, out, err = run_cli(
        capsys,
        "pif",
        example_csv,
        "--measure",
        "csf",
        "--prior",
        f"gender={prior}",
        "--accuracy",
        "name=0.9",
        "--out",
        out_csv,
    )
    assert code == 0, err
    assert out == ""  # with --out the values go to the file, not the terminal
    got = pd.read_csv(out_csv)
    _, want, _ = oracle(ROWS, {0: {"male": 0.51, "female": 0.49}}, {1: 0.9})
    np.testing.assert_allclose(got[["gender", "name", "eye_color"]].to_numpy(float), want, atol=1e-12)


def _duckdb_shell():
    shell = shutil.which("duckdb")
    if shell is None:
        pytest.skip("the duckdb shell (pip install duckdb-cli) is not installed")
    return shell


def test_sql_script_runs_in_duckdb_shell_per_row(capsys, example_csv, tmp_path):
    shell = _duckdb_shell()
    target = tmp_path / "wcig.parquet"
    prior = tmp_path / "eye.json"
    prior.write_text(json.dumps({"blue": 0.3, "green": 0.6, "brown": 0.1}))
    args = [
        "pif",
        example_csv,
        "--measure",
        "wcig",
        "--prior",
        f"eye_color={prior}",
        "--accuracy",
        "eye_color=0.75",
        "--out",
        target,
    ]
    code, script, err = run_cli(capsys, *args, "--sql")
    assert code == 0, err
    assert not target.exists()
    done = subprocess.run([shell], input=script, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    from_shell = pd.read_parquet(target)
    api = (
        information_factors(
            str(example_csv),
            priors={"eye_color": {"blue": 0.3, "green": 0.6, "brown": 0.1}},
            accuracies={"eye_color": 0.75},
        )
        .wcig()
        .df()
    )
    assert list(from_shell.columns) == ["row", "gender", "name", "eye_color"]
    np.testing.assert_allclose(from_shell.iloc[:, 1:].to_numpy(float), api.iloc[:, 1:].to_numpy(float), atol=1e-12)


def test_sql_script_runs_in_duckdb_shell_summary(capsys, example_csv):
    shell = _duckdb_shell()
    code, script, err = run_cli(capsys, "pif", example_csv, "--sql")
    assert code == 0, err
    done = subprocess.run([shell, "-csv"], input=script, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    want, _, _ = oracle(ROWS, {}, {})
    fig_lines = dict(line.split(",") for line in lines[1:4])
    for name, value in zip(["gender", "name", "eye_color"], want.sum(axis=0)):
        assert float(fig_lines[name]) == pytest.approx(value, abs=1e-9)
    assert lines[4] == "pif"
    assert float(lines[5]) == pytest.approx(np.percentile(want.sum(axis=1), 95), abs=1e-9)
    assert lines[7].startswith("0,") and lines[7].endswith(",male,Anton,blue")


def test_result_sql_property_runs_in_shell(example_csv):
    shell = _duckdb_shell()
    script = cig(str(example_csv)).sql
    done = subprocess.run([shell, "-csv"], input=script, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    values = [[round(float(x), 2) for x in line.split(",")[1:]] for line in done.stdout.splitlines()[1:]]
    assert values == REFERENCE_CIG


def test_heatmap_written(capsys, example_csv, tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "plots" / "cig.png"
    png.parent.mkdir()  # an output folder is never created (tests/test_attacks.py)
    code, out, err = run_cli(capsys, "pif", example_csv, "--heatmap", png)
    assert code == 0, err
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000
    assert "FIG" in out  # the summary is still printed


def test_cli_bad_input(capsys, example_csv, tmp_path):
    code, _, err = run_cli(capsys, "pif", example_csv, "--accuracy", "name=abc")
    assert code == 2 and "accuracy of column 'name'" in err
    code, _, err = run_cli(capsys, "pif", example_csv, "--prior", f"gender={tmp_path / 'missing.json'}")
    assert code == 2 and "cannot read the prior file for column 'gender'" in err
    bad = tmp_path / "bad.json"
    bad.write_text('{"male": 1.0}')
    code, _, err = run_cli(capsys, "pif", example_csv, "--prior", f"gender={bad}")
    assert code == 2 and "no entry for the observed value 'female'" in err
    code, _, err = run_cli(capsys, "pif", example_csv, "-c", "gender")
    assert code == 1 and "at least 2 analysed columns" in err
    code, _, err = run_cli(capsys, "pif", example_csv, "--percentile", "120")
    assert code == 2 and "percentile" in err
    pd.testing.assert_frame_equal(pd.read_csv(example_csv), EXAMPLE)


def test_heatmap_rows_binned_by_rig_rank():
    from sqlpriv.pif.measure import heatmap_rows

    rng = np.random.default_rng(3)
    df = pd.DataFrame({"a": rng.integers(0, 4, 53), "b": rng.integers(0, 3, 53), "c": rng.integers(0, 2, 53)})
    rows = list(df.itertuples(index=False, name=None))
    want, _, _ = oracle(rows, {}, {})
    rig_values = want.sum(axis=1)
    order = sorted(range(len(rows)), key=lambda i: (-rig_values[i], i))
    full = heatmap_rows(cig(df)).df()
    assert full["row"].tolist() == order
    bins = 7
    got = heatmap_rows(cig(df), bins=bins).df()
    sizes = [len(rows) // bins + (1 if b < len(rows) % bins else 0) for b in range(bins)]  # ntile
    start = 0
    for b, size in enumerate(sizes):
        members = order[start : start + size]
        start += size
        assert got["rows"][b] == size
        np.testing.assert_allclose(got[["a", "b", "c"]].iloc[b].to_numpy(float), want[members].max(axis=0), atol=1e-12)
        assert got["rig"][b] == pytest.approx(rig_values[members].max(), abs=1e-12)


def test_heatmap_api_binned(tmp_path):
    pytest.importorskip("matplotlib")
    from sqlpriv.plot.heatmap import heatmap

    path = heatmap(cig(EXAMPLE), tmp_path / "binned.png", max_rows=3)
    assert path.endswith("binned.png") and (tmp_path / "binned.png").read_bytes()[:4] == b"\x89PNG"
