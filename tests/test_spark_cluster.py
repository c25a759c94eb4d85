"""Issue 45: the Spark tests' multi-executor mode and the driver's share of every family.

``SQLPRIV_SPARK_MASTER=local-cluster[2,1,1024]`` (.ci/run) runs the ``spark_cluster`` tests with
two executor JVMs beside the driver: rows cross processes, so an order that only one JVM keeps or
a hidden collect of rows shows there. The session must then really have two executors.

Every family, on Spark, brings to the driver only aggregates (a summary, a histogram, the
distinct patterns of a search), never the table's rows: each collect of a Spark DataFrame is
counted while a family runs over a table of N rows with few distinct patterns, and none may bring
more rows than the patterns' count bound (per-row outputs are written by the executors)."""

from __future__ import annotations

import random
import time
import warnings

import pandas as pd
import pytest
from conftest import require_spark, spark_master

import sqlpriv

require_spark()

N = 2_000  # rows; the three quasi-identifiers below have at most 4 * 4 * 3 = 48 patterns
PATTERN_BOUND = 100  # the most rows any collect may bring: well above 48 and under N


@pytest.mark.spark_cluster  # also on local-cluster in .ci/run
def test_the_session_runs_on_the_master_asked_with_its_executors(spark):
    master = spark_master()
    assert spark.sparkContext.master == master
    if not master.startswith("local-cluster"):
        return
    wanted = int(master.split("[", 1)[1].split(",", 1)[0])  # local-cluster[executors,cores,memory]
    status = spark.sparkContext._jsc.sc().getExecutorMemoryStatus  # the driver's block manager counts too
    deadline = time.monotonic() + 300  # executors register slowly on a loaded machine
    while status().size() < wanted + 1 and time.monotonic() < deadline:
        time.sleep(1)
    assert status().size() == wanted + 1
    partitions = spark.range(0, 1_000, 1, 4).selectExpr("spark_partition_id() as p").distinct().count()
    assert partitions == 4


def table(seed: int = 5) -> pd.DataFrame:
    """Few patterns, NULLs, a name with a space and a quote, many rows."""
    rng = random.Random(seed)
    return pd.DataFrame(
        {
            "zip code": pd.array([rng.choice(["a", "b", "c", None]) for _ in range(N)], dtype=object),
            "it's": [rng.choice([1, 2, 3, 4]) for _ in range(N)],
            "sex": [rng.choice("fmx") for _ in range(N)],
            "dx": [rng.choice(["flu", "cold", "hiv"]) for _ in range(N)],
            "id": range(N),
        }
    )


@pytest.fixture
def collected(spark, monkeypatch):  # type: ignore[no-untyped-def]
    """The row count of every collect of a Spark DataFrame to the driver while the test runs."""
    frames = type(spark.range(1))  # pyspark 4's classic DataFrame (pyspark.sql.DataFrame is its interface)
    sizes: list[int] = []
    for method in ("collect", "toPandas", "toArrow", "take", "tail"):
        original = getattr(frames, method)

        def counting(self, *args, __original=original, **kwargs):  # type: ignore[no-untyped-def]
            out = __original(self, *args, **kwargs)
            sizes.append(len(out) if hasattr(out, "__len__") else out.num_rows)
            return out

        monkeypatch.setattr(frames, method, counting)
    return sizes


QI = ["zip code", "it's", "sex"]


def run_family(family: str, frame, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Every aggregate output of one family, read on the driver; per-row ones written by Spark."""
    if family == "shapley":
        r = sqlpriv.uniqueness_shapley(frame, columns=QI, key="id")
        r.summary().df()
        r.by("sex").df()
        r.per_row().to_parquet(tmp_path / "phi")
    elif family == "factors":
        r = sqlpriv.cig(frame, columns=QI, key="id")
        assert sqlpriv.pif(r, 95) >= 0
        sqlpriv.fig(r).df()
        r.to_parquet(tmp_path / "cig")
    elif family == "request":
        sqlpriv.privacy_profile(frame, columns=QI).df()
        assert sqlpriv.assess_request(frame, QI, k=3).decision
        sqlpriv.small_classes(frame, QI, k=2).df()
    elif family == "risk":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", sqlpriv.SqlprivWarning)
            r = sqlpriv.reidentification_risk(frame, QI, sampling_fraction=0.1)
            r.summary().df()
        r.per_row().to_parquet(tmp_path / "risk")
    elif family == "disclosure":
        r = sqlpriv.attribute_disclosure(frame, QI, sensitive="dx")
        r.summary().df()
        r.classes().df()
    elif family == "generalize":
        hier = {
            "sex": {v: ["*"] for v in "fmx"},
            "dx": {"flu": ["resp", "*"], "cold": ["resp", "*"], "hiv": ["hiv", "*"]},
        }
        g = sqlpriv.generalize(frame, hier, k=5, suppression_limit=0.1)
        g.compare().df()
        g.apply().to_parquet(tmp_path / "release")
    elif family == "singling_out":  # issue 45: the search's rounds run on Spark; counts and the tree come back
        r = sqlpriv.singling_out(frame, frame.where("id % 3 = 0"), columns=QI, progress=False)
        r.summary().df()
        r.tree().df()
        r.details().to_parquet(tmp_path / "details")
    elif family == "uniques":  # issue 45: the MSU levels run on Spark; the summary and DIS-SUDA table come back
        r = sqlpriv.sample_uniques(frame, columns=QI, key="id")
        r.summary().df()
        r.dis_suda().df()
        r.per_row().to_parquet(tmp_path / "msu")


FAMILIES = ["shapley", "factors", "request", "risk", "disclosure", "generalize", "singling_out", "uniques"]


@pytest.mark.spark_cluster  # also on local-cluster in .ci/run
@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_brings_only_aggregates_to_the_driver(spark, collected, family, tmp_path):
    frame = spark.createDataFrame(table().astype(object).where(table().notna(), None))
    collected.clear()  # createDataFrame may read back its schema
    run_family(family, frame, tmp_path)
    assert collected, "the family collected nothing: the test would not see a collect of rows"
    assert max(collected) <= PATTERN_BOUND < N, collected
