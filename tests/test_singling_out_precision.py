"""``numeric_precision=0`` rounds floats to whole numbers (issue: hunt-c, 2026-11-25).

The pre-processing rounded only when the precision was above 0, so a given
``numeric_precision=0`` left every float as it was: 0.5 and 0.4 (both 0 once rounded) and 1.5
and 2.5 (both 2, half to even) each singled out their record. PETsARD 1.10.1 rounds a given
precision whatever it is, and applies a detected one only above 0; so does sqlpriv now.
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pandas as pd
import pytest

import sqlpriv


def brute_force(ori: pd.DataFrame, syn: pd.DataFrame) -> dict[int, int]:
    """Synthetic row -> size of its smallest singling-out set (unique in both tables; rows counted)."""
    cols = list(ori.columns)
    out: dict[int, int] = {}
    for k in range(1, len(cols) + 1):
        for subset in itertools.combinations(cols, k):
            s_keys = [tuple(r) for r in syn[list(subset)].itertuples(index=False)]
            o_counts = Counter(tuple(r) for r in ori[list(subset)].itertuples(index=False))
            s_counts = Counter(s_keys)
            for i, key in enumerate(s_keys):
                if i not in out and s_counts[key] == 1 and o_counts.get(key, 0) == 1:
                    out[i] = k
    return out


FLOATS = [0.5, 1.5, 2.5, 1.25, 0.4, 3.0]
ORI = pd.DataFrame({"f": FLOATS, "g": list("aabbcc")})
SYN = pd.DataFrame({"f": FLOATS, "g": list("abcabc")})


@pytest.mark.parametrize("mode", ["exhaustive", "petsard"])
@pytest.mark.parametrize("precision", [0, 1])
def test_a_given_precision_rounds_half_to_even_even_at_zero(mode, precision):
    r = sqlpriv.singling_out(ORI, SYN, numeric_precision=precision, mode=mode, progress=False)
    assert r.numeric_precision == precision
    rounded = [ORI.assign(f=np.round(ORI["f"], precision)), SYN.assign(f=np.round(SYN["f"], precision))]
    got = {int(row.syn_row): int(row.combo_size) for row in r.details().df().itertuples()}
    if mode == "exhaustive":
        assert got == brute_force(*rounded)
    else:  # parity: no duplicate rows here, and every record's smallest size is found
        assert set(got) <= set(brute_force(*rounded))
    if precision == 0:  # 0.5/0.4 -> 0 and 1.5/2.5 -> 2 collide: only 1.25 -> 1 and 3.0 stay unique on f
        assert sorted(v for v in r.details().df()["value_combo"].map(tuple) if len(v) == 1) == [("1.0",), ("3.0",)]


def test_a_detected_precision_of_zero_leaves_values_beyond_ten_decimals_as_they_are():
    # 1e-11 prints as 0.0000000000: the detected precision is 0, and (as PETsARD) nothing is rounded
    ori = pd.DataFrame({"f": [1e-11, 2e-11, 0.0], "g": ["a", "a", "a"]})
    syn = pd.DataFrame({"f": [1e-11, 2e-11, 0.0], "g": ["b", "b", "b"]})
    r = sqlpriv.singling_out(ori, syn, progress=False)
    assert r.numeric_precision == 0
    assert sorted(r.details().df()["syn_row"].tolist()) == [0, 1, 2]
