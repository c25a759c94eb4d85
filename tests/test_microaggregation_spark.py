"""Univariate microaggregation on Apache Spark (issue 44 item 6, issue 45):
``sqlpriv.microaggregate(..., method="onedims")`` of a Spark DataFrame (or ``spark=`` with a table
name) runs sql_templates/microaggregation/onedims.sql rendered for Spark. The released table (a
SparkResult) equals DuckDB's to 1e-9 row for row, and both equal a brute force written here (each
column sorted within its stratum, ties in input order, groups of aggr, the last absorbing the
rest); IL1s, the group counts and the eigenvalue measure equal DuckDB's. A random table with a
NULL stratum value and an odd column name. MDAV (``method="mdav"``) runs its rounds as Spark
statements over a Spark state table: the released table, IL1s, groups and eigen equal DuckDB's
(itself checked against numpy's MDAV in tests/test_microaggregation.py), with strata, duplicate
rows (ties to the smaller position) and ``sqlpriv microaggregate --method mdav --engine spark``."""

from __future__ import annotations

import random
from statistics import median

import pandas as pd
import pytest
from conftest import require_spark

import sqlpriv
from sqlpriv.engine.spark.run import SparkResult

require_spark()

TOL = 1e-9
ODD = 'pay `x"'  # a backtick and a double quote in one name


def table(seed: int, n: int = 23) -> pd.DataFrame:
    rng = random.Random(seed)
    return pd.DataFrame(
        {
            ODD: [rng.choice([1.0, 2.5, 3.0, 8.0, rng.uniform(0, 50)]) for _ in range(n)],
            "age": [rng.randint(18, 80) for _ in range(n)],
            "region": pd.array([rng.choice(["n", "s", None]) for _ in range(n)], dtype=object),
        }
    )


def spark_frame(spark, df: pd.DataFrame):  # type: ignore[no-untyped-def]
    return spark.createDataFrame(df.astype(object).where(df.notna(), None))


