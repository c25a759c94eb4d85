"""Issue 29 item 3 (sessions so3, so4, so5): the mask path's cross products driven by a spread table
(``sql_templates/singling_out/spread.sql``: records left x blocks, joined on position % blocks),
and the chunked levels' sets read from a padded driver table (``chunk_sets.sql``), so that
DuckDB's threads share them. The mask path here is the per (record, set) pairs one (masks.sql: the
lattice forced off); the lattice path (lattice.sql) pads its records the same way, checked here too.

Oracles: the same search with the plain cross products (the spread and the padding forced off)
gives equal summary, details and tree frames, and a brute force over rows written in
tests/test_singling_out_masks.py (no sqlpriv code). The plain search and the brute force of the
9-column table are computed once for the module.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_singling_out_masks import _found, _table, brute_force

from sqlpriv.singling_out import lattice as sl
from sqlpriv.singling_out import search as so
from sqlpriv.singling_out.measure import singling_out


def _frames(r) -> list[pd.DataFrame]:
    return [r.summary().df(), r.details().df(), r.tree().df()]


def _plain(monkeypatch, ori, syn, **kwargs):
    monkeypatch.setattr(so, "MASK_MAX_PAIRS", 10**12)
    monkeypatch.setattr(sl, "LATTICE_MAX_ROWS", 0)
    monkeypatch.setattr(so, "SPREAD_MIN_PAIRS", 10**18)
    kwargs.setdefault("threads", 2)
    plain = singling_out(ori, syn, progress=False, **kwargs)
    frames_p = _frames(plain)
    assert plain._s.masked is True and not plain._s.lattice
    assert "_spread" not in plain.sql and "_chunk_sets" not in plain.sql
    return plain, frames_p


def _spread(monkeypatch, ori, syn, frames_p, spread_rows: int, **kwargs):
    """The same mask-path search with the spread and the padding on; its frames equal ``frames_p``."""
    monkeypatch.setattr(so, "MASK_MAX_PAIRS", 10**12)
    monkeypatch.setattr(sl, "LATTICE_MAX_ROWS", 0)
    monkeypatch.setattr(so, "SPREAD_MIN_PAIRS", 0)
    monkeypatch.setattr(so, "SPREAD_ROWS", spread_rows)
    kwargs.setdefault("threads", 2)
    spread = singling_out(ori, syn, progress=False, **kwargs)
    frames_s = _frames(spread)
    assert spread._s.masked is True
    for a, b in zip(frames_p, frames_s):
        pd.testing.assert_frame_equal(a, b)
    return spread


def _plain_and_spread(monkeypatch, ori, syn, spread_rows: int, **kwargs):
    """(plain, spread) results of the same mask-path search; their frames are asserted equal."""
    plain, frames_p = _plain(monkeypatch, ori, syn, **kwargs)
    return plain, _spread(monkeypatch, ori, syn, frames_p, spread_rows, **kwargs)


@pytest.fixture(scope="module")
def nine():
    """The 9-column binary-ish pair (records first singled out at 5-9 columns), its plain search's
    frames and its brute force, once for the module."""
    rng = np.random.default_rng(11)
    cards = [2] * 9
    ori, syn = _table(rng, 220, cards, 0.2), _table(rng, 180, cards, 0.2)
    with pytest.MonkeyPatch.context() as mp:
        _, frames_p = _plain(mp, ori, syn)
    return ori, syn, frames_p, brute_force(ori, syn, None)


@pytest.mark.parametrize("spread_rows", [1, 500, 10**6])  # 1 block per record .. one row per block
def test_spread_equals_plain_cross_products_and_brute_force(monkeypatch, nine, spread_rows):
    ori, syn, frames_p, truth = nine
    spread = _spread(monkeypatch, ori, syn, frames_p, spread_rows)
    blocks = so.spread_blocks(1, 10**9)  # SPREAD_MIN_PAIRS is 0 here: any pair count spreads
    assert blocks == min(10**9, spread_rows)
    if spread_rows > 1:  # the driver table ran
        assert "pos as key" in spread.sql and "_spread" in spread.sql
    # the chunked levels 1-4 read their sets from the padded table (one row per set when SPREAD_ROWS is 1)
    assert ("_chunk_sets" in spread.sql) == (spread_rows > 1)
    assert _found(spread) == truth


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 2**31),
    d=st.integers(3, 6),
    n_ori=st.integers(1, 40),
    n_syn=st.integers(1, 40),
    first=st.integers(1, 3),
    spread_rows=st.integers(2, 400),
    nulls=st.sampled_from([0.0, 0.3]),
)
def test_spread_from_any_level_equals_plain(monkeypatch, seed, d, n_ori, n_syn, first, spread_rows, nulls):
    """Random small tables (text with NULLs, floats, integers, duplicate rows), the mask path from
    any level, any block count: the plain path's frames and the brute force."""
    rng = np.random.default_rng(seed)
    cards = [int(k) for k in rng.integers(1, 4, d)]
    ori, syn = _table(rng, n_ori, cards, nulls), _table(rng, n_syn, cards, nulls)
    monkeypatch.setattr(so, "REFINE_FROM", first)
    monkeypatch.setattr(so, "REFINE_MIN_MAX_COLS", 1)
    _, spread = _plain_and_spread(monkeypatch, ori, syn, spread_rows)
    assert _found(spread) == brute_force(ori, syn, None)


