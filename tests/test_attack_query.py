"""The attacks as single statements (sql_templates/attacks/link_query.sql, infer_query.sql: what
the dbt models and generic tests run) equal the Python plan's attacks: the same success counts,
rates, risk and interval to 1e-9, on random tables with ties and NULLs, with and without a control
table; the interval's normal quantile computed in SQL equals Python's; and, on tie-free data,
anonymeter's risk (the independent peer, where it installs)."""

from __future__ import annotations

from statistics import NormalDist

import duckdb
import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.engine.templates import call, quote, render

FIGURES = ["rate", "rate_error", "control_rate", "control_rate_error", "risk", "risk_low", "risk_high"]


def _table(rng: np.random.Generator, n: int, ties: bool = True) -> pd.DataFrame:
    x = rng.integers(0, 6, n).astype(float) if ties else rng.normal(size=n)
    if ties:
        x[rng.random(n) < 0.1] = np.nan  # NULLs: an undefined distance, ranked last
    return pd.DataFrame(
        {
            "x": x,
            "it's y": rng.integers(0, 40, n) if ties else rng.uniform(size=n) * 10,
            'c "1"': rng.choice(["a", "b", "c", None] if ties else ["a", "b", "c"], n),
            "d": rng.choice(list("pq"), n),
            "secret": rng.choice(list("uvw"), n),
            "income": rng.integers(10, 20, n).astype(float),
        }
    )


def _connection(**tables: pd.DataFrame) -> duckdb.DuckDBPyConnection:
    con = duckdb.connect()
    for name, df in tables.items():
        con.register("df", df)
        con.execute(f"create table {quote(name)} as select * from df")
        con.unregister("df")
    return con


def _python_figures(outcome, level: float) -> dict[str, float | None]:
    e = outcome.evaluation(level)
    risk = outcome.risk(level)
    control = e.control_rate
    return {
        "n_attacks": outcome.n_attacks,
        "n_success": outcome.n_success,
        "n_control": outcome.n_control,
        "n_control_success": outcome.n_control_success,
        "rate": e.attack_rate.value,
        "rate_error": e.attack_rate.error,
        "control_rate": None if control is None else control.value,
        "control_rate_error": None if control is None else control.error,
        "risk": risk.value,
        "risk_low": risk.ci[0],
        "risk_high": risk.ci[1],
    }


def _assert_same(row: pd.Series, expected: dict[str, float | None]) -> None:
    for name, want in expected.items():
        got = row[name]
        if want is None:
            assert pd.isna(got), name
        elif name.startswith("n_"):
            assert int(got) == want, name
        else:
            assert float(got) == pytest.approx(want, rel=0, abs=1e-9), name


@pytest.mark.parametrize("level", [0.01, 0.5, 0.85, 0.9, 0.95, 0.99, 0.999999, 1 - 1e-12])
def test_the_normal_quantile_in_sql_equals_pythons(level):
    """AS241 in SQL, all three branches (central below 0.85, tail, far tail past 1 - 2.8e-11)."""
    z = duckdb.connect().execute("select " + call("attacks_query_probit", confidence_level=level)).fetchone()[0]
    assert z == pytest.approx(NormalDist().inv_cdf(0.5 * (1 + level)), rel=1e-14)


@pytest.mark.parametrize("seed, k, with_control", [(0, 1, True), (1, 3, True), (2, 1, False), (3, 3, False)])
def test_linkability_statement_equals_the_python_attack(seed, k, with_control):
    rng = np.random.default_rng(seed)
    ori, syn, ctl = _table(rng, 120), _table(rng, 150), _table(rng, 70)
    syn.iloc[:30] = ori.iloc[:30].to_numpy()  # copied records link
    aux = (["x", 'c "1"'], ["it's y", "d"])
    level = 0.9 if seed else 0.95
    con = _connection(ori=ori, syn=syn, ctl=ctl)
    query = render(
        "attacks/link_query.sql", original=quote("ori"), synthetic=quote("syn"), cols_a=aux[0], cols_b=aux[1],
        numeric_a=[True, False], numeric_b=[True, False], k=k, control=quote("ctl") if with_control else None,
        confidence_level=level,
    )  # fmt: skip
    row = con.execute(query).df().iloc[0]
    ours = sqlpriv.linkability(ori, syn, aux_cols=aux, control=ctl if with_control else None, n_neighbors=k)
    assert ours.n_success >= 10
    _assert_same(row, _python_figures(ours, level))


@pytest.mark.parametrize(
    "seed, secret, regression, with_control",
    [(0, "secret", False, True), (1, "income", True, True), (2, "secret", False, False), (3, "income", True, False)],
)
def test_inference_statement_equals_the_python_attack(seed, secret, regression, with_control):
    rng = np.random.default_rng(10 + seed)
    ori, syn, ctl = _table(rng, 120), _table(rng, 150), _table(rng, 70)
    syn.iloc[:40] = ori.iloc[:40].to_numpy()
    aux = ["x", "it's y", 'c "1"']
    con = _connection(ori=ori, syn=syn, ctl=ctl)
    query = render(
        "attacks/infer_query.sql", original=quote("ori"), synthetic=quote("syn"), aux=aux, numeric=[True, True, False],
        secret=secret, regression=regression, tolerance=0.05, control=quote("ctl") if with_control else None,
        confidence_level=0.95,
    )  # fmt: skip
    row = con.execute(query).df().iloc[0]
    ours = sqlpriv.inference(ori, syn, aux, secret, control=ctl if with_control else None)
    assert ours.details["regression"] is regression and ours.n_success >= 40
    _assert_same(row, _python_figures(ours, 0.95))


def test_linkability_statement_equals_anonymeter_on_tie_free_data():
    anonymeter = pytest.importorskip("anonymeter.evaluators")
    rng = np.random.default_rng(5)
    ori, syn, ctl = _table(rng, 100, ties=False), _table(rng, 120, ties=False), _table(rng, 100, ties=False)
    syn.iloc[:30] = ori.iloc[:30].to_numpy()
    aux = (["x", 'c "1"'], ["it's y", "d"])
    peer = anonymeter.LinkabilityEvaluator(ori, syn, aux_cols=aux, n_attacks=len(ori), n_neighbors=2, control=ctl)
    peer.evaluate(n_jobs=1)
    con = _connection(ori=ori, syn=syn, ctl=ctl)
    query = render(
        "attacks/link_query.sql", original=quote("ori"), synthetic=quote("syn"), cols_a=aux[0], cols_b=aux[1],
        numeric_a=[True, False], numeric_b=[True, False], k=2, control=quote("ctl"), confidence_level=0.95,
    )  # fmt: skip
    row = con.execute(query).df().iloc[0]
    assert (int(row["n_success"]), int(row["n_control_success"])) == (
        peer.results().n_success,
        peer.results().n_control,
    )
    theirs = peer.risk(confidence_level=0.95)
    assert float(row["risk"]) == pytest.approx(theirs.value, abs=1e-9)
    assert (float(row["risk_low"]), float(row["risk_high"])) == pytest.approx(tuple(theirs.ci), abs=1e-9)
