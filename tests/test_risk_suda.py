"""SUDA and DIS-SUDA scores of ``sample_uniques`` (issue 26 item 2, docs/measures.md §9.8).

Oracles that share no code with sqlpriv:

- a brute force written here: every column set of every record, minimality by subsets, the
  score ``sum over MSUs of (d - k)!`` (Elliot, Manning & Ford 2002 with M = d - 1, as sdcMicro's
  suda2 with ``original_scores=TRUE``) and the DIS-SUDA calibration as sdcMicro's Suda2.h
  computes it (read for the definition, never copied);
- published figures: the SDC Practice Guide's Table 4.5 (github.com/ihsn/SDCPractice,
  measure_risk.rst: SUDA scores 6, 12, 6, 10 with M = 3), its code 4.7 (sdcMicro's
  DIS-SUDA scores 0.005120313, 0.010702061, 0.008775093 for the IHSN scores 1.75, 3.25, 2.75),
  and Templ (2017, Statistical Disclosure Control for Microdata, Springer) as in sdcMicro's
  tests/test_suda2.R (scores 4, 2, 6, 8; attribute contributions 50, 37.5, 37.5);
- sdcMicro 5.8.1's own ``Suda2.h`` run once through Rcpp by benchmarks/suda_sdcmicro_reference.py
  on bundled tables (benchmarks/reference/suda2_sdcmicro.json; R never runs here).
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sqlpriv.errors import ParameterError
from sqlpriv.singling_out.uniques import sample_uniques

ROOT = Path(__file__).resolve().parents[1]
EPS = 2.220446049250313e-16  # R's .Machine$double.eps, which print.suda2 adds to its breaks
BANDS = [
    "== 0",
    "(0.0, 0.1]",
    "(0.1, 0.2]",
    "(0.2, 0.3]",
    "(0.3, 0.4]",
    "(0.4, 0.5]",
    "(0.5, 0.6]",
    "(0.6, 0.7]",
    "> 0.7",
]

# the SDC Practice Guide's Table 4.4/4.5 (also in sdcMicro's tests/test_suda2.R, "sdc guideline")
GUIDE = pd.DataFrame(
    {
        "Residence": ["Urban"] * 4 + ["Rural"] + ["Urban"] * 5,
        "Gender": ["Female", "Female", "Female", "Male", "Female", "Male", "Female", "Male", "Female", "Female"],
        "Education": [
            "Secondary incomplete",
            "Secondary incomplete",
            "Primary incomplete",
            "Secondary complete",
            "Secondary complete",
            "Secondary complete",
            "Primary complete",
            "Post-secondary",
            "Secondary incomplete",
            "Secondary incomplete",
        ],
        "Labor": ["Employed", "Employed", "Non-LF", "Employed", "Unemployed", "Employed", "Non-LF", "Unemployed"]
        + ["Non-LF", "Non-LF"],
    }
)


def _value(v):
    return None if pd.isna(v) else v


def brute_force(df: pd.DataFrame, dis_fraction: float = 0.01, max_cols: int | None = None):
    """Per record: its MSUs, SUDA score and DIS-SUDA score; per column its contribution (%)."""
    rows = [tuple(_value(v) for v in r) for r in df.itertuples(index=False)]
    d, n = len(df.columns), len(rows)
    msus: list[list[tuple[int, ...]]] = [[] for _ in rows]
    for size in range(1, (max_cols or d) + 1):
        for combo in itertools.combinations(range(d), size):
            for i, r in enumerate(rows):
                same = sum(all(x[j] == r[j] for j in combo) for x in rows)
                if same == 1 and not any(set(m) <= set(combo) for m in msus[i]):
                    msus[i].append(combo)
    score = [float(sum(math.factorial(d - len(m)) for m in ms)) for ms in msus]
    full = [sum(x == r for x in rows) for r in rows]
    pairs = sum(1 for c in full if c == 2)
    q = 1 + (8 - d) / 20
    adjust = sum(s**-q for s in score if s > 0)
    dis = [1 / (1 + (pairs * (1 - dis_fraction) / dis_fraction) / (s**q * adjust)) if s > 0 else 0.0 for s in score]
    total = sum(score)
    contribution = [
        100 * sum(math.factorial(d - len(m)) for ms in msus for m in ms if j in m) / total if total else None
        for j in range(d)
    ]
    breaks = [i * 0.1 + EPS for i in range(8)]
    bands = [0] * 9
    for x in dis:
        bands[bisect.bisect_left(breaks, x)] += 1  # right-closed: x == break stays in the lower band
    return {"msus": msus, "score": score, "dis": dis, "contribution": contribution, "bands": bands, "n": n}


def check(df: pd.DataFrame, dis_fraction: float = 0.01, max_cols: int | None = None) -> None:
    want = brute_force(df, dis_fraction, max_cols)
    u = sample_uniques(df, dis_fraction=dis_fraction, max_cols=max_cols)
    pr = u.per_row().df()
    assert pr.suda_score.tolist() == want["score"]
    assert pr.dis_suda_score.tolist() == pytest.approx(want["dis"], rel=1e-12, abs=1e-15)
    summ = u.summary().df()
    got_c = [None if pd.isna(x) else x for x in summ.suda_contribution]
    if want["contribution"][0] is None:
        assert got_c == want["contribution"]
    else:
        assert got_c == pytest.approx(want["contribution"], rel=1e-12)
    bands = u.dis_suda().df()
    assert bands["interval"].tolist() == BANDS
    assert bands["records"].tolist() == want["bands"]
    assert sum(want["bands"]) == want["n"]


values = st.sampled_from([0, 1, 2, None])


@st.composite
def tables(draw):
    d = draw(st.integers(1, 4))
    n = draw(st.integers(1, 12))
    rows = draw(st.lists(st.tuples(*[values] * d), min_size=n, max_size=n))
    return pd.DataFrame(rows, columns=[f"c{j}" for j in range(d)], dtype=object)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(df=tables(), dis_fraction=st.sampled_from([0.01, 0.1, 0.5, 1.0]))
def test_scores_match_brute_force(df, dis_fraction):
    check(df.astype("Int64"), dis_fraction)


@pytest.mark.parametrize("max_cols", [1, 2])
def test_scores_with_max_cols_count_the_msus_found(max_cols):
    check(GUIDE, max_cols=max_cols)


def test_sdc_practice_guide_table_4_5():
    # SUDA scores of Table 4.5 (M = 3 there, ATT = 4: the same as (4 - k)!) and sdcMicro's test
    u = sample_uniques(GUIDE)
    pr = u.per_row().df()
    assert pr.suda_score.tolist() == [0, 0, 6, 0, 12, 0, 6, 10, 0, 0]
    # record 5's MSUs as the Guide lists them: {Rural} and three pairs
    assert sorted(map(sorted, pr.msus[4])) == [
        ["Education", "Gender"],
        ["Education", "Labor"],
        ["Gender", "Labor"],
        ["Residence"],
    ]
    assert u.dis_suda().df()["records"].tolist() == [6, 4, 0, 0, 0, 0, 0, 0, 0]  # as the Guide's summary
    check(GUIDE)


def test_dis_calibration_reproduces_published_dis_suda():
    # the oracle's DIS formula, fed the Guide's published IHSN scores (code 4.7), gives the
    # published DIS-SUDA scores: the calibration the test trusts is sdcMicro's own
    scores = {2: 1.75, 4: 3.25, 6: 1.75, 7: 2.75}
    q, pairs, f = 1 + (8 - 4) / 20, 6, 0.01
    adjust = sum(s**-q for s in scores.values())
    got = {i: 1 / (1 + (pairs * (1 - f) / f) / (s**q * adjust)) for i, s in scores.items()}
    published = {2: 0.005120313, 4: 0.010702061, 6: 0.005120313, 7: 0.008775093}
    assert got == pytest.approx(published, abs=5e-10)


def test_templ_book_example_and_contributions():
    tab = pd.DataFrame(
        {
            "age": ["20s"] * 7 + ["60s"],
            "gender": ["male"] * 4 + ["female"] * 3 + ["male"],
            "income": ["50k+", "50k+"] + ["50k-"] * 6,
            "education": ["highschool"] * 4 + ["university", "highschool", "middleschool", "university"],
        }
    )
    assert sample_uniques(tab).per_row().df().suda_score.tolist()[4:] == [4, 2, 6, 8]
    check(tab)
    small = pd.DataFrame({"a": [2, 1, 1], "b": [0, 3, 0], "c": [0, 6, 0]})
    assert sample_uniques(small).summary().df().suda_contribution.tolist() == [50, 37.5, 37.5]
    check(small)


def test_no_msu_and_no_pairs():
    dup = pd.DataFrame({"a": [1, 1, 2, 2], "b": [3, 3, 4, 4]})
    u = sample_uniques(dup)
    assert u.per_row().df().dis_suda_score.tolist() == [0.0] * 4
    assert pd.isna(u.summary().df().suda_contribution).all()
    assert u.dis_suda().df()["records"].tolist() == [4] + [0] * 8
    # every record unique and no pairs: DIS (the share of correct matches) is 1, each scored record 1
    uniq = pd.DataFrame({"a": [1, 2, 3]})
    assert sample_uniques(uniq).per_row().df().dis_suda_score.tolist() == [1.0, 1.0, 1.0]


@pytest.mark.parametrize("bad", [0, -0.1, 1.5, float("nan"), "x", True])
def test_bad_dis_fraction(bad):
    with pytest.raises(ParameterError, match="dis_fraction"):
        sample_uniques(GUIDE, dis_fraction=bad)


def test_cli_dis_fraction(tmp_path):
    src = tmp_path / "guide.csv"
    GUIDE.to_csv(src, index=False)
    out = tmp_path / "rows.csv"
    cmd = [
        sys.executable,
        "-m",
        "sqlpriv",
        "uniques",
        str(src),
        "--dis-fraction",
        "0.1",
        "--format",
        "table",
        "--out",
        str(out),
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    assert "(0.0, 0.1]" in done.stdout
    rows = pd.read_csv(out)
    want = brute_force(GUIDE, 0.1)
    assert rows.dis_suda_score.tolist() == pytest.approx(want["dis"], rel=1e-12)


# ------------------------------------------------------------------ sdcMicro's own suda2, recorded

REFERENCE = json.loads((ROOT / "benchmarks" / "reference" / "suda2_sdcmicro.json").read_text(encoding="utf-8"))


def reference_table(run: dict) -> pd.DataFrame:
    if run["table"] == "missing_60":
        return pd.DataFrame(run["data"], columns=run["columns"]).astype("Int64")
    name = {"sdc_survey": "sdc_survey.csv", "adult_2000": "adult.csv"}[run["table"]]
    df = pd.read_csv(ROOT / "examples" / "data" / name)
    return df.iloc[: run.get("rows") or len(df)][run["columns"]]


@pytest.mark.parametrize(
    "run",
    [r for r in REFERENCE["runs"] if r["table"] != "missing_60"],
    ids=lambda r: f"{r['table']}-{r['dis_fraction']}",
)
def test_scores_equal_sdcmicro_suda2(run):
    # benchmarks/suda_sdcmicro_reference.py ran sdcMicro's Suda2.h (original_scores = TRUE) once
    pr = sample_uniques(reference_table(run), dis_fraction=run["dis_fraction"]).per_row().df()
    assert pr.suda_score.tolist() == run["suda_score"]
    assert sum(s > 0 for s in run["suda_score"]) >= 4
    # sdcMicro computes Dis and q in single precision: agreement to 1e-7 relative, not 1e-12
    assert pr.dis_suda_score.tolist() == pytest.approx(run["dis_suda_score"], rel=2e-7, abs=1e-12)


def test_missing_values_sqlpriv_and_sdcmicro():
    # sdcMicro codes NA as -999 and never puts it in an MSU; sqlpriv's NULL is a value that can be.
    # Exactly: sdcMicro's MSUs are sqlpriv's minus those holding a column where the record is NULL.
    (run,) = [r for r in REFERENCE["runs"] if r["table"] == "missing_60"]
    df = reference_table(run)
    d = len(df.columns)
    ours = brute_force(df)
    rows = [tuple(_value(v) for v in r) for r in df.itertuples(index=False)]
    sdcmicro_rule = [
        float(sum(math.factorial(d - len(m)) for m in ms if all(rows[i][j] is not None for j in m)))
        for i, ms in enumerate(ours["msus"])
    ]
    assert sdcmicro_rule == run["suda_score"]
    got = sample_uniques(df).per_row().df().suda_score.tolist()
    assert got == ours["score"] and got != run["suda_score"]  # where NULL singles a record out
