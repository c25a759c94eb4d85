"""Differential test against piflib 0.1.1 (CSIRO Data61), the tool that defined CIG/CSF/wCIG.

piflib is not a dependency: install it in a separate environment (it imports
``pkg_resources``, so it needs ``setuptools<81``)::

    python -m venv /tmp/venv-pif && /tmp/venv-pif/bin/pip install "setuptools<81" piflib==0.1.1 pytest hypothesis
    /tmp/venv-pif/bin/pip install -e .
    /tmp/venv-pif/bin/python -m pytest tests/test_pif_peer.py -m peer

Known differences (see docs/pif.md): piflib keys priors and accuracies by column
index, rounds wCIG to 2 decimals and computes its weights from entropies rounded to
2 decimals, and fails on missing values (NaN), so NULLs are not compared here.
"""

from __future__ import annotations

import random

import numpy as np
import pandas as pd
import pytest
from test_pif import EXAMPLE, random_prior

from sqlpriv.pif.measure import information_factors, pif

piflib = pytest.importorskip("piflib")
from piflib import entropy as piflib_entropy
from piflib import pif_calculator

pytestmark = pytest.mark.peer


def _table(rng: random.Random, n: int, d: int, nulls: bool):
    values = []
    for _ in range(d):
        k = rng.randint(1, 6)
        col = [rng.choice([f"v{i}" for i in range(k)] + ([None] if nulls else [])) for _ in range(n)]
        values.append(col)
    df = pd.DataFrame({f"c{j}": pd.array(col, dtype=object) for j, col in enumerate(values)})
    return df, list(zip(*values))


def _compare(df: pd.DataFrame, priors: dict[int, dict], accuracies: dict[int, float], weights: bool):
    names = list(df.columns)
    ours = information_factors(
        df, priors={names[j]: p for j, p in priors.items()}, accuracies={names[j]: a for j, a in accuracies.items()}
    )
    their_cig = pif_calculator.compute_cigs(df, feature_priors=dict(priors), feature_accuracies=dict(accuracies))
    their_csf = pif_calculator.compute_csfs(df, feature_priors=dict(priors), feature_accuracies=dict(accuracies))
    our_cig = ours.cig().df()[names].to_numpy(float)
    np.testing.assert_allclose(our_cig, their_cig[names].to_numpy(float), rtol=0, atol=1e-9)
    np.testing.assert_allclose(
        ours.csf().df()[names].to_numpy(float), their_csf[names].to_numpy(float), rtol=0, atol=1e-9
    )
    for p in (50, 95, 100):
        assert pif(ours.cig(), p) == pytest.approx(pif_calculator.compute_pif(their_cig, p), abs=1e-9)
    if weights:
        # our weights against piflib's own (unrounded) entropy functions
        w = ours.weights().df()
        for j, name in enumerate(names):
            rest = [c for c in names if c != name]
            h = piflib_entropy.entropy(df, [name])
            h_cond = piflib_entropy.conditional_entropy(df, [name], rest)
            assert w["entropy"][j] == pytest.approx(h, abs=1e-9)
            assert w["conditional_entropy"][j] == pytest.approx(max(h_cond, 0.0), abs=1e-9)
        # piflib's wCIG is round(CIG * round(H(j|rest), 2) / round(H(j), 2), 2): rebuild it from our CIG
        table = piflib_entropy.create_conditional_entropy_table(df)
        with np.errstate(invalid="ignore", divide="ignore"):
            their_weights = np.nan_to_num(table["H(X|Y)"].to_numpy(float) / table["H(X)"].to_numpy(float))
        their_wcig = pif_calculator.compute_weighted_cigs(
            df, feature_priors=dict(priors), feature_accuracies=dict(accuracies)
        )[names].to_numpy(float)
        rebuilt = np.round(our_cig * their_weights, 2)
        diff = np.abs(rebuilt - their_wcig)
        assert diff.max() <= 0.01 + 1e-9  # only a 2-decimal rounding boundary may differ
        assert (diff < 1e-9).mean() > 0.99


def test_spec_example_against_piflib():
    _compare(EXAMPLE.astype(object), {}, {}, weights=True)


def test_docs_prior_example_against_piflib():
    df = pd.DataFrame(
        {
            "gender": ["male", "female", "male", "male"],
            "eye": ["blue", "blue", "green", "green"],
            "job": ["dentist", "dentist", "accountant", "accountant"],
        }
    ).astype(object)
    _compare(df, {0: {"male": 0.51, "female": 0.49}}, {0: 0.8, 2: 0.6}, weights=False)


@pytest.mark.parametrize("seed", range(12))
def test_random_tables_against_piflib(seed):
    rng = random.Random(1000 + seed)
    n, d = rng.randint(5, 60), rng.randint(2, 4)
    # piflib cannot take missing values (pandas turns them into NaN, and NaN != NaN breaks its
    # dictionaries: KeyError: nan), so NULL handling is checked against the oracle in test_pif.py only
    df, rows = _table(rng, n, d, nulls=False)
    rows += rows[: n // 3]  # repeated rows
    df = pd.concat([df, df.iloc[: n // 3]], ignore_index=True)
    priors, accuracies = {}, {}
    if seed % 3:
        for j in range(d):
            if rng.random() < 0.5:
                priors[j] = random_prior(rng, rows, j, "str")
            if rng.random() < 0.5:
                accuracies[j] = rng.choice([0.5, 0.9, 0.3])
    _compare(df, priors, accuracies, weights=True)
