"""``sqlpriv linkability --engine spark`` and ``sqlpriv inference --engine spark`` (the single
statements on Spark, sqlpriv/attacks/spark.py) print the same summary, risk, verdict and exit
code as on DuckDB; ``--per-row`` writes the same per-target rows (the attack's plan run by Spark)."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from conftest import require_spark

from sqlpriv.cli import main

require_spark()


def _pair(tmp_path, spread: bool = False) -> list[str]:
    rng = np.random.default_rng(11)
    frames = []
    for n in (24, 30, 16):
        frames.append(
            pd.DataFrame(
                {
                    "x": rng.integers(0, 6, n).astype(float),
                    "c": rng.choice(list("abc"), n),
                    "s": rng.choice(list("pq"), n),
                }
            )
        )
    for frame in frames if spread else []:  # mostly distinct x: rare values to single records out with
        frame["x"] = rng.permutation(60)[: len(frame)].astype(float)
    frames[1].iloc[:12] = frames[0].iloc[:12].to_numpy()  # copied records: linked and inferred
    paths = []
    for name, frame in zip(("ori", "syn", "ctl"), frames):
        path = tmp_path / f"{name}.parquet"
        frame.to_parquet(path)
        paths.append(str(path))
    return paths


def _both(argv: list[str], capsys) -> tuple[tuple[int, dict], tuple[int, dict]]:
    out = []
    for extra in ([], ["--engine", "spark", "--spark-master", "local[1]"]):
        code = main([*argv, "--format", "json", *extra])
        out.append((code, json.loads(capsys.readouterr().out)))
    return out[0], out[1]


def _same(duck: tuple[int, dict], spark: tuple[int, dict]) -> None:
    assert spark[0] == duck[0]
    assert spark[1]["verdict"] == duck[1]["verdict"]
    for table in ("summary", "risk"):
        got, expected = pd.DataFrame(spark[1][table]), pd.DataFrame(duck[1][table])
        pd.testing.assert_frame_equal(got, expected, rtol=0, atol=1e-9)


def test_cli_linkability_on_spark_equals_duckdb(spark, tmp_path, capsys):
    ori, syn, ctl = _pair(tmp_path)
    link = ["linkability", ori, syn, "--control", ctl, "--aux-a", "x", "--aux-b", "c,s", "--max-risk", "0.05"]
    duck, on_spark = _both(link, capsys)
    assert duck[1]["verdict"]["status"] != "pass" and duck[0] != 0  # 12 copied records: the gate fires
    _same(duck, on_spark)


def test_cli_inference_on_spark_equals_duckdb(spark, tmp_path, capsys):
    ori, syn, _ = _pair(tmp_path)
    infer = ["inference", ori, syn, "--aux", "x,c", "--secret", "s", "--max-risk", "0.99", "--seed", "2"]
    duck, on_spark = _both(infer, capsys)
    assert duck[0] == 0 and duck[1]["verdict"]["status"] == "pass"
    _same(duck, on_spark)


@pytest.mark.slow  # about 60 s on local Spark: the single statement, then the plan's statements
def test_cli_inference_per_row_on_spark_equals_duckdb(spark, tmp_path, capsys):
    """--per-row with --engine spark writes every record's row (the attack's plan run by Spark)."""
    ori, syn, _ = _pair(tmp_path)
    infer = ["inference", ori, syn, "--aux", "x,c", "--secret", "s", "--seed", "2"]
    paths = [tmp_path / "duck.parquet", tmp_path / "spark.parquet"]
    assert main([*infer, "--per-row", str(paths[0])]) == 0
    assert main([*infer, "--engine", "spark", "--spark-master", "local[1]", "--per-row", str(paths[1])]) == 0
    capsys.readouterr()
    expected, got = (pd.read_parquet(p) for p in paths)
    assert len(expected) == 24 and expected["success"].sum() >= 12  # 12 copied records
    pd.testing.assert_frame_equal(got, expected, check_dtype=False)


def test_cli_singling_out_queries_on_spark_equals_duckdb(spark, tmp_path, capsys):
    ori, syn, ctl = _pair(tmp_path, spread=True)
    argv = ["singling-out-queries", ori, syn, "--control", ctl, "--n-attacks", "20", "--max-risk", "0.5"]
    duck, on_spark = _both(argv, capsys)
    assert spark_and_duck_equal(duck, on_spark)


def spark_and_duck_equal(duck: tuple[int, dict], on_spark: tuple[int, dict]) -> bool:
    assert on_spark[0] == duck[0] and on_spark[1]["verdict"] == duck[1]["verdict"]
    got, expected = pd.DataFrame(on_spark[1]["summary"]), pd.DataFrame(duck[1]["summary"])
    pd.testing.assert_frame_equal(got, expected, rtol=0, atol=1e-9)
    return bool(expected["n_success"].iloc[0] >= 1)  # some query singles a record out


@pytest.mark.heavy  # the SQL draw on local Spark is a few hundred stages: minutes on a loaded machine
def test_cli_singling_out_queries_sql_draw_on_spark_equals_duckdb(spark, tmp_path, capsys):
    """Issue 45: `sqlpriv singling-out-queries --draw sql --engine spark` on a few hundred rows
    prints the same summary, risk, verdict and exit code as on DuckDB (the same drawn queries)."""
    rng = np.random.default_rng(45)
    paths = []
    for name, n in (("ori", 240), ("syn", 200), ("ctl", 120)):
        frame = pd.DataFrame(
            {
                "x": rng.integers(0, 400, n).astype(float),  # many values held by one record
                "c": rng.choice(list("abcdefgh"), n),
                "s": rng.choice(list("pq"), n),
            }
        )
        frame.loc[rng.choice(n, 3, replace=False), "c"] = None  # NULLs: isna queries and guesses
        paths.append(str(tmp_path / f"{name}.parquet"))
        frame.to_parquet(paths[-1])
    ori, syn, ctl = paths
    argv = ["singling-out-queries", ori, syn, "--control", ctl, "--n-attacks", "30", "--draw", "sql"]
    duck, on_spark = _both([*argv, "--max-risk", "0.5"], capsys)
    assert duck[0] == 0 and duck[1]["verdict"]["status"] == "pass"
    assert spark_and_duck_equal(duck, on_spark)  # summary (counts, rates, risk) to 1e-9 and the verdict
    assert pd.DataFrame(duck[1]["summary"])["n_attacks"].iloc[0] == 30  # the 30 asked for were drawn
