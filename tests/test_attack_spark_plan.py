"""The attacks' multi-step plans on Apache Spark (pyspark local[2]; sqlpriv/attacks/spark_plan.py:
the DuckDB plan's statements rendered for Spark SQL and run by the Spark plan runner) equal the
DuckDB plan: dcr's every figure, per-row table and random rows to 1e-9, on small tables with ties
and NULLs."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from conftest import require_spark

import sqlpriv
from sqlpriv.errors import ParameterError

require_spark()

KINDS = {"x": "double", "it's y": "bigint", "c": "string", "d": "string", "k": "double"}


def _table(rng: np.random.Generator, n: int) -> pd.DataFrame:
    x = rng.integers(0, 5, n).astype(float)  # few values: ties
    x[rng.random(n) < 0.15] = np.nan
    return pd.DataFrame(
        {
            "x": x,
            "it's y": rng.integers(0, 20, n),
            "c": rng.choice(["a", "b", None], n),
            "d": rng.choice(list("pq"), n),
            "k": np.full(n, 3.0),  # constant: compared as a category (SDMetrics' range 0)
        }
    )


def _frames(spark, *tables: pd.DataFrame) -> list:
    schema = ", ".join(f"`{c.replace('`', '``')}` {KINDS[c]}" for c in tables[0].columns)
    return [spark.createDataFrame(t.astype(object).where(t.notna(), None), schema=schema) for t in tables]


def _same_frame(a: pd.DataFrame, b: pd.DataFrame) -> None:
    assert list(a.columns) == list(b.columns) and len(a) == len(b)
    for c in a.columns:
        x, y = a[c].astype(object).where(a[c].notna(), None), b[c].astype(object).where(b[c].notna(), None)
        if pd.api.types.is_numeric_dtype(b[c]) and not pd.api.types.is_bool_dtype(b[c]):
            assert np.allclose(a[c].astype(float), b[c].astype(float), rtol=0, atol=1e-9, equal_nan=True), c
        else:
            assert list(x) == list(y), c


@pytest.mark.slow  # about 70 s on local Spark (five searches, each a few dozen Spark jobs); the fast case is below
@pytest.mark.spark_cluster
def test_dcr_on_spark_equals_duckdb(spark):
    """Every figure of dcr (DCR, NNDR, exact copies, the seeded random baseline, the holdout's
    overfitting protection, identifiability), the per-row table and the random rows."""
    rng = np.random.default_rng(11)
    ori, syn, ctl = _table(rng, 30), _table(rng, 36), _table(rng, 20)
    syn.iloc[:6] = ori.iloc[:6].to_numpy()  # exact copies
    s_ori, s_syn, s_ctl = _frames(spark, ori, syn, ctl)
    on_spark = sqlpriv.dcr(s_ori, s_syn, control=s_ctl, seed=3)
    on_duckdb = sqlpriv.dcr(ori, syn, control=ctl, seed=3)
    assert on_duckdb.figures["exact_copy_share"] >= 6 / 36
    assert set(on_spark.figures) == set(on_duckdb.figures)
    for m, v in on_duckdb.figures.items():
        assert v is not None, m
        assert on_spark.figures[m] == pytest.approx(v, abs=1e-9), m
    _same_frame(on_spark.per_row().df(), on_duckdb.per_row().df())
    assert on_spark.random_rows is not None and on_duckdb.random_rows is not None
    _same_frame(on_spark.random_rows.df(), on_duckdb.random_rows.df())
    assert "cache table" in on_spark.sql and on_spark.n_synthetic == 36


def test_dcr_on_spark_columns_and_refusals(spark):
    """A column subset, one search (no holdout, baseline or identifiability); con= with Spark
    tables is refused."""
    rng = np.random.default_rng(12)
    ori, syn = _table(rng, 25), _table(rng, 25)
    s_ori, s_syn = _frames(spark, ori, syn)
    on_spark = sqlpriv.dcr(s_ori, s_syn, columns=["c", "it's y"], baseline=False, identifiability=False)
    on_duckdb = sqlpriv.dcr(ori, syn, columns=["c", "it's y"], baseline=False, identifiability=False)
    for m, v in on_duckdb.figures.items():
        assert on_spark.figures[m] == (None if v is None else pytest.approx(v, abs=1e-9)), m
    _same_frame(on_spark.per_row().df(), on_duckdb.per_row().df())
    with pytest.raises(ParameterError, match="con= is a DuckDB connection"):
        sqlpriv.dcr(s_ori, s_syn, con=object())


def _matches(frame: pd.DataFrame, query) -> int:
    """Records a query matches (every condition; a NULL matches only isna), by pandas."""
    keep = pd.Series(True, index=frame.index)
    for c in query:
        col = frame[c.column]
        if c.op == "isna":
            keep &= col.isna()
            continue
        ops = {"==": col == c.value, "<=": col <= c.value, ">=": col >= c.value}
        keep &= ops[c.op] & col.notna()
    return int(keep.sum())


def test_multivariate_query_attack_on_spark_equals_duckdb(spark):
    """mode="multivariate" on Spark: the synthetic records drawn by rank with the seed come to
    the driver, the candidates are counted on Spark: the same queries, attempts and counts as
    DuckDB; the successes recounted by pandas on the deduplicated original."""
    rng = np.random.default_rng(13)
    ori, syn, ctl = _table(rng, 40), _table(rng, 40), _table(rng, 20)
    syn.iloc[:12] = ori.iloc[:12].to_numpy()
    syn.iloc[30:36] = syn.iloc[:6].to_numpy()  # duplicates: dropped before ranking
    s_ori, s_syn, s_ctl = _frames(spark, ori, syn, ctl)
    kw = {"mode": "multivariate", "n_attacks": 20, "n_cols": 3, "seed": 9, "max_attempts": 300}
    on_spark = sqlpriv.singling_out_queries(s_ori, s_syn, control=s_ctl, **kw)
    on_duckdb = sqlpriv.singling_out_queries(ori, syn, control=ctl, **kw)
    assert len(on_duckdb.counts.queries) == 20 and all(len(q) == 3 for q in on_duckdb.counts.queries)
    assert on_spark.counts == on_duckdb.counts and on_spark.attempts == on_duckdb.attempts
    distinct = ori.drop_duplicates()
    expected = [_matches(distinct, q) for q in on_duckdb.counts.queries]
    assert on_spark.counts.original == expected and sum(n == 1 for n in expected) >= 3
    a, b = on_spark.risk(), on_duckdb.risk()
    assert a.value == pytest.approx(b.value, abs=1e-9) and a.ci == pytest.approx(b.ci, abs=1e-9)
    with pytest.raises(ParameterError, match="n_cols is 9"):
        sqlpriv.singling_out_queries(s_ori, s_syn, mode="multivariate", n_cols=9)


def test_sampled_tie_inclusive_linkability_on_spark_equals_duckdb(spark):
    """linkability with n_attacks= (the same seeded draw of targets) and ties=True on Spark runs
    the DuckDB plan as Spark statements: the same counts, risk and per-target rows."""
    rng = np.random.default_rng(14)
    ori, syn, ctl = _table(rng, 30), _table(rng, 30), _table(rng, 15)
    syn.iloc[:10] = ori.iloc[:10].to_numpy()
    aux = (["x", "c"], ["it's y", "d"])
    s_ori, s_syn, s_ctl = _frames(spark, ori, syn, ctl)
    kw = {"aux_cols": aux, "n_neighbors": 2, "n_attacks": 12, "ties": True, "seed": 4}
    on_spark = sqlpriv.linkability(s_ori, s_syn, control=s_ctl, **kw)
    on_duckdb = sqlpriv.linkability(ori, syn, control=ctl, **kw)
    assert (on_spark.n_attacks, on_spark.n_control) == (on_duckdb.n_attacks, on_duckdb.n_control) == (12, 12)
    assert (on_spark.n_success, on_spark.n_control_success, on_spark.n_baseline) == (
        on_duckdb.n_success,
        on_duckdb.n_control_success,
        on_duckdb.n_baseline,
    )
    a, b = on_spark.risk(), on_duckdb.risk()
    assert a.value == pytest.approx(b.value, abs=1e-9) and a.ci == pytest.approx(b.ci, abs=1e-9)
    rows_s, rows_d = on_spark.per_row().df(), on_duckdb.per_row().df()
    for r in (rows_s, rows_d):  # the synthetic rows linked through: a list (array), or missing
        r["via"] = r["via"].map(lambda v: [int(x) for x in v] if isinstance(v, (list, tuple, np.ndarray)) else None)
    assert rows_d["linked"].sum() == on_duckdb.n_success + on_duckdb.n_control_success
    _same_frame(rows_s, rows_d)
    assert "cache table" in on_spark.sql and "count(*) as n_attacks" in on_spark.sql


def test_sampled_inference_on_spark_equals_duckdb(spark):
    """inference with n_attacks= (the same seeded draw of targets as DuckDB) on Spark runs the
    DuckDB plan as Spark statements: the same counts, baseline, risk, per-target rows and groups
    (a secret with NULLs: its NULL group too)."""
    rng = np.random.default_rng(15)
    ori, syn, ctl = _table(rng, 30), _table(rng, 30), _table(rng, 15)
    syn.iloc[:10] = ori.iloc[:10].to_numpy()
    s_ori, s_syn, s_ctl = _frames(spark, ori, syn, ctl)
    kw = {"aux_cols": ["x", "d", "it's y"], "secret": "c", "n_attacks": 12, "seed": 6}
    on_spark = sqlpriv.inference(s_ori, s_syn, control=s_ctl, **kw)
    on_duckdb = sqlpriv.inference(ori, syn, control=ctl, **kw)
    assert (on_spark.n_attacks, on_spark.n_control) == (on_duckdb.n_attacks, on_duckdb.n_control) == (12, 12)
    assert (on_spark.n_success, on_spark.n_control_success, on_spark.n_baseline) == (
        on_duckdb.n_success,
        on_duckdb.n_control_success,
        on_duckdb.n_baseline,
    )
    a, b = on_spark.risk(), on_duckdb.risk()
    assert a.value == pytest.approx(b.value, abs=1e-9) and a.ci == pytest.approx(b.ci, abs=1e-9)
    rows_s, rows_d = on_spark.per_row().df(), on_duckdb.per_row().df()
    assert rows_d["success"].sum() == on_duckdb.n_success + on_duckdb.n_control_success
    _same_frame(rows_s, rows_d)
    g_s, g_d = on_spark.groups(), on_duckdb.groups()
    assert list(g_s) == list(g_d) and None in g_d and len(g_d) == 3
    main = rows_d[rows_d["attack"] == "main"]
    for value, e in g_d.items():  # the group's counts, by pandas from the per-target rows
        mine = main[main["secret"].isna()] if value is None else main[main["secret"] == value]
        assert (e.n_attacks, e.n_success) == (len(mine), int(mine["success"].sum())), value
        assert (g_s[value].n_attacks, g_s[value].n_success, g_s[value].n_baseline) == (
            e.n_attacks,
            e.n_success,
            e.n_baseline,
        )
        assert (g_s[value].n_control, g_s[value].n_control_success) == (e.n_control, e.n_control_success)
        r_s, r_d = g_s[value].risk(), e.risk()
        assert r_s.value == pytest.approx(r_d.value, abs=1e-9) and r_s.ci == pytest.approx(r_d.ci, abs=1e-9), value
    assert "cache table" in on_spark.sql and "count(*) as n_attacks" in on_spark.sql


@pytest.mark.heavy  # 45 s on local Spark: two single statements, then their plans; not in CI
def test_every_record_rows_on_spark_equal_duckdb(spark):
    """Spark's single statement (every record) gives .per_row() and .groups() by running the
    attack's plan as Spark statements on demand: equal to DuckDB's, its counts equal to the
    statement's."""
    rng = np.random.default_rng(16)
    ori, syn = _table(rng, 24), _table(rng, 24)
    syn.iloc[:8] = ori.iloc[:8].to_numpy()
    s_ori, s_syn = _frames(spark, ori, syn)
    kw = {"aux_cols": ["x", "d"], "secret": "c", "seed": 2}
    on_spark, on_duckdb = sqlpriv.inference(s_ori, s_syn, **kw), sqlpriv.inference(ori, syn, **kw)
    assert on_spark.details["engine"] == "spark" and on_spark.n_success == on_duckdb.n_success >= 8
    _same_frame(on_spark.per_row().df(), on_duckdb.per_row().df())
    g_s, g_d = on_spark.groups(), on_duckdb.groups()
    assert list(g_s) == list(g_d) and None in g_d
    for value, e in g_d.items():
        assert (g_s[value].n_attacks, g_s[value].n_success, g_s[value].n_baseline) == (
            e.n_attacks,
            e.n_success,
            e.n_baseline,
        )
    planned = on_spark.planned()
    assert planned is not None and (planned.n_success, planned.n_baseline) == (on_spark.n_success, on_spark.n_baseline)
    kw = {"aux_cols": (["x"], ["d", "it's y"]), "seed": 2}
    link_s, link_d = sqlpriv.linkability(s_ori, s_syn, **kw), sqlpriv.linkability(ori, syn, **kw)
    rows_s, rows_d = link_s.per_row().df(), link_d.per_row().df()
    for r in (rows_s, rows_d):
        r["via"] = r["via"].map(lambda v: [int(x) for x in v] if isinstance(v, (list, tuple, np.ndarray)) else None)
    assert rows_d["linked"].sum() == link_d.n_success == link_s.n_success >= 4  # ties go to the smaller position
    _same_frame(rows_s, rows_d)


