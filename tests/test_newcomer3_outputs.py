"""Issue 46: one per-row key name across families (``row``, the 0-based input position, where no
key column is given; the key column's own name where one is), in Python and in the CLI's
``--per-row`` files."""

from __future__ import annotations

import io
import warnings
from contextlib import redirect_stderr, redirect_stdout

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main

DF = pd.DataFrame({"id": [10, 11, 12, 13, 14, 15], "a": [1, 2, 2, 3, 3, 3], "b": list("xxyyzz"), "s": list("pqpqpq")})

PER_ROW = {
    "shapley": lambda df, **kw: sqlpriv.uniqueness_shapley(df, ["a", "b"], **kw).per_row(),
    "risk": lambda df, **kw: sqlpriv.reidentification_risk(df, ["a", "b"], **kw).per_row(),
    "uniques": lambda df, **kw: sqlpriv.sample_uniques(df, ["a", "b"], **kw).per_row(),
    "disclosure": lambda df, **kw: sqlpriv.attribute_disclosure(df, ["a"], sensitive="s", **kw).per_row(),
    "suppression": lambda df, **kw: sqlpriv.local_suppression(df, ["a", "b"], k=2, **kw).per_row(),
}


@pytest.mark.parametrize("family", sorted(PER_ROW))
def test_every_per_row_table_names_its_input_order_key_row(family):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = PER_ROW[family](DF).df()
    assert got.columns[0] == "row", list(got.columns)
    assert got["row"].tolist() == list(range(len(DF)))  # the input positions, in input order


@pytest.mark.parametrize("family", ["shapley", "risk", "uniques", "disclosure"])
def test_a_key_column_keeps_its_own_name(family):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = PER_ROW[family](DF, key="id").df()
    assert got.columns[0] == "id" and got["id"].tolist() == DF["id"].tolist()


@pytest.mark.parametrize("command, option", [("shapley", "--per-row"), ("risk", "--per-row"), ("uniques", "--out")])
def test_cli_per_row_files_name_the_key_row(tmp_path, command, option):
    path, out = tmp_path / "t.csv", tmp_path / "per_row.csv"
    DF.drop(columns=["id", "s"]).to_csv(path, index=False)
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as err:
        code = main([command, str(path), "-c", "a,b", option, str(out)])
    assert code in (0, 3), err.getvalue()
    got = pd.read_csv(out)
    assert got.columns[0] == "row" and got["row"].tolist() == list(range(len(DF)))
