"""The single-statement measures on Apache Spark (pyspark local[2]) equal DuckDB's to 1e-9: on the
bundled flare data, on random tables with NULLs (hypothesis, few examples: Spark is slow to start
each job), and on column names with spaces, quotes, backticks and unicode; bad input gets the same
sqlpriv errors. Skipped only when pyspark or Java is missing and SQLPRIV_REQUIRE_SPARK is unset
(.ci/run sets it)."""

from __future__ import annotations

import os
import subprocess
import sys

import duckdb
import numpy as np
import pandas as pd
import pytest
from conftest import FLARE_CSV, require_spark
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sqlpriv
from sqlpriv.engine.templates import call

require_spark()

COLS = ["class", "largest spot's size", "activity", "area"]  # few columns: Spark pays per stage
TOL = 1e-9


@pytest.fixture(scope="session")
def flare_pd() -> pd.DataFrame:  # a name with a space and a quote, as in the dbt seed
    return pd.read_csv(FLARE_CSV).rename(columns={"largest_spot_size": "largest spot's size"})


@pytest.fixture(scope="session")
def flare(spark, flare_pd):
    return spark.createDataFrame(flare_pd)


def assert_same(got: pd.DataFrame, expected: pd.DataFrame, key: str | None = None) -> None:
    """Same headings, same rows (by key), numbers within 1e-9, the rest equal as text."""
    assert list(got.columns) == list(expected.columns)
    assert len(got) == len(expected)
    if key is not None:
        got = got.sort_values(key).reset_index(drop=True)
        expected = expected.sort_values(key).reset_index(drop=True)
    for col in expected.columns:
        if pd.api.types.is_numeric_dtype(expected[col]) and not pd.api.types.is_bool_dtype(expected[col]):
            np.testing.assert_allclose(
                got[col].to_numpy(float), expected[col].to_numpy(float), rtol=0, atol=TOL, err_msg=col
            )
        else:
            assert [None if pd.isna(v) else str(v) for v in got[col]] == [
                None if pd.isna(v) else str(v) for v in expected[col]
            ], col


# --------------------------------------------------------------------------- flare


def test_shapley_on_spark_equals_duckdb_on_flare(spark, flare, flare_pd):
    on_spark = sqlpriv.uniqueness_shapley(flare, columns=COLS)
    on_duckdb = sqlpriv.uniqueness_shapley(flare_pd, columns=COLS)
    assert_same(on_spark.per_row().df(), on_duckdb.per_row().df(), "row")
    assert_same(on_spark.summary().df(), on_duckdb.summary().df())
    assert_same(on_spark.by("area_largest * 2 > 1").df(), on_duckdb.by("area_largest * 2 > 1").df())


def test_by_tables_of_one_analysis_share_one_cached_values_table(spark, flare, flare_pd):
    """Issue 29: every by() table of one analysis reads one cached table of per-pattern values,
    built once (from it alone when the expression reads analysed columns only, else the standalone
    statement), right with several shuffle partitions; the printed SQL is the standalone statement."""
    on_spark = sqlpriv.uniqueness_shapley(flare, columns=COLS[:3])
    on_duckdb = sqlpriv.uniqueness_shapley(flare_pd, columns=COLS[:3])
    before = {t.name for t in spark.catalog.listTables()}
    partitions = spark.conf.get("spark.sql.shuffle.partitions")
    spark.conf.set("spark.sql.shuffle.partitions", "4")  # rows numbered differently in each statement
    try:
        for expr in ("class", "area_largest * 2 > 1", "`largest spot's size` = 'X'"):
            duck = expr.replace("`", '"')
            assert_same(on_spark.by(expr).df(), on_duckdb.by(duck).df())
    finally:
        spark.conf.set("spark.sql.shuffle.partitions", partitions)
    new = {t.name for t in spark.catalog.listTables()} - before
    name = on_spark.shared_values()
    assert new == {name}
    plan = spark.sql(on_spark.by("class").runnable())._jdf.queryExecution().optimizedPlan().toString()
    assert "LogicalRDD" in plan and "monotonically_increasing_id" not in plan  # the materialised values, not the rows
    printed = on_spark.by("class").sql
    assert name not in printed and "lattice" in printed  # the standalone statement


