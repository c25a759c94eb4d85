"""Issue 46: one per-row key name across families (``row``, the 0-based input position, where no
key column is given; the key column's own name where one is), in Python and in the CLI's
``--per-row`` files."""

from __future__ import annotations

import io
import json
import re
import warnings
from contextlib import redirect_stderr, redirect_stdout

import numpy as np
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


# --------------------------------------------------------------------------- --format json (issue 46 item 8)

KEY = re.compile(r"^[a-z][a-z0-9_]*$")
NUMBER = re.compile(r"^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$")
#: string values that are labels by design: the request's class-size bins ("1", ..., ">=k")
LABELS = {"class_size"}


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    rng = np.random.default_rng(0)
    n = 60
    df = pd.DataFrame(
        {
            "age": rng.integers(20, 60, n),
            "sex": rng.choice(["f", "m"], n),
            "zip": rng.choice(["a", "b", "c"], n),
            "dx": rng.choice(["p", "q", "r"], n),
            "pay": rng.integers(1, 9, n).astype(float),
        }
    )
    folder = tmp_path_factory.mktemp("json")
    df.to_csv(folder / "t.csv", index=False)
    df.sample(frac=1, random_state=1).to_csv(folder / "s.csv", index=False)
    df.iloc[:20].to_csv(folder / "c.csv", index=False)
    return folder


COMMANDS = {
    "shapley": ["shapley", "{t}", "-c", "age,sex,zip", "--by", "age < 40", "--by", "sex"],
    "pif": ["pif", "{t}", "-c", "age,sex,zip"],
    "risk": ["risk", "{t}", "-c", "age,sex,zip"],
    "uniques": ["uniques", "{t}", "-c", "age,sex,zip"],
    "disclosure": ["disclosure", "{t}", "-c", "age,sex", "--sensitive", "dx"],
    "profile": ["profile", "{t}"],
    "request": ["request", "{t}", "-c", "age,sex"],
    "anonymize": ["anonymize", "{t}", "--hierarchy", "age=intervals:5,10,20", "--k", "2"],
    "suppress": ["suppress", "{t}", "-c", "age,sex,zip", "-k", "2"],
    "microaggregate": ["microaggregate", "{t}", "-c", "pay"],
    "singling-out": ["singling-out", "{t}", "{s}", "-c", "age,sex,zip"],
    "singling-out-queries": ["singling-out-queries", "{t}", "{s}", "--control", "{c}", "--n-attacks", "20"],
    "linkability": ["linkability", "{t}", "{s}", "--control", "{c}", "--aux-a", "age,sex", "--aux-b", "zip,dx"],
    "inference": ["inference", "{t}", "{s}", "--control", "{c}", "--aux", "age,sex,zip", "--secret", "dx"],
    "dcr": ["dcr", "{t}", "{s}", "--control", "{c}"],
}


def walk(node, path=""):
    """Every (path, key, value) of the objects in ``node``."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield path, key, value
            yield from walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for item in node:
            yield from walk(item, f"{path}[]")


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_cli_json_output_has_identifier_keys_numbers_and_a_schema_version(tables, command):
    args = [a.format(t=tables / "t.csv", s=tables / "s.csv", c=tables / "c.csv") for a in COMMANDS[command]]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = main([*args, "--format", "json"])
    assert code in (0, 3, 4), err.getvalue()
    payload = json.loads(out.getvalue())
    assert isinstance(payload, dict) and next(iter(payload)) == "schema_version" and payload["schema_version"] == 2
    bad = [f"{path}/{key}" for path, key, _ in walk(payload) if not KEY.match(key)]
    assert not bad, bad
    texts = [
        f"{path}/{key}={value!r}"
        for path, key, value in walk(payload)
        if isinstance(value, str) and NUMBER.match(value) and key not in LABELS
    ]
    assert not texts, texts  # a number written as text


def test_json_figures_are_the_numbers_python_computes(tables):
    """The numbers in the JSON equal the Python API's (an independent path: no CLI formatting)."""
    path = str(tables / "t.csv")
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        main(["anonymize", path, "--hierarchy", "age=intervals:5,10,20", "--k", "2", "--format", "json"])
    payload = json.loads(out.getvalue())
    g = sqlpriv.generalize(path, {"age": sqlpriv.hierarchy.intervals(5, 10, 20)}, k=2)
    assert payload["best_node"] == [{"age": g.best["age"], "loss": [float(x) for x in g.best_score]}]
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        main(["shapley", path, "-c", "age,sex", "--by", "sex", "--format", "json"])
    payload = json.loads(out.getvalue())
    by = sqlpriv.uniqueness_shapley(path, ["age", "sex"]).by("sex").df()
    assert payload["by"][0]["expression"] == "sex"
    assert [lv["n"] for lv in payload["by"][0]["levels"]] == by["n"].tolist()
