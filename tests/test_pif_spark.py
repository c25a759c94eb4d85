"""Issue 45: population priors and accuracies of CIG / wCIG / CSF on Spark (the prior table a CTE
of sql_templates/pif/query.sql, its guard run first), equal to DuckDB's plan to 1e-9 on a random
table with NULLs and an odd column name; the same statement rendered for DuckDB is checked
against the plan without Spark first. Skipped only when pyspark or Java is missing and
SQLPRIV_REQUIRE_SPARK is unset."""

from __future__ import annotations

import random

import pandas as pd
import pytest
from conftest import require_spark
from test_spark import assert_same  # the 1e-9 comparison

import sqlpriv
from sqlpriv.engine.connection import connect
from sqlpriv.engine.templates import call

COLS = ["sex", "it's `x`", "age"]
PRIORS = {"sex": {"f": 0.4, "m": 0.35, None: 0.2, "x": 0.05}, "AGE": {30: 0.5, "40": 0.3, 50: 0.15, 60: 0.05}}
ACCURACIES = {"age": 0.7, "it's `x`": 0.9}


def table(seed: int, n: int = 30) -> pd.DataFrame:
    rng = random.Random(seed)
    return pd.DataFrame(
        {
            "sex": pd.array([rng.choice(["f", "m", None]) for _ in range(n)], dtype=object),
            "it's `x`": pd.array([rng.choice(["a", "b", "c", None]) for _ in range(n)], dtype=object),
            "age": [rng.choice([30, 40, 50]) for _ in range(n)],
        }
    )


def as_spark(spark, df: pd.DataFrame):  # type: ignore[no-untyped-def]
    return spark.createDataFrame(
        df.astype(object).where(df.notna(), None), "sex string, `it's ``x``` string, age bigint"
    )


@pytest.mark.parametrize("measure", ["cig", "wcig", "csf"])
def test_prior_single_statement_rendered_for_duckdb_equals_the_plan(measure):
    """The prior CTE and the accuracies of pif/query.sql, rendered for DuckDB, give the plan's
    values (the plan is checked against a brute-force oracle in tests/test_pif.py)."""
    df = table(4)
    con = connect()
    con.register("t", df)
    spelled = {"sex": "VARCHAR", "age": "BIGINT"}
    entries = [
        {"j": COLS.index(c), "value": None if v is None else str(v), "q": q}
        for c, p in (("sex", PRIORS["sex"]), ("age", PRIORS["AGE"]))
        for v, q in p.items()
    ]
    sql = call(
        "pif_query",
        source='"t"',
        columns=COLS,
        measure=measure,
        priors=spelled,
        prior_entries=entries,
        accuracies={"age": 0.7, "it's `x`": 0.9},
    )
    want = getattr(sqlpriv, measure)(df, priors=PRIORS, accuracies=ACCURACIES).df()
    assert_same(con.sql(sql).df(), want)
    empirical = getattr(sqlpriv, measure)(df).df()
    assert (want[COLS].to_numpy() != empirical[COLS].to_numpy()).any()  # the prior changes the values


def test_priors_and_accuracies_on_spark_equal_duckdb(spark):
    """cig with priors= and accuracies= on Spark (a ParameterError before) equals DuckDB to 1e-9
    (wcig is cig times weights that do not read the prior; csf reads the same prior and mixing CTEs;
    the statement above checks all three on DuckDB). Not in the spark_cluster subset: slow."""
    require_spark()
    df = table(8)
    frame = as_spark(spark, df)
    for measure in ("cig",):
        on_spark = getattr(sqlpriv, measure)(frame, priors=PRIORS, accuracies=ACCURACIES)
        on_duckdb = getattr(sqlpriv, measure)(df, priors=PRIORS, accuracies=ACCURACIES)
        assert_same(on_spark.df(), on_duckdb.df())


@pytest.mark.parametrize(
    ("priors", "message"),
    [
        ({"sex": {"f": 0.5, "m": 0.5}}, r"column 'sex'.*no entry for the observed value 'NULL'"),
        ({"age": {30: 0.5, "forty": 0.2, 40: 0.2, 50: 0.1}}, r"'age'.*'forty'.*not a"),
        ({"sex": {"f": 0.5, "m": 0.5, None: 0.0}}, r"'sex'.*probability 0"),
    ],
)
def test_bad_priors_refused_on_spark_as_on_duckdb(spark, priors, message):
    df = table(2)
    with pytest.raises(sqlpriv.ParameterError, match=message):
        sqlpriv.cig(df, priors=priors)
    with pytest.raises(sqlpriv.ParameterError, match=message):
        sqlpriv.cig(as_spark(spark, df), priors=priors)


# --------------------------------------------------------------------------- dropna (issue 45)


@pytest.mark.parametrize(
    ("macro", "output"), [("shapley_query", "per_row"), ("shapley_query", "summary"), ("pif_query", "per_row")]
)
def test_dropna_single_statements_rendered_for_duckdb_equal_the_plan(macro, output):
    """dropna in the single statements: the rows are numbered, then the rows with a NULL are left
    out, so the row key is the input position, as in DuckDB's plan."""
    df = table(5)
    con = connect()
    con.register("t", df)
    got = con.sql(call(macro, source='"t"', columns=COLS, output=output, dropna=True)).df()
    if macro == "pif_query":
        want = sqlpriv.cig(df, dropna=True).df()
    else:
        result = sqlpriv.uniqueness_shapley(df, COLS, dropna=True)
        want = result.per_row().df() if output == "per_row" else result.summary().df()
    assert_same(got, want)
    if output == "per_row":  # the positions of the rows without a NULL, counted here
        assert got["row"].tolist() == [i for i, ok in enumerate(df.notna().all(axis=1)) if ok]


def test_dropna_on_spark_equals_duckdb(spark):
    """uniqueness_shapley(..., dropna=True) and cig(..., dropna=True) per row on Spark (a
    ParameterError before) equal DuckDB to 1e-9, row keys the input positions (in the cluster
    subset: the positions are numbered across executors). summary(), by() and entropies() read
    the same filtered chain (their DuckDB renders are checked above)."""
    require_spark()
    df = table(6)
    frame = as_spark(spark, df)
    kept = [i for i, ok in enumerate(df.notna().all(axis=1)) if ok]
    on_spark = sqlpriv.uniqueness_shapley(frame, COLS, dropna=True)
    on_duckdb = sqlpriv.uniqueness_shapley(df, COLS, dropna=True)
    got = on_spark.per_row().df()
    assert_same(got, on_duckdb.per_row().df())
    assert got["row"].tolist() == kept
    factors = sqlpriv.cig(frame, dropna=True, key=None).df()
    assert_same(factors, sqlpriv.cig(df, dropna=True).df())
    assert factors["row"].tolist() == kept
