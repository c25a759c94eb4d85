"""Attribute disclosure against ARX (github.com/arx-deidentifier/arx, commit aacd487, Apache-2.0)
on ARX's adult data: distinct and entropy l-diversity, recursive (c,l) and t-closeness with the
equal, ordered and hierarchical distances (ARX's own hierarchies), for the seven settings in
benchmarks/reference/arx_diversity_adult.json (made by the `arx` helper with ARX's headless API;
how in its "source"). Every figure equals ARX's to 1e-9.

ARX orders a String column lexicographically for its ordered distance; sqlpriv uses the ordered
distance for numeric columns, so those figures are compared through the single statement with
`ordered=[column]` (DuckDB orders text by bytes, the same order on this ASCII data)."""

from __future__ import annotations

import json
import math

import duckdb
import pandas as pd
import pytest

from sqlpriv.disclosure.measure import attribute_disclosure, disclosure_query
from tests.conftest import REPO

REF = REPO / "benchmarks" / "reference"
DATA = REF / "arx_adult" / "adult.csv"
SETTINGS = json.loads((REF / "arx_diversity_adult.json").read_text(encoding="utf-8"))["settings"]
TOL = 1e-9


@pytest.fixture(scope="module")
def con():
    c = duckdb.connect()
    c.execute(f"create table adult as select * from read_csv('{DATA}', delim=';', header=true)")
    return c


def close(a: float, b: float) -> bool:
    return abs(a - b) <= TOL * max(1.0, abs(b))


@pytest.mark.parametrize("name", sorted(SETTINGS))
def test_equals_arx(con, name):
    s = SETTINGS[name]
    col, qis = s["sensitive"], s["quasi_identifiers"]
    tree = REF / "arx_adult" / f"adult_hierarchy_{col}.csv"
    r = attribute_disclosure("adult", qis, sensitive=col, con=con)
    summary = r.summary().df().iloc[0]
    classes = r.classes().df()
    assert summary["l_diversity"] == s["distinct_l_diversity"]
    # ARX's entropy l is real: the smallest exp(entropy) of a class
    assert close(classes["entropy_l"].min(), s["entropy_l_diversity"])
    assert summary["entropy_l_diversity"] == math.floor(s["entropy_l_diversity"] + 1e-9)
    # ARX gives the infimum of c (c > r1 / (r_l + ... + r_m)); sqlpriv the smallest integer c, at l = l_diversity
    infimum = s["recursive_c_infimum"].get(f"l={summary['l_diversity']}")
    if infimum is not None:
        assert summary["recursive_c"] == math.floor(infimum) + 1
    elif summary["l_diversity"] == 1:
        assert pd.isna(summary["recursive_c"])

    def t(**kw) -> float:
        sql = disclosure_query('"adult"', qis, [col], **kw)
        return con.execute(sql).df()["t_closeness"].iloc[0]

    assert close(t(), s["equal_distance_t_closeness"])
    assert close(t(ordered=[col]), s["ordered_distance_t_closeness"])
    assert close(t(hierarchies={col: str(tree)}), s["hierarchical_distance_t_closeness"])
    want = s["ordered_distance_t_closeness" if s["sensitive_data_type"] == "Integer" else "equal_distance_t_closeness"]
    assert close(summary["t_closeness"], want)
    hier = attribute_disclosure("adult", qis, sensitive=col, con=con, hierarchies={col: str(tree)})
    assert close(hier.summary().df()["t_closeness"].iloc[0], s["hierarchical_distance_t_closeness"])
