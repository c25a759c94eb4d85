"""Issue 46 item 7 (second helper): an output heading that takes an analysed column's name is
renamed with leading underscores, and sqlpriv says so once, naming the new name."""

from __future__ import annotations

import warnings

import pandas as pd

import sqlpriv

DF = pd.DataFrame({"n": [1, 1, 2, 2, 3], "level": ["a", "b", "a", "b", "a"], "row": [0, 0, 1, 1, 1]})


def _renames(fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = fn()
    return out, [str(w.message) for w in caught if "is named" in str(w.message)]


def test_by_renames_n_and_level_and_says_so_once():
    r = sqlpriv.uniqueness_shapley(DF, ["n", "level"])
    df, said = _renames(lambda: r.by("row").df())
    assert {"_n", "_level"} <= set(df.columns)
    assert any("'n' is named '_n'" in m for m in said) and any("'level' is named '_level'" in m for m in said)
    # the subgroup (`_level`) and its size (`_n`) under their new names, against a pandas groupby
    assert dict(zip(df["_level"], df["_n"])) == DF.groupby("row").size().to_dict()
    _, again = _renames(lambda: r.by("row").df())
    assert again == []  # once per result


def test_per_row_key_renamed_is_said():
    r = sqlpriv.reidentification_risk(DF, ["row", "level"])
    df, said = _renames(lambda: r.per_row().df())
    assert "_row" in df.columns and any("'row' is named '_row'" in m for m in said)
    assert list(df["_row"]) == list(range(len(DF)))


def test_no_warning_without_a_clash():
    r = sqlpriv.reidentification_risk(DF, ["level"])
    _, said = _renames(lambda: r.per_row().df())
    assert said == []
