"""Singling out by queries (issue 43 item 3) against anonymeter 1.1 and a pandas brute force.

* counting: every query we make (main, baseline, control) counted by anonymeter's own counting
  (``_evaluate_queries``, polars) gives our counts, on random tables with NULLs;
* risk: anonymeter's ``EvaluationResults`` on the same counts gives our risk and interval to 1e-9;
* univariate generation: with more queries asked for than exist, we make exactly anonymeter's
  queries on its adult fixtures (its ``tests/datasets``, copied with its license);
* multivariate: every query singles out one synthetic record (brute force), rates agree
  statistically with anonymeter's evaluator on its fixtures;
* a brute force in pandas, written here, for the counts and the record singled out.
"""

from __future__ import annotations

import operator
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError

so = pytest.importorskip("anonymeter.evaluators.singling_out_evaluator")
pl = pytest.importorskip("polars")
from anonymeter.stats.confidence import EvaluationResults

DATA = Path(__file__).parent / "data"
OPS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt, "<=": operator.le, ">=": operator.ge}


def adults(which: str) -> pd.DataFrame:
    return pd.read_csv(DATA / f"anonymeter_adults_{which}.csv")


def to_polars(query):
    """Our query as the polars expression anonymeter 1.1 builds (its own counting evaluates it)."""
    parts = []
    for c in query:
        col = pl.col(c.column)
        if c.op == "isna":
            parts.append(col.is_null())
        elif c.op == "notna":
            parts.append(~col.is_null())
        elif c.op == "is":
            parts.append(col)
        elif c.op == "not":
            parts.append(~col)
        else:
            parts.append(OPS[c.op](col, c.value))
    out = parts[0]
    for p in parts[1:]:
        out = out & p
    return out


def anonymeter_counts(df: pd.DataFrame, queries) -> list[int]:
    if not queries:
        return []
    return list(so._evaluate_queries(pl.DataFrame(df).unique(maintain_order=True), [to_polars(q) for q in queries]))


def random_table(rng: np.random.Generator, n: int) -> pd.DataFrame:
    """Small domains (duplicates and ties), NULLs in every column but the boolean."""

    def holes(values, dtype):
        s = pd.Series(values, dtype=dtype)
        s[rng.random(n) < 0.08] = pd.NA
        return s

    return pd.DataFrame(
        {
            "age": holes(rng.integers(18, 30, n), "Int64"),
            "hours": holes(rng.integers(0, 6, n) * 10, "Int64"),
            "city": holes(rng.choice(["a", "b", "c", "d'x", "e"], n), "string"),
            "flag": pd.Series(rng.random(n) < 0.3, dtype="bool"),
            "score": holes(rng.integers(0, 40, n) / 4, "Float64"),
        }
    )


def brute(df: pd.DataFrame, query) -> tuple[int, int | None]:
    """Records of the distinct table a query matches, and the first input position among them."""
    d = df.reset_index(drop=True)
    d = d[~d.astype(object).where(d.notna(), "<NA>").duplicated()]
    mask = pd.Series(True, index=d.index)
    for c in query:
        s = d[c.column]
        if c.op == "isna":
            m = s.isna()
        elif c.op == "notna":
            m = s.notna()
        elif c.op == "is":
            m = s.fillna(False).astype(bool)
        elif c.op == "not":
            m = (~s.fillna(True).astype(bool)) & s.notna()
        else:
            m = OPS[c.op](s, c.value).fillna(False).astype(bool) & s.notna()
        mask &= m
    hits = list(d.index[mask])
    return len(hits), (min(hits) if hits else None)


@pytest.mark.parametrize("mode,seed", [("univariate", 0), ("univariate", 1), ("multivariate", 0), ("multivariate", 2)])
def test_counts_equal_anonymeter_counting_and_brute_force(mode, seed):
    rng = np.random.default_rng(100 + seed)
    ori, syn, ctl = random_table(rng, 120), random_table(rng, 150), random_table(rng, 120)
    r = sqlpriv.singling_out_queries(ori, syn, control=ctl, mode=mode, n_attacks=40, n_cols=2, seed=seed)
    c = r.counts
    assert c.queries and c.baseline
    assert c.original == anonymeter_counts(ori, c.queries)
    assert c.baseline_original == anonymeter_counts(ori, c.baseline)
    assert c.control == anonymeter_counts(ctl, c.queries)
    assert anonymeter_counts(syn, c.queries) == [1] * len(c.queries)  # each singles out a synthetic record
    assert len(set(c.queries)) == len(c.queries)
    assert c.original == [brute(ori, q)[0] for q in c.queries]
    assert c.baseline_original == [brute(ori, q)[0] for q in c.baseline]
    assert c.control == [brute(ctl, q)[0] for q in c.queries]
    for baseline, qs in ((False, c.queries), (True, c.baseline)):
        expected = {i: brute(ori, q)[1] for i, q in enumerate(qs) if brute(ori, q)[0] == 1}
        assert r.positions(baseline) == expected
    frame = r.queries()
    assert frame["singled_out"].sum() == r.summary()["n_success"].iloc[0]
    per_row = r.per_row()
    for _, row in per_row.iterrows():
        record = ori.iloc[int(row["original_position"])]
        assert all((pd.isna(record[k]) and pd.isna(row[k])) or record[k] == row[k] for k in ori.columns)


