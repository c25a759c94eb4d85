"""Top and bottom coding on Apache Spark (issue 44 item 6, issue 45): ``sqlpriv.top_bottom_code``
of a Spark DataFrame (or ``spark=`` with a table name) runs sql_templates/topcode/release.sql
rendered for Spark and gives a SparkResult whose released table equals DuckDB's to 1e-9, row for
row in input order, on a random table with NULLs and an odd column name; both equal a brute force
written here (numpy's linearly interpolated percentile for the quantile thresholds)."""

from __future__ import annotations

import random

import numpy as np
import pandas as pd
import pytest
from conftest import require_spark

import sqlpriv
from sqlpriv.engine.spark.run import SparkResult

require_spark()

TOL = 1e-9
ODD = 'in`come "x"'  # a backtick and double quotes in one name


def table(seed: int, n: int = 40) -> pd.DataFrame:
    rng = random.Random(seed)
    return pd.DataFrame(
        {
            ODD: [rng.choice([None, -3.0, 1.5, 2.0, 7.25, 55.0, 100.0, rng.uniform(0, 90)]) for _ in range(n)],
            "age": [rng.randint(18, 80) for _ in range(n)],
            "sex": pd.array([rng.choice(["f", "m", None]) for _ in range(n)], dtype=object),
        }
    )


def spark_frame(spark, df: pd.DataFrame):  # type: ignore[no-untyped-def]
    return spark.createDataFrame(df.astype(object).where(df.notna(), None))


def brute(df: pd.DataFrame, column: str, top=None, bottom=None, top_value=None, bottom_value=None, quantile=False):  # type: ignore[no-untyped-def]
    values = [float(v) if not pd.isna(v) else None for v in df[column]]
    present = np.array([v for v in values if v is not None])
    hi = float(np.percentile(present, top * 100)) if quantile and top is not None else top
    lo = float(np.percentile(present, bottom * 100)) if quantile and bottom is not None else bottom
    out = []
    for v in values:
        if v is not None and hi is not None and v > hi:
            v = hi if top_value is None else float(top_value)
        elif v is not None and lo is not None and v < lo:
            v = lo if bottom_value is None else float(bottom_value)
        out.append(v)
    return out


def same_column(got: list, want: list) -> None:  # type: ignore[type-arg]
    assert len(got) == len(want)
    for u, v in zip(got, want):
        if v is None or pd.isna(v):
            assert u is None or pd.isna(u), (u, v)
        else:
            assert abs(float(u) - float(v)) <= TOL * max(1.0, abs(float(v))), (u, v)


def same(a: pd.DataFrame, b: pd.DataFrame) -> None:
    assert list(a.columns) == list(b.columns) and len(a) == len(b)
    for col in (ODD, "age"):
        same_column(a[col].tolist(), b[col].tolist())
    assert [None if pd.isna(v) else v for v in a["sex"]] == [None if pd.isna(v) else v for v in b["sex"]]


CASES = [
    {"top": 50, "bottom": 5.5, "bottom_value": 0},
    {"top": 0.9, "bottom": 0.1, "quantile": True},
    {"top": 0.75, "quantile": True, "top_value": -1},
]


@pytest.mark.spark_cluster  # also on local-cluster in .ci/run
def test_spark_dataframe_equals_duckdb_and_the_brute_force(spark):
    df = table(1)
    frame = spark_frame(spark, df)
    for kw in CASES:
        on_spark = sqlpriv.top_bottom_code(frame, ODD, **kw)
        assert isinstance(on_spark, SparkResult)
        got = on_spark.df()
        want = sqlpriv.top_bottom_code(df, ODD, **kw).df()
        same(got, want)
        same_column(got[ODD].tolist(), brute(df, ODD, **kw))
        assert got["age"].tolist() == df["age"].tolist()  # the other columns untouched, in input order


def test_spark_table_name_and_an_integer_column(spark):
    """``spark=`` with a table name, as the other families take it; an integer column becomes
    DOUBLE with its median as the top code (Spark's percentile interpolates as DuckDB's quantile_cont)."""
    df = table(2, n=25)
    spark_frame(spark, df).createOrReplaceTempView("topcode_people")
    on_spark = sqlpriv.top_bottom_code("topcode_people", "age", top=0.5, quantile=True, spark=spark).df()
    want = sqlpriv.top_bottom_code(df, "age", top=0.5, quantile=True).df()
    same(on_spark, want)
    same_column(on_spark["age"].tolist(), brute(df, "age", top=0.5, quantile=True))
    assert "percentile(" in sqlpriv.top_bottom_code("topcode_people", "age", top=0.5, quantile=True, spark=spark).sql


def test_spark_writes_the_released_table_and_refuses_text(spark, tmp_path):
    df = table(3, n=12)
    frame = spark_frame(spark, df)
    path = sqlpriv.top_bottom_code(frame, ODD, top=10).to_parquet(tmp_path / "out.parquet")
    written = pd.read_parquet(path)
    assert sorted(written[ODD].dropna().tolist()) == sorted(v for v in brute(df, ODD, top=10) if v is not None)
    with pytest.raises(sqlpriv.ColumnError, match="'sex' is string, not numeric"):
        sqlpriv.top_bottom_code(frame, "sex", top=1)
    with pytest.raises(sqlpriv.SourceError, match="no table or view"):
        sqlpriv.top_bottom_code("no_such_table", ODD, top=1, spark=spark)
