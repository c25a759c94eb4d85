"""The single-statement Shapley and PIF chains (shapley/query.sql, pif/query.sql), the queries
the dbt models run: rendered from source and column names only, planned without looking at the
data (one column per key word), run as ONE statement, and checked against the Python API's
temp-table plan on the same data (1e-12), on flare, on awkward names, on random tables with
NULLs (hypothesis) and in the real DuckDB shell."""

from __future__ import annotations

import shutil
import subprocess

import numpy as np
import pandas as pd
import pytest
from conftest import FLARE_CSV, FLARE_PREDICTORS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sqlpriv
from sqlpriv.engine import macros
from sqlpriv.engine.connection import connect
from sqlpriv.engine.templates import call, quote, render
from sqlpriv.pif.measure import information_factors

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def run_chain(con, macro: str, **args) -> pd.DataFrame:
    sql = call(macro, **args)
    assert sql.count(";") == 0 and sql.lstrip().startswith(("with", "{", "select"))  # one statement
    return con.execute(sql).df()


def assert_frames(got: pd.DataFrame, expected: pd.DataFrame, key: str | None = None) -> None:
    assert list(got.columns) == list(expected.columns)
    if key is not None:
        got = got.sort_values(key).reset_index(drop=True)
        expected = expected.sort_values(key).reset_index(drop=True)
    assert len(got) == len(expected)
    for col in got.columns:
        if pd.api.types.is_numeric_dtype(expected[col]):
            np.testing.assert_allclose(
                got[col].to_numpy(float), expected[col].to_numpy(float), rtol=0, atol=1e-12, err_msg=col
            )
        else:
            assert got[col].tolist() == expected[col].tolist(), col


@pytest.fixture(scope="module")
def con():
    c = connect()
    c.execute(render("engine/source_view.sql", view="flare", reader="read_csv", path=str(FLARE_CSV)))
    yield c
    c.close()


def test_shapley_chain_equals_the_plan_on_flare(con):
    result = sqlpriv.uniqueness_shapley(str(FLARE_CSV), columns=FLARE_PREDICTORS)
    assert_frames(
        run_chain(con, "shapley_query", source='"flare"', columns=FLARE_PREDICTORS), result.per_row().df(), "row"
    )
    summary = run_chain(con, "shapley_query", source='"flare"', columns=FLARE_PREDICTORS, output="summary")
    assert_frames(summary, result.summary().df())
    for expr, sql in [("C > 0", "C > 0"), ("evolution", '"evolution"'), ("area_largest * 2", "area_largest * 2")]:
        by = run_chain(con, "shapley_query", source='"flare"', columns=FLARE_PREDICTORS, output="by", by=sql)
        assert_frames(by, result.by(expr).df())


@pytest.mark.parametrize("measure", ["cig", "csf", "wcig"])
def test_pif_chain_equals_the_plan_on_flare(con, measure):
    expected = information_factors(str(FLARE_CSV), columns=FLARE_PREDICTORS).measure(measure).df()
    assert_frames(
        run_chain(con, "pif_query", source='"flare"', columns=FLARE_PREDICTORS, measure=measure), expected, "row"
    )


ODD = ['a "b" c', "it's", "x y", "row"]  # "row" also pushes the position heading to "_row"


def odd_frame(seed: int = 3, n: int = 40) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            'a "b" c': rng.choice(["p", "q", None], n),
            "it's": rng.integers(0, 3, n),
            "x y": rng.choice(["u", "v", "w", None], n),
            "row": rng.integers(0, 2, n),
        }
    )
    frame.insert(0, 'id "k"', np.arange(100, 100 + n))
    return frame


def test_awkward_names_and_keys_flow_through_the_chains():
    c = connect()
    frame = odd_frame()
    c.register("odd", frame)
    c.execute(f"create table {quote('odd t')} as select * from odd")
    src = quote("odd t")
    result = sqlpriv.uniqueness_shapley(frame, columns=ODD)
    per_row = run_chain(c, "shapley_query", source=src, columns=ODD)
    assert per_row.columns[0] == "_row"
    assert_frames(per_row, result.per_row().df(), "_row")
    keyed = run_chain(c, "shapley_query", source=src, columns=ODD, key='id "k"')
    assert_frames(keyed, sqlpriv.uniqueness_shapley(frame, columns=ODD, key='id "k"').per_row().df(), 'id "k"')
    summary = run_chain(c, "shapley_query", source=src, columns=ODD, output="summary")
    assert summary["column"].tolist() == ODD
    assert_frames(summary, result.summary().df())
    by = run_chain(c, "shapley_query", source=src, columns=ODD, output="by", by=quote("x y"))
    assert_frames(by, result.by("x y").df())
    expected = information_factors(frame, columns=ODD, key='id "k"').cig().df()
    assert_frames(run_chain(c, "pif_query", source=src, columns=ODD, key='id "k"'), expected, 'id "k"')


def test_constant_column_is_exactly_zero_in_the_chain():
    c = connect()
    c.register("t", pd.DataFrame({"a": [1, 1, 2, 2, 3], "k": ["x"] * 5, "b": [1, 2, 1, 2, 1]}))
    per_row = run_chain(c, "shapley_query", source="t", columns=["a", "k", "b"])
    assert (per_row["k"] == 0.0).all()
    summary = run_chain(c, "shapley_query", source="t", columns=["a", "k", "b"], output="summary")
    assert summary.set_index("column").loc["k", "shapley"] == 0.0


@st.composite
def tables(draw):
    d = draw(st.integers(1, 4))
    n = draw(st.integers(1, 30))
    cols = {}
    for j in range(d):
        k = draw(st.integers(1, 4))
        cols[f"c{j}"] = draw(st.lists(st.one_of(st.none(), st.integers(0, k)), min_size=n, max_size=n))
    return pd.DataFrame(cols, dtype=object).astype("Int64")


