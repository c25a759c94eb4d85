"""Inference against anonymeter: the guess rule (its evaluate_inference_guesses) on random values,
the same counts, risk and interval on tie-free data with every record a target, risk_for_groups,
anonymeter's own test expectations; bad input."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.engine.connection import connect
from sqlpriv.engine.plan import run
from sqlpriv.engine.templates import render
from sqlpriv.errors import ColumnError, ParameterError

anonymeter = pytest.importorskip("anonymeter.evaluators")
from anonymeter.evaluators.inference_evaluator import evaluate_inference_guesses

DATA = Path(__file__).parent / "data" / "attacks"


def _ours_match(guesses, secrets, regression, tolerance=0.05):
    con = connect()
    con.register("g", pd.DataFrame({"v": guesses}))
    con.register("x", pd.DataFrame({"v": secrets}))
    cond = render("attacks/secret_match.sql", g="g", x="x", column="v", regression=regression, tolerance=tolerance)
    sql = f"select {cond} from (select *, row_number() over () as i from g) g join (select *, row_number() over () as i from x) x using (i) order by i"
    return [bool(r[0]) for r in run(con, sql).fetchall()]


@pytest.mark.parametrize("seed", range(3))
def test_guess_rule_equals_anonymeters(seed):
    rng = np.random.default_rng(seed)
    g = rng.normal(size=200) * 2 + 1  # negative guesses too: anonymeter divides by the guess itself
    x = np.where(rng.random(200) < 0.5, g * (1 + rng.normal(size=200) * 0.06), rng.normal(size=200))
    g[rng.random(200) < 0.1] = np.nan
    x[rng.random(200) < 0.1] = np.nan
    for tol in (0.05, 0.2):
        expected = evaluate_inference_guesses(pd.Series(g), pd.Series(x), regression=True, tolerance=tol)
        assert _ours_match(g, x, True, tol) == list(expected)
    a = rng.choice(["a", "b", None], 200)
    b = rng.choice(["a", "b", None], 200)
    assert _ours_match(a, b, False) == list(evaluate_inference_guesses(pd.Series(a), pd.Series(b), regression=False))


def _tie_free(rng: np.random.Generator, n: int) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "x": rng.normal(size=n),
            "y": rng.uniform(size=n) * 10,
            "c": rng.choice(list("abc"), n),
            "s": rng.choice(list("uvw"), n),
            "v": rng.normal(size=n) + 3,
        }
    )


@pytest.mark.parametrize("secret, regression", [("s", False), ("v", True)])
def test_same_counts_risk_interval_and_groups_as_anonymeter(secret, regression):
    rng = np.random.default_rng(2)
    ori, syn, ctl = _tie_free(rng, 250), _tie_free(rng, 300), _tie_free(rng, 180)
    syn.iloc[:90] = ori.iloc[:90].to_numpy()
    aux = ["x", "y", "c"]
    peer = anonymeter.InferenceEvaluator(
        ori, syn, aux_cols=aux, secret=secret, n_attacks=10**6, control=ctl, regression=regression
    ).evaluate(n_jobs=1)
    ours = sqlpriv.inference(ori, syn, aux, secret, control=ctl, regression=regression)
    res = peer.results()
    assert (ours.n_attacks, ours.n_control) == (250, 180)
    assert (ours.n_success, ours.n_control_success) == (res.n_success, res.n_control)
    theirs, mine = peer.risk(), ours.risk()
    assert mine.value == pytest.approx(theirs.value, abs=1e-9)
    assert mine.ci == pytest.approx(tuple(theirs.ci), abs=1e-9)
    if not regression:
        groups_theirs, groups_ours = peer.risk_for_groups(), ours.groups()
        assert set(groups_theirs) == set(groups_ours)
        for value, evaluation in groups_theirs.items():
            assert groups_ours[value].risk().value == pytest.approx(evaluation.risk().value, abs=1e-9)
            assert groups_ours[value].risk().ci == pytest.approx(tuple(evaluation.risk().ci), abs=1e-9)


@pytest.mark.parametrize(
    "syn, expected",
    [
        ([["a", "b"], ["c", "d"]], 1.0),
        ([["a", "b"], ["c", "e"]], 0.5),
        ([["a", "h"], ["c", "g"]], 0.0),
    ],
)
def test_anonymeter_rates_fixture(syn, expected):
    ori = pd.DataFrame([["a", "b"], ["c", "d"]], columns=["c0", "c1"])
    r = sqlpriv.inference(ori, pd.DataFrame(syn, columns=["c0", "c1"]), ["c0"], "c1", control=ori)
    assert r.n_success / r.n_attacks == expected and r.n_control_success / r.n_control == expected


@pytest.mark.parametrize(
    "aux_cols",
    [
        ["type_employer", "capital_loss", "hr_per_week", "age"],
        ["education_num", "marital", "capital_loss"],
        ["age", "type_employer", "race"],
    ],
)
@pytest.mark.parametrize("secret", ["education", "marital", "capital_gain"])
def test_anonymeter_leak_fixture(aux_cols, secret):
    # anonymeter's test_inference_evaluator_leaks: the synthetic table is the original
    ori = pd.read_csv(DATA / "adults_ori.csv", nrows=10)
    if secret in aux_cols:  # anonymeter lets the attacker know the secret; we refuse
        with pytest.raises(ParameterError, match="also an auxiliary"):
            sqlpriv.inference(ori, ori, aux_cols, secret, control=ori)
        return
    r = sqlpriv.inference(ori, ori, aux_cols, secret, control=ori)
    assert r.n_success == r.n_control_success == 10


def test_per_row_and_baseline_seeded():
    ori = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0], "s": ["x", "y", "x", "y"]})
    syn = pd.DataFrame({"a": [1.1, 2.1, 3.1, 4.1], "s": ["x", "y", "y", "y"]})
    r = sqlpriv.inference(ori, syn, ["a"], "s", seed=1)
    rows = r.per_row().df()
    assert rows.via.tolist() == [0, 1, 2, 3] and rows.success.tolist() == [True, True, False, True]
    assert r.n_baseline == sqlpriv.inference(ori, syn, ["a"], "s", seed=1).n_baseline
    assert list(r.summary().attack) == ["main", "baseline"]


def test_bad_input_one_clear_error_each():
    ori = pd.DataFrame({"a": [1.0, 2.0], "s": ["x", "y"]})
    with pytest.raises(ParameterError, match="also an auxiliary"):
        sqlpriv.inference(ori, ori, ["a", "s"], "s")
    with pytest.raises(ColumnError, match="not in the original"):
        sqlpriv.inference(ori, ori, ["a"], "nope")
    with pytest.raises(ParameterError, match="tolerance"):
        sqlpriv.inference(ori, ori, ["a"], "s", tolerance=-1)
    with pytest.raises(ParameterError, match="aux_cols"):
        sqlpriv.inference(ori, ori, [], "s")
