"""Interval labels at every magnitude (generalize/level.sql): each value lies inside its label,
against an oracle written here with exact rational arithmetic (``fractions``, ``decimal``),
sharing no code with sqlpriv: the label of a value is the interval of width w (a decimal, as
written) that holds the value as written (its shortest decimal text, ``repr``), its bounds
written as the doubles nearest them.

Before, DuckDB computed the index as floor(round(x / w, 9)), and DuckDB's round is inexact once
x / w passes about 9e6: width 2.5, value 7.25e13 was labelled '[72499999999997.5,
72500000000000.0[', which does not hold it (Spark's round is exact: the engines disagreed). The
9-decimal rounding also put a value within 5e-10 x w below a bound into the interval above it
(0.7999999999 with width 0.1 in '[0.8, 0.9['), and a tiny negative value into [0, w[.

The oracle's exact claims hold while a bound needs at most 15 significant digits (|x| / w x w's
digits below 1e15); past that a width spans too few doubles to label exactly, and the test
checks only that both engines agree."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import duckdb
import pandas as pd

import sqlpriv
from sqlpriv import hierarchy


def digits(w: float) -> int:
    """w's digits as a whole number (2.5: 25; 1e6: 1000000; 3e-05: 3)."""
    d = Decimal(repr(w))
    return int(d.scaleb(-d.as_tuple().exponent)) if d.as_tuple().exponent < 0 else int(d)


def oracle(x: float, w: float, whole: bool = False) -> str:
    """The label of x for width w, written here: floor(value as written / w) in exact rationals;
    ``whole``: every width of the hierarchy is a whole number (bounds written as integers)."""
    value, width = Fraction(Decimal(repr(x))), Fraction(Decimal(repr(w)))
    k = math.floor(value / width)
    lo, hi = k * width, (k + 1) * width
    if whole:
        return f"[{int(lo)}, {int(hi)}["
    return f"[{float(lo)!r}, {float(hi)!r}["


def exact(x: float, w: float) -> bool:
    """Whether x lies where the oracle's bounds are exact (at most 15 significant digits)."""
    return abs(x) / w * digits(w) < 1e15


def holds(x: float, lab: str) -> bool:
    """x inside [lo, hi[ twice: its text against the bounds' texts exactly, and as doubles."""
    lo, hi = lab[1:-1].split(", ")
    written = Fraction(Decimal(repr(x)))
    return Fraction(Decimal(lo)) <= written < Fraction(Decimal(hi)) and float(lo) <= x < float(hi)


def values(w: float) -> list[float]:
    """1e-6 .. 1e15, both signs: round mantissas, bounds j x w exactly (as the nearest double),
    the doubles next to them, and values just below a bound (within the old 1e-9 window)."""
    out: list[float] = [0.0, -0.0, 0.1 + 0.2, 0.7 + 0.1, 0.3, 7.25e13, -1e-10, 1e-10]
    for e in range(-6, 16):
        for m in (1.0, 2.5, 3.3, 7.25, 9.999):
            out.append(m * 10.0**e)
        j = Decimal(int(10.0**e / w) + 3)
        bound = float(j * Decimal(repr(w)))
        out += [bound, math.nextafter(bound, math.inf), math.nextafter(bound, -math.inf)]
        out.append(float((j - Decimal("1e-10")) * Decimal(repr(w))))
    return out + [-x for x in out]


#: (widths of one hierarchy, bottom, top): fractional widths nest by floor-dividing the finest
#: index; 1e6 takes the whole-width path; 3e-05 is written by Python with an exponent
CASES = [((0.1, 0.5), None, None), ((2.5, 10), None, None), ((1e6, 5e6), None, None), ((3e-05,), None, None)]


