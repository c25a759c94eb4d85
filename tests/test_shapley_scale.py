"""Issue 29: the sampled path on the pattern machinery, its memory estimate and Figure 2's sample.

The oracle recomputes the seeded estimator by brute force over the rows: the same M column
orders (drawn as documented: B = max(2, ceil(samples / d)) blocks, each a Latin square
``order_i[pos] = p[(r[i] + c[pos]) mod d]`` from three ``random.Random(seed).sample(range(d), d)``
draws p, r, c), every row's marginal log2 N(before) - log2 N(after) in each order from pandas
group counts, then the mean and its standard error stratified by position
(sqrt(sum over positions of the sample variance of the B marginals there / B) / d). It shares
no code with sqlpriv.
"""

from __future__ import annotations

import math
import random
import warnings

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.engine import memory
from sqlpriv.errors import SqlprivWarning
from sqlpriv.report import views


def table(n: int, d: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    base = rng.integers(0, 3, size=n)
    cols = {f"v{j}": (base + rng.integers(0, 2 + j % 3, size=n)) % (2 + j % 4) for j in range(d)}
    if d > 6:
        cols["v6"] = np.arange(n) % (n - 3)  # nearly an identifier: single-column uniques
    df = pd.DataFrame(cols)
    return pd.concat([df, df.iloc[:5]], ignore_index=True)  # repeated rows


def oracle(
    df: pd.DataFrame, samples: int, seed: int, groups: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Per-row means and standard errors; with ``groups`` (one row mask per row of it), the same
    for each group's mean marginal per order instead of each row's."""
    names = list(df.columns)
    d, n = len(names), len(df)
    orders = balanced_orders(d, samples, seed)
    samples = len(orders)

    def log_sizes(cols: list[str]) -> np.ndarray:
        if not cols:
            return np.full(n, math.log2(n) if n > 1 else 0.0)
        sizes = df.groupby(cols, dropna=False)[cols[0]].transform("size").to_numpy(float)
        return np.log2(sizes)

    marginals = np.zeros((samples, n, d))
    position = np.zeros((samples, d), int)
    for m, order in enumerate(orders):
        before = log_sizes([])
        for pos, j in enumerate(order):
            after = log_sizes([names[i] for i in order[: pos + 1]])
            marginals[m, :, j] = before - after
            position[m, j] = pos
            before = after
    if groups is not None:  # each order's marginal of a group: the mean over its rows
        marginals = np.stack([marginals[:, mask, :].mean(axis=1) for mask in groups], axis=1)
    mean = marginals.mean(axis=0)
    blocks = samples // d
    variance = np.zeros(mean.shape)
    for j in range(d):
        for pos in range(d):
            at = marginals[position[:, j] == pos, :, j]  # the B orders revealing j at pos
            assert len(at) == blocks
            variance[:, j] += at.var(axis=0, ddof=1) / blocks
    se = np.sqrt(variance) / d
    return mean, se


def balanced_orders(d: int, samples: int, seed: int) -> list[list[int]]:
    """The documented orders: whole blocks of d, each a shuffled cyclic Latin square."""
    rng = random.Random(seed)
    orders = []
    for _ in range(max(2, -(-samples // d))):
        p, r, c = rng.sample(range(d), d), rng.sample(range(d), d), rng.sample(range(d), d)
        orders += [[p[(r[i] + c[pos]) % d] for pos in range(d)] for i in range(d)]
    return orders


def same_and_as_the_oracle(
    a: pd.DataFrame, b: pd.DataFrame, df: pd.DataFrame, names: list[str], samples: int, seed: int
) -> np.ndarray:
    """Two runs' per-row frames equal to 1e-12, and both the brute-force estimator's values and
    standard errors to 1e-9; the oracle's values returned."""
    assert list(a.columns) == list(b.columns)
    assert np.abs(a.to_numpy(float) - b.to_numpy(float)).max() < 1e-12
    mean, se = oracle(df, samples, seed)
    assert np.abs(a[names].to_numpy() - mean).max() < 1e-9
    assert np.abs(a[[f"{c}_se" for c in names]].to_numpy() - se).max() < 1e-9
    return mean


@pytest.mark.parametrize(("n", "d", "samples", "seed"), [(50, 5, 30, 1), (40, 9, 12, 4)])
def test_sampled_values_and_errors_match_the_bruteforce_estimator(n, d, samples, seed):
    """d = 5: cells by level rollup; d = 9: counted from the patterns, single-column uniques skipped."""
    df = table(n, d, seed)
    with warnings.catch_warnings():  # v6 looks like an identifier
        warnings.simplefilter("ignore", SqlprivWarning)
        r = sqlpriv.uniqueness_shapley(df, method="sample", samples=samples, seed=seed)
    out = r.per_row().df()
    mean, se = oracle(df, samples, seed)
    names = list(df.columns)
    assert np.abs(out[names].to_numpy() - mean).max() < 1e-9
    assert np.abs(out[[f"{c}_se" for c in names]].to_numpy() - se).max() < 1e-9


def test_sampled_summary_and_by_errors_match_the_bruteforce_estimator():
    """The summary's and by()'s stratified standard errors (shapley/summary.sql, by.sql) against
    the same estimator run by brute force on the mean marginal of all rows, and of each level."""
    df = table(60, 6, 9)
    names = list(df.columns)
    r = sqlpriv.uniqueness_shapley(df, method="sample", samples=20, seed=9)  # 4 blocks of 6
    assert r.samples == 24
    mean, se = oracle(df, 20, 9, groups=np.ones((1, len(df)), bool))
    summary = r.summary().df()
    assert np.abs(summary["shapley"].to_numpy() - mean[0]).max() < 1e-9
    assert np.abs(summary["shapley_se"].to_numpy() - se[0]).max() < 1e-9
    by = r.by("v0").df().set_index("level").sort_index()
    masks = np.array([(df["v0"] == level).to_numpy() for level in by.index])
    mean, se = oracle(df, 20, 9, groups=masks)
    assert np.abs(by[names].to_numpy(float) - mean).max() < 1e-9
    assert np.abs(by[[f"{c}_se" for c in names]].to_numpy(float) - se).max() < 1e-9


def test_sampled_estimate_converges_to_exact():
    df = table(60, 5, 2)
    names = list(df.columns)
    exact = sqlpriv.uniqueness_shapley(df, method="exact").per_row().df()[names].to_numpy()
    errors = []
    for samples in (15, 200, 3000):  # 3, 40 and 600 blocks of 5 orders
        out = sqlpriv.uniqueness_shapley(df, method="sample", samples=samples, seed=7).per_row().df()
        est, se = out[names].to_numpy(), out[[f"{c}_se" for c in names]].to_numpy()
        errors.append(np.abs(est - exact).mean())
        assert (np.abs(est - exact) <= 5 * se + 1e-9).mean() > 0.99  # within 5 standard errors
    assert errors[0] > errors[1] > errors[2] and errors[2] < 0.02


def test_figure_2_sample_is_the_same_rows_as_from_every_rows_values():
    df = table(80, 9, 3)
    with warnings.catch_warnings():  # v6 looks like an identifier
        warnings.simplefilter("ignore", SqlprivWarning)
        r = sqlpriv.uniqueness_shapley(df, method="sample", samples=15, seed=2)
    sample = views.shapley_rows(r, 25).df()
    assert "phi" not in r.frame.plan.done  # only the 25 rows' values were computed
    per_row = r.per_row().df()
    full = views.shapley_rows(r, 25).df()
    pd.testing.assert_frame_equal(sample, full)
    # efficiency: each sampled row's values add up to its total, log2 n - log2 (its pattern's count)
    names = list(df.columns)
    assert np.abs(sample[names].sum(axis=1) - sample["total"]).max() < 1e-9
    totals = np.sort(per_row[names].sum(axis=1).to_numpy())
    assert np.abs(totals[sample["rank"].to_numpy()] - sample["total"].to_numpy()).max() < 1e-9


@pytest.mark.parametrize("method", ["exact", "sample"])
def test_figure_2_sample_of_a_table_smaller_than_rows_is_every_rank_once(method):
    # 7 rows, classes of 3, 2, 1, 1 on (a, b): totals log2(7/3), log2(7/2) twice, log2 7 twice;
    # asking for 200 rows must give the 7 ranks once each (it gave ranks 0..0 seven times)
    df = pd.DataFrame({"a": [1, 1, 1, 2, 2, 3, 4], "b": ["x", "x", "x", "y", "y", "z", "z"]})
    r = sqlpriv.uniqueness_shapley(df, method=method, samples=4)
    sample = views.shapley_rows(r, 200).df()
    assert sample["rank"].tolist() == list(range(7))
    expected = np.log2(7 / np.array([3, 3, 3, 2, 2, 1, 1]))
    assert np.abs(sample["total"].to_numpy() - expected).max() < 1e-12
    assert np.abs(sample[["a", "b"]].sum(axis=1).to_numpy() - expected).max() < 1e-9


def test_memory_estimate_bounds_the_cells_and_refuses_before_any_work():
    df = table(300, 10, 5)
    with warnings.catch_warnings():  # v6 looks like an identifier
        warnings.simplefilter("ignore", SqlprivWarning)
        r = sqlpriv.uniqueness_shapley(df, method="sample", samples=20)
    r.summary().df()
    con, t = r.frame.plan.con, r.frame.names
    cells = con.execute(f'select count(*) from "{t["cells"]}"').fetchone()[0]
    patterns = con.execute(f'select count(*) from "{t["patterns"]}"').fetchone()[0]
    subsets = con.execute(f'select count(*) from "{t["lattice"]}"').fetchone()[0]
    assert cells <= patterns * subsets // 2
    assert memory.cells_bytes(patterns * subsets, len(r.frame.words)) >= cells * 8 * (len(r.frame.words) + 2)
    wide = table(2000, 14, 5)  # 2,000 patterns x 2^14 subsets: up to ~0.8 GB of cells
    with pytest.raises(memory.MemoryBudgetError, match="lower samples="), warnings.catch_warnings():
        warnings.simplefilter("ignore", SqlprivWarning)
        sqlpriv.uniqueness_shapley(wide, method="sample", samples=2000, memory_limit="100MB", temp_directory="")
    assert memory.parse_size("1 GiB") == 2**30 and memory.parse_size("2GB") == 2 * 10**9
    assert memory.default_memory_limit() is None or memory.parse_size(memory.default_memory_limit()) >= 256 * 2**20


def test_sampled_by_on_real_data_equals_per_row_group_means():
    """UCI adult (first 1,500 rows, 15 columns): a by() of a text column; once failed inside
    DuckDB 2.0.0 ('dict-surviving cache') before the cross-entropy chunks computed their keys first."""
    df = pd.read_csv(sqlpriv.example_path("adult.csv"), nrows=1500)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SqlprivWarning)
        r = sqlpriv.uniqueness_shapley(df, method="sample", samples=40, seed=3)
    by = r.by("workclass").df().set_index("level")
    per_row = r.per_row().df()
    names = r.columns
    means = per_row[names].groupby(df["workclass"].to_numpy()).mean()
    assert np.abs(by.loc[means.index, names].to_numpy(float) - means.to_numpy()).max() < 1e-9
    assert (by[[f"{c}_se" for c in names]].to_numpy(float) >= 0).all()


@pytest.mark.parametrize(("n", "d", "samples", "seed"), [(40, 9, 12, 4), (60, 10, 15, 6)])
def test_expansion_equals_the_direct_count_and_the_bruteforce_estimator(monkeypatch, n, d, samples, seed):
    """The wide-lattice path (shared pairs expanded from each subset's base, shapley_sampling.
    EXPAND_MIN_COLUMNS), forced on at 9-10 columns: the same cells, per-row values, standard
    errors, summary and by() (of analysed columns, and of a column that is not) as the direct
    count, and the brute-force estimator's values."""
    from sqlpriv.shapley import sampling as shapley_sampling

    df = table(n, d, seed)
    names = list(df.columns)
    other = df.assign(z=np.arange(len(df)) % 3)  # a column that is not analysed, for by("z")
    runs = {}
    for name, threshold in (("direct", 99), ("expanded", 8)):
        monkeypatch.setattr(shapley_sampling, "EXPAND_MIN_COLUMNS", threshold)
        with warnings.catch_warnings():  # v6 looks like an identifier
            warnings.simplefilter("ignore", SqlprivWarning)
            r = sqlpriv.uniqueness_shapley(other, names, method="sample", samples=samples, seed=seed)
        summary = r.summary().df()
        cells = r.frame.plan.con.execute(f'select * from "{r.frame.names["cells"]}" order by all').fetchall()
        runs[name] = (r.per_row().df(), summary, r.by("v0 > 1").df(), r.by("z").df(), cells)
    assert ("bases" in r.frame.plan.done) and runs["expanded"][4] == runs["direct"][4]
    for a, b in zip(runs["expanded"][:4], runs["direct"][:4]):
        numeric = a.select_dtypes("number").columns
        assert list(a.columns) == list(b.columns)
        assert np.abs(a[numeric].to_numpy(float) - b[numeric].to_numpy(float)).max() < 1e-12
    mean, se = oracle(df, samples, seed)
    out = runs["expanded"][0]
    assert np.abs(out[names].to_numpy() - mean).max() < 1e-9
    assert np.abs(out[[f"{c}_se" for c in names]].to_numpy() - se).max() < 1e-9


def test_expansion_counts_single_columns_and_leave_one_out_sets(monkeypatch):
    """At 12 columns the summary's entropies and conditional entropies (single columns and
    leave-one-out sets) come from the balanced orders' first and last positions, which every
    block visits: every subset but the empty set has a base, and the summary equals the direct
    count's."""
    from sqlpriv.shapley import sampling as shapley_sampling

    df = table(120, 12, 8)
    out = {}
    for name, threshold in (("direct", 99), ("expanded", 8)):
        monkeypatch.setattr(shapley_sampling, "EXPAND_MIN_COLUMNS", threshold)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SqlprivWarning)
            r = sqlpriv.uniqueness_shapley(df, method="sample", samples=3, seed=1)
        out[name] = r.summary().df()
    con, t = r.frame.plan.con, r.frame.names
    unvisited = con.execute(f'select count(*) from "{t["bases"]}" where base is null and sid > 0').fetchone()[0]
    assert unvisited == 0 and r.samples == 24
    pd.testing.assert_frame_equal(out["expanded"], out["direct"], rtol=0, atol=1e-12)


