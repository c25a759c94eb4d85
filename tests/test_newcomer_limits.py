"""Issue 46 item 3: limits checked once, before work, with one error naming the limit, and one
exit status per kind of error across commands."""

from __future__ import annotations

import gc
import io
import warnings
from contextlib import redirect_stderr, redirect_stdout

import duckdb
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main
from sqlpriv.errors import ParameterError


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def wide(columns: int, rows: int = 6) -> pd.DataFrame:
    return pd.DataFrame({f"c{j}": [(i * (j + 1)) % 3 for i in range(rows)] for j in range(columns)})


@pytest.fixture()
def wide_csv(tmp_path):
    path = tmp_path / "wide.csv"
    wide(200).to_csv(path, index=False)
    return path


def test_risk_on_200_columns_prints_its_summary_and_next_line(wide_csv):
    code, out, err = cli("risk", str(wide_csv))
    assert code in (0, 3, 4), err
    assert "records" in out and "error" not in err
    assert "What to do next" in out + err


def test_a_list_of_all_the_columns_of_a_wide_table_is_allowed_as_no_list_is():
    df = wide(200)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", sqlpriv.SqlprivWarning)
        listed = sqlpriv.privacy_profile(df, list(df.columns)).df()
        everything = sqlpriv.privacy_profile(df).df()
        pd.testing.assert_frame_equal(listed, everything)
        d = sqlpriv.attribute_disclosure(df, list(df.columns[:199]), sensitive="c199")
        assert d.summary().df().shape[0] >= 1


def test_a_list_longer_than_the_table_and_the_field_limit_names_the_limit():
    df = wide(3)
    with pytest.raises(ParameterError, match=r"names 129 fields; at most 128 .*MAX_FIELDS"):
        sqlpriv.privacy_profile(df, [{f"f{i}": f"c0 + {i}"} for i in range(129)])


@pytest.mark.parametrize("command", ["shapley", "uniques"])
def test_the_62_column_limit_is_one_error_and_exit_2_in_every_command(tmp_path, command):
    path = tmp_path / "w63.csv"
    wide(63).to_csv(path, index=False)
    code, _, err = cli(command, str(path))
    assert code == 2, err
    assert "63 analysed columns; at most 62" in err and "MAX_PACKED_COLUMNS" in err


@pytest.mark.parametrize("measure", ["uniqueness_shapley", "sample_uniques"])
def test_the_62_column_limit_fires_before_any_table_is_made(measure):
    con = duckdb.connect()
    con.register("w", wide(63))
    with pytest.raises(ParameterError, match="at most 62"):
        getattr(sqlpriv, measure)("w", con=con)
    gc.collect()
    made = con.execute("select count(*) from duckdb_tables() where table_name like 'sqlpriv%'").fetchone()[0]
    assert made == 0


def _temp_objects(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Every temp table, view and macro on ``con``, read from the catalog (the oracle)."""
    rows = con.execute(
        "select table_name from duckdb_tables() where temporary "
        "union all select view_name from duckdb_views() where temporary and not internal "
        "union all select function_name from duckdb_functions() where database_name = 'temp'"
    ).fetchall()
    return sorted(str(r[0]) for r in rows)


@pytest.mark.parametrize(
    "call",
    [
        lambda con: sqlpriv.reidentification_risk("w", ["c0", "nope"], con=con),  # a column it lacks
        lambda con: sqlpriv.sample_uniques("w", ["c0"], con=con, max_cols=0),  # a bad parameter
        lambda con: sqlpriv.attribute_disclosure("w", ["c0"], sensitive=["nope"], con=con),
    ],
)
def test_a_call_refused_after_its_source_was_made_leaves_the_connection_as_found(call):
    """Issue 46: a view on a user's con= is copied once into a frozen temp table (a frame is
    registered as a view) before the columns and parameters are checked; a call refused after
    that left the copy behind (only plans released the connection's scope). Now the source
    holds the scope until a plan takes over: nothing of sqlpriv's is left once it is gone."""
    con = duckdb.connect()
    con.execute("create temp table mine as select 1 as x")
    con.register("w", wide(3))
    before = _temp_objects(con)
    with pytest.raises(sqlpriv.errors.SqlprivError):
        call(con)
    gc.collect()
    assert _temp_objects(con) == before
    assert con.execute("select count(*) from w").fetchone()[0] == 6  # the user's view still reads
