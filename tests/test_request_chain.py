"""The single-statement request chains (request/profile_query.sql, report_query.sql,
small_classes.sql), the macros the dbt package runs: rendered with only source / columns /
parameters, run as ONE statement on a sqlpriv connection, and checked against the Python API
(1e-12) and an independent brute force (pandas groupby)."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sqlpriv.engine import macros
from sqlpriv.engine.connection import connect
from sqlpriv.engine.templates import call, quote, render
from sqlpriv.errors import ColumnError, ParameterError
from sqlpriv.request.measure import assess_request, privacy_profile, small_classes

FLARE = Path(__file__).resolve().parents[1] / "examples" / "data" / "flare.csv"
ODD_TABLE = 'odd "t" able'
ODD = ['a "b" c', "it's", "x y"]
REPORT_COLUMNS = [
    "score",
    "decision",
    "rule",
    "score_decision",
    "violated_rules",
    "n",
    "classes",
    "smallest_class",
    "rows_below_k",
    "share_below_k",
    "unique_rows",
    "share_unique",
    "guess_probability",
    "joint_factor",
    "joint_score",
    "joint_decision",
    "rows_before_dropna",
]
PROFILE_COLUMNS = ["column", "privacy_factor", "probability", "shannons", "harts", "values", "categories"]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ----------------------------------------------------------------- fixtures and oracles


@pytest.fixture(scope="module")
def con():
    c = connect()
    c.execute(render("engine/source_view.sql", view="flare", reader="read_csv", path=str(FLARE)))
    c.register("odd_frame", odd_frame())
    c.execute(f"create table {quote(ODD_TABLE)} as select * from odd_frame")
    c.unregister("odd_frame")
    yield c
    c.close()


@pytest.fixture(scope="module")
def flare() -> pd.DataFrame:
    return pd.read_csv(FLARE, dtype=str, keep_default_na=False)


def odd_frame() -> pd.DataFrame:
    """Column names with a space, double and single quotes; NULLs in two columns."""
    rng = np.random.default_rng(7)
    n = 60
    a = rng.choice(["p", "q", 'r "s"', None], n).tolist()
    b = rng.integers(0, 4, n).astype(float)
    b[rng.random(n) < 0.1] = np.nan
    return pd.DataFrame({ODD[0]: a, ODD[1]: b, ODD[2]: rng.choice(["u", "v"], n)})


def run(con, macro: str, **params) -> pd.DataFrame:
    sql = call(macro, **params)
    assert ";" not in sql and "create" not in sql.lower(), "a chain is one plain select"
    return con.execute(sql).df()


def brute_classes(df: pd.DataFrame, columns: list[str]) -> pd.Series:
    """Class sizes of the columns together (NULL / NaN is a value)."""
    return df.groupby(columns, dropna=False, sort=False).size()


def brute_profile(df: pd.DataFrame, column: str) -> dict:
    f = brute_classes(df, [column]).to_numpy(dtype=float)
    return {
        "privacy_factor": float(np.mean(1 - 1 / f)),
        "shannons": float(np.mean(np.log2(f))),
        "harts": float(np.mean(np.log10(f))),
        "values": int(f.sum()),
        "categories": len(f),
    }


def brute_report(df: pd.DataFrame, columns: list[str], k: int) -> dict:
    f = brute_classes(df, columns).to_numpy()
    n = int(f.sum())
    return {
        "n": n,
        "classes": len(f),
        "smallest_class": int(f.min()),
        "rows_below_k": int(f[f < k].sum()),
        "unique_rows": int((f == 1).sum()),
        "share_unique": float((f == 1).sum() / n),
        "joint_factor": float(np.mean(1 - 1 / f)),
    }


def brute_small(df: pd.DataFrame, columns: list[str], k: int) -> list[tuple]:
    sizes = brute_classes(df, columns)
    out = []
    for values, size in sizes.items():
        if size < k:
            values = values if isinstance(values, tuple) else (values,)
            out.append(tuple(_plain(v) for v in values) + (int(size),))
    return sorted(out, key=_order)


def _plain(v):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return None
    return v.item() if hasattr(v, "item") else v


def _order(row: tuple):
    """class_size, then the values with NULLs last (DuckDB's default order)."""
    return (row[-1],) + tuple((v is None, v if v is not None else 0) for v in row[:-1])


def rows(df: pd.DataFrame) -> list[tuple]:
    return [tuple(_plain(v) for v in r) for r in df.itertuples(index=False, name=None)]


def assert_frames_close(chain: pd.DataFrame, api: pd.DataFrame) -> None:
    assert list(chain.columns) == list(api.columns)
    assert len(chain) == len(api)
    for col in chain.columns:
        for x, y in zip(chain[col], api[col]):
            if isinstance(x, str) or isinstance(y, str) or x is None or y is None:
                assert x == y, col
            else:
                assert x == pytest.approx(y, rel=1e-12, abs=1e-12), col


# ----------------------------------------------------------------- profile_query


def test_profile_query_matches_api_and_brute_force_on_flare(con, flare):
    columns = list(flare.columns)
    chain = run(con, "request_profile_query", source='"main"."flare"', columns=columns)
    assert list(chain.columns) == PROFILE_COLUMNS
    assert_frames_close(chain, privacy_profile(FLARE, columns).df())
    assert chain["column"].tolist() == columns
    for row in chain.to_dict("records"):
        want = brute_profile(flare, row["column"])
        for key, value in want.items():
            assert row[key] == pytest.approx(value, rel=1e-12, abs=1e-12), (row["column"], key)
        assert row["probability"] == pytest.approx(1 - want["privacy_factor"], abs=1e-12)


def test_profile_query_odd_names_and_nulls(con):
    df = odd_frame()
    source = f"{quote('main')}.{quote(ODD_TABLE)}"
    chain = run(con, "request_profile_query", source=source, columns=ODD)
    assert chain["column"].tolist() == ODD
    assert_frames_close(chain, privacy_profile(df, ODD).df())
    for row in chain.to_dict("records"):
        assert row["categories"] == brute_profile(df, row["column"])["categories"]
        assert row["privacy_factor"] == pytest.approx(brute_profile(df, row["column"])["privacy_factor"], abs=1e-12)


def test_profile_query_on_a_subquery_source(con, flare):
    source = '(select * from "main"."flare" where "class" <> \'H\')'
    chain = run(con, "request_profile_query", source=source, columns=["class", "area"])
    sub = flare[flare["class"] != "H"]
    assert chain["values"].tolist() == [len(sub), len(sub)]
    assert chain["privacy_factor"].tolist() == pytest.approx(
        [brute_profile(sub, "class")["privacy_factor"], brute_profile(sub, "area")["privacy_factor"]], abs=1e-12
    )


# ----------------------------------------------------------------- report_query


@pytest.mark.parametrize(
    "columns, approve, reject, k",
    [
        (["class", "largest_spot_size", "activity", "area"], 0.8, 0.2, 5),
        (["class", "largest_spot_size", "spot_distribution", "evolution"], 0.5, 0.1, 3),
        (["largest_spot_size"], 0.99, 0.2, 2),  # one column: its own set is the joint set
        (
            [
                "class",
                "largest_spot_size",
                "spot_distribution",
                "activity",
                "evolution",
                "past_activity",
                "historically_complex",
                "hc_past",
                "area",
                "area_largest",
            ],
            0.9,
            0.9,
            10,
        ),
    ],
)
def test_report_query_matches_api_and_brute_force_on_flare(con, flare, columns, approve, reject, k):
    chain = run(
        con, "request_report_query", source='"main"."flare"', columns=columns, approve=approve, reject=reject, k=k
    )
    assert list(chain.columns) == REPORT_COLUMNS and len(chain) == 1
    api = assess_request(FLARE, columns, approve=approve, reject=reject, k=k).report().df()
    assert_frames_close(chain, api)
    row = chain.iloc[0]
    for key, value in brute_report(flare, columns, k).items():
        assert row[key] == pytest.approx(value, rel=1e-12, abs=1e-12), key
    # the score is the product of the single-column factors
    factors = [brute_profile(flare, c)["privacy_factor"] for c in columns]
    assert row["score"] == pytest.approx(math.prod(factors), rel=1e-12)


def test_report_query_defaults_are_the_api_defaults(con):
    columns = ["class", "area"]
    chain = run(con, "request_report_query", source='"main"."flare"', columns=columns)
    assert_frames_close(chain, assess_request(FLARE, columns).report().df())


def test_report_query_odd_names_and_nulls(con):
    df = odd_frame()
    source = f"{quote('main')}.{quote(ODD_TABLE)}"
    for columns in (ODD, ODD[:2], [ODD[1]]):
        chain = run(con, "request_report_query", source=source, columns=columns, approve=0.6, reject=0.3, k=3)
        assert_frames_close(chain, assess_request(df, columns, approve=0.6, reject=0.3, k=3).report().df())
        row = chain.iloc[0]
        for key, value in brute_report(df, columns, 3).items():
            assert row[key] == pytest.approx(value, rel=1e-12, abs=1e-12), (columns, key)


# ----------------------------------------------------------------- small_classes


@pytest.mark.parametrize(
    "columns, k",
    [
        (["class", "largest_spot_size", "activity", "area"], 5),
        (["class", "largest_spot_size", "spot_distribution"], 3),
        (["class"], 100),
    ],
)
def test_small_classes_brute_force_on_flare(con, flare, columns, k):
    chain = run(con, "request_small_classes", source='"main"."flare"', columns=columns, k=k)
    assert list(chain.columns) == columns + ["class_size"]
    got = rows(chain.astype({c: str for c in columns}))
    assert got == brute_small(flare, columns, k)  # same rows, same order
    report = run(con, "request_report_query", source='"main"."flare"', columns=columns, k=k).iloc[0]
    assert chain["class_size"].sum() == report["rows_below_k"]
    assert (chain["class_size"] == 1).sum() == report["unique_rows"]
    assert (chain["class_size"] == 1).sum() / len(flare) == pytest.approx(report["share_unique"], abs=1e-12)


def test_small_classes_odd_names_nulls_and_order(con):
    df = odd_frame()
    source = f"{quote('main')}.{quote(ODD_TABLE)}"
    for columns, k in ((ODD, 3), (ODD[:2], 4), ([ODD[0]], 100)):
        chain = run(con, "request_small_classes", source=source, columns=columns, k=k)
        assert list(chain.columns) == columns + ["class_size"]
        want = brute_small(df, columns, k)
        assert rows(chain) == want
        assert rows(small_classes(df, columns, k=k).df()) == want
        assert any(None in r for r in want), "the NULL classes are part of the test"


def test_small_classes_column_named_class_size(con):
    c = connect()
    c.execute("create table t as select * from (values (1, 'a'), (1, 'a'), (2, 'b'), (3, 'a')) v(class_size, g)")
    got = c.execute(call("request_small_classes", source='"t"', columns=["class_size", "g"], k=2)).fetchall()
    assert got == [(2, "b", 1), (3, "a", 1)]
    c.close()


def test_small_classes_python_entry(flare):
    res = small_classes(FLARE, ["class", "area"], k=10)
    assert rows(res.df().astype({"class": str, "area": str})) == brute_small(flare, ["class", "area"], 10)
    assert "having count(*) < 10" in res.sql
    assert small_classes(FLARE, ["class"], k=1).df().empty  # no class is smaller than 1


def test_small_classes_bad_input():
    df = odd_frame()
    with pytest.raises(ParameterError, match="k must be a positive integer"):
        small_classes(df, [ODD[0]], k=0)
    with pytest.raises(ParameterError, match="columns is empty"):
        small_classes(df, [], k=2)
    with pytest.raises(ColumnError, match="nope"):
        small_classes(df, ["nope"], k=2)


# ----------------------------------------------------------------- properties and the shell


@SETTINGS
@given(
    data=st.lists(
        st.tuples(st.sampled_from(["a", "b", None]), st.integers(0, 3), st.sampled_from([0.5, 1.5])),
        min_size=1,
        max_size=40,
    ),
    ncols=st.integers(1, 3),
    k=st.integers(1, 6),
)
def test_chains_equal_api_on_random_tables(data, ncols, k):
    df = pd.DataFrame(data, columns=["g", "i", "x"])
    columns = ["g", "i", "x"][:ncols]
    c = connect()
    c.register("frame", df)
    c.execute('create table "r" as select * from frame')
    try:
        report = run(c, "request_report_query", source='"r"', columns=columns, approve=0.7, reject=0.3, k=k)
        assert_frames_close(report, assess_request(df, columns, approve=0.7, reject=0.3, k=k).report().df())
        profile = run(c, "request_profile_query", source='"r"', columns=columns)
        assert_frames_close(profile, privacy_profile(df, columns).df())
        small = run(c, "request_small_classes", source='"r"', columns=columns, k=k)
        assert rows(small) == brute_small(df, columns, k)
        assert small["class_size"].sum() == report["rows_below_k"].iloc[0]
    finally:
        c.close()


@pytest.mark.skipif(shutil.which("duckdb") is None, reason="duckdb shell not installed")
def test_chain_runs_in_the_duckdb_shell(con):
    columns = ["class", "largest_spot_size", "area"]
    query = call("request_report_query", source='"flare"', columns=columns, k=4)
    script = (
        macros.script()
        + render("engine/source_view.sql", view="flare", reader="read_csv", path=str(FLARE))
        + ";\n"
        + query
        + ";\n"
    )
    out = subprocess.run(["duckdb", "-json"], input=script, capture_output=True, text=True, check=True).stdout
    shell = json.loads(out)[0]
    api = assess_request(FLARE, columns, k=4).report().df().iloc[0]
    for key in REPORT_COLUMNS:
        if api[key] is None:
            assert shell[key] is None, key
        elif isinstance(api[key], str):
            assert shell[key] == api[key]
        else:
            assert shell[key] == pytest.approx(float(api[key]), rel=1e-12), key