def _labels(widths: tuple[float, ...], xs: list[float], bottom=None, top=None) -> tuple:
    df = pd.DataFrame({"x": xs, "i": range(len(xs))})
    con = duckdb.connect()
    con.register("d", df)
    g = sqlpriv.generalize("d", {"x": hierarchy.intervals(*widths, bottom=bottom, top=top)}, k=1, con=con)
    return g, [g.apply({"x": level}).df()["x"].tolist() for level in range(1, len(widths) + 1)]


def test_every_value_lies_in_its_label_at_every_magnitude():
    """DuckDB's labels equal the oracle's and hold their values wherever the bounds are exact
    (205 of the 2,576 checks failed before: 40 above 1e7, 7.25e13 with width 2.5 among them; values
    just below a bound, '[0.8, 0.9[' for 0.7999999999999999 with 0.1; tiny negative values in
    [0.0, 2.5[; and bounds of the width 3e-05 such as 0.00015000000000000001)."""
    checked = 0
    for widths, _, _ in CASES:
        xs = values(widths[0])
        _, by_level = _labels(widths, xs)
        whole = all(float(w).is_integer() for w in widths)
        for w, got in zip(widths, by_level):
            bad = [
                (x, lab, oracle(x, w, whole)) for x, lab in zip(xs, got) if exact(x, w) and lab != oracle(x, w, whole)
            ]
            assert not bad, (w, bad[:5])
            bad = [(x, lab) for x, lab in zip(xs, got) if exact(x, w) and not holds(x, lab)]
            assert not bad, (w, bad[:5])
            checked += sum(exact(x, w) for x in xs)
    assert checked == 2576
    _, (got,) = _labels((2.5,), [7.25e13, 0.7 + 0.1, 0.3, 0.1 + 0.2, -1e-10])
    assert got == ["[72500000000000.0, 72500000000002.5[", "[0.0, 2.5[", "[0.0, 2.5[", "[0.0, 2.5[", "[-2.5, 0.0["]
    _, (got, _) = _labels((0.1, 0.5), [0.7 + 0.1, 0.3, 0.1 + 0.2, 0.29999999995, 0.8])
    assert got == ["[0.7, 0.8[", "[0.3, 0.4[", "[0.3, 0.4[", "[0.2, 0.3[", "[0.8, 0.9["]


def test_bottom_and_top_coding_keep_their_exact_bounds():
    """Bottom and top coding compare the value with the thresholds as they are: a value just
    below the top threshold keeps its interval, one at it is coded."""
    top = 7.25e13
    xs = [math.nextafter(top, 0), top, -top, math.nextafter(-top, 0), 1e14, 12.5]
    _, (got,) = _labels((2.5,), xs, bottom=-top, top=top)
    assert got == [oracle(xs[0], 2.5), f">={top}", oracle(-top, 2.5), oracle(xs[3], 2.5), f">={top}", "[12.5, 15.0["]
    assert got[0] == "[72499999999997.5, 72500000000000.0[" and holds(xs[0], got[0])


def test_spark_labels_equal_duckdb_and_the_oracle(spark):
    """One small Spark case: the same release on Spark writes the same labels as DuckDB, and the
    oracle's (Spark's exact round already held 7.25e13; the values just below a bound did not)."""
    xs = [7.25e13, -7.25e13, 0.7 + 0.1, 0.3, 0.1 + 0.2, -1e-10, 0.29999999995, 1e14 + 0.5, 123.45, -0.0]
    xs += [math.nextafter(x, -math.inf) for x in (2.5e12, 0.5, 1e6)]
    df = pd.DataFrame({"x": xs, "i": range(len(xs))})
    spark.createDataFrame(df).createOrReplaceTempView("interval_magnitudes")
    for widths in ((0.1, 0.5), (2.5, 10)):
        g, by_level = _labels(widths, xs)
        for level, w in enumerate(widths, start=1):
            assert by_level[level - 1] == [oracle(x, w) for x in xs]
            sql = g.release_sql({"x": level}, dialect="spark", relation="interval_magnitudes")
            got = spark.sql(sql).toPandas().sort_values("i")["x"].tolist()
            assert got == by_level[level - 1]