@pytest.mark.filterwarnings("ignore:.*single row.*:sqlpriv.SqlprivWarning")  # one-row tables are expected here
@SETTINGS
@given(tables())
def test_chains_equal_the_plan_on_random_tables(frame):
    c = connect()
    c.register("t", frame)
    columns = list(frame.columns)
    result = sqlpriv.uniqueness_shapley(frame, columns=columns, method="exact")
    assert_frames(run_chain(c, "shapley_query", source="t", columns=columns), result.per_row().df(), "row")
    assert_frames(run_chain(c, "shapley_query", source="t", columns=columns, output="summary"), result.summary().df())
    by = run_chain(c, "shapley_query", source="t", columns=columns, output="by", by="c0 is null or c0 > 1")
    assert_frames(by, result.by("c0 is null or c0 > 1").df())
    if len(columns) < 2:  # information factors need a leave-one-out context
        return
    factors = information_factors(frame, columns=columns)
    for measure in ("cig", "csf"):
        expected = factors.measure(measure).df()
        assert_frames(run_chain(c, "pif_query", source="t", columns=columns, measure=measure), expected, "row")
    c.close()


def test_chain_runs_in_the_duckdb_shell(tmp_path):
    shell = shutil.which("duckdb")
    if shell is None:
        pytest.skip("the duckdb shell (pip install duckdb-cli) is not installed")
    target = tmp_path / "phi.csv"
    script = "\n".join(
        [
            macros.script(temp=True),
            render("engine/source_view.sql", view="flare", reader="read_csv", path=str(FLARE_CSV)) + ";",
            render(
                "engine/copy_to.sql",
                query=call("shapley_query", source='"flare"', columns=FLARE_PREDICTORS),
                path=str(target),
                fmt="csv",
            )
            + ";",
        ]
    )
    done = subprocess.run([shell], input=script, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    expected = sqlpriv.uniqueness_shapley(str(FLARE_CSV), columns=FLARE_PREDICTORS).per_row().df()
    assert_frames(pd.read_csv(target), expected, "row")


SHELL_COLUMNS = ["class", "largest_spot_size", "area", "activity"]


def _api(measure: str) -> tuple[pd.DataFrame, str | None]:
    src = str(FLARE_CSV)
    if measure in ("shapley", "shapley-summary", "shapley-by"):
        r = sqlpriv.uniqueness_shapley(src, columns=SHELL_COLUMNS)
        if measure == "shapley-by":
            return r.by("C > 0").df(), None
        return (r.per_row().df(), "row") if measure == "shapley" else (r.summary().df(), None)
    if measure in ("cig", "wcig", "csf"):
        return information_factors(src, columns=SHELL_COLUMNS).measure(measure).df(), "row"
    if measure == "profile":
        return sqlpriv.privacy_profile(src, SHELL_COLUMNS).df(), None
    if measure == "request-report":
        return sqlpriv.assess_request(src, SHELL_COLUMNS, k=3).report().df(), None
    return sqlpriv.small_classes(src, SHELL_COLUMNS, k=3).df(), None


@pytest.mark.parametrize(
    "measure",
    ["shapley", "shapley-summary", "shapley-by", "cig", "wcig", "csf", "profile", "request-report", "small-classes"],
)
def test_sql_query_command_runs_in_the_shell_and_equals_the_api(measure, capsys, tmp_path):
    from sqlpriv.cli import main

    shell = shutil.which("duckdb")
    if shell is None:
        pytest.skip("the duckdb shell (pip install duckdb-cli) is not installed")
    from sqlpriv.cli.sql import QUERIES

    options = {"k": ["--k", "3"], "by": ["--by", "C > 0"]}
    extra = [a for name in QUERIES[measure][2] for a in options.get(name, [])]
    argv = ["sql", "query", measure, str(FLARE_CSV), *[a for c in SHELL_COLUMNS for a in ("-c", c)], *extra]
    assert main(argv) == 0
    script = capsys.readouterr().out
    assert script.count("-- source") == 1 and script.rstrip().endswith(";")
    done = subprocess.run([shell, "-csv"], input=script, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    from io import StringIO

    got = pd.read_csv(StringIO(done.stdout), keep_default_na=False)
    expected, key = _api(measure)
    assert list(got.columns) == list(expected.columns)
    for col in expected.columns:  # the shell prints text; compare numbers as numbers
        if pd.api.types.is_bool_dtype(expected[col]) or not pd.api.types.is_numeric_dtype(expected[col]):
            got[col] = got[col].astype(str)
            expected[col] = expected[col].astype(str)
    assert_frames(got, expected, key)


def test_sql_query_command_refuses_bad_input(capsys):
    from sqlpriv.cli import main

    assert main(["sql", "query", "cig", str(FLARE_CSV), "-c", "class"]) == 2
    assert "at least 2 columns" in capsys.readouterr().err
    assert main(["sql", "query", "shapley", str(FLARE_CSV), "-c", "no_such"]) == 1  # a ColumnError, as in every command
    assert "no_such" in capsys.readouterr().err
    assert main(["sql", "query", "shapley", str(FLARE_CSV), "-c", "class", "-c", "area", "--key", "class"]) == 1
    assert "both --key and an analysed column" in capsys.readouterr().err
    assert main(["sql", "query", "profile", str(FLARE_CSV), "-c", "class", "--key", "area"]) == 2
    assert "--key does not apply to profile" in capsys.readouterr().err
    assert main(["sql", "query", "report", str(FLARE_CSV), "-c", "class", "--reject", "0.9"]) == 2
    assert "out of range" in capsys.readouterr().err
