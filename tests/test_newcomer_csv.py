"""Issue 46 item 6: CSV reading options (CLI and ``sqlpriv.CsvFile``), a warning for a numeric
column read as text because of a few tokens (R's ``NA``), and a ragged CSV refused clearly."""

from __future__ import annotations

import io
import warnings
from contextlib import redirect_stderr, redirect_stdout

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main

R_CSV = "age,sex\n23,M\nNA,F\n31,F\n45,M\nNA,M\n52,F\n"


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture()
def r_csv(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text(R_CSV)
    return path


def test_a_numeric_column_read_as_text_is_named_with_its_tokens(r_csv):
    with pytest.warns(sqlpriv.SqlprivWarning, match=r"column 'age' .* looks numeric .* because of 'NA' \(2 of 6"):
        sqlpriv.privacy_profile(str(r_csv)).df()


def test_csv_file_reads_the_null_string_as_null(r_csv):
    with warnings.catch_warnings():
        warnings.simplefilter("error", sqlpriv.SqlprivWarning)
        got = sqlpriv.privacy_profile(sqlpriv.CsvFile(str(r_csv), null_string="NA"), ["age"], dropna=True).df()
    assert got["values"].tolist() == [4]  # the two NA rows are NULL, left out by dropna


def test_cli_null_string_types_delimiter_and_header(r_csv, tmp_path):
    code, out, err = cli("profile", str(r_csv), "-c", "age", "--dropna", "--format", "csv")
    assert code == 0 and pd.read_csv(io.StringIO(out))["values"].tolist() == [6]
    assert "--null-string" in err
    code, out, err = cli("profile", str(r_csv), "-c", "age", "--dropna", "--null-string", "NA", "--format", "csv")
    assert code == 0, err
    assert pd.read_csv(io.StringIO(out))["values"].tolist() == [4] and "looks numeric" not in err
    semi = tmp_path / "s.csv"
    semi.write_text("1;x\n2;y\n2;y\n")
    code, out, err = cli("profile", str(semi), "--delimiter", ";", "--no-header", "--format", "csv")
    assert code == 0, err
    assert pd.read_csv(io.StringIO(out))["values"].tolist() == [3, 3]
    code, out, err = cli(
        "profile", str(r_csv), "-c", "age", "--null-string", "NA", "--types", "age=VARCHAR", "--format", "csv"
    )
    assert code == 0, err
    code, _, err = cli("profile", str(r_csv), "--types", "age")
    assert code == 2 and "COL=TYPE" in err


def test_a_ragged_csv_is_not_one_column_named_a_comma_b(tmp_path):
    path = tmp_path / "rag.csv"
    path.write_text("a,b\n1,2\n3,4,5\n6,7\n")
    with pytest.raises(sqlpriv.SourceError, match=r"one column named 'a,b'.*delimiter"):
        sqlpriv.privacy_profile(str(path))
    code, _, err = cli("profile", str(path))
    assert code == 1 and "one column named 'a,b'" in err
