"""The released table of sqlpriv.generalize (issue 28) from the search's tables (a file or pyarrow
source: generalize/released.sql joined to generalize/suppressed.sql) against

- a brute force written here in plain Python (labels, class sizes, ARX's suppression rule) on
  random tables and random table hierarchies, for every node of the lattice;
- the standalone SELECT (generalize/release.sql, the window over the rows: what a DataFrame source
  and `.sql` / Spark / dbt use) for builder and expression hierarchies, missing values included;
- ARX's own released rows (SHA-256 recorded in benchmarks/reference/arx_generalize_adult.json).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import random
from collections import Counter
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pytest

import sqlpriv
from sqlpriv import hierarchy

ROOT = Path(__file__).resolve().parent.parent
ADULT_DIR = ROOT / "benchmarks" / "reference" / "arx_adult"
REFERENCE = json.loads((ROOT / "benchmarks" / "reference" / "arx_generalize_adult.json").read_text())
QIS = ["sex", "age", "race", "marital-status", "education", "native-country", "workclass", "occupation", "salary-class"]


def random_table(seed: int) -> tuple[pd.DataFrame, dict]:
    """2-3 text columns with nested random hierarchies, a non-QI column, 1-60 rows."""
    rng = random.Random(seed)
    hier, data = {}, {}
    n = rng.randint(1, 60)
    for j in range(rng.randint(2, 3)):
        values = [f"v{j}{i}" for i in range(rng.randint(2, 6))]
        chain: dict[str, list[str]] = {v: [] for v in values}
        groups = sorted(values)
        for level in range(1, rng.randint(1, 3)):
            size = rng.randint(1, max(1, len(set(groups)) - 1))
            parent = {g: f"L{level}_{rng.randrange(size)}" for g in sorted(set(groups))}
            for v in values:
                chain[v].append(parent[chain[v][-1] if chain[v] else v])
            groups = [chain[v][-1] for v in values]
        hier[f"q{j}"] = {v: [*chain[v], "*"] for v in values}
        data[f"q{j}"] = rng.choices(values, [rng.random() ** 2 + 0.01 for _ in values], k=n)
    data["other"] = list(range(n))
    return pd.DataFrame(data), hier


def brute_release(df: pd.DataFrame, hier: dict, node: tuple[int, ...], k: int, limit: float) -> list[tuple]:
    """ARX's released rows at ``node``: labels, and every QI '*' for a record of a class smaller
    than k when at most floor(limit x n) records are (otherwise nothing is suppressed)."""
    cols = list(hier)
    labels = [
        tuple(v if level == 0 else hier[c][v][level - 1] for c, level, v in zip(cols, node, row))
        for row in df[cols].itertuples(index=False)
    ]
    sizes = Counter(labels)
    small = [i for i, key in enumerate(labels) if sizes[key] < k]
    applied = len(small) <= math.floor(limit * len(df) + 1e-9)
    out = []
    for key, other in zip(labels, df["other"]):
        shown = ("*",) * len(cols) if applied and sizes[key] < k else key
        out.append((*shown, other))
    return sorted(out)


def rows_of(frame: pd.DataFrame, text: bool = False) -> list[tuple]:
    return sorted(tuple(str(v) if text else v for v in r) for r in frame.itertuples(index=False))


@pytest.mark.parametrize("seed,k,limit", [(0, 2, 0.0), (1, 2, 0.2), (2, 3, 0.1), (3, 2, 0.2), (4, 3, 0.3)])
def test_released_rows_equal_brute_force_at_every_node(seed: int, k: int, limit: float, tmp_path: Path) -> None:
    df, hier = random_table(seed)
    path = tmp_path / "t.csv"
    df.to_csv(path, index=False)
    for source in (pa.Table.from_pandas(df, preserve_index=False), str(path)) if seed < 2 else (str(path),):
        g = sqlpriv.generalize(source, hier, k=k, suppression_limit=limit)
        assert g.stable is not None  # released from the search's tables
        heights = [len(next(iter(h.values()))) + 1 for h in hier.values()]
        for node in itertools.product(*[range(h) for h in heights]):
            got = g.apply(dict(zip(hier, node))).df()
            assert list(got.columns) == [*hier, "other"]
            assert rows_of(got) == brute_release(df, hier, node, k, limit), (seed, node)


def builder_frame() -> pd.DataFrame:
    rng = random.Random(7)
    n = 80
    return pd.DataFrame(
        {
            "age": [None if rng.random() < 0.1 else rng.randint(15, 80) for _ in range(n)],
            "zip": [rng.choice(["27514", "27515", "27601", "2760", "10001"]) for _ in range(n)],
            "day": pd.to_datetime([f"2024-{rng.randint(1, 3):02d}-{rng.randint(1, 28):02d}" for _ in range(n)]),
            "job": [rng.choice(["a", "b", "b", "c", "c", "c", "d"]) for _ in range(n)],
            "x": [rng.random() for _ in range(n)],
            # names the release's own tables use: they must stay the source's columns
            "key": list(range(n)),
            "l1": ["q"] * n,
        }
    )


BUILDERS = {
    "age": hierarchy.intervals(10, 20, bottom=20, top=70),
    "zip": hierarchy.mask(1, 2),
    "day": hierarchy.dates("month", "year"),
    "job": hierarchy.rare(12),
    "x": ["case when x < 0.5 then 'low' end"],  # an expression with missing labels (NULL)
}


@pytest.mark.parametrize("limit", [0.0, 0.1])
def test_builders_release_the_rows_of_the_standalone_select(limit: float) -> None:
    """Nodes of a 5-column lattice of builders (intervals with bottom/top coding and missing
    ages, masks, dates, rare values, an expression with NULL labels): the join on the search's
    tables releases the very rows the window SELECT does, and flags the same suppressed records."""
    df = builder_frame()
    g = sqlpriv.generalize(pa.Table.from_pandas(df, preserve_index=False), BUILDERS, k=3, suppression_limit=limit)
    assert g.stable is not None
    con = g.plan.con
    lattice = list(itertools.product(*[range(q.levels) for q in g.qis]))  # 576 nodes: a seeded sample
    for node in [lattice[0], lattice[-1], *random.Random(limit).sample(lattice, 14)]:
        levels = dict(zip(g.columns, node))
        fast = g.apply(levels).df()
        window = con.sql(g.release_sql(levels)).df()
        assert list(fast.columns) == list(df.columns)
        assert rows_of(fast, text=True) == rows_of(window, text=True), levels
    best = g.compare(measures=False).df()
    window_g = sqlpriv.generalize(df, BUILDERS, k=3, suppression_limit=limit)  # a DataFrame: the window SELECT
    assert window_g.stable is None and window_g.best == g.best
    pd.testing.assert_frame_equal(best, window_g.compare(measures=False).df())


def test_compare_on_a_file_equals_the_window_release(tmp_path: Path) -> None:
    """compare() with the other families' figures (they measure kept_table(), also released from
    the search's tables for a file) equals the figures of the same data as a DataFrame."""
    df, hier = random_table(11)
    df = pd.concat([df] * 3, ignore_index=True)
    path = tmp_path / "t.csv"
    df.to_csv(path, index=False)
    g = sqlpriv.generalize(str(path), hier, k=4, suppression_limit=0.1)
    w = sqlpriv.generalize(df, hier, k=4, suppression_limit=0.1)
    assert g.stable is not None and w.stable is None and g.best == w.best
    assert g.best_row is not None and g.best_row["suppressed"] == 6  # a middle level, and suppression
    pd.testing.assert_frame_equal(g.compare().df(), w.compare().df())
    name, rows = g.kept_table()
    assert rows == len(df) - int(g.best_row["suppressed"])


