"""Singling-out counts ROWS (issue 23, item 1): a synthetic row is singled out by a column set when
its values on the set occur in exactly one row of the synthetic table and exactly one row of the
original. Property test against a brute-force count over rows on random tables with many duplicate
rows (the oracle shares no code with sqlpriv); PETsARD parity mode alone de-duplicates."""

from __future__ import annotations

import itertools

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sqlpriv.singling_out import search as so
from sqlpriv.singling_out.measure import singling_out

COLS = ["a", "b", "c", "d"]


def brute_force(ori: list[tuple], syn: list[tuple], max_cols: int) -> dict[int, int]:
    """{synthetic row position: smallest size of a column set singling it out}, counting rows."""
    out: dict[int, int] = {}
    for size in range(1, max_cols + 1):
        for combo in itertools.combinations(range(len(COLS)), size):
            for i, row in enumerate(syn):
                if i in out:
                    continue
                key = [row[j] for j in combo]
                n_syn = sum(1 for r in syn if [r[j] for j in combo] == key)
                n_ori = sum(1 for r in ori if [r[j] for j in combo] == key)
                if n_syn == 1 and n_ori == 1:
                    out[i] = size
    return out


rows = st.lists(st.tuples(*[st.sampled_from([0, 1, 2, None])] * 2, st.sampled_from(["x", "y"]), st.integers(0, 2)))


def _frame(data: list[tuple]) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "a": pd.array([r[0] for r in data], dtype="Int64"),
            "b": pd.array([r[1] for r in data], dtype="Int64"),
            "c": [r[2] for r in data],
            "d": [r[3] for r in data],
        }
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ori=rows.filter(lambda r: len(r) >= 1).map(lambda r: r[:14]),
    syn=rows.filter(lambda r: len(r) >= 1).map(lambda r: r[:14]),
    copies=st.integers(1, 3),
    max_cols=st.integers(1, 4),
    refine=st.booleans(),
)
def test_singled_out_rows_match_brute_force(ori, syn, copies, max_cols, refine):
    ori = ori * copies + ori[:2]  # many exact duplicates in both tables
    syn = syn + syn[:1]
    mp = pytest.MonkeyPatch()
    if refine:  # the partition-refinement levels, from size 2 on
        mp.setattr(so, "REFINE_FROM", 2)
        mp.setattr(so, "REFINE_MIN_MAX_COLS", 1)
    try:
        r = singling_out(_frame(ori), _frame(syn), max_cols=max_cols, progress=False)
        det = r.details().df()
        summ = r.summary().df().iloc[0]
    finally:
        mp.undo()
    want = brute_force(ori, syn, max_cols)
    assert dict(zip(det.syn_idx.astype(int), det.combo_size.astype(int))) == want
    assert (r.n_syn, r.n_ori, r.duplicates) == (len(syn), len(ori), {"ori": 0, "syn": 0})
    assert summ.total_identified == len(want) and summ.total_syn_records == len(syn)
    assert det.syn_row.tolist() == det.syn_idx.tolist()  # positions are input rows


def test_a_common_record_is_not_singled_out_but_petsard_parity_dedups_and_reports():
    """The issue's military case in small: a value combination shared by many rows in both tables
    is no one's; PETsARD parity mode (which de-duplicates first) still calls it singled out."""
    ori = pd.DataFrame({"branch": ["army"] * 50 + ["navy"], "grade": ["E1"] * 50 + ["E2"]})
    syn = pd.DataFrame({"branch": ["army"] * 30 + ["navy"], "grade": ["E1"] * 30 + ["E2"]})
    r = singling_out(ori, syn, progress=False)
    assert r.details().df().syn_idx.tolist() == [30]  # only the one navy row
    assert r.summary().df().total_syn_records.iloc[0] == 31
    p = singling_out(ori, syn, mode="petsard", progress=False)
    assert sorted(p.details().df().syn_idx) == [0, 1]  # distinct positions
    assert p.duplicates == {"ori": 49, "syn": 29}
