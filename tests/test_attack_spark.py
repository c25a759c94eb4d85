"""Linkability and inference on Apache Spark (pyspark local[2]; sqlpriv/attacks/spark.py: the dbt
single statements rendered for Spark SQL) equal the DuckDB plan's attacks: the same success
counts, the same seeded baseline draw, the same risk and interval to 1e-9, on small tables with
ties and NULLs; what Spark does not run is refused with one error."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from conftest import require_spark

import sqlpriv

require_spark()


def _table(rng: np.random.Generator, n: int) -> pd.DataFrame:
    x = rng.integers(0, 5, n).astype(float)
    x[rng.random(n) < 0.15] = np.nan
    return pd.DataFrame(
        {
            "x": x,
            "it's y": rng.integers(0, 20, n),
            "c": rng.choice(["a", "b", None], n),
            "d": rng.choice(list("pq"), n),
            "pay": rng.integers(10, 14, n).astype(float),
        }
    )


def _frames(spark, *tables: pd.DataFrame) -> list:
    return [spark.createDataFrame(t.astype(object).where(t.notna(), None), schema=_schema(t)) for t in tables]


def _schema(t: pd.DataFrame) -> str:
    kinds = {"x": "double", "it's y": "bigint", "c": "string", "d": "string", "pay": "double"}
    return ", ".join(f"`{c.replace('`', '``')}` {kinds[c]}" for c in t.columns)


def _same(on_spark, on_duckdb) -> None:
    assert (on_spark.n_attacks, on_spark.n_success, on_spark.n_baseline) == (
        on_duckdb.n_attacks,
        on_duckdb.n_success,
        on_duckdb.n_baseline,
    )
    assert (on_spark.n_control, on_spark.n_control_success) == (on_duckdb.n_control, on_duckdb.n_control_success)
    a, b = on_spark.risk(), on_duckdb.risk()
    assert a.value == pytest.approx(b.value, abs=1e-9) and a.ci == pytest.approx(b.ci, abs=1e-9)


@pytest.mark.spark_cluster
def test_linkability_on_spark_equals_duckdb(spark):
    rng = np.random.default_rng(4)
    ori, syn, ctl = _table(rng, 30), _table(rng, 36), _table(rng, 20)
    syn.iloc[:10] = ori.iloc[:10].to_numpy()  # copied records link
    aux = (["x", "c"], ["it's y", "d"])
    s_ori, s_syn, s_ctl = _frames(spark, ori, syn, ctl)
    on_spark = sqlpriv.linkability(s_ori, s_syn, aux_cols=aux, control=s_ctl, n_neighbors=2, seed=3)
    on_duckdb = sqlpriv.linkability(ori, syn, aux_cols=aux, control=ctl, n_neighbors=2, seed=3)
    assert on_duckdb.n_success >= 10
    _same(on_spark, on_duckdb)


def test_inference_on_spark_equals_duckdb(spark):
    rng = np.random.default_rng(6)
    ori, syn = _table(rng, 30), _table(rng, 36)
    syn.iloc[:12] = ori.iloc[:12].to_numpy()
    aux = ["x", "it's y", "c"]
    s_ori, s_syn = _frames(spark, ori, syn)
    for secret in ("d", "pay"):  # a categorical secret, and a numeric one judged by the tolerance
        on_spark = sqlpriv.inference(s_ori, s_syn, aux, secret, seed=1)
        on_duckdb = sqlpriv.inference(ori, syn, aux, secret, seed=1)
        assert on_duckdb.n_success >= 12 and on_spark.details["regression"] is (secret == "pay")
        _same(on_spark, on_duckdb)


def test_singling_out_queries_on_spark_equals_duckdb(spark):
    """The univariate query attack on Spark (sqlpriv/attacks/singling_out_spark.py): drawn from the
    synthetic table's aggregates with the seed, counted in one Spark statement per table: the same
    queries, counts, risk and interval as DuckDB (multivariate: tests/test_attack_spark_plan.py)."""
    rng = np.random.default_rng(8)
    ori, syn, ctl = _table(rng, 40), _table(rng, 40), _table(rng, 25)
    for t in (ori, syn, ctl):  # mostly distinct values: rare-value queries
        t["it's y"] = rng.permutation(80)[: len(t)]
    syn.iloc[:15] = ori.iloc[:15].to_numpy()
    s_ori, s_syn, s_ctl = _frames(spark, ori, syn, ctl)
    on_spark = sqlpriv.singling_out_queries(s_ori, s_syn, control=s_ctl, n_attacks=30, seed=5)
    on_duckdb = sqlpriv.singling_out_queries(ori, syn, control=ctl, n_attacks=30, seed=5)
    assert on_spark.counts.queries == on_duckdb.counts.queries and len(on_duckdb.counts.queries) >= 10
    assert on_spark.counts == on_duckdb.counts  # every count: original, baseline, control
    assert on_duckdb.counts.successes(on_duckdb.counts.original) >= 3  # the copied records are singled out
    # an independent count of the main attack's successes: pandas on the deduplicated original
    distinct = ori.drop_duplicates()
    expected = sum(1 for q in on_duckdb.counts.queries if _matches(distinct, q) == 1)
    assert on_spark.counts.successes(on_spark.counts.original) == expected
    a, b = on_spark.risk(), on_duckdb.risk()
    assert a.value == pytest.approx(b.value, abs=1e-9) and a.ci == pytest.approx(b.ci, abs=1e-9)
    pd.testing.assert_frame_equal(on_spark.summary(), on_duckdb.summary(), rtol=0, atol=1e-9)


def _matches(frame: pd.DataFrame, query) -> int:
    """Records a one-condition query matches (a NULL matches only isna), by pandas."""
    (c,) = query
    col = frame[c.column]
    if c.op == "isna":
        return int(col.isna().sum())
    ops = {"==": col == c.value, "<=": col <= c.value, ">=": col >= c.value}
    return int((ops[c.op] & col.notna()).sum())
