"""Issue 45: the per-field table, the class-size histogram and ``dropna=True`` of a data request
and of the privacy profile on Spark, from the single-statement templates
(request/fields_query.sql, uniqueness_query.sql, report_query.sql, profile_query.sql), equal
DuckDB's plan to 1e-9 on random tables with NULLs and odd column names. The same statements
rendered for DuckDB are checked against the plan without Spark first."""

from __future__ import annotations

import random

import pandas as pd
import pytest
from conftest import require_spark
from test_spark import assert_same  # the 1e-9 comparison

import sqlpriv
from sqlpriv.engine.connection import connect
from sqlpriv.engine.templates import call
from sqlpriv.pif import measure as factors

COLS = ["zip code", "it's", "a`b"]


def table(seed: int, n: int = 80) -> pd.DataFrame:
    rng = random.Random(seed)
    return pd.DataFrame(
        {
            "zip code": pd.array([rng.choice(["1", "2", "3", None]) for _ in range(n)], dtype=object),
            "it's": pd.array([rng.choice([1.0, 2.0, None]) for _ in range(n)], dtype=object),
            "a`b": [rng.choice("xyzw") for _ in range(n)],
        }
    )


def as_spark(spark, df: pd.DataFrame):  # type: ignore[no-untyped-def]
    return spark.createDataFrame(
        df.astype(object).where(df.notna(), None), "`zip code` string, `it's` double, `a``b` string"
    )


def duck_frame(df: pd.DataFrame) -> pd.DataFrame:
    return df.assign(**{"it's": pd.to_numeric(df["it's"])})


@pytest.mark.parametrize("dropna", [False, True])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_single_statements_rendered_for_duckdb_equal_the_plan(seed, dropna):
    df = duck_frame(table(seed))
    con = connect()  # with the DuckDB helper macros
    con.register("t", df)
    for k in (1, 3, 150):
        assessment = sqlpriv.assess_request(df, COLS[:2] if k == 150 else COLS, k=k, dropna=dropna)
        columns = COLS[:2] if k == 150 else COLS
        for macro, result in (
            ("request_fields_query", assessment.fields()),
            ("request_uniqueness_query", assessment.uniqueness()),
            ("request_report_query", assessment.report()),
        ):
            extra = {} if macro == "request_fields_query" else {"k": k}
            got = con.sql(call(macro, source='"t"', columns=columns, dropna=dropna, **extra)).df()
            assert_same(got, result.df())
    profile = con.sql(call("request_profile_query", source='"t"', columns=COLS, dropna=dropna)).df()
    assert_same(profile, sqlpriv.privacy_profile(df, COLS, dropna=dropna).df())


@pytest.mark.parametrize("dropna", [False, True])
def test_fields_uniqueness_report_and_dropna_on_spark_equal_duckdb(spark, dropna):
    require_spark()
    df = table(7)
    on_spark = sqlpriv.assess_request(as_spark(spark, df), COLS, k=3, dropna=dropna)
    on_duckdb = sqlpriv.assess_request(duck_frame(df), COLS, k=3, dropna=dropna)
    assert_same(on_spark.fields().df(), on_duckdb.fields().df())
    assert_same(on_spark.uniqueness().df(), on_duckdb.uniqueness().df())
    assert_same(on_spark.report().df(), on_duckdb.report().df())
    assert on_spark.dropped_rows == on_duckdb.dropped_rows == (int(df.isna().any(axis=1).sum()) if dropna else 0)
    profile = sqlpriv.privacy_profile(as_spark(spark, df), COLS, dropna=dropna).df()
    assert_same(profile, sqlpriv.privacy_profile(duck_frame(df), COLS, dropna=dropna).df())


@pytest.mark.parametrize("measure", ["cig", "csf"])
def test_top_rows_and_heatmap_single_statements_on_duckdb_equal_the_plan(measure):
    df = duck_frame(table(4)).assign(id=range(80))
    con = connect()
    con.register("t", df)
    r = getattr(sqlpriv, measure)(df, COLS, key="id")
    for output, extra, want in (
        ("top_rows", {"limit": 7}, factors.top_rows(r, 7)),
        ("heatmap", {"bins": 4}, factors.heatmap_rows(r, bins=4)),
        ("heatmap", {}, factors.heatmap_rows(r)),
    ):
        got = con.sql(call("pif_query", source='"t"', columns=COLS, key="id", measure=measure, output=output, **extra))
        assert_same(got.df(), want.df())


