"""Issue 45: a multi-step plan (round tables made, appended to, replaced by rounds that read
them, views, drops) runs on Spark from the same templates as on DuckDB and gives the same rows;
a guard inside the SQL raises our error; closing the plan drops what it made. The oracle is the
DuckDB :class:`~sqlpriv.engine.plan.Plan` on the same table, and a count written in the test."""

from __future__ import annotations

import random

import pandas as pd
import pytest
from conftest import require_spark

from sqlpriv.engine.connection import connect
from sqlpriv.engine.plan import Plan
from sqlpriv.engine.templates import call, create_table, insert_into, use_dialect
from sqlpriv.errors import SqlprivError

require_spark()


def table(seed: int = 3, n: int = 60) -> pd.DataFrame:
    rng = random.Random(seed)
    return pd.DataFrame(
        {
            "rank": [rng.choice([1, 2, 3, None]) for _ in range(n)],
            "a b": [rng.choice(["x", "y", None]) for _ in range(n)],
            "c`d": [rng.random() for _ in range(n)],
        }
    )


def steps(source: str, dialect: str) -> list[tuple[str, list[str], list[str]]]:
    """A plan of rounds: each round reads the table the one before replaced, and appends to a log."""
    with use_dialect(dialect):
        q = lambda name: call("quote", name=name)  # noqa: E731
        out = [
            (
                "start",
                [create_table("r", f"select {q('rank')} as k, {q('a b')} as v, {q('c`d')} as w from {source}")],
                [],
            ),
            ("log", [create_table("log", "select 0 as round, count(*) as n from r")], ["start"]),
        ]
        prev = "log"
        for i in range(1, 4):  # a round keeps the rows above the round's mean, and logs its count
            body = "select * from r where w > (select avg(w) from r) or k is null"
            statements = [create_table("r", body), insert_into("log", f"select {i}, count(*) from r")]
            out.append((f"round_{i}", statements, [prev]))
            prev = f"round_{i}"
        view = f"create or replace temporary view {q('v w')} as select v, count(*) as n from r group by v"
        out.append(("view", [view if dialect == "spark" else view.replace("temporary", "temp")], [prev]))
        out.append(
            (
                "dropped",
                [
                    create_table("scratch", "select 1 as x"),
                    call("engine_drop_table", table="scratch"),
                    f"delete from {q('r')} where k is null or w < 0",
                ],
                ["view"],
            )
        )
    return out


def oracle(df: pd.DataFrame) -> tuple[list[int], int]:
    """The log's counts, and the rows left after the final delete."""
    counts, rows = [len(df)], df
    for _ in range(3):
        rows = rows[(rows["c`d"] > rows["c`d"].mean()) | rows["rank"].isna()]
        counts.append(len(rows))
    return counts, int(rows["rank"].notna().sum())


def test_a_plan_of_rounds_on_spark_equals_duckdb(spark):
    from sqlpriv.engine.spark.plan import SparkPlan

    df = table()
    con = connect()
    con.register("src", df)
    duck = Plan(con)
    for name, statements, deps in steps('"src"', "duckdb"):
        duck.add(name, statements, deps)
    duck.ensure(["dropped"])
    spark.createDataFrame(df.astype(object).where(df.notna(), None)).createOrReplaceTempView("src_frame")
    plan = SparkPlan(spark)
    for name, statements, deps in steps("`src_frame`", "spark"):
        plan.add(name, statements, deps)
    plan.ensure(["dropped"])
    log = "select round, n from log order by round"
    assert plan.rows(log) == duck.rows(log)
    assert [n for _, n in plan.rows(log)] == oracle(df)[0]
    views = "select v, n from {} order by v nulls first"
    assert plan.rows(views.format("`v w`")) == duck.rows(views.format('"v w"'))
    assert plan.rows("select count(*) from r") == duck.rows("select count(*) from r") == [(oracle(df)[1],)]
    assert not spark.catalog.tableExists("scratch")
    plan.close()
    assert not spark.catalog.tableExists("r") and not spark.catalog.tableExists("log")


def test_a_guard_in_the_sql_raises_our_error_and_an_append_needs_its_table(spark):
    from sqlpriv.engine.spark.plan import SparkPlan

    plan = SparkPlan(spark)
    plan.add("g", ["cache table `g` as\nselect raise_error('sqlpriv: too many sets; lower max_cols') as x"])
    with pytest.raises(SqlprivError, match="^too many sets; lower max_cols$"):
        plan.ensure(["g"])
    plan.add("orphan", ["insert into `nowhere`\nselect 1"])
    with pytest.raises(SqlprivError, match="did not make it as a table first"):
        plan.ensure(["orphan"])
    plan.close()


def test_the_plan_tunes_the_session_while_it_runs_and_leaves_it_as_found(spark):
    """Constraint propagation is off inside the plan's statements (a round's chain of NULL-safe
    joins), and afterwards the session's own setting is back: unset stays unset, a value stays."""
    from sqlpriv.engine.spark.plan import SparkPlan

    key = "spark.sql.constraintPropagation.enabled"
    seen: list[str] = []
    plan = SparkPlan(spark)
    original = plan.frame
    plan.frame = lambda sql: (seen.append(spark.conf.get(key)), original(sql))[1]  # type: ignore[method-assign]
    plan.add("t", ["cache table `t` as\nselect 1 as x"])
    assert key not in spark.conf.getAll
    plan.ensure(["t"])
    assert plan.rows("select x from `t`") == [(1,)]
    assert seen == ["false", "false"] and key not in spark.conf.getAll
    spark.conf.set(key, "true")
    try:
        plan.rows("select x from `t`")
        assert seen[-1] == "false" and spark.conf.getAll[key] == "true"
    finally:
        spark.conf.unset(key)
        plan.close()


def test_a_round_table_forgets_the_size_estimate_of_the_rounds_before(spark):
    """Each round joins the round before three times; Spark's estimate of a join is the product of
    its inputs', and a checkpoint kept its origin's estimate, so the digits tripled every round
    (15,644 digits at round 8, minutes of the driver's time by round 11, before any row moved).
    A round table whose estimate is past a long is estimated as any RDD: its digits stay those of
    one number."""
    from sqlpriv.engine.spark.plan import SparkPlan

    plan = SparkPlan(spark, progress=False)
    plan.add("r0", ["cache table `r0` as\nselect id as c, id % 3 as m from range(12)"])
    for r in range(1, 9):
        body = f"select a.c, min(b.m) + 1 as m from `r{r - 1}` a join `r{r - 1}` b on true join `r{r - 1}` c on a.c = c.c group by a.c"
        plan.add(f"r{r}", [f"cache table `r{r}` as\n{body}"], deps=[f"r{r - 1}"])
    try:
        plan.ensure(["r8"])
        estimate = spark.table("`r8`")._jdf.queryExecution().optimizedPlan().stats().sizeInBytes()
        assert len(str(estimate)) <= 20, len(str(estimate))
        # a round whose estimate is still a number keeps it (a small table may still be broadcast)
        assert spark.table("`r0`")._jdf.queryExecution().optimizedPlan().stats().sizeInBytes() < 10**4
        assert sorted(plan.rows("select c, m from `r8`")) == [(c, 8) for c in range(12)]
    finally:
        plan.close()
