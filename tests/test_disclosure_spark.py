"""The disclosure single statement (sql_templates/disclosure/query.sql) on Apache Spark
(pyspark local[2]) equals DuckDB's to 1e-9, summary and per class, with NULLs, a numeric
(ordered) and a categorical sensitive column, and a hierarchy (tests/test_spark.py's pattern;
skipped only when pyspark or Java is missing and SQLPRIV_REQUIRE_SPARK is unset)."""

from __future__ import annotations

import json
import random

import duckdb
import numpy as np
import pandas as pd
import pytest
from conftest import require_spark

import sqlpriv
from sqlpriv.disclosure.measure import attribute_disclosure, disclosure_query

require_spark()

TOL = 1e-9
TREE = {"flu": ["resp", "*"], "cold": ["resp", "*"], "hiv": ["viral", "*"], None: ["unknown", "*"]}


def table(seed: int, n: int = 60) -> pd.DataFrame:
    rng = random.Random(seed)
    return pd.DataFrame(
        {
            "zip code": [rng.choice([1, 2, 3]) for _ in range(n)],
            "sex": pd.array([rng.choice(["f", "m", None]) for _ in range(n)], dtype=object),
            "pay": [float(rng.choice([1, 2, 5, 9])) for _ in range(n)],
            "dx": pd.array([rng.choice(["flu", "cold", "hiv", None]) for _ in range(n)], dtype=object),
        }
    )


def same(a: pd.DataFrame, b: pd.DataFrame) -> None:
    assert list(a.columns) == list(b.columns) and len(a) == len(b)
    for col in a.columns:
        x, y = a[col].tolist(), b[col].tolist()
        for u, v in zip(x, y):
            if isinstance(u, (int, float, np.number)) and not pd.isna(u):
                assert abs(float(u) - float(v)) <= TOL * max(1.0, abs(float(v))), (col, u, v)
            else:
                assert (pd.isna(u) and pd.isna(v)) or u == v, (col, u, v)


@pytest.mark.parametrize("output", ["summary", "classes"])
@pytest.mark.parametrize("seed", [1])
def test_spark_equals_duckdb(spark, seed, output):
    df = table(seed)
    spark.createDataFrame(df.astype(object).where(df.notna(), None)).createOrReplaceTempView("disc")
    kw = {"ordered": ["pay"], "hierarchies": {"dx": TREE}, "output": output}
    on_spark = spark.sql(
        disclosure_query("`disc`", ["zip code", "sex"], ["pay", "dx"], dialect="spark", **kw)
    ).toPandas()
    con = duckdb.connect()
    con.register("disc", df)
    on_duckdb = con.execute(disclosure_query('"disc"', ["zip code", "sex"], ["pay", "dx"], **kw)).df()
    same(on_spark, on_duckdb)
    # and the single statement equals the Python plan
    r = attribute_disclosure(df, ["zip code", "sex"], sensitive=["pay", "dx"], hierarchies={"dx": TREE})
    same(on_duckdb, (r.summary() if output == "summary" else r.classes()).df())


def test_spark_dataframe_source_equals_duckdb(spark):
    df = table(3)
    frame = spark.createDataFrame(df.astype(object).where(df.notna(), None))
    on_spark = attribute_disclosure(frame, ["zip code", "sex"], sensitive=["pay", "dx"], hierarchies={"dx": TREE})
    on_duckdb = attribute_disclosure(df, ["zip code", "sex"], sensitive=["pay", "dx"], hierarchies={"dx": TREE})
    same(on_spark.summary().df(), on_duckdb.summary().df())
    same(on_spark.classes().df(), on_duckdb.classes().df())
    assert on_spark.summary().df()["distance"].tolist() == ["ordered", "hierarchical"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"sensitive": "dx", "hierarchies": {"dx": {"flu": ["resp", "*"], "cold": ["resp", "*"]}}}, "no entry for 2"),
        ({"sensitive": "dx", "hierarchies": {"diagnosis": TREE}}, "hierarchies names 'diagnosis'"),
        ({"sensitive": ["dx", "DX"]}, "sensitive names a column twice"),
    ],
)
def test_spark_refuses_what_duckdb_refuses(spark, kwargs, message):
    """On Spark a hierarchy missing values ('hiv', NULL) was measured as if they were their own
    branches, a hierarchy under a misspelled column was ignored (the equal distance, silently),
    and a sensitive column named twice was measured twice: DuckDB refuses each with one clear error."""
    df = table(5)
    with pytest.raises(sqlpriv.SqlprivError, match=message):
        attribute_disclosure(df, ["zip code", "sex"], **kwargs).summary()
    with pytest.raises(sqlpriv.SqlprivError, match=message):
        attribute_disclosure(spark.createDataFrame(df), ["zip code", "sex"], **kwargs).summary().fetchall()


