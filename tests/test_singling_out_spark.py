"""Issue 45: singling-out risk of synthetic data on Spark (the search's rounds as Spark statements
over Spark tables) equals DuckDB's to 1e-9 in every output (summary, details, tree), in both
modes, on random tables with NULLs, a float column and odd column names (``rank``, ``a b``, a
backtick). The DuckDB search is the oracle (itself checked against PETsARD and brute force in
tests/test_singling_out*.py)."""

from __future__ import annotations

import random
from typing import Any

import pandas as pd
import pytest
from conftest import require_spark
from spark_compare import assert_same, wide_table

import sqlpriv
from sqlpriv.engine.layout import plan_words
from sqlpriv.errors import ParameterError

require_spark()

SCHEMA = "`rank` bigint, `a b` string, `c``d` double"


def table(seed: int, n: int) -> pd.DataFrame:
    rng = random.Random(seed)
    return pd.DataFrame(
        {
            "rank": pd.array([rng.choice([1, 2, 3, None]) for _ in range(n)], dtype="Int64"),
            "a b": [rng.choice(["x", "y", "z", None]) for _ in range(n)],
            "c`d": [rng.choice([0.5, 1.25, 2.0, 2.125]) for _ in range(n)],
        }
    )


def on_spark(spark: Any, df: pd.DataFrame) -> Any:
    return spark.createDataFrame(df.astype(object).where(df.notna(), None), SCHEMA)


def test_exhaustive_singling_out_on_spark_equals_duckdb(spark):
    ori, syn = table(4, 40), table(5, 30)
    duck = sqlpriv.singling_out(ori, syn, progress=False)
    got = sqlpriv.singling_out(on_spark(spark, ori), on_spark(spark, syn), progress=False)
    assert duck.summary().df()["total_identified"][0] > 0  # the test would see a wrong hit
    for output in ("summary", "details", "tree"):
        assert_same(getattr(got, output)().df(), getattr(duck, output)().df())
    assert (got.columns, got.n, got.numeric_precision) == (duck.columns, duck.n, duck.numeric_precision)
    assert "cache table" in got.sql and "insert into" in got.sql
    got.close()


def wide_on_spark(spark: Any, df: pd.DataFrame) -> Any:
    schema = ", ".join(f"`{c.replace('`', '``')}` bigint" for c in df.columns)
    return spark.createDataFrame(df.astype(object).where(df.notna(), None), schema)


@pytest.mark.heavy  # the search's levels are several Spark jobs each; tests/test_uniques_spark.py has the fast form
def test_singling_out_past_32_packed_bits_on_spark_equals_duckdb(spark):
    # the search packs both tables' codes with the cohort frame's coded rows (engine/encode.sql):
    # on Spark an INT code shifted by 32 or more wrapped to the low bits (dialect/shift_left.sql)
    ori = wide_table(21, 120, 9)
    syn = pd.concat([ori.iloc[:40], wide_table(22, 20, 9)], ignore_index=True)  # records to find, and others
    syn.iloc[::2, 0] = pd.NA  # a NULL in half the copies: found on the other columns
    both = pd.concat([ori, syn])
    words = plan_words([both[c].nunique(dropna=False) for c in both.columns])
    assert max(f["offset"] for word in words for f in word) >= 32
    options = dict(max_cols=2, progress=False)
    duck = sqlpriv.singling_out(ori, syn, **options)
    got = sqlpriv.singling_out(wide_on_spark(spark, ori), wide_on_spark(spark, syn), **options)
    details = duck.details().df()
    assert (details["combo_size"] == 2).any()  # pairs singled out, not only single values
    for output in ("summary", "details", "tree"):
        assert_same(getattr(got, output)().df(), getattr(duck, output)().df())


@pytest.mark.slow  # about 40 s on a quiet 2-core machine (each level is several Spark jobs)
def test_petsard_mode_with_dropna_on_spark_equals_duckdb(spark):
    ori, syn = table(6, 40), table(7, 30)
    options = dict(mode="petsard", dropna=True, max_cols=2, progress=False)
    duck = sqlpriv.singling_out(ori, syn, **options)
    got = sqlpriv.singling_out(on_spark(spark, ori), on_spark(spark, syn), **options)
    for output in ("summary", "details", "tree"):
        assert_same(getattr(got, output)().df(), getattr(duck, output)().df())
    assert got.null_rows == duck.null_rows and got.null_rows["syn"] > 0
    assert got.duplicates == duck.duplicates
    with pytest.raises(ParameterError, match="memory_limit is DuckDB's"):
        sqlpriv.singling_out(on_spark(spark, ori), syn, spark=spark, memory_limit="1GB")


@pytest.mark.slow  # about 40 s on a quiet 2-core machine
def test_cli_singling_out_engine_spark_gives_the_duckdb_summary_and_verdict(spark, tmp_path, capsys):
    import json

    from sqlpriv.cli import main

    ori, syn = table(8, 30), table(9, 20)
    ori.to_csv(tmp_path / "ori.csv", index=False)
    syn.to_csv(tmp_path / "syn.csv", index=False)
    argv = ["singling-out", str(tmp_path / "ori.csv"), str(tmp_path / "syn.csv"), "--max-cols", "2", "--quiet"]
    argv += ["--format", "json"]
    code = main([*argv, "--engine", "spark", "--details", str(tmp_path / "details")])
    on_spark = json.loads(capsys.readouterr().out)
    assert main(argv) == code
    on_duckdb = json.loads(capsys.readouterr().out)
    assert on_spark["verdict"] == on_duckdb["verdict"]
    assert_same(pd.DataFrame(on_spark["summary"]), pd.DataFrame(on_duckdb["summary"]))
    written = pd.read_parquet(tmp_path / "details")  # a folder of part files written by Spark
    assert len(written) == on_duckdb["summary"][0]["total_identified"]
    assert main([*argv, "--engine", "spark", "--sql"]) == 0
    assert "cache table `sqlpriv_so_" in capsys.readouterr().out