def test_shapley_entropies_on_spark_equal_duckdb_on_flare(spark, flare, flare_pd):
    got = sqlpriv.uniqueness_shapley(flare, columns=COLS[:3]).entropies().df()
    expected = sqlpriv.uniqueness_shapley(flare_pd, columns=COLS[:3]).entropies().df()
    assert list(got.columns) == list(expected.columns) == ["columns", "size", "entropy"]
    assert [list(c) for c in got["columns"]] == [list(c) for c in expected["columns"]]
    assert len(got) == 2**3 and got["size"].tolist() == expected["size"].tolist()
    np.testing.assert_allclose(got["entropy"].to_numpy(float), expected["entropy"].to_numpy(float), rtol=0, atol=TOL)
    # independent oracle: the joint entropy of the three columns from pandas' own counts
    shares = flare_pd.groupby(COLS[:3], dropna=False).size().to_numpy() / len(flare_pd)
    assert abs(got["entropy"].iloc[-1] - float(-(shares * np.log2(shares)).sum())) < TOL


# RIG / FIG / PIF aggregate any measure's cells alike: wcig's and csf's cells are checked on Spark by
# test_information_factors_on_spark_equal_duckdb_on_flare; their RIG/FIG/PIF runs (145 s) are heavy
@pytest.mark.parametrize(
    "measure", ["cig", pytest.param("wcig", marks=pytest.mark.heavy), pytest.param("csf", marks=pytest.mark.heavy)]
)
def test_rig_fig_pif_on_spark_equal_duckdb_on_flare(spark, flare, flare_pd, measure):
    from sqlpriv.pif.measure import pif_query

    fn = getattr(sqlpriv, measure)
    on_spark, on_duckdb = fn(flare, columns=COLS[:3]), fn(flare_pd, columns=COLS[:3])
    rig = sqlpriv.rig(on_spark).df()
    assert_same(rig, sqlpriv.rig(on_duckdb).df(), "row")
    assert_same(sqlpriv.fig(on_spark).df(), sqlpriv.fig(on_duckdb).df())
    for percentile in (95, 0, 100, 37.5):
        got = sqlpriv.pif(on_spark, percentile)
        assert abs(got - sqlpriv.pif(on_duckdb, percentile)) < TOL
        assert abs(got - float(np.percentile(rig["rig"], percentile))) < TOL  # numpy as the oracle
    assert "percentile(" in pif_query(on_spark, 90).sql
    with pytest.raises(sqlpriv.ParameterError):
        sqlpriv.pif(on_spark, 101)


@pytest.mark.parametrize("measure", ["cig", "wcig", "csf"])
def test_information_factors_on_spark_equal_duckdb_on_flare(spark, flare, flare_pd, measure):
    fn = getattr(sqlpriv, measure)
    assert_same(fn(flare, columns=COLS[:3]).df(), fn(flare_pd, columns=COLS[:3]).df(), "row")


def test_request_measures_on_spark_equal_duckdb_on_flare(spark, flare, flare_pd):
    assert_same(sqlpriv.privacy_profile(flare, COLS).df(), sqlpriv.privacy_profile(flare_pd, COLS).df())
    a_spark = sqlpriv.assess_request(flare, COLS[:3], k=3, approve=0.5, reject=0.1)
    a_duck = sqlpriv.assess_request(flare_pd, COLS[:3], k=3, approve=0.5, reject=0.1)
    assert_same(a_spark.report().df(), a_duck.report().df())
    assert (a_spark.decision, round(a_spark.score, 12)) == (a_duck.decision, round(a_duck.score, 12))
    assert_same(sqlpriv.small_classes(flare, COLS[:3], k=3).df(), sqlpriv.small_classes(flare_pd, COLS[:3], k=3).df())


def test_a_table_name_with_spark_and_a_key_column(spark, flare_pd):
    frame = flare_pd.assign(id=[f"r{i}" for i in range(len(flare_pd))])
    spark.createDataFrame(frame).createOrReplaceTempView("flare_keyed")
    got = sqlpriv.uniqueness_shapley("flare_keyed", columns=COLS[:3], key="id", spark=spark).per_row().df()
    expected = sqlpriv.uniqueness_shapley(frame, columns=COLS[:3], key="id").per_row().df()
    assert_same(got, expected, "id")


# --------------------------------------------------------------------------- result surface


