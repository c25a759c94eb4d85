"""``sqlpriv suppress`` (issue 44): the verdict, the released table written atomically, the SQL
script that rebuilds it in a fresh DuckDB, and ``sqlpriv risk --missing wildcard``."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pandas as pd

from sqlpriv.cli import main

DATA = Path(__file__).parent / "data" / "sdcmicro_testdata2.csv"
KEYS = "urbrur,roof,walls,water,electcon,relat,sex"


def test_suppress_writes_a_k_anonymous_table(tmp_path, capsys):
    out = tmp_path / "released.csv"
    assert main(["suppress", str(DATA), "-c", KEYS, "-k", "2", "--out", str(out), "--max-share", "0.5"]) == 0
    printed = capsys.readouterr().out
    assert "PASS" in printed and "water" in printed
    released = pd.read_csv(out)
    assert len(released) == 93 and released[KEYS.split(",")].isna().sum().sum() > 0


def test_suppress_budget_share_is_a_review(tmp_path, capsys):
    assert main(["suppress", str(DATA), "-c", KEYS, "--max-share", "0.001"]) == 3
    assert "REVIEW" in capsys.readouterr().out


def test_suppress_sql_rebuilds_the_table(tmp_path, capsys):
    out = tmp_path / "r.parquet"
    assert (
        main(
            [
                "suppress",
                str(DATA),
                "-c",
                "urbrur,roof,walls",
                "-k",
                "3",
                "--method",
                "greedy",
                "--sql",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    script = capsys.readouterr().out
    assert not out.exists()
    duckdb.connect().execute(script.replace(".bail on\n", ""))
    assert len(pd.read_parquet(out)) == 93


def test_risk_missing_wildcard(tmp_path, capsys):
    path = tmp_path / "t.csv"
    pd.DataFrame({"a": [1, 1, None, 2], "b": [1, 2, 2, 2]}).to_csv(path, index=False)
    assert main(["risk", str(path), "-c", "a,b", "--missing", "wildcard", "--format", "csv"]) == 0
    assert "sample_uniques,1.0" in capsys.readouterr().out
