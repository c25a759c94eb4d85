"""Linkability against anonymeter (the differential peer, in the test extra): same success counts
for the main and control attacks and the same risk and interval on tie-free data with every
record a target; anonymeter's own test expectations; bad input."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.attacks.linkability import baseline_probability
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError

anonymeter = pytest.importorskip("anonymeter.evaluators")
DATA = Path(__file__).parent / "data" / "attacks"


def _tie_free(rng: np.random.Generator, n: int) -> pd.DataFrame:
    # continuous columns make ties (equal distances) have probability 0; categories add mismatches
    return pd.DataFrame(
        {
            "x": rng.normal(size=n),
            "y": rng.uniform(size=n) * 10,
            "z": rng.normal(size=n) * 3,
            "c": rng.choice(list("abc"), n),
            "d": rng.choice(list("pq"), n),
        }
    )


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("k", [1, 4])
def test_same_counts_risk_and_interval_as_anonymeter(seed, k):
    rng = np.random.default_rng(seed)
    ori, syn, ctl = _tie_free(rng, 200), _tie_free(rng, 260), _tie_free(rng, 200)
    syn.iloc[:80] = ori.iloc[:80].to_numpy()  # a leak: copied records link
    aux = (["x", "c"], ["y", "d", "z"])
    peer = anonymeter.LinkabilityEvaluator(ori, syn, aux_cols=aux, n_attacks=len(ori), n_neighbors=k, control=ctl)
    peer.evaluate(n_jobs=1)
    ours = sqlpriv.linkability(ori, syn, aux_cols=aux, control=ctl, n_neighbors=k)
    results = peer.results()
    assert (ours.n_success, ours.n_control_success) == (results.n_success, results.n_control)
    assert ours.n_success >= 80
    for level in (0.95, 0.68):
        theirs, mine = peer.risk(confidence_level=level), ours.risk(confidence_level=level)
        assert mine.value == pytest.approx(theirs.value, abs=1e-9)
        assert mine.ci == pytest.approx(tuple(theirs.ci), abs=1e-9)


@pytest.mark.parametrize(
    "n_neighbors, expected_risk, expected_ci",
    [(1, 0.3725, (0.045587, 0.699358)), (2, 0.7551, (0.5102, 1.0))],
)
def test_anonymeter_fixture(n_neighbors, expected_risk, expected_ci):
    # anonymeter's tests/test_linkability_evaluator.py::test_linkability_evaluator (confidence 0.95)
    ori = pd.DataFrame({"col0": [0, 0, 4, 0], "col1": [0, 1, 9, 4]})
    syn = pd.DataFrame({"col0": [0, 1, 4, 9], "col1": [0, 1, 4, 9]})
    risk = sqlpriv.linkability(ori, syn, aux_cols=(["col0"], ["col1"]), n_neighbors=n_neighbors).risk()
    assert risk.value == pytest.approx(expected_risk, abs=1e-4)
    assert risk.ci == pytest.approx(expected_ci, abs=1e-4)


def test_adult_fixture_syn_equal_to_ori_links_everything():
    # anonymeter's test_linkability_risk: the synthetic table IS the original; with ties kept,
    # each target's own row is among its nearest on both sets, so every target links
    ori = pd.read_csv(DATA / "adults_ori.csv", nrows=10)
    cols = list(ori.columns)
    for level in (0.5, 0.68, 0.95, 0.99):
        strict = sqlpriv.linkability(ori, ori, aux_cols=(cols[:2], cols[2:4]), n_neighbors=5)
        assert strict.risk(confidence_level=level).ci[1] == pytest.approx(1.0)
    r = sqlpriv.linkability(ori, ori, aux_cols=(cols[:2], cols[2:4]), n_neighbors=5, ties=True)
    assert r.n_success == len(ori)


def test_adult_fixture_against_anonymeter():
    ori = pd.read_csv(DATA / "adults_ori.csv")
    syn = pd.read_csv(DATA / "adults_syn.csv")
    aux = (["age", "sex", "race", "marital"], ["education", "occupation", "type_employer", "country"])
    ours = sqlpriv.linkability(ori, syn, aux_cols=aux, n_neighbors=10, ties=True)
    # the adult tables tie a lot: anonymeter's unstable argsort picks any of the tied rows, so
    # the tie-inclusive count bounds its count from above, and ours (positions) from below
    peer = anonymeter.LinkabilityEvaluator(ori, syn, aux_cols=aux, n_attacks=len(ori), n_neighbors=10)
    peer.evaluate(n_jobs=1)
    strict = sqlpriv.linkability(ori, syn, aux_cols=aux, n_neighbors=10)
    assert ours.n_success >= peer.results().n_success
    assert ours.n_success >= strict.n_success


def test_per_row_names_the_linking_synthetic_records():
    ori = pd.DataFrame({"a": [1.0, 2.0, 3.0], "b": ["x", "y", "z"]})
    syn = pd.DataFrame({"a": [3.0, 1.0, 2.2], "b": ["z", "x", "q"]})
    r = sqlpriv.linkability(ori, syn, aux_cols=(["a"], ["b"]), control=ori)
    rows = r.per_row().df()
    main = rows[rows.attack == "main"].set_index("target")
    assert main.linked.tolist() == [True, False, True]
    assert list(main.via[0]) == [1] and list(main.via[2]) == [0]
    assert set(r.summary().attack) == {"main", "baseline", "control"}
    assert r.summary().set_index("attack").loc["main", "n_success"] == 2


def test_sampling_is_seeded_and_counted():
    rng = np.random.default_rng(3)
    ori, syn = _tie_free(rng, 50), _tie_free(rng, 60)
    a = sqlpriv.linkability(ori, syn, aux_cols=(["x"], ["y"]), n_attacks=20, seed=5)
    b = sqlpriv.linkability(ori, syn, aux_cols=(["x"], ["y"]), n_attacks=20, seed=5)
    assert a.n_attacks == 20 and (a.n_success, a.n_baseline) == (b.n_success, b.n_baseline)
    assert set(a.per_row().df().target) == set(b.per_row().df().target)


def test_baseline_probability_is_the_chance_two_random_sets_meet():
    rng = np.random.default_rng(0)
    n, k, trials = 9, 3, 20000
    hits = sum(bool(set(rng.choice(n, k, replace=False)) & set(rng.choice(n, k, replace=False))) for _ in range(trials))
    assert abs(hits / trials - baseline_probability(n, k)) < 0.02
    assert baseline_probability(4, 2) == pytest.approx(5 / 6)  # anonymeter's test_baseline figure


def test_bad_input_one_clear_error_each():
    ori = pd.DataFrame({"a": [1.0, 2.0], "b": ["x", "y"], "c": [1, 2]})
    with pytest.raises(ParameterError, match="overlap"):
        sqlpriv.linkability(ori, ori, aux_cols=(["a", "b"], ["b"]))
    with pytest.raises(ColumnError, match="same kind of type"):
        sqlpriv.linkability(ori, ori.assign(a=["1", "2"]), aux_cols=(["a"], ["b"]))
    with pytest.raises(ColumnError, match="missing"):
        sqlpriv.linkability(ori, ori.drop(columns="c"), aux_cols=(["a"], ["b"]))
    with pytest.raises(EmptyInputError, match="control"):
        sqlpriv.linkability(ori, ori, aux_cols=(["a"], ["b"]), control=ori.iloc[:0])
    with pytest.raises(ParameterError, match="more than the 2 records"):
        sqlpriv.linkability(ori, ori, aux_cols=(["a"], ["b"]), n_attacks=3)
    with pytest.raises(ColumnError, match="only NULLs"):
        sqlpriv.linkability(ori.assign(a=[np.nan, np.nan]), ori, aux_cols=(["a"], ["b"]))
    with pytest.raises(EmptyInputError, match="single row"):
        sqlpriv.linkability(ori.iloc[:1], ori, aux_cols=(["a"], ["b"]))
    with pytest.raises(ColumnError, match="not in the original"):
        sqlpriv.linkability(ori, ori, aux_cols=(["nope"], ["b"]))
    with pytest.raises(ParameterError, match="two lists"):
        sqlpriv.linkability(ori, ori, aux_cols=["a"])


def test_columns_named_like_internal_ones():
    names = ["__pos", "tid", "cp", "r", "c0", "c1", "d", "rk", "sid", "spos", "n", "m"]
    rng = np.random.default_rng(4)
    ori = pd.DataFrame({c: rng.integers(0, 3, 30).astype(float) for c in names})
    syn = pd.DataFrame({c: rng.integers(0, 3, 40).astype(float) for c in names})
    ori.iloc[:10] = syn.iloc[:10].to_numpy()
    aux = (names[:6], names[6:])
    ours = sqlpriv.linkability(ori, syn, aux_cols=aux, n_neighbors=2)
    renamed = sqlpriv.linkability(
        ori.set_axis([f"x{j}" for j in range(12)], axis=1), syn.set_axis([f"x{j}" for j in range(12)], axis=1),
        aux_cols=([f"x{j}" for j in range(6)], [f"x{j}" for j in range(6, 12)]), n_neighbors=2,
    )  # fmt: skip
    assert ours.n_success == renamed.n_success >= 10
    inf = sqlpriv.inference(ori, syn, names[:6], "spos")
    assert (
        inf.n_success
        == sqlpriv.inference(
            ori.rename(columns={"spos": "s"}), syn.rename(columns={"spos": "s"}), names[:6], "s"
        ).n_success
    )


def test_the_users_connection_keeps_its_tables():
    import duckdb

    con = duckdb.connect()
    con.execute("create table sqlpriv_attack_0_original as select 42 as x")
    ori = pd.DataFrame({"a": [1.0, 2.0, 3.0], "b": ["x", "y", "z"]})
    con.register("ori", ori)
    r = sqlpriv.linkability("ori", "ori", aux_cols=(["a"], ["b"]), con=con)
    assert r.n_success == 3 and con.execute("select x from sqlpriv_attack_0_original").fetchall() == [(42,)]
    again = sqlpriv.linkability("ori", "ori", aux_cols=(["a"], ["b"]), con=con)
    assert again.n_success == 3 and r.per_row().df().linked.all()
