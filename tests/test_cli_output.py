"""What the command line says (issue 15 item 8): every file an option writes is confirmed on
stderr with its path, summaries show n, and each summary ends with one line on how to read it
(on stdout after a table, on stderr with --format csv / json so their stdout stays parseable)."""

from __future__ import annotations

import json
import subprocess
import sys

import pandas as pd
import pytest

from tests.conftest import FLARE_CSV

SRC = str(FLARE_CSV)


def sqlpriv(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sqlpriv", *args], capture_output=True, text=True, cwd=cwd)


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    d = tmp_path_factory.mktemp("so")
    df = pd.read_csv(FLARE_CSV)
    df.iloc[:500].to_csv(d / "ori.csv", index=False)
    df.iloc[500:1000].to_csv(d / "syn.csv", index=False)
    return str(d / "ori.csv"), str(d / "syn.csv")


def test_every_output_option_confirms_its_file(tmp_path, pair):
    cases = [
        (["shapley", SRC, "-c", "class,area", "--per-row", str(tmp_path / "phi.parquet")], "phi.parquet", 1066),
        (["pif", SRC, "-c", "class,area,C", "--out", str(tmp_path / "cig.csv")], "cig.csv", 1066),
        (["uniques", SRC, "-c", "class,area,C", "--out", str(tmp_path / "u.parquet")], "u.parquet", 1066),
        (["singling-out", *pair, "-c", "class,area,C", "--quiet", "--details", str(tmp_path / "d.csv")], "d.csv", None),
        (
            ["singling-out", *pair, "-c", "class,area,C", "--quiet", "--tree", str(tmp_path / "t.parquet")],
            "t.parquet",
            None,
        ),
    ]
    for argv, name, rows in cases:
        out = sqlpriv(*argv)
        assert out.returncode == 0, out.stderr
        path = tmp_path / name
        assert path.exists()
        line = next((x for x in out.stderr.splitlines() if x.startswith("sqlpriv: wrote")), None)
        assert line is not None and line.endswith(str(path)), (argv, out.stderr)
        written = pd.read_csv(path) if name.endswith(".csv") else pd.read_parquet(path)
        if rows is not None:
            assert len(written) == rows and f"{rows:,}" in line
        if name == "d.csv":
            assert f"({len(written):,} rows)" in line


@pytest.mark.parametrize(
    "argv",
    [
        ["shapley", SRC, "-c", "class,area"],
        ["pif", SRC, "-c", "class,area,C"],
        ["profile", SRC, "-c", "class,area"],
        ["uniques", SRC, "-c", "class,area", "--max-cols", "2"],
    ],
)
def test_summaries_show_n_and_end_with_how_to_read(argv):
    out = sqlpriv(*argv)
    assert out.returncode == 0, out.stderr
    last = [x for x in out.stdout.splitlines() if x.strip()][-1]
    assert last.startswith("n = 1,066 rows") and "How to read:" in last
    # machine-readable formats keep stdout clean: the line goes to stderr
    js = sqlpriv(*argv, "--format", "json")
    json.loads(js.stdout)
    assert "sqlpriv: n = 1,066 rows" in js.stderr
    csv = sqlpriv(*argv, "--format", "csv")
    assert "How to read" not in csv.stdout and "How to read" in csv.stderr


def test_shapley_reading_gives_the_unique_share_and_k_anonymity():
    out = sqlpriv("shapley", SRC, "-c", "class,area")
    df = pd.read_csv(FLARE_CSV)
    sizes = df.groupby(["class", "area"]).size()
    unique = int((sizes == 1).sum())  # brute force
    share = unique / 1066  # a small share keeps its digits (0.094%, not 0.1% or 0.0%); one row "is"
    text = f"{share:.1%}" if share >= 0.001 else f"{share * 100:.2g}%"
    verb = "is" if unique == 1 else "are"
    assert f"{unique:,} of the 1,066 rows ({text}) {verb} unique on the 2 analysed columns" in out.stdout
    assert f"k-anonymity (smallest class) is {int(sizes.min())}" in out.stdout


def test_singling_out_summary_shows_n(pair):
    out = sqlpriv("singling-out", *pair, "-c", "class,area,C", "--quiet")
    assert out.returncode == 0, out.stderr
    last = [x for x in out.stdout.splitlines() if x.strip()][-1]
    assert last.startswith("n = ") and "synthetic rows" in last and "How to read:" in last


def test_request_summary_shows_n_and_the_decision_last():
    out = sqlpriv("request", SRC, "-c", "class,area")
    lines = [x for x in out.stdout.splitlines() if x.strip()]
    assert any(x.split() == ["n", "1,066"] for x in lines)  # a count, printed as one (issue 23)
    assert lines[-1].startswith("decision: ")
