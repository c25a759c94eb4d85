"""Issue 46 items 4 and 5 (and the 0-row privacy profile of item 8): a header-only CSV is "no
rows" in ``sqlpriv profile`` too, and a table of another schema of a ``.duckdb`` file can be
named as schema.table."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

import duckdb
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_profile_of_a_header_only_csv_says_no_rows(tmp_path):
    path = tmp_path / "h.csv"
    path.write_text("a,b\n")
    code, out, err = cli("profile", str(path))
    assert code == 1
    assert "has no rows; there is nothing to measure" in err and "Traceback" not in err


def test_profile_with_dropna_and_every_row_null_says_so(tmp_path):
    path = tmp_path / "n.csv"
    path.write_text("a,b\n1,\n2,\n")
    code, _, err = cli("profile", str(path), "--dropna")
    assert code == 1
    assert "no rows without a NULL in a profiled column" in err


def test_privacy_profile_of_0_rows_refuses_as_the_others_do():
    empty = pd.DataFrame({"a": pd.Series([], dtype="int64")})
    with pytest.raises(sqlpriv.SqlprivError, match="no rows"):
        sqlpriv.uniqueness_shapley(empty)
    with pytest.raises(sqlpriv.SqlprivError, match="no rows; there is nothing to measure"):
        sqlpriv.privacy_profile(empty).df()


@pytest.fixture()
def database(tmp_path):
    path = tmp_path / "db.duckdb"
    con = duckdb.connect(str(path))
    con.execute("create schema hr")
    con.execute("create table hr.salaries as select * from (values (1, 'x'), (1, 'y'), (2, 'y')) t(a, b)")
    con.execute("create table salaries as select 7 as a")  # the same name in main: another table
    con.close()
    return path


def test_db_file_with_a_schema_qualified_table(database):
    code, out, err = cli("profile", "--db", str(database), "hr.salaries", "--format", "csv")
    assert code == 0, err
    frame = pd.read_csv(io.StringIO(out))
    assert frame["values"].tolist() == [3, 3] and frame["categories"].tolist() == [2, 2]
    code, out, _ = cli("profile", "--db", str(database), "salaries", "--format", "csv")
    assert pd.read_csv(io.StringIO(out))["values"].tolist() == [1]
    code, out, _ = cli("profile", "--db", str(database), "main.salaries", "--format", "csv")
    assert pd.read_csv(io.StringIO(out))["values"].tolist() == [1]


def test_con_path_with_a_schema_qualified_table(database):
    got = sqlpriv.privacy_profile("hr.salaries", con=str(database)).df()
    assert got["categories"].tolist() == [2, 2]
    assert sqlpriv.uniqueness_shapley("HR.Salaries", con=str(database)).n == 3