def _run_script(spark, script: str) -> list:
    """Every statement of a ``.sql`` script run by Spark SQL itself; the values of the queries'
    single rows, in order."""
    statements = ["\n".join(x for x in s.splitlines() if not x.startswith("--")).strip() for s in script.split(";\n")]
    values: list = []
    for s in (s for s in statements if s):
        frame = spark.sql(s)
        if s.startswith("select"):
            values += [int(v) for v in frame.collect()[0]]
    return values


def test_query_attack_rows_and_script_on_spark_equal_duckdb(spark):
    """.per_row(), .queries() (with the positions singled out) and .sql of the query attack on
    Spark, univariate and multivariate: the DuckDB plan's steps run as Spark statements give the
    same rows as DuckDB; the Spark script, run by Spark SQL, recounts the same counts. The records
    singled out are checked against pandas on the deduplicated original."""
    rng = np.random.default_rng(21)
    ori, syn, ctl = _table(rng, 150), _table(rng, 150), _table(rng, 60)
    for t in (ori, syn, ctl):  # spread: rare values, and text values that single records out
        t["it's y"] = rng.integers(0, 400, len(t))
        t["c"] = [None if v < 10 else f"v{v}" for v in rng.integers(0, 300, len(t))]
    syn.iloc[:40] = ori.iloc[:40].to_numpy()
    ori.iloc[100:110] = ori.iloc[:10].to_numpy()  # duplicates: dropped, the first position kept
    s_ori, s_syn, s_ctl = _frames(spark, ori, syn, ctl)
    distinct = ori.drop_duplicates()
    for kw in (
        {"mode": "univariate", "n_attacks": 40, "seed": 3},
        {"mode": "multivariate", "n_attacks": 20, "n_cols": 3, "seed": 4, "max_attempts": 100},
    ):
        on_spark = sqlpriv.singling_out_queries(s_ori, s_syn, control=s_ctl, **kw)
        on_duckdb = sqlpriv.singling_out_queries(ori, syn, control=ctl, **kw)
        assert on_spark.counts == on_duckdb.counts
        pd.testing.assert_frame_equal(on_spark.queries(), on_duckdb.queries())
        pd.testing.assert_frame_equal(on_spark.queries(baseline=True), on_duckdb.queries(baseline=True))
        rows_s, rows_d = on_spark.per_row(), on_duckdb.per_row()
        assert len(rows_d) >= 4, kw
        _same_frame(rows_s, rows_d)
        for _, row in rows_d.iterrows():  # each record singled out: the one its queries match, by pandas
            record = ori.iloc[int(row["original_position"])]
            for i in row["query_ids"]:
                q = on_duckdb.counts.queries[i]
                assert _matches(distinct, q) == 1 and _matches(record.to_frame().T, q) == 1
        script = on_spark.sql
        assert "cache table" in script and "fixed in this script" in script
        c = on_duckdb.counts
        on_spark.planned().plan.close()  # its views dropped: the script makes them again
        assert _run_script(spark, script) == c.original + c.baseline_original + (c.control or [])
