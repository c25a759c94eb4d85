"""The intervals() builder on real-valued columns (docs/measures.md §7): values that are not
finite numbers (NaN, infinity), against labels written here
from the values' decimal text with exact decimal arithmetic (Python's ``decimal``), sharing no
code with sqlpriv."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from decimal import Decimal

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import sqlpriv
from sqlpriv import hierarchy


def label(x: float | None, w: float, whole: bool, bottom: float | None = None, top: float | None = None) -> str:
    """The interval of width ``w`` holding the value as written (its shortest decimal text), as
    sqlpriv writes it: ``[lo, hi[``; '' for a missing value, the value's text for NaN / infinity."""
    if x is None:
        return ""
    if bottom is not None and x < bottom:
        return f"<{bottom}"
    if top is not None and (x >= top or math.isnan(x)):  # NaN sorts above every number in SQL
        return f">={top}"
    if not math.isfinite(x):
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}[repr(x)]
    index = math.floor(Decimal(repr(x)) / Decimal(repr(w)))
    lo, hi = index * Decimal(repr(w)), (index + 1) * Decimal(repr(w))
    if whole:
        return f"[{int(lo)}, {int(hi)}["
    return f"[{float(lo)!r}, {float(hi)!r}["


NON_FINITE = [1.0, 2.0, 7.5, float("nan"), float("inf"), float("-inf"), None, 0.0, 3.0, 95.0, 96.5, float("nan")]


def brute_classes(labels: list[list[str]], node: tuple[int, ...]) -> tuple[int, int]:
    sizes = Counter(zip(*[labels[j][level] for j, level in enumerate(node)]))
    return len(sizes), min(sizes.values())


@pytest.mark.parametrize(
    "widths,bottom,top", [((5, 10), None, None), ((2.5, 5), None, None), ((5, 10), 0, 90), ((0.5, 1.5), 1, 95)]
)
def test_non_finite_values_keep_their_text(tmp_path, widths, bottom, top):
    """NaN and infinity in a numeric column (a DuckDB table, a Parquet file written with NaN kept):
    before, the whole-width cast of floor(NaN / w) failed with DuckDB's conversion error; now a
    value that is not a finite number keeps its text at every level below the top (unless bottom
    / top coded), the classes and the released rows as the labels written here say."""
    whole = all(float(w).is_integer() for w in widths)
    con = duckdb.connect()
    con.execute("create table t (x double, s varchar)")
    con.executemany("insert into t values (?, ?)", [(x, "ab"[i % 2]) for i, x in enumerate(NON_FINITE)])
    path = tmp_path / "t.parquet"
    pq.write_table(
        pa.table(
            {
                "x": pa.array(
                    np.array([np.nan if x is None else x for x in NON_FINITE]),
                    mask=np.array([x is None for x in NON_FINITE]),
                    from_pandas=False,
                ),
                "s": ["ab"[i % 2] for i in range(len(NON_FINITE))],
            }
        ),
        path,
    )
    xs = [None if x is None else float(x) for x in NON_FINITE]
    key = ["" if x is None else {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(repr(x), repr(x)) for x in xs]
    levels = [key] + [[label(x, w, whole, bottom, top) for x in xs] for w in widths] + [["*"] * len(xs)]
    s_levels = [[("ab"[i % 2]) for i in range(len(xs))], ["*"] * len(xs)]
    h = {"x": hierarchy.intervals(*widths, bottom=bottom, top=top), "s": {"a": ["*"], "b": ["*"]}}
    for source, kwargs in (("t", {"con": con}), (str(path), {})):
        g = sqlpriv.generalize(source, h, k=2, evaluate="all", **kwargs)
        cand = g.candidates().df()
        for node in itertools.product(range(len(widths) + 2), range(2)):
            row = cand[(cand["x"] == node[0]) & (cand["s"] == node[1])].iloc[0]
            assert (int(row["classes"]), int(row["smallest_class"])) == brute_classes([levels, s_levels], node)
        for level in range(1, len(widths) + 1):
            got = g.apply({"x": level, "s": 0}).df()["x"].tolist()
            assert got == levels[level], (source, level, got)