def test_results_stay_on_spark_until_asked_and_write_parquet_with_spark(spark, flare, flare_pd, tmp_path):
    from pyspark.sql import DataFrame

    result = sqlpriv.uniqueness_shapley(flare, columns=COLS[:3]).per_row()
    assert isinstance(result.spark(), DataFrame)
    assert "`largest spot's size`" in result.sql and '"' not in result.query
    target = result.to_parquet(tmp_path / "phi.parquet")
    written = duckdb.sql(f"select * from read_parquet('{target}/*.parquet')").df()
    assert_same(written, sqlpriv.uniqueness_shapley(flare_pd, columns=COLS[:3]).per_row().df(), "row")
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]  # the temporary folder is gone
    table = sqlpriv.privacy_profile(flare, COLS[:2]).arrow()
    assert table.column_names[0] == "column" and table.num_rows == 2


def test_printed_spark_sql_runs_as_is(spark, flare, flare_pd):
    flare.createOrReplaceTempView("flare_printed")
    sql = call("pif_query", dialect="spark", source="`flare_printed`", columns=COLS[:3], measure="csf")
    assert_same(spark.sql(sql).toPandas(), sqlpriv.csf(flare_pd, columns=COLS[:3]).df(), "row")


# --------------------------------------------------------------------------- awkward names, random tables

ODD = ['a "b" c', "x `y` z", "été ünï", "row"]


def odd_frame(seed: int = 3, n: int = 30) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            ODD[0]: rng.choice(["p", "q", None], n),
            ODD[1]: rng.choice(["u", "v", "w", None], n),
            ODD[2]: rng.choice(["é", "ü", "\\", "'"], n),
            ODD[3]: rng.integers(0, 2, n),
        }
    )


def test_awkward_column_names_on_spark(spark):
    frame = odd_frame()
    sdf = spark.createDataFrame(frame)
    assert_same(
        sqlpriv.uniqueness_shapley(sdf, columns=ODD).per_row().df(),
        sqlpriv.uniqueness_shapley(frame, columns=ODD).per_row().df(),
        "_row",
    )
    assert_same(sqlpriv.cig(sdf, columns=ODD).df(), sqlpriv.cig(frame, columns=ODD).df(), "_row")
    renamed = {ODD[0]: "RIG"}  # the RIG heading steps aside: _rig
    rig = sqlpriv.rig(sqlpriv.csf(sdf.withColumnRenamed(ODD[0], "RIG"))).df()
    assert_same(rig, sqlpriv.rig(sqlpriv.csf(frame.rename(columns=renamed))).df(), "_row")
    assert list(rig.columns) == ["_row", "_rig"]
    assert_same(sqlpriv.privacy_profile(sdf, ODD).df(), sqlpriv.privacy_profile(frame, ODD).df())
    assert_same(sqlpriv.small_classes(sdf, ODD[1:3], k=3).df(), sqlpriv.small_classes(frame, ODD[1:3], k=3).df())


@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000), n=st.integers(2, 25), d=st.integers(2, 3))
def test_random_tables_with_nulls_on_spark_equal_duckdb(spark, seed, n, d):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            f"c{j}": pd.array([None if rng.random() < 0.2 else int(v) for v in rng.integers(0, 3, n)], dtype="Int64")
            for j in range(d)
        }
    )
    sdf = spark.createDataFrame(
        frame.astype(object).where(frame.notna(), None), schema=", ".join(f"c{j} bigint" for j in range(d))
    )
    result = sqlpriv.uniqueness_shapley(sdf)
    assert_same(result.per_row().df(), sqlpriv.uniqueness_shapley(frame).per_row().df(), "row")
    assert_same(sqlpriv.wcig(sdf).df(), sqlpriv.wcig(frame).df(), "row")
    assert_same(
        sqlpriv.small_classes(sdf, list(frame.columns), k=2).df(),
        sqlpriv.small_classes(frame, list(frame.columns), k=2).df(),
    )


# --------------------------------------------------------------------------- errors


def error_of(fn) -> tuple[type, str]:
    with pytest.raises(sqlpriv.SqlprivError) as info:
        fn()
    return type(info.value), str(info.value)


