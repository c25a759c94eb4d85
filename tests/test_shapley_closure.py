"""Issue 29: Shapley cells counted once per closure of a subset (sqlpriv/shapley/closure.py).

When an analysed column determines another on the rows, a subset and its closure have the same
cohorts, so the cells are counted once per closure. Oracles: the same analysis with the switch
off (``CLOSED_CELLS``, equal to 1e-12), the brute-force sampled estimator of
tests/test_shapley_scale.py, and pandas for which columns determine which. A mutation (a
column pair that is not a dependency treated as one) must change the values.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sqlpriv
from sqlpriv.errors import SqlprivWarning
from sqlpriv.report import views
from sqlpriv.shapley import closure as shapley_closure
from tests.test_shapley_scale import oracle


def planted(n: int, d: int, seed: int, copy: int, coarse: int) -> pd.DataFrame:
    """d random columns and two planted dependencies: a relabelled copy of column ``copy`` and a
    coarsening of column ``coarse``, placed first (so a determined column precedes its source)."""
    rng = np.random.default_rng(seed)
    cols = {f"v{j}": rng.integers(0, 2 + j % 3, size=n) for j in range(d)}
    df = pd.DataFrame(cols)
    df.insert(0, "copy", (df[f"v{copy}"] * 7 + 3) % 11)
    df.insert(1, "coarse", df[f"v{coarse}"] // 2)
    return df


def determines(df: pd.DataFrame) -> set[tuple[int, int]]:
    """Brute force: (a, b) where every value of column a occurs with one value of column b."""
    names = list(df.columns)
    return {
        (a, b)
        for a in range(len(names))
        for b in range(len(names))
        if a != b and df.groupby(names[a])[names[b]].nunique().max() == 1
    }


def analyse(
    df: pd.DataFrame, closed: bool, method: str, samples: int, seed: int, every: bool = True
) -> list[pd.DataFrame]:
    """Per-row values, and with ``every`` the summary, a by() table and Figure 2's rows (their
    values computed for the chosen patterns alone, before the per-row values), with the switch
    as given."""
    shapley_closure.CLOSED_CELLS = closed
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SqlprivWarning)
            r = sqlpriv.uniqueness_shapley(df, method=method, samples=samples, seed=seed)
            chosen = views.shapley_rows(r, 7).df() if every else None
            out = [r.per_row().df()]
            if every:
                out += [r.summary().df(), r.by("v0 > 0").df().sort_values("level", ignore_index=True), chosen]
        assert ("closed_lattice" in r.frame.plan.steps) == closed
        return out
    finally:
        shapley_closure.CLOSED_CELLS = True


def numbers(frame: pd.DataFrame) -> np.ndarray:
    return frame.select_dtypes("number").to_numpy(float)


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), copy=st.integers(0, 6), coarse=st.integers(0, 6))
def test_closed_cells_equal_every_subsets_cells_and_the_bruteforce_estimator(seed, copy, coarse):
    """Sampled, 9 columns (cells counted from the patterns): per-row values and errors, the
    summary, a by() table and Figure 2's rows equal to 1e-12 with the switch off, and the
    brute-force estimator."""
    df = planted(30, 7, seed, copy, coarse)
    assert {(2 + copy, 0), (0, 2 + copy), (2 + coarse, 1)} <= determines(df)
    on, off = (analyse(df, closed, "sample", 10, seed) for closed in (True, False))
    for a, b in zip(on, off):
        assert list(a.columns) == list(b.columns)
        assert np.abs(numbers(a) - numbers(b)).max() < 1e-12
    mean, se = oracle(df, 10, seed)
    names = list(df.columns)
    assert np.abs(on[0][names].to_numpy() - mean).max() < 1e-9
    assert np.abs(on[0][[f"{c}_se" for c in names]].to_numpy() - se).max() < 1e-9


def test_exact_closed_cells_equal_every_subsets_cells():
    """Exact, 8 columns (the whole lattice, counted from the patterns), a chain of dependencies."""
    df = planted(40, 6, 5, 1, 3)
    df["chain"] = df["coarse"] // 2  # v3 -> coarse -> chain: transitive
    on, off = (analyse(df, closed, "exact", 200, 0, every=False) for closed in (True, False))
    for a, b in zip(on, off):
        assert np.abs(numbers(a) - numbers(b)).max() < 1e-12


def test_the_pairs_found_are_the_dependencies_and_a_false_one_changes_the_values(monkeypatch):
    """The pairs read in SQL equal pandas' on real data with a planted copy; a mutation
    (a pair that is not a dependency treated as one) changes the values, so the tests above
    can fail."""
    df = planted(30, 7, 11, 2, 4)
    r = sqlpriv.uniqueness_shapley(df, method="sample", samples=10, seed=1)
    frame = r.frame
    frame.plan.ensure(["patterns"])
    assert set(shapley_closure.determining_pairs(frame, frame.names["patterns"])) == determines(df)
    good = analyse(df, True, "sample", 10, 1, every=False)[0]
    real = shapley_closure.determining_pairs
    wrong = (5, 6)  # v3 does not determine v4 here
    assert wrong not in determines(df)
    monkeypatch.setattr(shapley_closure, "determining_pairs", lambda f, p: [*real(f, p), wrong])
    bad = analyse(df, True, "sample", 10, 1, every=False)[0]
    assert np.abs(numbers(good) - numbers(bad)).max() > 1e-6


def test_closure_masks_and_no_dependency_leaves_the_path_unchanged():
    assert shapley_closure.closure_masks(4, [(0, 2), (2, 0), (1, 3)]) == [5, 10, 5, 8]
    rng = np.random.default_rng(0)
    df = pd.DataFrame({f"v{j}": rng.integers(0, 4, size=60) for j in range(8)})
    assert not determines(df)
    r = sqlpriv.uniqueness_shapley(df, method="sample", samples=5, seed=0)
    r.summary().df()
    assert "closed_lattice" not in r.frame.plan.steps


def test_one_to_one_columns_on_real_data():
    """Real data: the first 400 rows of UCI adult, where education and education-num are a 1:1
    recoding of each other, equal with and without the closure."""
    df = pd.read_csv(sqlpriv.example_path("adult.csv")).head(400)
    names = ["age", "workclass", "education", "education-num", "marital-status", "race", "sex", "hours-per-week"]
    df = df[names]
    assert {(2, 3), (3, 2)} <= determines(df)
    on, off = (analyse(df.assign(v0=df["age"] // 40), closed, "sample", 8, 3) for closed in (True, False))
    for a, b in zip(on, off):
        assert np.abs(numbers(a) - numbers(b)).max() < 1e-12
