"""sqlpriv.generalize on a Spark source (issue 28): Spark aggregates the patterns, the search runs
on them; the same node, the same candidates (every metric to 1e-9), the same released rows and the
same before/after figures (to 1e-9) as DuckDB on the same data, on small tables (table
hierarchies, builders, expressions, NULLs) and on a slice of ARX's adult with ARX's hierarchies,
and through ``sqlpriv anonymize --engine spark``. Skipped only when pyspark or Java is missing and
SQLPRIV_REQUIRE_SPARK is unset (.ci/run sets it)."""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest
from conftest import require_spark
from test_generalize import random_case

import sqlpriv
from sqlpriv import hierarchy
from sqlpriv.cli import main
from sqlpriv.generalize import SparkGeneralization, TooManyPatternsError

require_spark()

ADULT = Path(__file__).resolve().parent.parent / "benchmarks" / "reference" / "arx_adult"
TOL = 1e-9


def same_frames(got: pd.DataFrame, want: pd.DataFrame, by: list[str]) -> None:
    """Equal column names and rows (sorted by ``by``), numbers to 1e-9, the rest exactly."""
    assert list(got.columns) == list(want.columns)
    got = got.sort_values(by, kind="stable").reset_index(drop=True)
    want = want.sort_values(by, kind="stable").reset_index(drop=True)
    assert len(got) == len(want)
    for col in want.columns:
        a, b = got[col].tolist(), want[col].tolist()
        for x, y in zip(a, b):
            if isinstance(y, float) or isinstance(x, float):
                if pd.isna(y):
                    assert pd.isna(x), (col, x, y)
                else:
                    assert abs(float(x) - float(y)) <= TOL * max(1.0, abs(float(y))), (col, x, y)
            elif isinstance(y, list) or hasattr(y, "tolist"):
                assert [float(v) for v in list(x)] == pytest.approx([float(v) for v in list(y)], abs=TOL), col
            else:
                assert x == y, (col, x, y)


def check_same(
    spark, df: pd.DataFrame, hier: dict, row_id: str, other: dict | None = None, **policy
) -> sqlpriv.Generalization:
    """Spark's generalization of ``df`` against DuckDB's: node, candidates, released rows, compare();
    also the released rows of the node ``other`` (which the search may not have evaluated)."""
    want = sqlpriv.generalize(df, hier, **policy)
    got = sqlpriv.generalize(spark.createDataFrame(df), hier, **policy)
    assert isinstance(got, SparkGeneralization)
    assert got.best == want.best and got.n == want.n
    levels = list(hier)
    same_frames(got.candidates().df(), want.candidates().df(), levels)
    if want.best is None:
        return got
    same_frames(got.apply().df(), want.apply().df(), [row_id])
    same_frames(got.compare().df(), want.compare(measures=False).df(), ["figure"])
    if other is not None:
        same_frames(got.apply(other).df(), want.apply(other).df(), [row_id])
    return got


def test_spark_search_equals_duckdb_on_random_table_hierarchies(spark):
    df, hier = random_case(1)
    df["row_id"] = range(len(df))
    check_same(spark, df, hier, "row_id", k=2, suppression_limit=0.2, metric="discernibility")


@pytest.mark.spark_cluster  # also on local-cluster in .ci/run
def test_spark_search_equals_duckdb_with_builders_nulls_and_expressions(spark):
    rng = random.Random(7)
    n = 60
    df = pd.DataFrame(
        {
            "age": [rng.choice([None, *range(18, 80)]) for _ in range(n)],
            "zip": [rng.choice(["27514", "27515", "27599", "10001", "10002", None]) for _ in range(n)],
            "job": [rng.choice(["a", "b", "c", "d", "e"] + ["rare"] * (i % 9 == 0)) for i in range(n)],
            "score": [rng.randrange(100) for _ in range(n)],
            "row_id": range(n),
        }
    )
    df["age"] = df["age"].astype("Int64")
    hier = {
        "age": hierarchy.intervals(10, 20),
        "zip": hierarchy.mask(1, 3),
        "job": hierarchy.rare(5),
        "score": ["cast(floor(score / 10) as int) * 10", "cast(floor(score / 50) as int) * 50"],
    }
    other = {"age": 1, "zip": 0, "job": 1, "score": 0}
    got = check_same(spark, df, hier, "row_id", other, k=3, suppression_limit=0.1, metric="loss")
    assert got.best is not None


