"""Issue 29 item 3: the singling-out levels from ``REFINE_FROM`` on by per-record agreement masks,
chosen when few records are left after the chunked levels: over the lattice of column sets
(``sql_templates/singling_out/lattice.sql``) when it is small, else per (record, set) pair
(``masks.sql``: tests/test_singling_out_spread.py forces that path).

Oracles: the partition refinement's own summary, details and tree (the mask path is forced on and
off on the same tables), and a brute-force count over rows written here (no sqlpriv code).
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sqlpriv.singling_out import lattice as sl
from sqlpriv.singling_out import search as so
from sqlpriv.singling_out.measure import singling_out


def _table(rng: np.random.Generator, n: int, cards: list[int], nulls: float) -> pd.DataFrame:
    cols: dict[str, object] = {}
    for j, k in enumerate(cards):
        v = rng.integers(0, k, n)
        if j % 3 == 1:  # a text column with NULLs
            # (the first row never NULL: an all-NULL column would be typed NULL, not text)
            cols[f"c{j}"] = [None if i and rng.random() < nulls else f"v{x}" for i, x in enumerate(v)]
        elif j % 3 == 2:  # a float column
            cols[f"c{j}"] = v / 4 + 0.5
        else:
            cols[f"c{j}"] = v
    return pd.DataFrame(cols)


def brute_force(ori: pd.DataFrame, syn: pd.DataFrame, max_cols: int | None) -> dict[int, tuple[int, set]]:
    """{synthetic row: (smallest singling-out size, {(set, original row)} of that size)}."""
    names = list(syn.columns)

    def key(v: object) -> object:
        return "<null>" if v is None or (isinstance(v, float) and np.isnan(v)) else v

    o = [tuple(key(v) for v in r) for r in ori[names].itertuples(index=False)]
    s = [tuple(key(v) for v in r) for r in syn[names].itertuples(index=False)]
    out: dict[int, tuple[int, set]] = {}
    for size in range(1, (max_cols or len(names)) + 1):
        for combo in itertools.combinations(range(len(names)), size):
            proj_s = [tuple(r[j] for j in combo) for r in s]
            proj_o = [tuple(r[j] for j in combo) for r in o]
            count_s, count_o = Counter(proj_s), Counter(proj_o)
            first_o: dict[tuple, int] = {}
            for x, k in enumerate(proj_o):
                first_o.setdefault(k, x)
            for i, k in enumerate(proj_s):
                if i in out and out[i][0] < size:
                    continue
                if count_s[k] == 1 and count_o[k] == 1:
                    hit = (frozenset(names[j] for j in combo), first_o[k])
                    out.setdefault(i, (size, set()))[1].add(hit)
    return out


def _found(r) -> dict[int, tuple[int, set]]:
    det = r.details().df()
    return {
        int(i): (int(k), {(frozenset(m["field_combo"]), int(m["ori_idx"])) for m in sets})
        for i, k, sets in zip(det.syn_idx, det.combo_size, det.minimal_sets)
    }


def _both(monkeypatch, ori, syn, **kwargs):
    """The same search by refinement and by masks: (refined, masked) results, each run."""
    monkeypatch.setattr(so, "MASK_MAX_PAIRS", 0)
    refined = singling_out(ori, syn, progress=False, **kwargs)
    frames_r = [refined.summary().df(), refined.details().df(), refined.tree().df()]
    monkeypatch.setattr(so, "MASK_MAX_PAIRS", 10**12)
    masked = singling_out(ori, syn, progress=False, **kwargs)
    frames_m = [masked.summary().df(), masked.details().df(), masked.tree().df()]
    assert refined._s.masked is None and masked._s.masked is True and masked._s.lattice is True
    for a, b in zip(frames_r, frames_m):
        pd.testing.assert_frame_equal(a, b)
    return refined, masked


@pytest.mark.parametrize("seed,max_cols", [(0, None), (1, None), (2, 7)])
def test_masks_equal_refinement_and_brute_force_after_level_4(monkeypatch, seed, max_cols):
    """The default split (chunked 1-4, masks from 5): records first singled out at 5-9 columns."""
    rng = np.random.default_rng(seed)
    cards = [2] * 9
    ori, syn = _table(rng, 220, cards, 0.2), _table(rng, 180, cards, 0.2)
    _, masked = _both(monkeypatch, ori, syn, max_cols=max_cols)
    got = _found(masked)
    assert got == brute_force(ori, syn, max_cols)
    assert max(k for k, _ in got.values()) >= 6  # the mask levels found records


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 2**31),
    d=st.integers(3, 6),
    n_ori=st.integers(1, 40),
    n_syn=st.integers(1, 40),
    first=st.integers(1, 4),
    max_cols=st.one_of(st.none(), st.integers(1, 6)),
    nulls=st.sampled_from([0.0, 0.3]),
    width=st.sampled_from([1, 3, 127]),
)
def test_masks_from_any_level_equal_refinement(monkeypatch, seed, d, n_ori, n_syn, first, max_cols, nulls, width):
    """Random small tables (text with NULLs, floats, integers, duplicate rows), the mask path
    starting at any level, the records' bits in blocks of any width: the refinement's summary,
    details and tree, and the brute force."""
    monkeypatch.setattr(sl, "BLOCK_BITS", width)
    monkeypatch.setattr(sl, "LATTICE_MAX_BLOCKS", 10**6)
    rng = np.random.default_rng(seed)
    cards = [int(k) for k in rng.integers(1, 4, d)]
    ori, syn = _table(rng, n_ori, cards, nulls), _table(rng, n_syn, cards, nulls)
    max_cols = None if max_cols is None else min(max_cols, d)
    monkeypatch.setattr(so, "REFINE_FROM", first)
    monkeypatch.setattr(so, "REFINE_MIN_MAX_COLS", 1)
    if (max_cols or d) < first:
        return  # no refined level: nothing to choose
    _, masked = _both(monkeypatch, ori, syn, max_cols=max_cols)
    assert _found(masked) == brute_force(ori, syn, max_cols)


@pytest.mark.parametrize("lattice_rows", [0, sl.LATTICE_MAX_ROWS])
def test_printed_script_refines_until_the_search_ran(monkeypatch, lattice_rows):
    rng = np.random.default_rng(5)
    ori, syn = _table(rng, 120, [2] * 8, 0.0), _table(rng, 100, [2] * 8, 0.0)
    monkeypatch.setattr(so, "MASK_MAX_PAIRS", 10**12)
    monkeypatch.setattr(sl, "LATTICE_MAX_ROWS", lattice_rows)
    r = singling_out(ori, syn, progress=False)
    assert "level_sets" in r.sql and "syn_lists" not in r.sql  # not yet decided: the refinement
    r.summary().df()
    assert r._s.masked is True and r._s.lattice is (lattice_rows > 0)
    ran = '_lattice"' if lattice_rows else "syn_lists"  # what ran: the lattice or the (record, set) pairs
    assert ran in r.sql and "level_sets" not in r.sql


def test_fit_charges_the_masks_and_falls_back_to_refinement():
    s = so.Search(None, {}, "exhaustive", [None] * 15, [[{}], [{}]], 15, {}, 32_000, 26_000)  # type: ignore[arg-type,list-item]
    sets = sum(__import__("math").comb(15, k) for k in range(so.REFINE_FROM, 16))  # 29,952
    assert so.fit(s, None, False) is None and s.refine
    assert s.mask_max_rest == so.MASK_MAX_PAIRS // (58_000 + sets)
    # 16 GB: half of it over 58,000 rows x 5 words x 8 bytes + 6,435 sets x 16 bytes per record
    assert so.fit(s, 16 * 2**30, False) is None
    assert s.mask_max_rest == min(so.MASK_MAX_PAIRS // (58_000 + sets), 8 * 2**30 // (58_000 * 40 + 6_435 * 16))
    # 150 MB: no refinement, so no masks either (the chunked levels run)
    assert so.fit(s, 150 * 10**6, False) is None and not s.refine and s.mask_max_rest == 0


def test_too_many_records_left_keeps_the_refinement(monkeypatch):
    rng = np.random.default_rng(7)
    ori, syn = _table(rng, 120, [2] * 8, 0.0), _table(rng, 100, [2] * 8, 0.0)
    monkeypatch.setattr(so, "MASK_MAX_PAIRS", 10**12)
    r = singling_out(ori, syn, progress=False)
    r._s.mask_max_rest = 1  # more than one record is left after level 4
    r.summary().df()
    assert r._s.masked is False and not r._s.lattice and "level_sets" in r.sql
