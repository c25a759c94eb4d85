"""What users pass to a generalization, as they pass it (docs/measures.md §7): levels= read back
from the candidate table (NumPy integers), checked against the released rows written here."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv import hierarchy

DF = pd.DataFrame({"age": [31, 32, 33, 34, 41, 45], "sex": list("FFMMFM")})
H = {"age": hierarchy.intervals(5, 10), "sex": {"F": ["*"], "M": ["*"]}}


def test_levels_read_from_the_candidate_table_are_accepted():
    """A row of candidates().df() holds NumPy integers: before, levels= refused them with 'needs
    an integer level 0..3 for 'age', got np.int32(1)'; now they are the levels they say."""
    g = sqlpriv.generalize(DF, H, k=2, evaluate="all")
    cand = g.candidates().df()
    row = cand[(cand["age"] == 1) & (cand["sex"] == 0)].iloc[0]
    levels = {c: row[c] for c in g.columns}
    assert all(isinstance(v, np.integer) for v in levels.values())
    out = g.apply(levels).df()
    assert out["age"].tolist() == ["[30, 35[", "[30, 35[", "[30, 35[", "[30, 35[", "[40, 45[", "[45, 50["]
    assert out["sex"].tolist() == list("FFMMFM")
    assert g.apply(levels).df().equals(g.apply({"age": 1, "sex": 0}).df())
    assert (
        g.compare({"age": np.int64(1), "sex": np.int8(0)}, measures=False)
        .df()
        .equals(g.compare({"age": 1, "sex": 0}, measures=False).df())
    )
    assert "np." not in g.release_sql({"age": np.int64(1), "sex": np.int64(0)})


@pytest.mark.parametrize("bad", [1.0, True, np.bool_(True), "1", 4, -1])
def test_levels_that_are_not_integers_in_range_are_refused(bad):
    g = sqlpriv.generalize(DF, H, k=2)
    with pytest.raises(sqlpriv.ParameterError, match="needs an integer level 0..3 for 'age'"):
        g.apply({"age": bad, "sex": 0})
