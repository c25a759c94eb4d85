"""File names that hold glob characters (issue: hunt-c, 2026-11-25).

A file named like ``data[1].csv`` (``[`` starts a glob character class) matched no glob and was
refused with "no file matches", although it exists and DuckDB reads it as itself. It is read as
that file now, with the same numbers as the DataFrame it was written from; a pattern that matches
nothing and names no file is still refused. A schema-qualified table name (``s.t``) says to pass
the table as a relation (only the main schema is looked up by name).
"""

from __future__ import annotations

import math

import duckdb
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.errors import SourceError

FRAME = pd.DataFrame({"age": [30, 30, 41, 52, 52, 52], "zip": ["a", "b", "b", "c", "c", "d"]})


@pytest.mark.parametrize("name", ["data[1].csv", "export [2024].parquet", "x[.csv"])
def test_a_file_named_with_brackets_is_read_as_itself(tmp_path, name):
    path = tmp_path / name
    if name.endswith(".csv"):
        FRAME.to_csv(path, index=False)
    else:
        FRAME.to_parquet(path, index=False)
    expected = sqlpriv.uniqueness_shapley(FRAME).per_row().df()
    got = sqlpriv.uniqueness_shapley(str(path)).per_row().df()
    pd.testing.assert_frame_equal(got, expected)
    profile = sqlpriv.privacy_profile(str(path)).df()
    assert profile["categories"].tolist() == [3, 4]


def test_a_glob_matching_nothing_is_still_refused(tmp_path):
    with pytest.raises(SourceError, match="no file matches"):
        sqlpriv.uniqueness_shapley(str(tmp_path / "missing[1].csv"))
    with pytest.raises(SourceError, match="no file matches"):
        sqlpriv.uniqueness_shapley(str(tmp_path / "*.parquet"))


def test_a_table_of_another_schema_says_to_pass_a_relation():
    # "s.t" on the connection holding it said "pass the connection holding it as con=", which it was
    con = duckdb.connect()
    con.execute("create schema s")
    con.execute("create table s.t as select i % 3 as a, i % 2 as b from range(12) t(i)")
    with pytest.raises(SourceError, match=r"another schema.*con\.table\('s\.t'\)"):
        sqlpriv.uniqueness_shapley("s.t", con=con)
    got = sqlpriv.uniqueness_shapley(con.table("s.t"), con=con).summary().df()
    frame = con.table("s.t").df()
    assert got["entropy"].round(12).tolist() == [round(math.log2(3), 12), 1.0]
    assert len(frame) == 12
