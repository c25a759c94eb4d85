"""The exact k nearest synthetic neighbours (sqlpriv.attacks.neighbours) against a brute force
written here in numpy, on random tables with many ties and NULLs: the one tie rule (smaller
distance, then smaller synthetic position; an undefined distance last) and the tie-inclusive option."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from sqlpriv.attacks import neighbours
from sqlpriv.attacks.inputs import prepare, targets
from sqlpriv.engine.plan import run


def _table(rng: np.random.Generator, n: int, nulls: bool) -> pd.DataFrame:
    df = pd.DataFrame(
        {
            "x": rng.integers(0, 4, n).astype(float),
            "y": rng.integers(0, 3, n).astype(float) * 2.5,
            "c": rng.choice(["a", "b", "c"], n).astype(object),
            "d": rng.choice(["p", "q"], n).astype(object),
        }
    )
    if nulls:
        for col in ("x", "c"):
            df.loc[rng.random(n) < 0.15, col] = None
    return df


def brute_force(tgt: pd.DataFrame, syn: pd.DataFrame, cols: list[str], numeric: list[bool], k: int, ties: bool):
    """{target position: [(synthetic position, distance)]} by the documented rule."""
    ranges = {}
    for c, flag in zip(cols, numeric):
        if flag:
            both = pd.concat([tgt[c], syn[c]]).dropna().astype(float)
            r = both.max() - both.min()
            ranges[c] = r if r != 0 else 1.0
    out = {}
    for i, t in tgt.iterrows():
        dists = []
        for j, s in syn.iterrows():
            d = 0.0
            for c, flag in zip(cols, numeric):
                a, b = t[c], s[c]
                if flag:
                    na, nb = pd.isna(a), pd.isna(b)
                    if na and nb:
                        term = 1.0
                    elif na or nb:
                        term = math.nan
                    else:
                        term = abs(float(a) / ranges[c] - float(b) / ranges[c])
                else:
                    same = (pd.isna(a) and pd.isna(b)) or (not pd.isna(a) and not pd.isna(b) and a == b)
                    term = 0.0 if same else 1.0
                d += term
            dists.append((math.isnan(d), 0.0 if math.isnan(d) else d, j))
        dists.sort()
        kth = dists[k - 1][:2]
        chosen = [e for n, e in enumerate(dists) if n < k or (ties and e[:2] == kth)]
        out[i] = [(j, math.nan if undefined else d) for undefined, d, j in chosen]
    return out


def _sqlpriv(tgt, syn, cols, k, ties, sample=None):
    tables = prepare(tgt, syn, None, cols)
    name = targets(tables, tables.ori, sample, "t")
    nn = neighbours.nearest(tables.plan, name, tables.syn, cols, tables.numeric(cols), k, name="nn", ties=ties)
    tables.plan.ensure([nn.step])
    rows = run(
        tables.plan.con,
        f"select t.__sqlpriv_pos, n.spos, n.d from {nn.scaled} t join {nn.neighbours} n on n.tid = t.tid order by t.__sqlpriv_pos, n.rk",
    ).fetchall()
    out: dict[int, list] = {}
    for pos, spos, d in rows:
        out.setdefault(pos, []).append((spos, math.nan if d is None else d))
    return out


def _same(a, b):
    assert a.keys() == b.keys()
    for key in a:
        assert [j for j, _ in a[key]] == [j for j, _ in b[key]], key
        for (_, x), (_, y) in zip(a[key], b[key]):
            assert (math.isnan(x) and math.isnan(y)) or abs(x - y) <= 1e-12, (key, x, y)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("k", [1, 3])
@pytest.mark.parametrize("nulls", [False, True])
@pytest.mark.parametrize("levels", [True, False])
def test_nearest_equals_brute_force_with_ties_and_nulls(seed, k, nulls, levels, monkeypatch):
    monkeypatch.setattr(neighbours, "CHUNK_DISTANCES", 50)  # many chunks
    if levels:  # every level by its equality joins (small tables would read every pattern at once)
        monkeypatch.setattr(neighbours, "CROSS_DISTANCES", 0)
    rng = np.random.default_rng(seed)
    tgt, syn = _table(rng, 25, nulls), _table(rng, 30, nulls)
    cols = ["x", "c", "y", "d"]
    numeric = [True, False, True, False]
    for ties in (False, True):
        expected = brute_force(tgt, syn, cols, numeric, k, ties)
        _same(_sqlpriv(tgt, syn, cols, k, ties), expected)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("k", [1, 3])
def test_level_zero_band_equals_brute_force(seed, k, monkeypatch):
    """Level 0's band (a bucket join on one numeric column, final below the bucket width), forced
    on small tables with narrow buckets: targets it proves and targets it leaves open both match."""
    monkeypatch.setattr(neighbours, "BAND_MIN", 0)
    monkeypatch.setattr(neighbours, "BAND_ROWS", 1 + seed)
    monkeypatch.setattr(neighbours, "CROSS_DISTANCES", 0)
    monkeypatch.setattr(neighbours, "CHUNK_DISTANCES", 50)
    rng = np.random.default_rng(seed)
    tgt, syn = _table(rng, 25, True), _table(rng, 40, True)
    tgt["y"] = tgt["y"] + rng.uniform(0, 0.3, len(tgt)) * (seed > 0)  # seed 0: many ties on the banded column
    cols, numeric = ["x", "c", "y", "d"], [True, False, True, False]
    for ties in (False, True):
        _same(_sqlpriv(tgt, syn, cols, k, ties), brute_force(tgt, syn, cols, numeric, k, ties))
    only = ["x", "y"]  # no categorical column: level 0 reads every pattern, after the band
    _same(_sqlpriv(tgt, syn, only, k, False), brute_force(tgt, syn, only, [True, True], k, False))


@pytest.mark.parametrize("cols", [["x", "y"], ["c", "d"], ["x"], ["d"]])
def test_only_numeric_or_only_categorical_columns(cols, monkeypatch):
    monkeypatch.setattr(neighbours, "CROSS_DISTANCES", 0)
    rng = np.random.default_rng(7)
    tgt, syn = _table(rng, 20, True), _table(rng, 15, False)
    numeric = [c in ("x", "y") for c in cols]
    _same(_sqlpriv(tgt, syn, cols, 2, False), brute_force(tgt, syn, cols, numeric, 2, False))


def test_sampled_targets_scale_by_their_own_range():
    # anonymeter scales by the range over the attacked records and the synthetic ones
    tgt = pd.DataFrame({"x": [0.0, 10.0, 100.0], "c": ["a", "b", "a"]})
    syn = pd.DataFrame({"x": [1.0, 9.0, 5.0], "c": ["b", "a", "a"]})
    got = _sqlpriv(tgt, syn, ["x", "c"], 1, False, sample=[0, 1])
    expected = brute_force(tgt.iloc[:2], syn, ["x", "c"], [True, False], 1, False)
    _same(got, expected)


def test_chunks_cover_every_tuple_once():
    for n, work, budget in [(1, 10**9, 1), (7, 0, 5), (100, 1000, 30)]:
        ranges = neighbours.chunks(n, work, budget)
        covered = [t for lo, hi in ranges for t in range(lo, hi + 1)]
        assert covered == list(range(1, n + 1))


_GROUPED_ROWS = [(1, None, 5), (1, 0.5, 7), (1, 0.5, 3), (1, 2.0, 1), (2, None, 4), (2, None, 2), (3, 0.0, 9)]


def _smallest_row_query(dialect: str) -> str:
    from sqlpriv.engine.templates import call

    values = ", ".join(f"({g}, {'cast(null as double)' if d is None else d}, {p})" for g, d, p in _GROUPED_ROWS)
    best = call("smallest_row", dialect=dialect, items=["d is null", "d", "p"])
    return (
        f"select g, b.f1, b.f2 from (select g, {best} as b from (values {values}) as v(g, d, p) group by g) order by g"
    )


def _smallest_by_rule() -> list[tuple]:
    """Per group, the row the search keeps for k = 1: smaller defined distance, then smaller position."""
    best: dict[int, tuple] = {}
    for g, d, p in _GROUPED_ROWS:
        key = (d is None, 0.0 if d is None else d, p)
        if g not in best or key < best[g][0]:
            best[g] = (key, (g, d, p))
    return [best[g][1] for g in sorted(best)]


def test_smallest_row_keeps_the_tie_rule():
    """dialect/smallest_row.sql, the k = 1 search's aggregate: undefined distances last, equal
    distances to the smaller position (the brute force above checks it inside the search)."""
    import duckdb

    assert duckdb.connect().execute(_smallest_row_query("duckdb")).fetchall() == _smallest_by_rule()


def test_smallest_row_is_the_same_on_spark(spark):
    rows = [tuple(r) for r in spark.sql(_smallest_row_query("spark")).collect()]
    assert rows == _smallest_by_rule()


def _sqlpriv_grouped(tgts, syn, cols, k, ties):
    """One search over several target tables tagged __sqlpriv_g (inference's main and control in one pass)."""
    from sqlpriv.engine.templates import create_table, render

    tables = prepare(tgts[0], syn, tgts[1], cols)
    names = [targets(tables, tables.ori, None, "t0"), targets(tables, tables.ctl, None, "t1")]
    tables.plan.add("tagged", [create_table("tagged", render("attacks/tagged.sql", tables=names))], deps=names)
    nn = neighbours.nearest(
        tables.plan, "tagged", tables.syn, cols, tables.numeric(cols), k, name="nn", ties=ties, group=True
    )
    tables.plan.ensure([nn.step])
    rows = run(
        tables.plan.con,
        f"select t.__sqlpriv_g, t.__sqlpriv_pos, n.spos, n.d from {nn.scaled} t join {nn.neighbours} n on n.tid = t.tid"
        " order by t.__sqlpriv_g, t.__sqlpriv_pos, n.rk",
    ).fetchall()
    out: list[dict[int, list]] = [{}, {}]
    for g, pos, spos, d in rows:
        out[g].setdefault(pos, []).append((spos, math.nan if d is None else d))
    return out


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("levels", [True, False])
def test_tagged_targets_each_scaled_by_their_own_range(seed, levels, monkeypatch):
    """Two target tables in one search (group=True) give what two searches give: each scaled by
    the range over its own targets and the synthetic rows; equal scales share the synthetic copy."""
    monkeypatch.setattr(neighbours, "CHUNK_DISTANCES", 50)
    if levels:
        monkeypatch.setattr(neighbours, "CROSS_DISTANCES", 0)
        monkeypatch.setattr(neighbours, "CROSS_PATTERNS", 10**9 if seed else 0)  # pattern pairs both ways
    rng = np.random.default_rng(seed)
    tgt0, tgt1, syn = _table(rng, 20, True), _table(rng, 15, True), _table(rng, 25, True)
    tgt1["y"] = tgt1["y"] * (4 if seed == 0 else 1)  # seed 0: another range; seed 1: the same scale
    cols, numeric = ["x", "c", "y", "d"], [True, False, True, False]
    for k, ties in ((1, False), (2, True)):
        got = _sqlpriv_grouped([tgt0, tgt1], syn, cols, k, ties)
        _same(got[0], brute_force(tgt0, syn, cols, numeric, k, ties))
        _same(got[1], brute_force(tgt1, syn, cols, numeric, k, ties))