def test_bad_input_gets_the_duckdb_errors_on_spark(spark, flare, flare_pd):
    kind, message = error_of(lambda: sqlpriv.uniqueness_shapley(flare, columns=["class", "nope"]))
    assert kind is sqlpriv.ColumnError and "'nope'" in message and "'activity'" in message
    assert kind is error_of(lambda: sqlpriv.uniqueness_shapley(flare_pd, columns=["class", "nope"]))[0]

    empty = spark.createDataFrame(flare_pd.head(0), schema=flare.schema)
    assert error_of(lambda: sqlpriv.cig(empty, columns=["class", "area"]))[0] is sqlpriv.EmptyInputError
    assert error_of(lambda: sqlpriv.privacy_profile(empty, ["class"]))[0] is sqlpriv.EmptyInputError

    wide = spark.createDataFrame(pd.DataFrame({f"c{j}": [1, 2] for j in range(13)}))
    kind, message = error_of(lambda: sqlpriv.uniqueness_shapley(wide, method="exact"))
    assert kind is sqlpriv.ParameterError and "13 columns" in message

    for bad in ["nope + 1", "sum(area)", "area) from x; drop table y; select (1", "(select 1)"]:
        kind, message = error_of(lambda: sqlpriv.uniqueness_shapley(flare, columns=COLS[:2]).by(bad))
        assert issubclass(kind, sqlpriv.ColumnError), bad  # UnsafeExpressionError (a ColumnError), as on DuckDB
        kind, _ = error_of(lambda: sqlpriv.privacy_profile(flare, [{"x": bad}]))
        assert issubclass(kind, sqlpriv.ColumnError), bad

    kind, message = error_of(lambda: sqlpriv.singling_out(flare, flare, memory_limit="1GB"))  # runs on Spark (issue 45)
    assert kind is sqlpriv.ParameterError and "DuckDB's and not used on Spark" in message
    kind, message = error_of(lambda: sqlpriv.sample_uniques(flare, threads=2))  # runs on Spark (issue 45)
    assert kind is sqlpriv.ParameterError and "DuckDB's and not used on Spark" in message
    kind, message = error_of(lambda: sqlpriv.uniqueness_shapley(flare, COLS[:2], method="sample", threads=2))
    assert kind is sqlpriv.ParameterError and "threads" in message and "on Spark" in message  # sample runs (issue 45)
    kind, message = error_of(lambda: sqlpriv.cig(flare, COLS[:2], priors={"class": {"A": 1.0}}))  # issue 45: priors run
    assert (
        kind is sqlpriv.ParameterError and "the prior for column 'class' has no entry for the observed value" in message
    )
    assert error_of(lambda: sqlpriv.uniqueness_shapley("no_such_table", spark=spark))[0] is sqlpriv.SourceError


def test_importing_sqlpriv_does_not_import_pyspark():
    code = "import sys, sqlpriv; sqlpriv.uniqueness_shapley; assert 'pyspark' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


# --------------------------------------------------------------------------- command line


def test_cli_engine_spark_prints_spark_sql_and_gates_a_request(spark, flare_pd, tmp_path, capsys):
    from sqlpriv.cli import main

    csv = tmp_path / "flare.csv"
    flare_pd.to_csv(csv, index=False)
    assert main(["profile", str(csv), "-c", "class", "-c", "largest spot's size", "--engine", "spark", "--sql"]) == 0
    printed = capsys.readouterr().out
    assert "`largest spot's size`" in printed and "grouping sets" in printed
    code = main(
        [
            "request",
            str(csv),
            "-c",
            "class",
            "-c",
            "area",
            "--engine",
            "spark",
            "--spark-conf",
            "spark.sql.shuffle.partitions=1",
            "--approve",
            "0.5",
            "--reject",
            "0.1",
        ]
    )
    expected = sqlpriv.assess_request(flare_pd, ["class", "area"], approve=0.5, reject=0.1)
    assert f"decision: {expected.decision}" in capsys.readouterr().out
    assert code == {"approve": 0, "review": 3, "reject": 4}.get(expected.decision, code)
    assert main(["profile", str(csv), "--engine", "spark", "--threads", "2"]) == 2  # a DuckDB option