def test_top_rows_and_heatmap_on_spark_equal_duckdb(spark):
    df = duck_frame(table(4)).assign(id=range(80))
    frame = spark.createDataFrame(
        df.astype(object).where(df.notna(), None), "`zip code` string, `it's` double, `a``b` string, id long"
    )
    on_spark, on_duckdb = sqlpriv.cig(frame, COLS, key="id"), sqlpriv.cig(df, COLS, key="id")
    assert_same(factors.top_rows(on_spark, 7).df(), factors.top_rows(on_duckdb, 7).df())
    assert_same(factors.heatmap_rows(on_spark, bins=4).df(), factors.heatmap_rows(on_duckdb, bins=4).df())
    assert_same(factors.heatmap_rows(on_spark).df(), factors.heatmap_rows(on_duckdb).df())


WEIGHTS = [{"it's": 0.5}, {"zip code": 0.25, "A`B": 0.9}, {c: 0.8 for c in COLS}]  # joint: 2 columns, 1, none


@pytest.mark.parametrize(("weights", "dropna"), zip(WEIGHTS, [False, True, False]))
def test_weighted_single_statements_rendered_for_duckdb_equal_the_plan(weights, dropna):
    """Weights in the single statements (issue 45: Spark refused them): the fields, histogram and
    report equal DuckDB's plan for a joint set of two columns, one column and none; the score is
    the product of the fields' factors, a weighted field's factor its weight, and the joint
    figures are those of the unweighted columns, recounted here with pandas."""
    df = duck_frame(table(3))
    con = connect()
    con.register("t", df)
    assessment = sqlpriv.assess_request(df, COLS, k=3, dropna=dropna, weights=weights)
    spelled = {c: w for c in COLS for name, w in weights.items() if name.lower() == c.lower()}
    for macro, result in (
        ("request_fields_query", assessment.fields()),
        ("request_uniqueness_query", assessment.uniqueness()),
        ("request_report_query", assessment.report()),
    ):
        extra = {} if macro == "request_fields_query" else {"k": 3}
        got = con.sql(call(macro, source='"t"', columns=COLS, dropna=dropna, weights=spelled, **extra)).df()
        assert_same(got, result.df())
    fields = assessment.fields().df()
    assert fields["factor"].prod() == pytest.approx(assessment.score, abs=1e-12)
    assert [spelled.get(c) for c in COLS] == [None if pd.isna(w) else w for w in fields["weight"]]
    rows = df.dropna() if dropna else df
    joint = [c for c in COLS if c not in spelled]
    sizes = rows.groupby(joint, dropna=False).size() if joint else pd.Series([len(rows)])
    report = assessment.report().df().iloc[0]
    assert (report["smallest_class"], report["classes"]) == (sizes.min(), len(sizes))


def test_weights_on_spark_equal_duckdb(spark):
    """assess_request(..., weights=) on Spark (a ParameterError before) equals DuckDB to 1e-9:
    the fields, the histogram of the unweighted columns and the report (score and decision)."""
    df = table(9)
    weights = {"A`B": 0.9}  # keyed case-insensitively, as on DuckDB
    on_spark = sqlpriv.assess_request(as_spark(spark, df), COLS, k=3, weights=weights, dropna=True)
    on_duckdb = sqlpriv.assess_request(duck_frame(df), COLS, k=3, weights=weights, dropna=True)
    assert_same(on_spark.fields().df(), on_duckdb.fields().df())
    assert_same(on_spark.uniqueness().df(), on_duckdb.uniqueness().df())
    assert_same(on_spark.report().df(), on_duckdb.report().df())
    assert (on_spark.score, on_spark.decision) == (on_duckdb.score, on_duckdb.decision)
    with pytest.raises(sqlpriv.SqlprivError, match="neither a requested field"):
        sqlpriv.assess_request(as_spark(spark, df), COLS, weights={"salary": 0.5})
