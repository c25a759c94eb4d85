"""A CSV that stops fitting the types DuckDB sniffed from its first rows (issue: hunt-c, 2026-11-25).

DuckDB guesses a CSV's column types from a sample of its first rows (20,480); a later value
that does not fit (a zip code "n/a" after 30,000 numbers) fails the first query that reads it.
sqlpriv showed only "Conversion Error: CSV Error on Line: 30002", no column and nothing to do
(it passes DuckDB no read options). The error now names the column and the type, and says how to
read the file instead; the offending value (data) is not repeated.
"""

from __future__ import annotations

import pytest

import sqlpriv
from sqlpriv.errors import ExecutionError


def test_a_late_value_that_does_not_fit_names_the_column_and_what_to_do(tmp_path):
    path = tmp_path / "late.csv"
    path.write_text("zip,age\n" + "".join(f"{1000 + i % 50},{i % 70}\n" for i in range(30000)) + "n/a,40\n")
    with pytest.raises(
        ExecutionError, match=r"column 'zip' does not fit the type BIGINT.*types=\{'zip': 'VARCHAR'\}"
    ) as err:
        sqlpriv.uniqueness_shapley(str(path)).summary().df()
    assert "n/a" not in str(err.value)
    with pytest.raises(ExecutionError, match="column 'zip'"):
        sqlpriv.privacy_profile(str(path)).df()


def test_a_line_with_more_fields_says_so(tmp_path):
    path = tmp_path / "ragged.csv"
    path.write_text("a,b\n" + "".join(f"{i},{i % 3}\n" for i in range(30000)) + "1,2,3\n")
    with pytest.raises(ExecutionError, match="a line has 3 fields where the file's other lines have 2"):
        sqlpriv.uniqueness_shapley(str(path)).summary().df()
