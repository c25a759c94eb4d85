"""The released table of sqlpriv.generalize keeps the source's row order (issue 28): row i of
``apply()`` (and of ``release_sql()``, with ``flag=True`` too) is row i of the source, for a
DataFrame, a DuckDB relation, a table and a view on a passed ``con=``, a pyarrow table and a
file, against an oracle written here in pandas (each quasi-identifier's label at the node's
level; the class sizes of the labels; ARX's suppression rule: a record of a class smaller than k
has every quasi-identifier '*' when at most floor(limit x n) records are). The order is lost by
the window of generalize/release.sql and by the joins of generalize/released.sql where the
search suppresses records, so every case below includes nodes that suppress.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import duckdb
import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sqlpriv

VALUES = [f"v{i}" for i in range(6)]
# age: expressions (computed per row); q0..q2: table hierarchies (a middle level joins a mapping)
HIERARCHIES: dict[str, Any] = {
    "age": ["age // 5 * 5", "age // 20 * 20"],
    **{f"q{j}": {v: [f"g{i // 2}", f"h{i // 4}"] for i, v in enumerate(VALUES)} for j in range(3)},
}
HEIGHTS = {"age": 4, "q0": 4, "q1": 4, "q2": 4}


def frame(n: int, seed: int, qis: int = 3) -> pd.DataFrame:
    """n rows: an integer age, `qis` text columns (skewed, so some classes are small), an id and
    a float that are no quasi-identifiers."""
    rng = np.random.default_rng(seed)
    weights = np.array([0.4, 0.3, 0.15, 0.1, 0.04, 0.01])
    data: dict[str, Any] = {"age": rng.integers(0, 90, n)}
    for j in range(qis):
        data[f"q{j}"] = rng.choice(VALUES, n, p=weights)
    data["id"] = np.arange(n)
    data["x"] = rng.random(n)
    return pd.DataFrame(data)


def label(df: pd.DataFrame, column: str, level: int) -> pd.Series:
    """The label of each row's value at `level`, as text (the oracle: plain pandas)."""
    if level == HEIGHTS[column] - 1:
        return pd.Series(["*"] * len(df), index=df.index)
    if column == "age":
        return (df["age"] // (1, 5, 20)[level] * (1, 5, 20)[level]).astype(str)
    if level == 0:
        return df[column].astype(str)
    return df[column].map(lambda v: HIERARCHIES[column][v][level - 1])


def oracle(df: pd.DataFrame, node: dict[str, int], k: int, limit: float) -> tuple[pd.DataFrame, pd.Series]:
    """The released rows in the source's order and the flag of the suppressed ones."""
    qis = list(node)
    out = df.copy()
    for c in qis:
        out[c] = label(df, c, node[c])
    sizes = out.groupby(qis, sort=False)[qis[0]].transform("size")
    small = sizes < k
    applied = 0 < int(small.sum()) <= math.floor(limit * len(df) + 1e-9)
    suppressed = small & applied
    for c in qis:
        out.loc[suppressed, c] = "*"
    return out, suppressed.rename("__sqlpriv_suppressed")


def check_release(got: pd.DataFrame, df: pd.DataFrame, node: dict[str, int], k: int, limit: float) -> bool:
    """Assert `got` is the oracle's release row by row; True when the node suppresses records."""
    want, suppressed = oracle(df, node, k, limit)
    assert list(got.columns[: len(df.columns)]) == list(df.columns)
    for c in df.columns:
        assert got[c].tolist() == want[c].tolist(), (node, c)
    if "__sqlpriv_suppressed" in got.columns:
        assert got["__sqlpriv_suppressed"].tolist() == suppressed.tolist(), node
    return bool(suppressed.any())


NODES = [
    {"age": 1, "q0": 1, "q1": 0, "q2": 2},
    {"age": 1, "q0": 1, "q1": 1, "q2": 1},
    {"age": 2, "q0": 0, "q1": 1, "q2": 1},
    {"age": 0, "q0": 2, "q1": 2, "q2": 3},
    {"age": 3, "q0": 3, "q1": 3, "q2": 3},  # one class: nothing suppressed
]


def sources(df: pd.DataFrame, tmp_path: Path) -> dict[str, tuple[Any, duckdb.DuckDBPyConnection | None]]:
    con = duckdb.connect()
    con.execute("set threads = 2")
    con.register("frame_view", df)
    con.execute("create table people as select * from frame_view")
    con.execute("create view people_view as select * from people")
    path = tmp_path / "people.parquet"
    df.to_parquet(path, index=False)
    return {
        "dataframe": (df, None),
        "relation": (con.sql("select * from people"), con),
        "table": ("people", con),
        "view": ("people_view", con),
        "arrow": (pa.Table.from_pandas(df, preserve_index=False), None),
        "parquet": (str(path), None),
    }


@pytest.mark.parametrize("kind", ["dataframe", "relation", "table", "view", "arrow", "parquet"])
def test_release_keeps_the_source_order_for_every_kind_of_source(kind: str, tmp_path: Path) -> None:
    df = frame(20_000, seed=1)
    source, con = sources(df, tmp_path)[kind]
    g = sqlpriv.generalize(source, HIERARCHIES, k=5, suppression_limit=0.05, con=con, threads=None if con else 2)
    assert g.best is not None
    nodes = [g.best, *NODES]
    suppressing = [check_release(g.apply(node).df(), df, node, 5, 0.05) for node in nodes]
    assert any(suppressing) and not all(suppressing), suppressing  # both kinds of node are checked
    # the printed SELECT, with the flag compare() reads, on the generalization's connection
    for node in nodes[:3]:
        check_release(g.plan.con.sql(g.release_sql(node, flag=True)).df(), df, node, 5, 0.05)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(1, 3000),
    seed=st.integers(0, 2**16),
    k=st.integers(1, 6),
    limit=st.sampled_from([0.0, 0.01, 0.05, 0.2, 1.0]),
    levels=st.tuples(*[st.integers(0, 3)] * 3),
)
def test_release_of_a_dataframe_is_row_aligned_with_it(
    n: int, seed: int, k: int, limit: float, levels: tuple[int, ...]
) -> None:
    df = frame(n, seed, qis=2)
    hier = {c: HIERARCHIES[c] for c in ("age", "q0", "q1")}
    g = sqlpriv.generalize(df, hier, k=k, suppression_limit=limit, threads=2)
    node = dict(zip(hier, levels))
    check_release(g.apply(node).df(), df, node, k, limit)
    if g.best is not None:
        check_release(g.apply().df(), df, g.best, k, limit)


