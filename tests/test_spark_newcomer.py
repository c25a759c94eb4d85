"""Issue 46's Spark items: text compared byte for byte whatever collation a Spark 4 column
declares, interval labels past BIGINT's range, sensitive hierarchies keyed by value, and ``by()``
without a failed attempt logged. Skipped only when pyspark or Java is missing and
SQLPRIV_REQUIRE_SPARK is unset (.ci/run sets it)."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import duckdb
import pandas as pd
import pytest
from conftest import require_spark

import sqlpriv
from sqlpriv import hierarchy

require_spark()


def _interval(x: float, w: float) -> str:
    """The label DuckDB writes (and Python's repr of a double): whole bounds below 9.2e18 as
    integers, the others as the doubles they are."""
    lo = float(math.floor(x / w)) * w
    if lo + w >= 9.2e18 or lo <= -9.2e18:
        return f"[{float(lo)!r}, {float(lo + w)!r}["
    return f"[{int(lo)}, {int(lo + w)}["


def test_interval_labels_past_the_bigint_range_equal_duckdb(spark):
    """Spark's floor of a DOUBLE is a BIGINT: past 9.2e18 it overflowed (ARITHMETIC_OVERFLOW under
    ANSI mode); the labels are now DuckDB's, exponent included ('[6e+40, 6e+40[')."""
    values = [6e40, -6e40, 1e19, -1.5e20, 12.0, -7.0, 9.1e18, 2.5e17]
    df = pd.DataFrame({"x": values, "i": range(len(values))})
    con = duckdb.connect()
    con.register("d", df)
    g = sqlpriv.generalize("d", {"x": hierarchy.intervals(5, 10)}, k=1, con=con, evaluate="all")
    spark.createDataFrame(df).createOrReplaceTempView("big_values")
    for level, w in ((1, 5), (2, 10)):
        want = [_interval(x, w) for x in values]
        assert g.apply({"x": level}).df()["x"].tolist() == want  # DuckDB, the oracle's figures
        got = spark.sql(g.release_sql({"x": level}, dialect="spark", relation="big_values")).toPandas()
        assert got.sort_values("i")["x"].tolist() == want


def test_fractional_interval_labels_past_the_bigint_range_equal_duckdb(spark):
    values = [6e40, -3e20, 1.25, 7.5]
    df = pd.DataFrame({"x": values, "i": range(len(values))})
    con = duckdb.connect()
    con.register("d", df)
    g = sqlpriv.generalize("d", {"x": hierarchy.intervals(2.5)}, k=1, con=con, evaluate="all")
    index = [float(math.floor(round(x / 2.5, 9))) for x in values]  # in doubles, as SQL computes it
    want = [f"[{i * 25 / 10!r}, {(i + 1) * 25 / 10!r}[" for i in index]
    assert want[2:] == ["[0.0, 2.5[", "[7.5, 10.0["] and "e+40" in want[0]
    assert g.apply({"x": 1}).df()["x"].tolist() == want  # DuckDB
    spark.createDataFrame(df).createOrReplaceTempView("big_fractions")
    got = spark.sql(g.release_sql({"x": 1}, dialect="spark", relation="big_fractions")).toPandas()
    assert got.sort_values("i")["x"].tolist() == want


def _lcase(spark, rows: list[tuple[str, int]], view: str) -> None:
    """A view whose column `name` is STRING COLLATE UTF8_LCASE (Spark 4)."""
    spark.createDataFrame(rows, "name string, x int").createOrReplaceTempView(f"{view}_raw")
    spark.sql(
        f"create or replace temporary view {view} as select cast(name as string collate UTF8_LCASE) as name, x from {view}_raw"
    )


def test_collated_text_is_compared_byte_for_byte(spark):
    """'Ann', 'ann' and 'ANN' are three values in a release; UTF8_LCASE made them one class of 3."""
    rows = [("Ann", 1), ("ann", 1), ("ANN", 2), ("Bob", 2), ("Bob", 3), ("bob", 3)]
    _lcase(spark, rows, "lcase_people")
    assert "collate" in spark.table("lcase_people").schema["name"].dataType.simpleString().lower()
    sizes = pd.Series([r[0] for r in rows]).value_counts()  # brute force, byte for byte
    want = sorted((name, int(n)) for name, n in sizes.items() if n < 2)
    got = sqlpriv.small_classes("lcase_people", ["name"], k=2, spark=spark).fetchall()
    assert sorted((r[0], int(r[1])) for r in got) == want
    frame = pd.DataFrame(rows, columns=["name", "x"])
    got_profile = sqlpriv.privacy_profile("lcase_people", ["name", "x"], spark=spark).df()
    want_profile = sqlpriv.privacy_profile(frame, ["name", "x"]).df()  # DuckDB: no collation on a DataFrame
    pd.testing.assert_frame_equal(got_profile, want_profile, check_dtype=False)


def test_by_on_a_column_outside_the_analysis_logs_no_error(spark):
    """by() over a column that is not analysed runs the standalone statement; it used to try the
    shared values first, and pyspark logged that failed attempt as an ERROR with a Java trace."""
    import logging

    frame = pd.DataFrame({"a": list("xxyyzz"), "b": [1, 1, 2, 3, 3, 3], "other": [1, 2, 3, 4, 5, 6]})
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Keep(logging.ERROR)
    loggers = [logging.getLogger(n) for n in ("SQLQueryContextLogger", "DataFrameQueryContextLogger")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        on_spark = sqlpriv.uniqueness_shapley(spark.createDataFrame(frame), ["a", "b"])
        got = on_spark.by("other > 3").df()
        assert on_spark.by("other > 3").runnable() == on_spark.by("other > 3").query  # the standalone statement
        assert on_spark.by("b > 1").runnable() != on_spark.by("b > 1").query  # analysed columns: the shared values
    finally:
        for logger in loggers:
            logger.removeHandler(handler)
    assert [r.getMessage()[:80] for r in records] == []
    want = sqlpriv.uniqueness_shapley(frame, ["a", "b"]).by("other > 3").df()
    assert list(got.columns) == list(want.columns)
    got, want = got.sort_values("level"), want.sort_values("level")
    for col in want.columns[1:]:
        assert got[col].to_numpy(float) == pytest.approx(want[col].to_numpy(float), abs=1e-9)


ROWS = [
    ("a", True, "1.0"),
    ("a", False, "2.5"),
    ("a", True, "4.0"),
    ("b", False, "1.0"),
    ("b", False, "2.5"),
    ("c", True, "4.0"),
    ("c", None, None),
]
BOOLS = {True: ["yes", "*"], False: ["no", "*"], None: ["unknown", "*"]}
DECIMALS = {"1.0": ["low", "*"], "2.5": ["low", "*"], "4.0": ["high", "*"], None: ["unknown", "*"]}


def _typed_duckdb() -> duckdb.DuckDBPyConnection:
    con = duckdb.connect()
    con.execute("create table typed (q varchar, flag boolean, amount decimal(18,3))")
    con.executemany("insert into typed values (?, ?, ?)", ROWS)
    con.execute(
        "create table texts as select q, cast(flag as varchar) as flag, cast(amount as varchar) as amount from typed"
    )
    return con


def _as_text(tree: dict, write) -> dict:
    return {None if leaf is None else write(leaf): path for leaf, path in tree.items()}


def test_boolean_and_decimal_hierarchies_are_keyed_by_value(spark):
    """A hierarchy keyed by True / Decimal('1.0') (or by 'True' / '1.0') on a BOOLEAN and a
    DECIMAL(18,3) column: str(leaf) ('True', '1.0') never matched the engine's text ('true',
    '1.000'), so every value was refused as missing. Oracle: the same hierarchy on the columns
    cast to text, keyed by the engine's own text."""
    from decimal import Decimal

    con = _typed_duckdb()
    text_trees = {
        "flag": _as_text(BOOLS, lambda v: str(v).lower()),
        "amount": _as_text(DECIMALS, lambda v: f"{Decimal(v):.3f}"),
    }
    want = sqlpriv.attribute_disclosure("texts", ["q"], sensitive=["flag", "amount"], hierarchies=text_trees, con=con)
    want_summary = want.summary().df().set_index("column")
    assert set(want_summary["distance"]) == {"hierarchical"}
    spark.createDataFrame(
        [(q, f, None if a is None else Decimal(a)) for q, f, a in ROWS], "q string, flag boolean, amount decimal(18,3)"
    ).createOrReplaceTempView("typed_sensitive")
    for trees in (
        {"flag": BOOLS, "amount": {None if k is None else Decimal(k): v for k, v in DECIMALS.items()}},
        {"flag": _as_text(BOOLS, str), "amount": DECIMALS},  # 'True' and '1.0' as text keys
    ):
        duck = sqlpriv.attribute_disclosure("typed", ["q"], sensitive=["flag", "amount"], hierarchies=trees, con=con)
        on_spark = sqlpriv.attribute_disclosure(
            "typed_sensitive", ["q"], sensitive=["flag", "amount"], hierarchies=trees, spark=spark
        )
        for got in (duck.summary().df(), on_spark.summary().df()):
            got = got.set_index("column")
            assert got["t_closeness"].to_numpy(float) == pytest.approx(
                want_summary["t_closeness"].to_numpy(float), abs=1e-9
            )
            assert got["l_diversity"].tolist() == want_summary["l_diversity"].tolist()
    twice = {"flag": {**BOOLS, "true": ["yes", "*"]}}  # True and 'true' are one value
    with pytest.raises(sqlpriv.errors.ParameterError, match="twice"):
        sqlpriv.attribute_disclosure("typed", ["q"], sensitive="flag", hierarchies=twice, con=con).summary()


def _doubles() -> list[float]:
    """Doubles over every magnitude (1e7..1e16 where Java writes '1.0E7' and DuckDB
    '10000000.0'), fractions, negatives, and the values whose Java 17 digits are not the
    shortest (1e23 is '9.999999999999999E22' there)."""
    values = [0.0, -0.0, 0.1 + 0.2, 5e-324, 1.7976931348623157e308, 2.82879384806159e17, 1e23]
    values += [-8.347665334999999e18, 6.948674738744653e16, 123456789.125, 0.0001, 0.00012, 1e-05]
    for e in range(-12, 25):
        for m in (1.0, 1.5, 2.25, 3.3, 7.25, 9.999):
            values += [m * 10.0**e, -m * 10.0**e]
    return values


def test_double_text_writes_every_double_as_duckdb(spark):
    """double_text on Spark was Java's text between 1e7 and 1e16 and below 1e-3 ('1.0E7',
    '1.0E-4'), and Java 17's digits where they are not the shortest; it is now DuckDB's text,
    which is Python's repr (checked here too), for every double."""
    from sqlpriv.engine import templates

    values = _doubles()
    df = pd.DataFrame({"x": values, "i": range(len(values))})
    want = [repr(x) for x in values]
    con = duckdb.connect()
    con.register("d", df)
    sql = f"select {templates.call('double_text', expr='x')} as t from d order by i"
    assert [r[0] for r in con.execute(sql).fetchall()] == want  # DuckDB writes Python's repr
    spark.createDataFrame(df).createOrReplaceTempView("doubles")
    sql = f"select i, {templates.call('double_text', dialect='spark', expr='x')} as t from doubles"
    assert spark.sql(sql).toPandas().sort_values("i")["t"].tolist() == want
    special = ", ".join(
        f"{templates.call('double_text', expr=f'cast({v!r} as double)')}" for v in ("nan", "inf", "-inf")
    )
    assert con.execute(f"select {special}").fetchall() == [("nan", "inf", "-inf")]
    special = ", ".join(
        f"{templates.call('double_text', dialect='spark', expr=f'double({v!r})')}" for v in ("nan", "inf", "-inf")
    )
    assert tuple(spark.sql(f"select {special}").collect()[0]) == ("nan", "inf", "-inf")


def test_fractional_interval_labels_at_every_magnitude_equal_duckdb(spark):
    """Bounds of a width that is not whole were Java's text on Spark from 1e7 to 1e16
    ('[0.0, 2.5000000005E9[' where DuckDB writes '[0.0, 2500000000.5['); all labels of both
    levels are now equal, and level 1's are the oracle's (index x 25000000005 / 10). Values stay
    below 2e16. The index is floor(value as written / w) in exact rationals: it was
    floor(round(x / w, 9)), which put -1e-12 in [0.0, 2500000000.5[ (generalize/level.sql)."""
    values = [x for x in _doubles() if abs(x) < 2e16]
    df = pd.DataFrame({"x": values, "y": [x * 1e-14 for x in values], "i": range(len(values))})
    con = duckdb.connect()
    con.register("d", df)
    spec = {"x": hierarchy.intervals(2500000000.5, 7500000001.5), "y": hierarchy.intervals(0.00003)}
    g = sqlpriv.generalize("d", spec, k=1, con=con, evaluate="all")
    spark.createDataFrame(df).createOrReplaceTempView("fractions")
    index = [float(math.floor(Fraction(Decimal(repr(x))) / Fraction(Decimal("2500000000.5")))) for x in values]
    want = [f"[{i * 25000000005 / 10 + 0.0!r}, {(i + 1) * 25000000005 / 10!r}[" for i in index]
    assert "[0.0, 2500000000.5[" in want and "[9997500001999.5, 10000000002000.0[" in want
    assert g.apply({"x": 1, "y": 1}).df()["x"].tolist() == want  # DuckDB
    for node in ({"x": 1, "y": 1}, {"x": 2, "y": 1}):
        duck = g.apply(node).df()
        got = spark.sql(g.release_sql(node, dialect="spark", relation="fractions")).toPandas().sort_values("i")
        assert got["x"].tolist() == duck["x"].tolist()
        assert got["y"].tolist() == duck["y"].tolist()
    assert duck["y"].str.contains("e-05").any()