def test_a_changed_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    pd.DataFrame({"a": ["x", "y", "x", "y"], "b": [1, 2, 3, 4]}).to_csv(path, index=False)
    g = sqlpriv.generalize(str(path), {"a": {"x": ["*"], "y": ["*"]}}, k=2)
    assert len(g.apply().df()) == 4
    pd.DataFrame({"a": ["x", "y", "x"], "b": [1, 2, 3]}).to_csv(path, index=False)
    with pytest.raises(sqlpriv.SourceError, match="changed since it was generalized"):
        g.apply().df()


def test_empty_source_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("a,b\n")
    with pytest.raises(sqlpriv.EmptyInputError, match="no rows to generalize"):
        sqlpriv.generalize(str(path), {"a": {"x": ["*"]}})


@pytest.mark.slow
@pytest.mark.parametrize("k", [2, 5])
def test_adult_released_rows_equal_arx_s(k: int) -> None:
    """On ARX's adult data (read from its CSV file, so released from the search's tables) the
    rows released at ARX's nodes for k with 5% suppression, loss and discernibility, are ARX's,
    in ARX's order (the file's)."""
    g = sqlpriv.generalize(
        str(ADULT_DIR / "adult.csv"),
        {q: str(ADULT_DIR / f"adult_hierarchy_{q}.csv") for q in QIS},
        k=k,
        suppression_limit=0.05,
    )
    assert g.stable is not None
    for c in REFERENCE["configurations"]:
        if c["k"] != k or c["suppression_limit"] != 0.05:
            continue
        df = g.apply(c["best"]).df()
        rows = [";".join(str(v) for v in row) for row in df[QIS].itertuples(index=False)]
        assert sum(r == ";".join(["*"] * len(QIS)) for r in rows) == c["suppressed_records"]
        assert hashlib.sha256("\n".join(sorted(rows)).encode()).hexdigest() == c["output"]["sha256_rows_sorted"]
        # and in ARX's order, the file's: the join plan keeps the rows' order (a CSV view pinned
        # to its sniffed dialect keeps DuckDB's row estimate, so the same plan: session gen12)
        assert hashlib.sha256("\n".join(rows).encode()).hexdigest() == c["output"]["sha256_rows_in_input_order"]