@pytest.mark.slow
@pytest.mark.parametrize("threads", [2, 4])
def test_release_of_a_large_frame_keeps_its_order_on_several_threads(threads: int) -> None:
    """300k rows (several row groups, so DuckDB scans in parallel): a DataFrame (the window
    SELECT) and a pyarrow table (the joins to the search's tables), nodes with and without
    suppression, with the flag too."""
    df = frame(300_000, seed=3)
    for source in (df, pa.Table.from_pandas(df, preserve_index=False)):
        g = sqlpriv.generalize(source, HIERARCHIES, k=5, suppression_limit=0.05, threads=threads)
        suppressing = []
        for node in NODES[:4]:
            suppressing.append(check_release(g.apply(node).df(), df, node, 5, 0.05))
            check_release(g.plan.con.sql(g.release_sql(node, flag=True)).df(), df, node, 5, 0.05)
        assert any(suppressing), suppressing


@pytest.mark.parametrize(
    "names",
    [
        {"q0": "key", "q1": "l1", "x": "l2"},  # table hierarchies on the mappings' own column names
        {"age": "key", "q2": "label", "id": "l1"},  # an expression hierarchy on one; other columns on the rest
    ],
)
@pytest.mark.parametrize("kind", ["frame", "parquet"])
def test_columns_named_like_a_mappings_columns(tmp_path, names, kind):
    """A source column named like a column of the mapping tables the release joins (key, l1, ...)
    is read from the source alone: the release equals the oracle's row by row (before, a
    quasi-identifier named key or l1 of a DataFrame failed with an ambiguous reference)."""
    df = frame(20_000, seed=1)
    back = {v: c for c, v in names.items()}
    hier = {names.get(c, c): h for c, h in HIERARCHIES.items()}
    if "age" in names:
        hier[names["age"]] = [e.replace("age", f'"{names["age"]}"') for e in HIERARCHIES["age"]]
    source: Any = df.rename(columns=names)
    if kind == "parquet":
        source.to_parquet(tmp_path / "renamed.parquet")
        source = str(tmp_path / "renamed.parquet")
    g = sqlpriv.generalize(source, hier, k=5, suppression_limit=0.05, threads=2)
    assert g.best is not None
    suppressing = []
    for node in [{back.get(c, c): v for c, v in g.best.items()}, *NODES]:
        got = g.apply({names.get(c, c): v for c, v in node.items()}).df().rename(columns=back)
        suppressing.append(check_release(got, df, node, 5, 0.05))
    assert any(suppressing) and not all(suppressing), suppressing
