"""Per-row values against the brute-force oracle, and the docs/measures.md §1 identities as
property tests over random tables (repeated rows, NULLs, string/int/date columns)."""

from __future__ import annotations

import datetime as dt
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sqlpriv
from tests.shapley_oracle import entropy, shapley_per_row

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DATES = [dt.date(2020, 1, 1), dt.date(2021, 6, 30), None]


def column_values(kind: str, k: int):
    if kind == "int":
        return st.one_of(st.integers(0, k), st.none())
    if kind == "str":
        return st.one_of(st.sampled_from(["a", "b b", "c'", "ü"][: max(1, k)]), st.none())
    return st.sampled_from(DATES)


@st.composite
def tables(draw, min_d=1, max_d=5, max_rows=25):
    d = draw(st.integers(min_d, max_d))
    kinds = [draw(st.sampled_from(["int", "str", "date"])) for _ in range(d)]
    ks = [draw(st.integers(1, 4)) for _ in range(d)]
    n = draw(st.integers(2, max_rows))
    base = [tuple(draw(column_values(kinds[j], ks[j])) for j in range(d)) for _ in range(n)]
    repeats = draw(st.lists(st.integers(0, n - 1), max_size=5))  # repeated rows
    rows = base + [base[i] for i in repeats]
    return rows, [f"c{j}" for j in range(d)], kinds


def frame(rows, names, kinds):
    data = {}
    for j, name in enumerate(names):
        values = [r[j] for r in rows]
        if kinds[j] == "int":
            data[name] = pd.array(values, dtype="Int64")
        elif kinds[j] == "date":
            data[name] = (
                pd.Series(pd.to_datetime(values))
                .dt.date.astype(object)
                .where(pd.notna(pd.Series(values, dtype=object)), None)
            )
        else:
            data[name] = pd.Series(values, dtype=object)
    return pd.DataFrame(data)


def phi_matrix(df, names, **kw):
    out = sqlpriv.uniqueness_shapley(df, names, **kw).per_row().df()
    return out[names].to_numpy(float)


@SETTINGS
@given(tables(max_d=6, max_rows=18))
def test_per_row_matches_bruteforce_oracle(table):
    rows, names, kinds = table
    df = frame(rows, names, kinds)
    expected = np.array(shapley_per_row(rows))
    assert np.abs(phi_matrix(df, names) - expected).max() < 1e-9


@SETTINGS
@given(tables())
def test_efficiency_and_nonnegativity(table):
    rows, names, kinds = table
    df = frame(rows, names, kinds)
    phi = phi_matrix(df, names)
    n = len(rows)
    full = [sum(1 for r in rows if r == t) for t in rows]
    assert np.abs(phi.sum(axis=1) - np.log2(n / np.array(full))).max() < 1e-9
    assert phi.min() > -1e-12


@SETTINGS
@given(tables(max_d=4), st.integers(0, 3))
def test_constant_column_is_exactly_zero_and_only_then(table, value):
    rows, names, kinds = table
    rows = [r + (value,) for r in rows]
    names = names + ["const"]
    df = frame(rows, names, kinds + ["int"])
    phi = phi_matrix(df, names)
    assert np.all(phi[:, -1] == 0.0)
    for j in range(len(names) - 1):
        constant = len({r[j] for r in rows}) == 1
        assert (np.abs(phi[:, j]).max() == 0) == constant


@SETTINGS
@given(tables(max_d=4))
def test_symmetry_of_identical_columns(table):
    rows, names, kinds = table
    rows = [r + (r[0],) for r in rows]
    df = frame(rows, names + ["copy"], kinds + [kinds[0]])
    phi = phi_matrix(df, names + ["copy"])
    assert np.abs(phi[:, 0] - phi[:, -1]).max() < 1e-12


@SETTINGS
@given(tables(max_d=4, max_rows=12), st.integers(2, 4))
def test_independent_column_gets_its_entropy(table, k):
    """A column independent of the others (full cross design) has phi_j = H(j)."""
    rows, names, kinds = table
    crossed = [r + (v,) for r in rows for v in range(k)]
    df = frame(crossed, names + ["ind"], kinds + ["int"])
    summary = sqlpriv.uniqueness_shapley(df, names + ["ind"]).summary().df().set_index("column")
    assert summary.loc["ind", "shapley"] == pytest.approx(math.log2(k), abs=1e-9)
    assert summary.loc["ind", "entropy"] == pytest.approx(math.log2(k), abs=1e-9)


@SETTINGS
@given(tables(min_d=2))
def test_bracketing_and_summary_identities(table):
    rows, names, kinds = table
    df = frame(rows, names, kinds)
    r = sqlpriv.uniqueness_shapley(df, names)
    summary = r.summary().df().set_index("column")
    d = len(names)
    h_all = entropy(rows, range(d))
    per_row = r.per_row().df()[names].mean()
    for j, name in enumerate(names):
        h_j = entropy(rows, [j])
        assert summary.loc[name, "entropy"] == pytest.approx(h_j, abs=1e-9)
        cond = h_all - entropy(rows, [i for i in range(d) if i != j])
        assert summary.loc[name, "conditional_entropy"] == pytest.approx(cond, abs=1e-9)
        assert h_j / d - 1e-9 <= summary.loc[name, "shapley"] <= h_all + 1e-9
        assert summary.loc[name, "shapley"] == pytest.approx(per_row[name], abs=1e-9)