def brute(df: pd.DataFrame, column: str, aggr: int, strata: str | None, measure: str) -> list[float]:
    """sdcMicro's onedims, written out: per stratum (a NULL one more value), sort, cut, replace."""
    out: list[float] = [0.0] * len(df)
    keys = df[strata].tolist() if strata else [None] * len(df)
    for key in {k if not pd.isna(k) else None for k in keys}:
        rows = [i for i, k in enumerate(keys) if (k if not pd.isna(k) else None) == key]
        rows.sort(key=lambda i: (float(df[column][i]), i))
        groups = max(len(rows) // aggr, 1)
        for g in range(groups):
            part = rows[g * aggr :] if g == groups - 1 else rows[g * aggr : (g + 1) * aggr]
            values = [float(df[column][i]) for i in part]
            value = sum(values) / len(values) if measure == "mean" else median(values)
            for i in part:
                out[i] = value
    return out


def close(got: list, want: list) -> None:  # type: ignore[type-arg]
    assert len(got) == len(want)
    for u, v in zip(got, want):
        assert abs(float(u) - float(v)) <= TOL * max(1.0, abs(float(v))), (u, v)


def same_release(on_spark, on_duckdb) -> dict:  # type: ignore[no-untyped-def]
    """The released values (to 1e-9), the strata column, IL1s, groups and eigen of both engines
    agree; DuckDB's IL1s figures, for further checks."""
    assert isinstance(on_spark.released(), SparkResult)
    got, want = on_spark.df(), on_duckdb.df()
    assert list(got.columns) == list(want.columns) == [ODD, "age", "region"]
    for column in (ODD, "age"):
        close(got[column].tolist(), want[column].tolist())
    assert [None if pd.isna(v) else v for v in got["region"]] == [None if pd.isna(v) else v for v in want["region"]]
    figures, expected = on_spark.il1s(), on_duckdb.il1s()
    assert (figures["groups"], figures["smallest_group"]) == (expected["groups"], expected["smallest_group"])
    assert abs(figures["il1s"] - expected["il1s"]) <= TOL * max(1.0, expected["il1s"])
    assert abs(on_spark.eigen() - on_duckdb.eigen()) <= TOL
    return expected


@pytest.mark.parametrize(
    ("measure", "strata"),
    [pytest.param("mean", "region", marks=pytest.mark.spark_cluster), ("median", None)],  # mean: also on local-cluster
)
def test_spark_dataframe_equals_duckdb_and_the_brute_force(spark, measure, strata):
    df = table(1)
    kw = {"aggr": 3, "measure": measure, "strata": strata, "method": "onedims"}
    on_spark = sqlpriv.microaggregate(spark_frame(spark, df), [ODD, "age"], **kw)
    on_duckdb = sqlpriv.microaggregate(df, [ODD, "age"], **kw)
    same_release(on_spark, on_duckdb)
    got = on_spark.df()
    for column in (ODD, "age"):
        close(got[column].tolist(), brute(df, column, 3, strata, measure))
    assert [None if pd.isna(v) else v for v in got["region"]] == [None if pd.isna(v) else v for v in df["region"]]


def test_spark_mdav_equals_duckdb_with_strata_and_ties(spark):
    """MDAV's rounds on Spark (one statement each, sqlpriv/microaggregation/mdav.py): the same groups
    as DuckDB's rounds, so the same released values (to 1e-9), IL1s, groups and eigen; duplicate
    rows tie and go to the smaller position on both engines."""
    df = table(4, n=33)
    df.loc[[4, 5, 6, 7], [ODD, "age"]] = [[8.0, 40], [8.0, 40], [8.0, 40], [8.0, 40]]  # ties
    kw = {"aggr": 3, "strata": "region"}
    on_spark = sqlpriv.microaggregate(spark_frame(spark, df), [ODD, "age"], **kw)
    on_duckdb = sqlpriv.microaggregate(df, [ODD, "age"], **kw)
    expected = same_release(on_spark, on_duckdb)
    assert [None if pd.isna(v) else v for v in on_spark.df()["region"]] == [
        None if pd.isna(v) else v for v in df["region"]
    ]
    assert expected["groups"] >= 9  # three strata of about 11 rows: rounds in each
    assert "cache table" in on_spark.sql and "update " not in on_spark.sql.lower()


def test_spark_table_name_and_what_spark_refuses(spark):
    df = table(2, n=14)
    spark_frame(spark, df).createOrReplaceTempView("microagg_people")
    on_spark = sqlpriv.microaggregate("microagg_people", ["age"], aggr=4, method="onedims", spark=spark)
    close(on_spark.df()["age"].tolist(), brute(df, "age", 4, None, "mean"))
    assert on_spark.il1s()["groups"] == 3 and on_spark.il1s()["smallest_group"] == 4
    assert "`microagg_people`" in on_spark.sql
    with pytest.raises(sqlpriv.ColumnError, match="'region' is string, not numeric"):
        sqlpriv.microaggregate("microagg_people", ["region"], method="onedims", spark=spark)
    with pytest.raises(sqlpriv.ParameterError, match="larger than the table"):
        sqlpriv.microaggregate("microagg_people", ["age"], aggr=15, method="onedims", spark=spark)
    holes = df.assign(age=df["age"].astype(object).where(df.index % 5 != 0, None))
    with pytest.raises(sqlpriv.ColumnError, match="3 row\\(s\\) have a NULL"):
        sqlpriv.microaggregate(spark_frame(spark, holes), ["age"], method="onedims")


def test_cli_engine_spark_gives_the_duckdb_figures(spark, tmp_path, capsys):
    """`sqlpriv microaggregate --engine spark` (DuckDB only before): the same IL1s, groups and
    smallest group as --engine duckdb; --out written by Spark; --sql prints the Spark statement."""
    import json

    from sqlpriv.cli import main

    table(3, n=16).to_csv(tmp_path / "t.csv", index=False)
    argv = ["microaggregate", str(tmp_path / "t.csv"), "-c", "age", "--method", "onedims", "--format", "json"]
    assert main([*argv, "--engine", "spark", "--out", str(tmp_path / "out")]) == 0
    on_spark = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    on_duckdb = json.loads(capsys.readouterr().out)
    figures = [(f["figure"], f["value"]) for f in on_spark["microaggregation"]]
    expected = [(f["figure"], f["value"]) for f in on_duckdb["microaggregation"]]
    assert [f for f, _ in figures] == [f for f, _ in expected] == ["il1s", "groups", "smallest_group"]
    close([v for _, v in figures], [v for _, v in expected])
    assert expected[1][1] == 5 and expected[2][1] == 3  # 16 rows, aggr 3: five groups, the last of four
    written = pd.read_parquet(tmp_path / "out")
    assert sorted(written["age"]) == sorted(
        sqlpriv.microaggregate(table(3, n=16), ["age"], method="onedims").df()["age"]
    )
    assert main([*argv, "--engine", "spark", "--sql"]) == 0
    printed = capsys.readouterr().out
    assert "monotonically_increasing_id()" in printed and "`__sqlpriv_a0` as `age`" in printed


def test_cli_mdav_engine_spark_equals_duckdb_and_numpy(spark, tmp_path, capsys):
    """`sqlpriv microaggregate --method mdav --engine spark` (refused before): the figures of
    --engine duckdb, the table written by Spark with the values of numpy's MDAV (one round per Spark
    statement: three rounds of two groups, one of one group, the last group)."""
    import json

    import numpy as np
    from test_microaggregation import mdav

    from sqlpriv.cli import main

    rng = np.random.default_rng(3)
    x = rng.normal(size=(24, 2)) * [3.0, 50.0]
    x[3] = x[9]  # a duplicate row: a tie to the smaller position
    pd.DataFrame(x, columns=["a", "b"]).assign(k=range(24)).to_csv(tmp_path / "t.csv", index=False)
    argv = ["microaggregate", str(tmp_path / "t.csv"), "-c", "a,b", "--format", "json"]
    spark_args = ["--engine", "spark", "--spark-conf", "spark.sql.shuffle.partitions=1"]  # the fixture's setting kept
    assert main([*argv, *spark_args, "--out", str(tmp_path / "out")]) == 0
    on_spark = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    on_duckdb = json.loads(capsys.readouterr().out)
    figures = [(f["figure"], f["value"]) for f in on_spark["microaggregation"]]
    expected = [(f["figure"], f["value"]) for f in on_duckdb["microaggregation"]]
    assert [f for f, _ in figures] == [f for f, _ in expected] and expected[1][1] == 8
    close([v for _, v in figures], [v for _, v in expected])
    written = pd.read_parquet(tmp_path / "out").sort_values("k")
    want = pd.DataFrame(x).groupby(mdav(x, 3)).transform("mean").to_numpy()
    close(written["a"].tolist() + written["b"].tolist(), want[:, 0].tolist() + want[:, 1].tolist())
    assert main([*argv, *spark_args, "--sql"]) == 0
    assert capsys.readouterr().out.count("cache table") == 1 + 4 + 1  # the state, four rounds, the rest