def test_cli_shapley_engine_spark_prints_the_summary_and_the_verdict(spark, flare_pd, tmp_path, capsys):
    """``sqlpriv shapley --engine spark`` (no --sql) read the DuckDB cohort frame and failed; the
    joint figures now come from the gate's Spark statement: the same table and verdict as DuckDB."""
    import json

    from sqlpriv.cli import main

    csv = tmp_path / "flare.csv"
    flare_pd.to_csv(csv, index=False)
    argv = ["shapley", str(csv), "-c", "class", "-c", "area", "--format", "json"]
    assert main([*argv, "--engine", "spark", "--spark-conf", "spark.sql.shuffle.partitions=1"]) == 0
    on_spark = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    on_duckdb = json.loads(capsys.readouterr().out)
    assert on_spark["verdict"] == on_duckdb["verdict"]
    got, expected = pd.DataFrame(on_spark["summary"]), pd.DataFrame(on_duckdb["summary"])
    assert_same(got, expected, key="column")
    sizes = flare_pd.groupby(["class", "area"], dropna=False).size()  # the strict default: no unique row, k >= 5
    assert on_spark["verdict"]["status"] == ("pass" if sizes.min() >= 5 else "review")


def test_cli_sql_query_engine_spark_prints_spark_sql_that_gives_the_duckdb_numbers(spark, flare_pd, tmp_path, capsys):
    from sqlpriv.cli import main

    csv = tmp_path / "flare.csv"
    flare_pd.assign(id=[f"r{i}" for i in range(len(flare_pd))]).to_csv(csv, index=False)
    argv = ["sql", "query", "shapley", str(csv), "-c", "class", "-c", "largest spot's size", "--key", "id"]
    assert main([*argv, "--engine", "spark", "--spark-conf", "spark.sql.shuffle.partitions=1"]) == 0
    printed = capsys.readouterr().out
    assert "create or replace temporary view `sqlpriv_source` using csv" in printed and '"' not in printed
    code = "\n".join(line for line in printed.splitlines() if not line.startswith("--"))
    statements = [part for part in code.split(";\n") if part.strip()]
    assert len(statements) == 2
    for statement in statements[:-1]:
        spark.sql(statement)
    got = spark.sql(statements[-1]).toPandas()
    expected = sqlpriv.uniqueness_shapley(pd.read_csv(csv), COLS[:2], key="id").per_row().df()
    assert_same(got, expected, "id")


def test_reidentification_risk_on_spark_equals_duckdb_on_flare(spark, flare_pd):
    """Issue 26: the single statement risk/query.sql on Spark gives the DuckDB plan's summary and
    per-row risk (weights, household, a sampling fraction) to 1e-9."""
    import warnings

    frame = flare_pd.assign(w=[1.0 + i % 7 for i in range(len(flare_pd))], hh=[i // 3 for i in range(len(flare_pd))])
    on_frame = spark.createDataFrame(frame)
    for kwargs in ({"weight": "w", "household": "hh"}, {"sampling_fraction": 0.1}):
        on_spark = sqlpriv.reidentification_risk(on_frame, COLS[:3], **kwargs)
        on_duckdb = sqlpriv.reidentification_risk(frame, COLS[:3], **kwargs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", sqlpriv.SqlprivWarning)  # models that do not converge, on both
            assert_same(on_spark.summary().df(), on_duckdb.summary().df())
        assert_same(on_spark.per_row().df(), on_duckdb.per_row().df(), "row")


def test_zayatz_sql_on_spark_equals_the_python_model(spark, flare_pd):
    """The dbt gate sqlpriv_max_population_uniqueness computes Zayatz's estimate in SQL
    (risk/zayatz.sql; on Spark the hypergeometric ratio is a fold, DuckDB uses lgamma): it equals
    the model solved in Python."""
    import warnings

    from sqlpriv.engine.sources import ColumnSpec
    from sqlpriv.engine.spark.run import quote as spark_quote

    cols = ["class", "largest spot's size"]
    spark.createDataFrame(flare_pd).createOrReplaceTempView("flare_z")
    specs = [ColumnSpec(c, spark_quote(c)) for c in cols]
    classes = call("risk_classes", dialect="spark", columns=specs, source="flare_z", sampling_fraction=0.1)
    spark.sql(f"create or replace temporary view flare_z_classes as {classes}")
    got = spark.sql(call("risk_zayatz", dialect="spark", relation="flare_z_classes")).collect()[0][3]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", sqlpriv.SqlprivWarning)
        want = sqlpriv.reidentification_risk(flare_pd, cols, sampling_fraction=0.1).models()["zayatz"]
    assert got == pytest.approx(want, rel=1e-9)