@pytest.mark.parametrize("confidence_level", [0.68, 0.95, 0.99])
def test_risk_equals_anonymeter(confidence_level):
    rng = np.random.default_rng(7)
    ori, syn, ctl = random_table(rng, 200), random_table(rng, 200), random_table(rng, 200)
    r = sqlpriv.singling_out_queries(ori, syn, control=ctl, mode="multivariate", n_attacks=30, n_cols=2, seed=3)
    assert r.n_queries == 30
    s = r.summary(confidence_level).set_index("attack")
    theirs = EvaluationResults(
        n_attacks=30,
        n_success=int(s.loc["main", "n_success"]),
        n_baseline=int(s.loc["baseline", "n_success"]),
        n_control=int(s.loc["control", "n_success"]),
        confidence_level=confidence_level,
    )
    for baseline in (False, True):
        ours, ref = r.risk(confidence_level, baseline=baseline), theirs.risk(baseline=baseline)
        assert ours.value == pytest.approx(ref.value, abs=1e-9)
        assert ours.ci == pytest.approx(tuple(ref.ci), abs=1e-9)
    assert s.loc["main", "rate"] == pytest.approx(theirs.attack_rate.value, abs=1e-9)
    assert s.loc["main", "rate_error"] == pytest.approx(theirs.attack_rate.error, abs=1e-9)
    assert s.loc["control", "rate"] == pytest.approx(theirs.control_rate.value, abs=1e-9)


def test_univariate_makes_exactly_anonymeters_queries_on_its_fixtures():
    ori, syn = adults("ori"), adults("syn")
    r = sqlpriv.singling_out_queries(ori, syn, mode="univariate", n_attacks=1000)
    ev = so.SinglingOutEvaluator(ori=ori, syn=syn, n_attacks=1000, seed=0).evaluate(mode="univariate")
    theirs = so.univariate_singling_out_queries(
        pl.DataFrame(syn).unique(maintain_order=True), 1000, np.random.default_rng(0)
    )
    assert sorted(str(q) for q in theirs) == sorted(str(to_polars(q)) for q in r.counts.queries)
    assert r.summary()["n_success"].iloc[0] == ev.results().n_success
    assert r.n_queries == len(theirs) < 1000  # fewer than asked: we divide by those made


def test_multivariate_agrees_statistically_with_anonymeter_on_its_fixtures():
    ori, syn = adults("ori"), adults("syn")
    ours = [sqlpriv.singling_out_queries(ori, syn, mode="multivariate", n_attacks=60, seed=s) for s in range(4)]
    theirs = [
        so.SinglingOutEvaluator(ori=ori, syn=syn, n_attacks=60, seed=s).evaluate(mode="multivariate") for s in range(4)
    ]
    a = sum(int(r.summary()["n_success"].iloc[0]) for r in ours) / 240
    b = sum(t.results().n_success for t in theirs) / 240
    sigma = np.sqrt(2 * max(a * (1 - a), 0.01) / 240)
    assert abs(a - b) < 4 * sigma, (a, b)
    for r in ours:  # every query singles out one synthetic record (anonymeter's own counting)
        assert anonymeter_counts(syn, r.counts.queries) == [1] * len(r.counts.queries)


def test_same_seed_same_queries_and_printed_sql_recounts(tmp_path):
    rng = np.random.default_rng(5)
    ori, syn, ctl = random_table(rng, 80), random_table(rng, 80), random_table(rng, 60)
    one = sqlpriv.singling_out_queries(ori, syn, control=ctl, mode="multivariate", n_attacks=15, n_cols=2, seed=9)
    two = sqlpriv.singling_out_queries(ori, syn, control=ctl, mode="multivariate", n_attacks=15, n_cols=2, seed=9)
    assert one.queries().equals(two.queries())
    paths = {}
    for name, df in (("ori", ori), ("syn", syn), ("ctl", ctl)):
        paths[name] = tmp_path / f"{name}.parquet"
        df.to_parquet(paths[name])
    r = sqlpriv.singling_out_queries(
        str(paths["ori"]),
        str(paths["syn"]),
        control=str(paths["ctl"]),
        mode="multivariate",
        n_attacks=15,
        n_cols=2,
        seed=9,
    )
    assert r.counts == one.counts
    con = duckdb.connect()
    statements = [s for s in con.extract_statements(r.sql)]
    for s in statements[:-2]:
        con.execute(s)
    row = con.execute(statements[-2]).fetchone()
    assert list(row) == r.counts.original + r.counts.baseline_original
    row = con.execute(statements[-1]).fetchone()
    assert list(row) == r.counts.control
    assert "fixed in this script" in r.sql