@pytest.mark.parametrize("spread_rows,width", [(1, 127), (500, 7)])
def test_lattice_padded_or_not_equals_pairs_and_brute_force(monkeypatch, nine, spread_rows, width):
    """The lattice path (the default when it is small) against the pairs path's frames and the
    brute force, its records' cross products padded (a driver table) or not, their bits in one
    block or several."""
    ori, syn, frames_p, truth = nine
    monkeypatch.setattr(sl, "BLOCK_BITS", width)
    monkeypatch.setattr(so, "MASK_MAX_PAIRS", 10**12)
    monkeypatch.setattr(so, "SPREAD_MIN_PAIRS", 0)
    monkeypatch.setattr(so, "SPREAD_ROWS", spread_rows)
    r = singling_out(ori, syn, progress=False, threads=2)
    for a, b in zip(frames_p, _frames(r)):
        pd.testing.assert_frame_equal(a, b)
    assert r._s.lattice is True and ('_driver"' in r.sql) == (spread_rows > 1)
    assert _found(r) == truth


def test_one_thread_never_spreads(monkeypatch):
    rng = np.random.default_rng(3)
    ori, syn = _table(rng, 120, [2] * 8, 0.0), _table(rng, 100, [2] * 8, 0.0)
    monkeypatch.setattr(so, "MASK_MAX_PAIRS", 10**12)
    monkeypatch.setattr(so, "SPREAD_MIN_PAIRS", 0)
    monkeypatch.setattr(sl, "LATTICE_MAX_ROWS", 0)
    one, two = (singling_out(ori, syn, progress=False, threads=n) for n in (1, 2))
    pd.testing.assert_frame_equal(one.tree().df(), two.tree().df())
    assert "_spread" not in one.sql and "_spread" in two.sql


def test_spread_blocks():
    assert so.spread_blocks(1_090, 26_049) == 451  # adult: 1,090 records left, 4 row groups of driver
    assert so.spread_blocks(10, 100) == 1  # small: a plain cross product
    assert so.spread_blocks(1, 10**7) == so.SPREAD_ROWS  # at most SPREAD_ROWS driver rows ...
    assert so.spread_blocks(3, 10**6) == 163_840
    assert so.spread_blocks(1_090, 3_003, scale=4) == 1_804  # the pairs: 4x the first level's blocks ...
    assert so.spread_blocks(1_090, 2_000, scale=8) == 2_000  # ... at most one block per set
    assert so.spread_blocks(0, 10**9) == 1
    assert so.spread_blocks(1_090, 26_049, threads=1) == 1


def test_chunk_pad():
    assert so.chunk_pad(375, 26_049) == 1_311  # adult level 4: 375 sets x 1,311 rows = 4 row groups
    assert so.chunk_pad(375, 26_049, threads=4) == 2_622  # 8 row groups for 4 threads
    assert so.chunk_pad(375, 26_049, threads=16) == 2_622  # ... and at most 8 (the table's memory)
    assert so.chunk_pad(15, 26_049) == 1  # 391k pairs: a plain cross product
    assert so.chunk_pad(375, 26_049, threads=1) == 1
    assert so.chunk_pad(375, so.PAD_MAX_ROWS + 1) == 1  # the coded rows already span row groups


def test_petsard_mode_never_pads(monkeypatch, nine):
    """PETsARD parity mode's chunks stay on the sets table (its templates are not padded); the
    padded exhaustive chunks, the restricted level 4 included, are checked above against the
    plain search and the brute force (spread_rows 500 and 1M)."""
    ori, syn, _, _ = nine
    monkeypatch.setattr(so, "SPREAD_MIN_PAIRS", 0)
    sql = singling_out(ori, syn, progress=False, threads=2, max_cols=4, mode="petsard").sql
    assert "_chunk_sets" not in sql
    assert "_chunk_sets" in singling_out(ori, syn, progress=False, threads=2, max_cols=4).sql
