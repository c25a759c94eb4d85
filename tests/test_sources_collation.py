"""Text compares byte for byte, whatever collation a DuckDB table or connection declares (lead, 2026-11-25).

A column declared ``COLLATE NOCASE`` groups 'Ann', 'ANN' and 'ann' as one value in DuckDB. The
generalization counted them as one class of three, met k = 2 at the original level and released
the three texts unchanged: three uniques under a k of 2. Every family read such a column that way
(the Shapley entropy of six names was that of three). The text columns of a DuckDB table, view or
relation are now read ``COLLATE c``; a connection with a ``default_collation`` is refused with one
error saying what to set. The oracle: pandas, which compares text byte for byte.
"""

from __future__ import annotations

import math

import duckdb
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.errors import ParameterError

NAMES = ["Ann", "ANN", "ann", "Bob", "bob", "Cy", "Cy", "Émile", "Emile", "emile"]


def entropy(values: list[str]) -> float:
    """Shannon entropy (bits) of the values' byte-for-byte distribution."""
    counts = pd.Series(values).value_counts().to_numpy()
    n = counts.sum()
    return float(-sum(c / n * math.log2(c / n) for c in counts))


def collated(collation: str) -> duckdb.DuckDBPyConnection:
    con = duckdb.connect()
    con.execute(f"create table people (name varchar collate {collation}, z integer)")
    con.executemany("insert into people values (?, ?)", [(n, i % 2) for i, n in enumerate(NAMES)])
    return con


@pytest.mark.parametrize("collation", ["nocase", "noaccent", "nocase.noaccent"])
@pytest.mark.parametrize("as_relation", [False, True])
def test_shapley_entropy_counts_every_distinct_text(collation: str, as_relation: bool) -> None:
    con = collated(collation)
    grouped = con.execute("select count(*) from (select name from people group by name)").fetchone()
    assert grouped is not None and grouped[0] < len(set(NAMES))  # the collation does merge them in DuckDB
    source = con.table("people") if as_relation else "people"
    summary = sqlpriv.uniqueness_shapley(source, ["name"], con=con).summary().df()
    assert summary.loc[0, "entropy"] == pytest.approx(entropy(NAMES), abs=1e-12)
    frame = sqlpriv.uniqueness_shapley(pd.DataFrame({"name": NAMES}), ["name"]).summary().df()
    assert summary.loc[0, "entropy"] == pytest.approx(frame.loc[0, "entropy"], abs=1e-12)


def test_generalized_release_of_a_nocase_column_is_k_anonymous() -> None:
    con = collated("nocase")
    g = sqlpriv.generalize("people", {"name": sqlpriv.hierarchy.mask(1, 2)}, k=2, suppression_limit=0.3, con=con)
    released = g.apply().df()
    assert len(released) == len(NAMES)
    kept = released[released["name"] != "*"]
    sizes = kept.groupby("name")["name"].transform("size")
    assert (sizes >= 2).all(), released  # pandas: byte-for-byte classes of the released text
    # on the original texts only the two 'Cy' rows form a class: level 0 suppresses too many rows
    assert g.best["name"] > 0


def test_a_connection_with_a_default_collation_is_refused_with_the_setting_to_run() -> None:
    con = duckdb.connect()
    con.execute("set default_collation = 'nocase'")
    con.execute("create table t as select * from (values ('Ann'), ('ann'), ('Bob')) v(name)")
    with pytest.raises(ParameterError, match=r"default_collation = nocase .*set default_collation = ''"):
        sqlpriv.uniqueness_shapley("t", ["name"], con=con)
    con.execute("set default_collation = ''")
    summary = sqlpriv.uniqueness_shapley("t", ["name"], con=con).summary().df()
    assert summary.loc[0, "entropy"] == pytest.approx(entropy(["Ann", "ann", "Bob"]), abs=1e-12)