@pytest.mark.parametrize(("n", "d", "samples", "seed", "constant"), [(40, 9, 12, 4, False), (45, 8, 20, 2, True)])
def test_per_pattern_sums_equal_the_bruteforce_estimator(n, d, samples, seed, constant):
    """The per-pattern step over the non-zero coefficients (shapley/sparse_terms.sql), per
    stratum for the standard errors, against the brute-force estimator, twice (the same numbers);
    with a constant column too (all its coefficients are 0, so it has no terms)."""
    df = table(n, d, seed)
    if constant:
        df["v1"] = 7
    names = list(df.columns)
    runs = []
    for threads in (1, 2):
        with warnings.catch_warnings():  # v6 looks like an identifier
            warnings.simplefilter("ignore", SqlprivWarning)
            r = sqlpriv.uniqueness_shapley(df, method="sample", samples=samples, seed=seed, threads=threads)
        runs.append(r.per_row().df())
    same_and_as_the_oracle(runs[0], runs[1], df, names, samples, seed)
    if constant:
        a = runs[0]
        assert (a["v1"] == 0).all() and (a["v1_se"] == 0).all()


@pytest.mark.parametrize(("n", "d", "samples", "seed", "chunk"), [(40, 10, 15, 3, 1600)])
def test_per_pattern_step_over_shared_subsets_equals_the_whole_lattice_and_the_bruteforce_estimator(
    monkeypatch, n, d, samples, seed, chunk
):
    """The per-pattern step over the subsets holding a shared cell only (shapley_sampling.SHARED_PHI,
    shapley/lattice_shared.sql) against the same step over every subset of the lattice and the
    brute-force estimator, in small chunks (several, the last ones empty), and the sampled by()
    cross entropies the same way. The table has no repeated rows, so the deep subsets hold no
    shared cell and are really left out."""
    from sqlpriv.shapley import sampling as shapley_sampling

    rng = np.random.default_rng(seed)
    df = pd.DataFrame({f"v{j}": rng.integers(0, 3, size=n) for j in range(d)}).drop_duplicates(ignore_index=True)
    names = list(df.columns)
    monkeypatch.setattr(shapley_sampling, "PHI_CHUNK_ROWS", chunk)
    monkeypatch.setattr(shapley_sampling, "SHARED_PHI_MIN_COLUMNS", 0)  # on at 10 columns
    monkeypatch.setattr(sqlpriv.shapley.measure, "PHI_CHUNK_ROWS", chunk // 20)  # by(): about 20 rows per level
    runs, groups = {}, {}
    for shared in (False, True):
        monkeypatch.setattr(shapley_sampling, "SHARED_PHI", shared)
        r = sqlpriv.uniqueness_shapley(df, method="sample", samples=samples, seed=seed)
        runs[shared] = r.per_row().df()
        groups[shared] = r.by("v0 + v1 > 2").df().sort_values("level", ignore_index=True)
        if shared:
            con, t = r.frame.plan.con, r.frame.names
            kept, whole = (
                con.execute(f'select count(*) from "{t[x]}"').fetchone()[0] for x in ("shared_lattice", "lattice")
            )
            assert 0 < kept < whole
    mean = same_and_as_the_oracle(runs[True], runs[False], df, names, samples, seed)
    pd.testing.assert_frame_equal(groups[True], groups[False], rtol=0, atol=1e-12)
    level = (df["v0"] + df["v1"] > 2).to_numpy()  # by(): the group means of the per-row values
    for flag, row in groups[True].set_index("level").iterrows():
        assert np.abs(row[names].to_numpy(float) - mean[level == flag].mean(axis=0)).max() < 1e-9


def test_wide_path_switches_equal_the_plain_expansion_and_the_bruteforce_estimator(monkeypatch):
    """The wide path's work-savers (sessions wide8, wide9), forced on at 9 columns: the patterns read in
    one part per thread by the per-pattern chunks (shapley_sampling.PATTERN_PARTS), each level's
    cells in a table of their own (LEVEL_CELLS), tested by a mark join (MARK_SHARED), and the per-pattern chunks' size
    (WIDE_PHI_CHUNK_ROWS: several chunks here, one by default), against the expansion without
    them and the brute-force estimator; the summary and the cells too."""
    from sqlpriv.shapley import sampling as shapley_sampling

    df, samples, seed = table(40, 9, 4), 12, 4
    names = list(df.columns)
    monkeypatch.setattr(shapley_sampling, "EXPAND_MIN_COLUMNS", 8)
    monkeypatch.setattr(shapley_sampling, "SHARED_PHI_MIN_COLUMNS", 8)
    runs = {}
    for on in (False, True):
        monkeypatch.setattr(shapley_sampling, "PATTERN_PARTS", on)
        monkeypatch.setattr(shapley_sampling, "LEVEL_CELLS", on)
        monkeypatch.setattr(shapley_sampling, "MARK_SHARED", on)
        monkeypatch.setattr(shapley_sampling, "WIDE_PHI_CHUNK_ROWS", 600 if on else 10**9)
        with warnings.catch_warnings():  # v6 looks like an identifier
            warnings.simplefilter("ignore", SqlprivWarning)
            r = sqlpriv.uniqueness_shapley(df, method="sample", samples=samples, seed=seed, threads=2)
        con, t = r.frame.plan.con, r.frame.names
        per_row, summary = r.per_row().df(), r.summary().df()
        runs[on] = (per_row, summary, con.execute(f'select * from "{t["cells"]}" order by all').fetchall())
        parts = r.frame.parts.get(t["upatterns"], [t["upatterns"]])
        assert (len(parts) == 2) is on  # one part per thread, read through a union
        chunks = sum(s.startswith("insert into") for s in r.frame.plan.steps["phi"].statements)
        assert (chunks > 0) is on  # several chunks, the first one created, the others inserted
        shared = [
            s
            for s in r.frame.plan.steps["cells"].statements
            if s.startswith("create") and "_x_shared" in s.splitlines()[0]
        ]
        assert shared and all((" exists (" in s) is on and ("semi join" in s) is not on for s in shared[1:])
    assert runs[True][2] == runs[False][2]
    pd.testing.assert_frame_equal(runs[True][1], runs[False][1], rtol=0, atol=1e-12)
    same_and_as_the_oracle(runs[True][0], runs[False][0], df, names, samples, seed)
