"""sdcMicro's break rules as hierarchies on Spark (breaks from Spark's percentile / min / max):
the released labels and the best node equal DuckDB's. Skipped when pyspark or Java is missing and
SQLPRIV_REQUIRE_SPARK is unset (.ci/run sets it)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from conftest import require_spark

import sqlpriv

require_spark()


@pytest.mark.parametrize("spec", ["equidistant:4,2", "equalAmount:4,2", "logEqui:3"])
def test_spark_breaks_equal_duckdb(spark, spec: str) -> None:
    rng = np.random.default_rng(3)
    pdf = pd.DataFrame({"x": np.round(rng.lognormal(3, 1, 60), 2), "y": np.tile(["a", "b"], 30)})
    hierarchies = {"x": spec, "y": {"a": ["*"], "b": ["*"]}}
    on_spark = sqlpriv.generalize(spark.createDataFrame(pdf), hierarchies=hierarchies, k=5)
    on_duck = sqlpriv.generalize(pdf, hierarchies=hierarchies, k=5)
    assert on_spark.best == on_duck.best
    got = sorted(on_spark.apply({"x": 1, "y": 0}).df()["x"].tolist())
    assert got == sorted(on_duck.apply({"x": 1, "y": 0}).df()["x"].tolist())
