"""The docs/measures.md §1 reference table (Table 3 of Seiler, Mase & Owen 2023) on UCI flare."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from tests.conftest import FLARE_CSV, FLARE_PREDICTORS

# column: entropy (bits), Shapley, mean over C>0, M>0, X>0  (docs/measures.md §1)
REFERENCE_TABLE = {
    "class": (2.3620, 1.3657, 1.7145, 1.6169, 1.8111),
    "largest_spot_size": (2.1863, 1.5467, 1.6877, 1.6177, 1.2309),
    "spot_distribution": (1.6770, 0.9196, 1.1718, 1.3401, 1.4875),
    "activity": (0.6194, 0.4460, 0.7295, 0.6665, 0.8610),
    "evolution": (1.3017, 1.1727, 0.9826, 0.9785, 0.8541),
    "past_activity": (0.2550, 0.1592, 0.3266, 0.4276, 0.9325),
    "historically_complex": (0.9734, 0.7651, 0.6885, 0.6932, 0.2872),
    "hc_past": (0.5429, 0.3548, 0.1503, 0.1099, 0.0343),
    "area": (0.1704, 0.0714, 0.2152, 0.4273, 1.3639),
}


@pytest.fixture(scope="module")
def result():
    return sqlpriv.uniqueness_shapley(str(FLARE_CSV), columns=FLARE_PREDICTORS)


@pytest.fixture(scope="module")
def per_row(result):
    return result.per_row().df()


@pytest.fixture(scope="module")
def flare():
    return pd.read_csv(FLARE_CSV)


def test_summary_matches_spec_table(result):
    summary = result.summary().df().set_index("column")
    assert list(summary.index) == FLARE_PREDICTORS
    for col, (h, phi, *_rest) in REFERENCE_TABLE.items():
        assert summary.loc[col, "entropy"] == pytest.approx(h, abs=5e-5)
        assert summary.loc[col, "shapley"] == pytest.approx(phi, abs=5e-5)


@pytest.mark.parametrize("i, expr", [(2, "C > 0"), (3, "M > 0"), (4, "X > 0")])
def test_subgroups_match_spec_table(result, i, expr):
    by = result.by(expr).df()
    row = by[by["level"] == True].iloc[0]  # noqa: E712
    for col, values in REFERENCE_TABLE.items():
        assert row[col] == pytest.approx(values[i], abs=5e-5), col


def test_per_row_mean_matches_spec_table(per_row):
    assert len(per_row) == 1066
    assert list(per_row["row"]) == list(range(1066))
    for col, (_h, phi, *_rest) in REFERENCE_TABLE.items():
        assert per_row[col].mean() == pytest.approx(phi, abs=5e-5)


@pytest.mark.parametrize("i, flag", [(2, "C"), (3, "M"), (4, "X")])
def test_per_row_subgroup_means_match_spec_table(per_row, flare, i, flag):
    subset = per_row[(flare[flag] > 0).to_numpy()]
    for col, values in REFERENCE_TABLE.items():
        assert subset[col].mean() == pytest.approx(values[i], abs=5e-5), col


def test_aggregates_agree_with_per_row_to_1e9(result, per_row, flare):
    summary = result.summary().df().set_index("column")["shapley"]
    assert np.abs(per_row[FLARE_PREDICTORS].mean().to_numpy() - summary.to_numpy()).max() < 1e-9
    for expr, mask in [("C > 0", flare["C"] > 0), ("evolution", None)]:
        by = result.by(expr).df()
        levels = mask if mask is not None else flare["evolution"]
        means = per_row.groupby(levels.to_numpy())[FLARE_PREDICTORS].mean()
        for _, row in by.iterrows():
            assert np.abs(means.loc[row["level"]].to_numpy() - row[FLARE_PREDICTORS].to_numpy(float)).max() < 1e-9
        assert by["n"].sum() == 1066
        assert by["share"].sum() == pytest.approx(1.0)


def test_efficiency_on_flare(per_row, result):
    """Sum over columns of phi = log2(n / N_t(all columns)) for every row."""
    flare = pd.read_csv(FLARE_CSV)
    sizes = flare.groupby(FLARE_PREDICTORS)[FLARE_PREDICTORS[0]].transform("size").to_numpy()
    total = per_row[FLARE_PREDICTORS].sum(axis=1).to_numpy()
    assert np.abs(total - np.log2(1066 / sizes)).max() < 1e-9


def test_entropy_lattice(result):
    ent = result.entropies().df()
    assert len(ent) == 2**9
    empty = ent[ent["size"] == 0].iloc[0]
    assert list(empty["columns"]) == [] and empty["entropy"] == pytest.approx(0.0, abs=1e-12)
    single = ent[ent["columns"].apply(lambda c: list(c) == ["class"])].iloc[0]
    assert single["entropy"] == pytest.approx(2.3620, abs=5e-5)
