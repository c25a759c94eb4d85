"""The released table of sqlpriv.generalize as one Spark SQL statement equals DuckDB's (issue 28):
table hierarchies (joined VALUES), builders (intervals, mask, rare) and suppression. Skipped only
when pyspark or Java is missing and SQLPRIV_REQUIRE_SPARK is unset (.ci/run sets it)."""

from __future__ import annotations

import os
import shutil

import pandas as pd
import pytest

import sqlpriv
from sqlpriv import hierarchy

try:
    import pyspark  # noqa: F401

    MISSING = None if shutil.which("java") else "java (a JRE) is not installed"
except ImportError:
    MISSING = "pyspark is not installed (pip install -e '.[test]')"
if MISSING:
    if os.environ.get("SQLPRIV_REQUIRE_SPARK"):
        raise RuntimeError(f"SQLPRIV_REQUIRE_SPARK is set but {MISSING}")
    pytest.skip(MISSING, allow_module_level=True)


@pytest.fixture(scope="module")
def spark(tmp_path_factory):
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[1]")
        .appName("sqlpriv-generalize-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "1")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.warehouse.dir", str(tmp_path_factory.mktemp("spark-warehouse")))
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("OFF")
    yield session


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
