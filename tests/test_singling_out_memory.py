"""Issue 29, item 5: the singling-out search fits ``memory_limit`` before any level runs.

The chunk of column sets per statement is cut to the memory budget, partition refinement (the
memory-hungry levels) runs only when its estimate fits, and when not even one column set fits
and DuckDB may not spill, one ``MemoryBudgetError`` says what to lower. Oracle: a brute-force
count over rows written here (no sqlpriv code), and the unconstrained search's own output.
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest

from sqlpriv import MemoryBudgetError
from sqlpriv.singling_out import search as so
from sqlpriv.singling_out.measure import singling_out

COLS = ["a", "b", "c", "d", "e", "f", "g"]


def _pair(seed: int, n: int = 70) -> tuple[pd.DataFrame, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    card = [2, 3, 2, 4, 3, 2, 5]
    ori = pd.DataFrame({c: rng.integers(0, k, n) for c, k in zip(COLS, card)})
    syn = pd.DataFrame({c: rng.integers(0, k, n) for c, k in zip(COLS, card)})
    return ori, syn


def brute_force(ori: pd.DataFrame, syn: pd.DataFrame) -> dict[int, tuple[int, list[tuple[str, ...]]]]:
    """{synthetic row: (smallest singling-out size, every set of that size that does it)}."""
    o = [tuple(r) for r in ori[COLS].itertuples(index=False)]
    s = [tuple(r) for r in syn[COLS].itertuples(index=False)]
    out: dict[int, tuple[int, list[tuple[str, ...]]]] = {}
    for size in range(1, len(COLS) + 1):
        for combo in itertools.combinations(range(len(COLS)), size):
            for i, row in enumerate(s):
                if i in out and out[i][0] < size:
                    continue
                key = [row[j] for j in combo]
                if sum(1 for r in s if [r[j] for j in combo] == key) != 1:
                    continue
                if sum(1 for r in o if [r[j] for j in combo] == key) != 1:
                    continue
                out.setdefault(i, (size, []))[1].append(tuple(sorted(COLS[j] for j in combo)))
    return out


def _found(r) -> dict[int, tuple[int, list[tuple[str, ...]]]]:
    det = r.details().df()
    return {
        int(i): (int(k), sorted(tuple(sorted(m["field_combo"])) for m in sets))
        for i, k, sets in zip(det.syn_idx, det.combo_size, det.minimal_sets)
    }


def test_fit_cuts_chunks_turns_refinement_off_and_refuses_only_without_spilling():
    s = so.Search(None, {}, "exhaustive", [None] * 15, [[{}], [{}]], 15, {}, 32_000, 26_000)  # type: ignore[arg-type,list-item]
    assert so.fit(s, None, False) is None and (s.per_chunk, s.refine) == (so.CHUNK_ROWS // 32_000, True)
    assert so.fit(s, 16 * 2**30, False) is None and (s.per_chunk, s.refine) == (375, True)
    # 150 MB: refinement (58,000 rows x 3,003 sets x 12 bytes = 2.1 GB) does not fit; 75 MB of
    # (row, set) pairs at 40 bytes each = 58 sets of 32,000 rows per statement
    assert so.fit(s, 150 * 10**6, False) is None and (s.per_chunk, s.refine) == (58, False)
    # 2 MB: not one set of 32,000 rows x 40 bytes within half of it
    assert so.fit(s, 2 * 10**6, True) is None and s.per_chunk == 1  # DuckDB may spill: run
    assert so.fit(s, 2 * 10**6, False) == 32_000 * 40 * 2  # no spilling: refuse this much
    s.mode = "petsard"
    assert so.fit(s, None, False) is None and not s.refine  # petsard mode never refines


@pytest.mark.parametrize("seed", [0, 1])
def test_a_tight_memory_limit_gives_the_same_records_in_more_statements(monkeypatch, seed):
    ori, syn = _pair(seed)
    monkeypatch.setattr(so, "REFINE_FROM", 3)  # a refined run at this size, when memory allows
    monkeypatch.setattr(so, "MASK_MAX_PAIRS", 0)  # the refinement, not the mask path
    free = singling_out(ori, syn, progress=False, memory_limit="2GB")
    want = brute_force(ori, syn)
    assert _found(free) == want and len(want) > 10
    assert "level_sets" in free.sql  # partition refinement ran
    # the same search planned for a budget of 2 KB: refinement off, one or two sets per statement
    monkeypatch.setattr(so, "MEMORY_SHARE", 1e-6)
    tight = singling_out(ori, syn, progress=False, memory_limit="2GB")
    assert _found(tight) == want
    assert "level_sets" not in tight.sql
    assert tight.sql.count("insert into") > 3 * free.sql.count("insert into")
    pd.testing.assert_frame_equal(tight.tree().df(), free.tree().df())
    pd.testing.assert_frame_equal(tight.summary().df(), free.summary().df())


def test_refuses_before_any_level_when_one_set_does_not_fit_and_spilling_is_off(monkeypatch, tmp_path):
    ori, syn = _pair(2)
    monkeypatch.setattr(so, "PAIR_WORD_BYTES", 10**7)  # every (row, set) pair "holds" 10 MB
    with pytest.raises(MemoryBudgetError, match=r"singling-out over 70 rows.*analyse fewer rows or columns"):
        singling_out(ori, syn, progress=False, memory_limit="64MB", temp_directory="")
    # with a directory to spill to it runs, one set per statement, and finds the same records
    r = singling_out(ori, syn, progress=False, memory_limit="64MB", temp_directory=str(tmp_path))
    assert _found(r) == brute_force(ori, syn)
