"""The sampled per-pattern values of a wide table are summed chunk by chunk of the lattice
(``sqlpriv.shapley.sampling.sampled_phi_statements``); each chunk reads its subsets from a table
of their own (``shapley/chunk_subsets.sql``), so that the planner knows how many (pattern, subset)
pairs it joins to the cell terms: filtered inside the chunk, their number was a guess and DuckDB
2.0.1 built its hash table on the pairs, the larger side (40 columns x 100k rows: 69 s instead of
27 s for the first chunk). Checked here: each chunk's subsets table holds exactly the subsets of
its sizes, the planner's estimate of it is its true size, and the values do not depend on the
chunking."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.engine import plan as plan_module
from sqlpriv.shapley import sampling as shapley_sampling

D = 22  # from SHARED_PHI_MIN_COLUMNS (20) on, the chunks read the shared lattice


def _frame(seed: int, n: int = 300) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    latent = rng.integers(0, 3, size=(n, 2))
    return pd.DataFrame({f"c{j}": (latent[:, j % 2] + rng.integers(0, 2 + j % 3, n)) % (2 + j % 4) for j in range(D)})


def _scans(node: dict, out: list[tuple[str, int]]) -> list[tuple[str, int]]:
    extra = node.get("extra_info", {})
    if node.get("name") == "SEQ_SCAN" and "Table" in extra:
        out.append((str(extra["Table"]).split(".")[-1], int(extra["Estimated Cardinality"])))
    for child in node.get("children", []):
        _scans(child, out)
    return out


@pytest.mark.parametrize("seed", [0, 1])
def test_each_chunk_reads_its_subsets_from_a_table_the_planner_counts(monkeypatch, seed):
    df = _frame(seed)
    whole = sqlpriv.uniqueness_shapley(df, method="sample", samples=24).per_row().df()
    monkeypatch.setattr(shapley_sampling, "WIDE_PHI_CHUNK_ROWS", 2_000)  # several chunks
    seen: list[tuple[int, int, int, int]] = []  # per chunk: its subsets, their estimate, size range
    original = plan_module.run

    def spy(con, sql, params=None):
        result = original(con, sql, params)
        if sql.startswith('create or replace temp table "') and "_subsets" in sql.split(" as\n", 1)[0]:
            table = sql.split('"')[1]
            lo, hi = sql.rsplit("between ", 1)[1].split(" and ")
            rows, low, high = con.execute(f'select count(*), min(size), max(size) from "{table}"').fetchone()
            plan = json.loads(con.execute(f'explain (format json) select * from "{table}"').fetchall()[0][1])
            estimate = dict(_scans(plan[0], []))[table]
            seen.append((rows, estimate, int(lo), int(hi)))
            assert low is None or int(lo) <= low <= high <= int(hi)
        return result

    for module in (plan_module, shapley_sampling):
        monkeypatch.setattr(module, "run", spy, raising=False)
    chunked = sqlpriv.uniqueness_shapley(df, method="sample", samples=24).per_row().df()
    assert len(seen) > 1
    assert all(rows == estimate for rows, estimate, _, _ in seen)  # the planner's count is exact
    # the chunks' size ranges tile 0..D: strata lo..hi read sizes lo..hi + 1
    ranges = sorted((lo, hi) for _, _, lo, hi in seen)
    assert ranges[0][0] == 0 and ranges[-1][1] >= D - 1
    assert all(b[0] == a[1] for a, b in zip(ranges, ranges[1:]))
    pd.testing.assert_frame_equal(chunked, whole, rtol=1e-9, atol=1e-12)