def test_identical_tables_single_out_every_query():
    ori = adults("ori")
    r = sqlpriv.singling_out_queries(ori, ori, mode="multivariate", n_attacks=20, seed=1)
    assert r.summary()["n_success"].iloc[0] == 20
    assert r.risk().ci[1] == pytest.approx(1.0)


def test_bad_input_one_clear_error_each():
    a = pd.DataFrame({"x": [1, 2, 3], "y": ["a", "b", "c"]})
    with pytest.raises(ColumnError, match="same columns"):
        sqlpriv.singling_out_queries(a, a[["x"]])
    with pytest.raises(ColumnError, match="same kind of type"):
        sqlpriv.singling_out_queries(a, a.assign(x=["1", "2", "3"]))
    with pytest.raises(EmptyInputError, match="control table"):
        sqlpriv.singling_out_queries(a, a, control=a.iloc[:0])
    with pytest.raises(ParameterError, match="n_attacks"):
        sqlpriv.singling_out_queries(a, a, n_attacks=0)
    with pytest.raises(EmptyInputError, match="single row"):
        sqlpriv.singling_out_queries(a.iloc[:1], a)
    with pytest.raises(ParameterError, match="n_cols"):
        sqlpriv.singling_out_queries(a, a, mode="multivariate", n_cols=3)
    with pytest.raises(ParameterError, match="mode"):
        sqlpriv.singling_out_queries(a, a, mode="both")


def test_fewer_queries_than_asked_warns_and_divides_by_those_made():
    a = pd.DataFrame({"x": [1, 1, 2, 2, 3], "y": ["a", "a", "b", "b", "c"]})
    b = pd.DataFrame({"x": [1, 1, 2, 2, 5, 6], "y": ["a", "a", "b", "b", "c", "d"]})
    with pytest.warns(sqlpriv.SqlprivWarning, match="only"):
        r = sqlpriv.singling_out_queries(a, b, mode="univariate", n_attacks=50)
    assert r.n_queries == len(r.counts.queries) < 50
    assert r.summary()["n_attacks"].tolist() == [r.n_queries, r.n_queries]


def test_cli_verdict_exit_codes_queries_file_and_sql(tmp_path):
    import subprocess
    import sys

    ori = adults("ori")
    ori.iloc[:60].to_csv(tmp_path / "ori.csv", index=False)
    ori.iloc[60:].to_csv(tmp_path / "ctl.csv", index=False)
    adults("syn").to_csv(tmp_path / "syn.csv", index=False)
    base = [sys.executable, "-m", "sqlpriv", "singling-out-queries", "ori.csv", "syn.csv", "--n-attacks", "30"]

    def cli(*extra):
        return subprocess.run([*base, *extra], cwd=tmp_path, capture_output=True, text=True)

    r = sqlpriv.singling_out_queries(
        str(tmp_path / "ori.csv"), str(tmp_path / "syn.csv"), control=str(tmp_path / "ctl.csv"), n_attacks=30
    )
    risk = r.risk().value
    assert risk > 0.01
    no_policy = cli("--control", "ctl.csv")
    assert no_policy.returncode == 0 and "verdict: REVIEW" in no_policy.stdout  # default max_risk 0.05
    assert cli("--control", "ctl.csv", "--max-risk", str(risk / 2)).returncode == 3
    assert cli("--control", "ctl.csv", "--max-risk", str(risk / 2), "--on-violation", "reject").returncode == 4
    passed = cli("--control", "ctl.csv", "--max-risk", str(min(risk * 2, 1.0)), "--queries", "q.csv")
    assert passed.returncode == 0 and "verdict: PASS" in passed.stdout
    written = pd.read_csv(tmp_path / "q.csv")
    assert written["singled_out"].sum() == r.summary()["n_success"].iloc[0]
    script = cli("--sql")
    assert script.returncode == 0 and "fixed in this script" in script.stdout and "count_if" in script.stdout


@pytest.mark.parametrize("mode", ["univariate", "multivariate"])
def test_booleans_dates_and_infinities_against_the_brute_force(mode):
    rng = np.random.default_rng(1)

    def table(n):
        return pd.DataFrame(
            {
                "b": rng.random(n) < 0.5,
                "d": pd.to_datetime("2020-01-01") + pd.to_timedelta(rng.integers(0, 20, n), unit="D"),
                "x": np.where(rng.random(n) < 0.05, np.inf, rng.integers(0, 30, n).astype(float)),
                "s": rng.choice(["a", "b", "c"], n),
            }
        )

    ori, syn = table(60), table(60)
    r = sqlpriv.singling_out_queries(ori, syn, mode=mode, n_attacks=20, n_cols=3)
    c = r.counts
    assert c.original == [brute(ori, q)[0] for q in c.queries]
    assert c.baseline_original == [brute(ori, q)[0] for q in c.baseline]
    assert [brute(syn, q)[0] for q in c.queries] == [1] * len(c.queries)
    assert any("2020-01" in text for text in r.queries()["query"])