def test_spark_per_row_equals_duckdb(spark):
    """per_row() ran on DuckDB only (a ParameterError on Spark); on Spark it is the per_row output
    of the single statement. Each row's class figures equal DuckDB's plan to 1e-9, in input order
    (the 0-based position, or the key), on a random table with NULLs and an odd column name; and
    the row's class size is recounted here by brute force."""
    df = table(7, n=40).rename(columns={"sex": 'se`x "q'})
    df["id"] = [f"r{i}" for i in range(len(df))]
    df["pay"] = df["pay"].where(df.index % 7 != 3, None)  # NULL in a numeric sensitive column too
    frame = spark.createDataFrame(df.astype(object).where(df.notna(), None), schema=_schema(df))
    qis = ["zip code", 'se`x "q']
    for key, sens in ((None, ["pay", "dx"]), ("id", ["dx"])):
        kw = {"sensitive": sens, "hierarchies": {"dx": TREE}}
        on_spark = attribute_disclosure(frame, qis, key=key, **kw).per_row().df()
        on_duckdb = attribute_disclosure(df, qis, key=key, **kw).per_row().df()
        same(on_spark, on_duckdb)
        keys = list(range(len(df))) if key is None else df["id"].tolist()
        assert on_spark.iloc[:, 0].tolist() == keys
        groups = df[qis].astype(object).where(df[qis].notna(), "<null>")
        sizes = groups.groupby(qis)[qis[0]].transform("size").tolist()
        assert on_spark["class_size"].tolist() == sizes


def _schema(df: pd.DataFrame) -> str:
    """A DDL schema for the test table (backticks doubled), so a NULL-heavy column keeps its type."""
    types = {"zip code": "bigint", "pay": "double", "id": "string"}
    return ", ".join(f"`{c.replace('`', '``')}` {types.get(c, 'string')}" for c in df.columns)


def test_cli_disclosure_engine_spark_gives_the_duckdb_figures_and_verdict(spark, tmp_path, capsys):
    """`sqlpriv disclosure --engine spark` (it refused Spark although docs/spark.md listed it): the
    summary, the verdict and the exit code equal DuckDB's; --classes is written by Spark; --sql
    prints the Spark statements."""
    from sqlpriv.cli import main

    table(4, 40).drop(columns="pay").to_csv(tmp_path / "t.csv", index=False)
    argv = ["disclosure", str(tmp_path / "t.csv"), "-c", "zip code", "-c", "sex", "-s", "dx", "--format", "json"]
    code = main([*argv, "--engine", "spark", "--classes", str(tmp_path / "classes")])
    on_spark = json.loads(capsys.readouterr().out)
    assert main(argv) == code
    on_duckdb = json.loads(capsys.readouterr().out)
    assert on_spark["verdict"] == on_duckdb["verdict"]
    same(pd.DataFrame(on_spark["summary"]), pd.DataFrame(on_duckdb["summary"]))
    written = pd.read_parquet(tmp_path / "classes")  # a folder of part files written by Spark
    expected = attribute_disclosure(table(4, 40).drop(columns="pay"), ["zip code", "sex"], sensitive="dx").classes()
    assert len(written) == len(expected.df()) > 0
    assert main([*argv, "--engine", "spark", "--sql"]) == 0
    assert "`zip code`" in capsys.readouterr().out