@SETTINGS
@given(tables(min_d=1, max_d=4, max_rows=15))
def test_database_key_rescaling(table):
    """Eq. 11: adding a unique key column rescales each term by (d - |u|) / (d + 1)."""
    import itertools

    rows, names, kinds = table
    d = len(names)
    keyed = [r + (i,) for i, r in enumerate(rows)]
    df = frame(keyed, names + ["key"], kinds + ["int"])
    got = sqlpriv.uniqueness_shapley(df, names + ["key"]).summary().df().set_index("column")
    for j, name in enumerate(names):
        others = [i for i in range(d) if i != j]
        expected = 0.0
        for k in range(d):
            for u in itertools.combinations(others, k):
                cond = entropy(rows, sorted(u + (j,))) - entropy(rows, u)
                expected += cond / (d * math.comb(d - 1, k)) * (d - k) / (d + 1)
        assert got.loc[name, "shapley"] == pytest.approx(expected, abs=1e-9)


@SETTINGS
@given(tables(min_d=2, max_d=4), st.sampled_from(["c0", "c1 is null", "c0::varchar is not distinct from c1::varchar"]))
def test_by_matches_per_row_group_means(table, expr):
    rows, names, kinds = table
    df = frame(rows, names, kinds)
    r = sqlpriv.uniqueness_shapley(df, names)
    per_row = r.per_row().df()
    levels = sqlpriv.connect().execute(f"select {expr} as level from df").df()["level"]
    by = r.by(expr).df()
    for _, row in by.iterrows():
        mask = levels.isna() if pd.isna(row["level"]) else (levels == row["level"]).fillna(False)
        expected = per_row.loc[mask.to_numpy(bool), names].mean().to_numpy()
        assert np.abs(row[names].to_numpy(float) - expected).max() < 1e-9
        assert row["n"] == int(mask.sum())


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(max_d=5, max_rows=15), st.integers(1, 70), st.booleans(), st.integers(1, 4))
def test_direct_and_rollup_cells_are_the_same_table(table, chunk_rows, sampled, threads):
    """The two ways of counting the shared cells (level-by-level rollup below 8 columns,
    chunked straight from the patterns from 8 on) leave identical tables in exact lattices (in
    sampled ones the direct count leaves out pairs whose pattern holds a value no other row has,
    so its cells are a subset) and the same per-row values, whatever the chunk size; exact per-pattern values summed chunk by chunk
    of subsets (from 8 columns on) equal the brute force whatever the chunk size. The direct
    count runs on `threads` threads, so its patterns are read as one part per thread
    (cohorts.table_parts) whenever there are at least two patterns per thread."""
    from sqlpriv.engine import cohorts
    from sqlpriv.shapley import measure as shapley

    rows, names, kinds = table
    df = frame(rows, names, kinds)
    method = "sample" if sampled else "exact"
    cells = []
    saved = cohorts.DIRECT_MIN_COLUMNS, cohorts.DIRECT_ROWS, shapley.PHI_CHUNK_ROWS
    try:
        for direct in (False, True):
            cohorts.DIRECT_MIN_COLUMNS, cohorts.DIRECT_ROWS = (0 if direct else 99), chunk_rows
            shapley.PHI_CHUNK_ROWS = chunk_rows
            r = sqlpriv.uniqueness_shapley(
                df, names, method=method, samples=5, seed=1, threads=threads if direct else 1
            )
            r.frame.plan.ensure(["cells"])
            if direct:
                # the sampled path counts its cells from the patterns less their lone columns
                patterns = r.frame.names["upatterns" if sampled else "patterns"]
                n_patterns = r.frame.plan.con.execute(f'select count(*) from "{patterns}"').fetchone()[0]
                expected = threads if threads > 1 and n_patterns >= 2 * threads else 1
                assert len(r.frame.parts[patterns]) == expected
            table = r.frame.names["cells"]
            cells.append(r.frame.plan.con.execute(f'select * from "{table}" order by all').fetchall())
            per_row = r.per_row().df()[names].to_numpy(float)
            if not direct:
                rollup_values = per_row
    finally:
        cohorts.DIRECT_MIN_COLUMNS, cohorts.DIRECT_ROWS, shapley.PHI_CHUNK_ROWS = saved
    if sampled:  # the direct sampled count skips the pairs where a pattern's value is its own alone
        assert set(cells[1]) <= set(cells[0])
    else:
        assert cells[0] == cells[1]
    np.testing.assert_allclose(per_row, rollup_values, atol=1e-12)
    if not sampled:
        np.testing.assert_allclose(per_row, np.array(shapley_per_row(rows)), atol=1e-9)
