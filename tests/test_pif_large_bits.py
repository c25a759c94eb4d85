"""A PIF above 1,024 bits is shown, not a crash (issue: hunt-c, 2026-11-25).

"1 in 2**bits" was computed as a float, which overflows at 2**1024: ``repr()`` of a CIG result,
the ``sqlpriv pif`` summary and the report's PIF section raised OverflowError on 95 near-unique
columns (PIF_95 of 1,097 bits), and on any row whose values a population prior makes that rare.
From 2**64 on the scale is written as a power of ten.
"""

from __future__ import annotations

import math

import pandas as pd

import sqlpriv
from sqlpriv.cli import main
from sqlpriv.engine.scales import bits_scale

RARE = 1e-300  # a prior this small makes each cell of a unique row carry log2(1e300) = 996.6 bits
FRAME = pd.DataFrame({"a": [1, 2, 3, 4], "b": ["w", "x", "y", "z"]})
PRIORS = {
    "a": {1: RARE, 2: RARE, 3: RARE, 4: 1 - 3 * RARE},
    "b": {"w": RARE, "x": RARE, "y": RARE, "z": 1 - 3 * RARE},
}


def test_the_scale_of_more_than_1024_bits():
    assert bits_scale(1100.4) == "a row's values carry as much as 1 in 10^331"
    assert bits_scale(18) == "a row's values carry as much as 1 in 262,144"


def test_a_pif_above_1024_bits_shows(tmp_path, capsys):
    c = sqlpriv.cig(FRAME, priors=PRIORS)
    values = c.df()[["a", "b"]].to_numpy()
    assert abs(values[0].sum() - 2 * math.log2(1 / RARE)) < 1e-6  # a unique row: both cells log2(1/q)
    rig = values.sum(axis=1)
    pif = sqlpriv.pif(c)
    assert pif > 1024
    assert abs(pif - float(pd.Series(rig).quantile(0.95))) < 1e-9
    assert f"1 in 10^{math.floor(pif * math.log10(2))}" in repr(c)
    prior_a, prior_b = tmp_path / "a.json", tmp_path / "b.json"
    prior_a.write_text('{"1": 1e-300, "2": 1e-300, "3": 1e-300, "4": 1.0}')
    prior_b.write_text('{"w": 1e-300, "x": 1e-300, "y": 1e-300, "z": 1.0}')
    path = tmp_path / "t.csv"
    FRAME.to_csv(path, index=False)
    code = main(["pif", str(path), "--prior", f"a={prior_a}", "--prior", f"b={prior_b}"])
    assert code in (0, 3, 4)
    out = capsys.readouterr()
    assert "1 in 10^" in out.out + out.err