def test_spark_search_equals_duckdb_on_a_slice_of_adult(spark):
    qis = ["sex", "age", "race", "marital-status", "education"]
    df = pd.read_csv(ADULT / "adult.csv", sep=";", dtype=str, keep_default_na=False).head(3000)
    df["row_id"] = range(len(df))
    hier = {q: str(ADULT / f"adult_hierarchy_{q}.csv") for q in qis}
    got = check_same(spark, df, hier, "row_id", k=5, suppression_limit=0.05, metric="loss")
    assert got.best_row is not None and got.best_row["suppressed"] > 0  # suppression is exercised


def test_spark_search_refuses_too_many_patterns_and_duckdb_options(spark):
    df = pd.DataFrame({"a": [str(i) for i in range(40)], "b": ["x", "y"] * 20})
    sdf = spark.createDataFrame(df)
    hier = {"a": {str(i): ["*"] for i in range(40)}, "b": {"x": ["*"], "y": ["*"]}}
    with pytest.raises(TooManyPatternsError, match=r"about \d+ distinct patterns.*max_patterns=10"):
        sqlpriv.generalize(sdf, hier, max_patterns=10)
    with pytest.raises(sqlpriv.ParameterError, match="threads= are DuckDB options"):
        sqlpriv.generalize(sdf, hier, threads=2)
    with pytest.raises(sqlpriv.ParameterError, match="kept_table"):
        sqlpriv.generalize(sdf, hier).kept_table()


def test_cli_anonymize_engine_spark_writes_duckdbs_rows(spark, tmp_path, capsys):
    df = pd.DataFrame(
        {"age": [31, 32, 33, 34, 41, 45, 47, 52, 38, 39, 36, 61], "sex": list("FFMMFMFMFMFM"), "id": range(12)}
    )
    csv = tmp_path / "people.csv"
    df.to_csv(csv, index=False)
    out = tmp_path / "released.parquet"
    argv = ["anonymize", str(csv), "--hierarchy", "age=intervals:5,10,20", "--hierarchy", "sex=rare:2", "--k", "2"]
    assert main([*argv, "--suppression-limit", "0.1", "-o", str(out), "--engine", "spark"]) == 0
    printed = capsys.readouterr().out
    assert "before / after" in printed
    got = pd.read_parquet(out).sort_values("id").reset_index(drop=True)
    want = sqlpriv.generalize(str(csv), {"age": "intervals:5,10,20", "sex": "rare:2"}, k=2, suppression_limit=0.1)
    expected = want.apply().df().sort_values("id").reset_index(drop=True)
    assert got["age"].tolist() == expected["age"].tolist() and got["sex"].tolist() == expected["sex"].tolist()
    assert main([*argv, "--sql", "--engine", "spark"]) == 0
    assert "generated by sqlpriv for Spark SQL" in capsys.readouterr().out


@pytest.mark.heavy  # about 40-90 s on a 2-core machine; not in CI: Shapley, CIG/PIF and the gate, each on Spark, twice
def test_spark_compare_with_measures_equals_duckdb(spark):
    """The Shapley, PIF_95 and gate rows of compare(), each family run on Spark, equal DuckDB's."""
    rng = random.Random(3)
    df = pd.DataFrame({"a": [str(rng.randrange(6)) for _ in range(40)], "b": [rng.choice("pqrs") for _ in range(40)]})
    hier = {"a": {str(i): [f"{i // 3}", "*"] for i in range(6)}, "b": {v: [g, "*"] for v, g in zip("pqrs", "xxyy")}}
    want = sqlpriv.generalize(df, hier, k=3, suppression_limit=0.1).compare().df()
    got = sqlpriv.generalize(spark.createDataFrame(df), hier, k=3, suppression_limit=0.1).compare(measures=True).df()
    assert len(want) == 7 + 2 + 1 + 1  # 7 SQL figures, 2 Shapley values, PIF_95, the gate
    same_frames(got, want, ["figure"])
