"""MDAV microaggregation (issue 44): groups against an MDAV written here in numpy (Domingo-Ferrer &
Mateo-Sanz 2002: centroid, farthest r and its aggr - 1 nearest, farthest s from r and its group;
ties to the smaller position), values against the group means / medians, IL1s against sdcMicro's
dUtility formula computed here."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sqlpriv.errors import ColumnError, ParameterError
from sqlpriv.microaggregation import microaggregate


def mdav(x: np.ndarray, aggr: int) -> np.ndarray:
    """Group label of each row, by MDAV on the standardised columns."""
    sd = x.std(axis=0, ddof=1)
    z = (x - x.mean(axis=0)) / np.where(sd > 0, sd, 1)
    label = np.full(len(z), -1)
    group = 0

    def take(centre: np.ndarray, free: np.ndarray) -> np.ndarray:
        d = ((z[free] - centre) ** 2).sum(axis=1)
        return free[np.lexsort((free, d))[:aggr]]

    def farthest(centre: np.ndarray, free: np.ndarray) -> int:
        d = ((z[free] - centre) ** 2).sum(axis=1)
        return int(free[np.lexsort((free, -d))[0]])

    while (label < 0).sum() >= 2 * aggr:
        free = np.flatnonzero(label < 0)
        both = len(free) >= 3 * aggr
        r = farthest(z[free].mean(axis=0), free)
        label[take(z[r], free)] = group
        group += 1
        if both:
            free = np.flatnonzero(label < 0)
            s = farthest(z[r], free)
            label[take(z[s], free)] = group
            group += 1
    label[label < 0] = group
    return label


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4), st.integers(1, 3), st.sampled_from(["mean", "median"]))
def test_mdav_against_numpy(seed, aggr, d, measure):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(aggr, 30))
    x = rng.normal(size=(n, d)) * rng.uniform(1, 100, d)
    df = pd.DataFrame(x, columns=[f"v{j}" for j in range(d)])
    df["label"] = [f"r{i}" for i in range(n)]
    m = microaggregate(df, [f"v{j}" for j in range(d)], aggr=aggr, measure=measure)
    out = m.df()
    labels = mdav(x, aggr)
    want = pd.DataFrame(x).groupby(labels).transform(measure).to_numpy()
    assert out[[f"v{j}" for j in range(d)]].to_numpy() == pytest.approx(want)
    assert list(out["label"]) == list(df["label"])
    sizes = np.bincount(labels)
    il1s = (np.abs(x - want) / (x.std(axis=0, ddof=1) * np.sqrt(2))).sum()
    got = m.il1s()
    assert got["il1s"] == pytest.approx(il1s)
    assert got["groups"] == len(sizes) and got["smallest_group"] == sizes.min() >= aggr


def test_bad_input():
    df = pd.DataFrame({"x": [1.0, 2.0, None], "s": ["a", "b", "c"], "y": [1, 2, 3]})
    with pytest.raises(ColumnError, match="not numeric"):
        microaggregate(df, ["s"])
    with pytest.raises(ColumnError, match="NULL"):
        microaggregate(df, ["x"])
    with pytest.raises(ParameterError, match="larger than the table"):
        microaggregate(df, ["y"], aggr=4)
    with pytest.raises(ParameterError, match="measure"):
        microaggregate(df, ["y"], measure="mode")


@pytest.mark.slow
def test_sdcmicro_testdata_mdav():
    """sdcMicro's testdata (expend, income, savings; 4,580 rows), MDAV with aggr = 3: every cell and
    IL1s equal sdcMicro 5.8.1's microaggregation(method = "mdav") and dUtility(method = "IL1s")
    (tests/data/sdcmicro_testdata.md)."""
    from pathlib import Path

    data = Path(__file__).parent / "data"
    x = pd.read_csv(data / "sdcmicro_testdata_num.csv.gz")
    ref = pd.read_csv(data / "sdcmicro_testdata_mdav3.csv.gz")
    m = microaggregate(x, list(x.columns), aggr=3)
    assert m.df().to_numpy() == pytest.approx(ref.to_numpy(), rel=1e-9)
    assert m.il1s()["il1s"] == pytest.approx(533.3434, abs=1e-4)


def test_cli(tmp_path, capsys):
    from sqlpriv.cli import main

    path, out = tmp_path / "t.csv", tmp_path / "o.csv"
    pd.DataFrame({"x": [1.0, 2.0, 3.0, 10.0, 11.0, 12.0], "s": list("abcdef")}).to_csv(path, index=False)
    assert main(["microaggregate", str(path), "-c", "x", "--aggr", "3", "--out", str(out), "--format", "csv"]) == 0
    assert "groups,2" in capsys.readouterr().out.replace("2.0", "2")
    assert pd.read_csv(out)["x"].tolist() == [2.0, 2.0, 2.0, 11.0, 11.0, 11.0]


@pytest.mark.parametrize("batch", [1, 40, 10**9])
def test_rounds_in_batches_equal_numpy(monkeypatch, batch):
    """MDAV's rounds run several per statement (a recursive CTE, as many as fit in a batch of
    ungrouped rows): one per statement, a few, or all give the groups of the MDAV written here."""
    monkeypatch.setattr("sqlpriv.microaggregation.mdav.BATCH_ROWS", batch)
    rng = np.random.default_rng(7)
    x = rng.normal(size=(41, 2)) * [3.0, 50.0]
    x[5] = x[6] = x[7] = x[8]  # duplicate rows: ties to the smaller position
    df = pd.DataFrame(x, columns=["a", "b"])
    m = microaggregate(df, ["a", "b"], aggr=3)
    want = pd.DataFrame(x).groupby(mdav(x, 3)).transform("mean").to_numpy()
    assert m.df()[["a", "b"]].to_numpy() == pytest.approx(want)
    assert m.il1s()["groups"] == len(np.unique(mdav(x, 3))) == 13
    statements = m.sql.count("update ")
    assert statements == {1: 7, 40: 6, 10**9: 2}[batch]


def _eigen_loss(x: np.ndarray, xm: np.ndarray) -> float:
    """sdcMicro's dUtility(method = "eigen") (R/dUtility.R), written here in numpy: the eigenvalues
    of var(scale(.)), the correlation matrix, of the original and of the released columns, in
    decreasing order; sum of |e1 - e2| / e1."""
    e1 = np.sort(np.linalg.eigvals(np.atleast_2d(np.cov((x - x.mean(0)) / x.std(0, ddof=1), rowvar=False))).real)
    e2 = np.sort(np.linalg.eigvals(np.atleast_2d(np.cov((xm - xm.mean(0)) / xm.std(0, ddof=1), rowvar=False))).real)
    return float(np.sum(np.abs(e1[::-1] - e2[::-1]) / e1[::-1]))


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4), st.sampled_from(["mdav", "onedims"]))
def test_eigen_loss_against_numpy(seed, d, method):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(int(rng.integers(12, 40)), d)) @ rng.normal(size=(d, d)) * rng.uniform(1, 50, d)
    df = pd.DataFrame(x, columns=[f"v{j}" for j in range(d)])
    m = microaggregate(df, list(df.columns), aggr=3, method=method)
    xm = m.df()[list(df.columns)].to_numpy()
    assert m.eigen() == pytest.approx(_eigen_loss(x, xm), rel=1e-9, abs=1e-12)
    assert m.eigen() > 0  # grouping changes the correlations


def test_eigen_loss_of_a_constant_column_is_nan():
    df = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], "b": [7.0] * 6})
    assert np.isnan(microaggregate(df, ["a", "b"], aggr=3).eigen())
