"""``report(scatter_column=...)`` names an analysed column (issue: hunt-c, 2026-11-25).

A name that is no analysed column (a typo) was silently replaced by the column whose subgroup
means vary most, so the report showed another column's scatter than the one asked for. It is
one ColumnError now, before anything is written; a name differing only in case is that column.
"""

from __future__ import annotations

import re

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.errors import ColumnError

FRAME = pd.DataFrame(
    {
        "group": [f"g{i % 12}" for i in range(120)],
        "age": [20 + i % 7 for i in range(120)],
        "sex": ["f", "m"] * 60,
        "zip": [str(i % 5) for i in range(120)],
    }
)


def test_an_unknown_scatter_column_is_refused_before_writing(tmp_path):
    out = tmp_path / "r.html"
    with pytest.raises(ColumnError, match="'agee' is not in the analysed columns"):
        sqlpriv.report(FRAME, ["age", "sex", "zip"], by=["group"], scatter_column="agee", output=out, progress=False)
    assert not out.exists()


def scatter(path) -> str:
    """The subgroup scatter figure of the report at ``path``."""
    found = re.search(r'id="by-0-chart".*?</figure>', path.read_text(), re.S)
    assert found is not None
    return found.group(0)


def test_a_scatter_column_in_another_case_is_that_column(tmp_path):
    charts = {
        name: scatter(
            sqlpriv.report(
                FRAME,
                ["age", "sex", "zip"],
                by=["group"],
                scatter_column=name,
                output=tmp_path / f"{name}.html",
                progress=False,
            )
        )
        for name in ("SEX", "sex", "zip")
    }
    assert charts["SEX"] == charts["sex"] != charts["zip"]
