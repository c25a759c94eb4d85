"""The released table of sqlpriv.generalize as one Spark SQL statement equals DuckDB's (issue 28):
table hierarchies (joined VALUES), builders (intervals, mask, rare) and suppression. Skipped only
when pyspark or Java is missing and SQLPRIV_REQUIRE_SPARK is unset (.ci/run sets it)."""

from __future__ import annotations

import pandas as pd
from conftest import require_spark

import sqlpriv
from sqlpriv import hierarchy

require_spark()


def test_spark_release_equals_duckdb(spark):
    df = pd.DataFrame(
        {
            "age": [31, 32, 33, 34, 41, 45, 47, 52, 38, 39, 36, 61],
            "zip": [
                "27514",
                "27514",
                "27515",
                "27517",
                "27514",
                "27599",
                "27598",
                "27514",
                "27515",
                "27516",
                "27514",
                "10001",
            ],
            "sex": list("FFMMFMFMFMFM"),
            "it's": range(12),
        }
    )
    h = {"age": hierarchy.intervals(5, 10, 20), "zip": hierarchy.mask(1, 2, 3), "sex": {"F": ["*"], "M": ["*"]}}
    g = sqlpriv.generalize(df, h, k=2, suppression_limit=0.25)
    assert g.best_row is not None and g.best_row["suppressed"] > 0  # suppression is exercised
    spark.createDataFrame(df).createOrReplaceTempView("people")
    for levels in (None, {"age": 1, "zip": 2, "sex": 0}, {"age": 0, "zip": 0, "sex": 1}):
        want = g.apply(levels).df().sort_values("it's").reset_index(drop=True)
        got = spark.sql(g.release_sql(levels, dialect="spark", relation="people")).toPandas()
        got = got.sort_values("it's").reset_index(drop=True)
        assert list(got.columns) == list(want.columns)
        for col in ("age", "zip", "sex"):
            assert got[col].tolist() == want[col].tolist(), (levels, col)
