"""The risk arithmetic of the attacks against anonymeter's own (its stats/confidence.py).

anonymeter is a differential peer where it installs beside the test extra; the closed-form
checks below do not need it.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sqlpriv.attacks.risk import evaluate, probit, residual_success, success_rate
from sqlpriv.errors import ParameterError


def test_wilson_centre_and_width_by_hand() -> None:
    # Wilson (1927): centre (s + z^2/2) / (n + z^2), half-width z/(n + z^2) sqrt(s(n-s)/n + z^2/4)
    z = 1.959963984540054
    n, s = 50, 7
    r = success_rate(n, s, 0.95)
    assert r.value == pytest.approx((s + z * z / 2) / (n + z * z), abs=1e-12)
    assert r.error == pytest.approx(z / (n + z * z) * math.sqrt(s * (n - s) / n + z * z / 4), abs=1e-12)


def test_probit_known_values() -> None:
    assert probit(0.95) == pytest.approx(1.959963984540054, abs=1e-12)
    assert probit(0.99) == pytest.approx(2.5758293035489004, abs=1e-12)


def test_residual_is_zero_when_attack_equals_control_and_clipped() -> None:
    e = evaluate(1000, 100, 5, n_control=1000, n_control_success=100)
    assert e.risk().value == 0.0
    e = evaluate(1000, 50, 5, n_control=1000, n_control_success=100)  # control easier: clipped to 0
    assert e.risk().value == 0.0 and e.risk().ci[0] == 0.0


def test_bad_counts_refused() -> None:
    with pytest.raises(ParameterError):
        success_rate(0, 0)
    with pytest.raises(ParameterError):
        success_rate(10, 11)
    with pytest.raises(ParameterError):
        probit(1.0)
    with pytest.raises(ParameterError):
        residual_success(success_rate(10, 5), success_rate(10, 10).__class__(1.0, 0.0))


@settings(deadline=None)
@given(
    n=st.integers(1, 5000),
    frac=st.floats(0, 1),
    cfrac=st.floats(0, 1),
    bfrac=st.floats(0, 1),
    cl=st.sampled_from([0.5, 0.9, 0.95, 0.99]),
)
def test_against_anonymeter(n: int, frac: float, cfrac: float, bfrac: float, cl: float) -> None:
    confidence = pytest.importorskip("anonymeter.stats.confidence")
    s, c, b = round(n * frac), round(n * cfrac), round(n * bfrac)
    ours = evaluate(n, s, b, n_control_success=c, confidence_level=cl)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = confidence.EvaluationResults(n_attacks=n, n_success=s, n_baseline=b, n_control=c, confidence_level=cl)
    for mine, peer in ((ours.attack_rate, theirs.attack_rate), (ours.baseline_rate, theirs.baseline_rate)):
        assert mine.value == pytest.approx(peer.value, abs=1e-12)
        assert mine.error == pytest.approx(peer.error, abs=1e-12)
    if theirs.control_rate.value < 1:
        mine_r, peer_r = ours.risk(), theirs.risk()
        assert mine_r.value == pytest.approx(peer_r.value, abs=1e-9)
        assert mine_r.ci == pytest.approx(peer_r.ci, abs=1e-9)
    assert ours.risk(baseline=True).ci == pytest.approx(theirs.risk(baseline=True).ci, abs=1e-9)
