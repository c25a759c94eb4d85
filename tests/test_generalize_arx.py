"""sqlpriv.generalize against ARX, the reference tool (issue 28; docs/measures.md, generalization).

ARX (Apache-2.0) was run on its own adult data set and hierarchies (copied, with attribution, to
benchmarks/reference/arx_adult/) for the 8 configurations k 2/5 x suppression limit 0/5% x
metric loss (ARX ``Metric.createLossMetric(AggregateFunction.RANK)``) / discernibility (ARX
``Metric.createDiscernabilityMetric()``), all nine attributes as quasi-identifiers. What ARX chose
and reported is recorded in benchmarks/reference/arx_generalize_adult.json (re-recorded with
``python benchmarks/bench_generalize.py --arx DIR --record``; ARX itself is not needed here).
Each configuration must give the same node, the same score as ARX reports it, the same number of
suppressed records and the same released table (class sizes, and the released rows themselves,
compared by digest).

The reference file is checked on its own too (no sqlpriv code): the output figures are consistent
with each other, and ARX's discernibility equals the sum of squared class sizes plus n per
suppressed record, its definition.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest

import sqlpriv

ROOT = Path(__file__).resolve().parent.parent
REF_DIR = ROOT / "benchmarks" / "reference"
ADULT_DIR = REF_DIR / "arx_adult"
REFERENCE = json.loads((REF_DIR / "arx_generalize_adult.json").read_text())
CONFIGS = REFERENCE["configurations"]
# ARX's non-uniform entropy (Metric.createEntropyMetric(): MetricMDNUNMEntropy, gs-factor 0.5, SUM)
ENTROPY = REFERENCE["entropy_configurations"]
QIS = ["sex", "age", "race", "marital-status", "education", "native-country", "workclass", "occupation", "salary-class"]
N = 30162
# levels per hierarchy, level 0 included: the number of fields of a row of ARX's CSV
HEIGHTS = {q: len((ADULT_DIR / f"adult_hierarchy_{q}.csv").read_text().splitlines()[0].split(";")) for q in QIS}


def ids(c: dict) -> str:
    return c["name"]


# The search on the other configurations takes seconds to a minute each on a loaded 2-core
# machine (the discernibility ones with 5% suppression the longest): they run with
# SQLPRIV_ARX_ALL=1 (all 12 passed on branch gen2), and benchmarks/bench_generalize.py times them
# against ARX.
CI_CONFIGS = {"k2_s0.05_loss", "k5_s0.05_loss", "k5_s0_entropy"}
ALL = os.environ.get("SQLPRIV_ARX_ALL") == "1"
SEARCHED = [
    c if ALL or c["name"] in CI_CONFIGS else pytest.param(c, marks=pytest.mark.skip(reason="set SQLPRIV_ARX_ALL=1"))
    for c in CONFIGS
]
SEARCHED_ENTROPY = [
    c if ALL or c["name"] in CI_CONFIGS else pytest.param(c, marks=pytest.mark.skip(reason="set SQLPRIV_ARX_ALL=1"))
    for c in ENTROPY
]


# ----------------------------------------------------------------- the reference file, on its own


def test_reference_covers_the_eight_configurations() -> None:
    got = {(c["k"], c["suppression_limit"], c["metric"]) for c in CONFIGS}
    assert got == {(k, s, m) for k in (2, 5) for s in (0.0, 0.05) for m in ("loss", "discernibility")}
    for c in CONFIGS:
        assert set(c["best"]) == set(QIS)


@pytest.mark.parametrize("c", CONFIGS, ids=ids)
def test_reference_is_consistent(c: dict) -> None:
    hist = {int(size): count for size, count in c["class_size_histogram"].items()}
    assert sum(size * count for size, count in hist.items()) + c["suppressed_records"] == N
    assert sum(hist.values()) == c["classes"]
    assert min(hist) == c["smallest_class"] >= c["k"]
    assert max(hist) == c["largest_class"]
    assert c["suppressed_records"] <= c["suppression_limit"] * N
    assert c["output"]["rows"] == N
    if c["metric"] == "discernibility":
        # ARX's (non-monotonic) discernibility: |class|^2 per released class, n per suppressed record
        dm = sum(size * size * count for size, count in hist.items()) + c["suppressed_records"] * N
        assert c["score"]["discernibility"] == dm
    else:
        per_col = c["score"]["per_column_loss"]
        assert sorted(per_col.values(), reverse=True) == c["score"]["rank_vector"]
        assert all(0.0 <= v <= 1.0 for v in per_col.values())
        # ARX's loss (gsFactor 0.5): a column at its top level ('*') loses 1; a column at level 0
        # loses only its suppressed records: (s + (n - s)/|D| - n/|D|) / (n - n/|D|) = s / n,
        # rounded down to 10 decimals as ARX rounds
        for col, level in c["best"].items():
            if level == 0:
                assert per_col[col] == math.floor(c["suppressed_records"] / N * 1e10) / 1e10
            if level == HEIGHTS[col] - 1:
                assert per_col[col] == 1.0
        # RANK: the optimum's sorted vector is lexicographically smallest among the anonymous nodes ARX evaluated
        for node in c["lattice"]["best_anonymous_nodes"]:
            assert sorted(node["score"], reverse=True) >= c["score"]["rank_vector"]
    assert c["lattice"]["ties_with_optimum"] == 1


def test_reference_data_files_are_arx_s() -> None:
    digest = hashlib.sha256((ADULT_DIR / "adult.csv").read_bytes()).hexdigest()
    assert digest == "c700df9304fbf3c4d4db5938bffc510561bd4a2dfad285a3feef9a20619391c5"
    for q in QIS:
        assert (ADULT_DIR / f"adult_hierarchy_{q}.csv").is_file()


# ----------------------------------------------------------------- sqlpriv against ARX


@pytest.fixture(scope="module")
def adult() -> pd.DataFrame:
    # ARX reads every value as a string; so does this frame
    return pd.read_csv(ADULT_DIR / "adult.csv", sep=";", dtype=str, keep_default_na=False)


def hierarchies() -> dict[str, str]:
    return {q: str(ADULT_DIR / f"adult_hierarchy_{q}.csv") for q in QIS}


@pytest.fixture(scope="module")
def runs(adult: pd.DataFrame) -> dict:
    """sqlpriv.generalize per configuration, computed when a test first asks for it, then shared."""

    class Runs(dict):
        def __missing__(self, name: str) -> object:
            c = next(c for c in CONFIGS + ENTROPY if c["name"] == name)
            res = sqlpriv.generalize(
                adult, hierarchies(), k=c["k"], suppression_limit=c["suppression_limit"], metric=c["metric"]
            )
            self[name] = res
            return res

    return Runs()


def released_rows(res: object) -> list[str]:
    df = res.apply().df()  # type: ignore[attr-defined]
    return [";".join(str(v) for v in row) for row in df[QIS].itertuples(index=False)]


def assert_loss(score: object, c: dict) -> None:
    if isinstance(score, (list, tuple)) or hasattr(score, "tolist"):
        # the per-column loss vector, ranked as ARX's RANK aggregate ranks it
        values = list(score.tolist() if hasattr(score, "tolist") else score)  # type: ignore[union-attr]
        assert sorted(values, reverse=True) == pytest.approx(c["score"]["rank_vector"], abs=1e-10)
    else:
        # the sum of ARX's per-column losses (ARX rounds each down to 10 decimals)
        assert float(score) == pytest.approx(c["score"]["sum"], abs=1e-9)  # type: ignore[arg-type]


@pytest.mark.parametrize("c", SEARCHED, ids=ids)
def test_same_node_as_arx(runs: dict, c: dict) -> None:
    res = runs[c["name"]]
    assert res.meets_policy
    assert res.best == c["best"]


@pytest.mark.parametrize("c", SEARCHED, ids=ids)
def test_same_score_as_arx(runs: dict, c: dict) -> None:
    score = runs[c["name"]].best_score
    if c["metric"] == "discernibility":
        assert float(score) == c["score"]["discernibility"]
    else:
        assert_loss(score, c)


@pytest.mark.parametrize("c", SEARCHED, ids=ids)
def test_same_candidate_figures_as_arx(runs: dict, c: dict) -> None:
    cand = runs[c["name"]].candidates().df()
    row = cand
    for q in QIS:
        row = row[row[q] == c["best"][q]]
    assert len(row) == 1, f"the chosen node {c['best']} is not once in candidates()"
    row = row.iloc[0]
    assert int(row["suppressed"]) == c["suppressed_records"]
    assert bool(row["meets_policy"])
    if c["metric"] == "discernibility":
        assert float(row["discernibility"]) == c["score"]["discernibility"]
    else:
        assert_loss(row["loss"], c)
        per_col = [f"loss_{q}" for q in QIS]
        if all(name in row.index for name in per_col):
            # each column's loss, as ARX computes it (rounded down to 10 decimals)
            got = {q: float(row[f"loss_{q}"]) for q in QIS}
            assert got == pytest.approx(c["score"]["per_column_loss"], abs=1e-10)


@pytest.mark.parametrize("c", ENTROPY, ids=ids)
def test_entropy_reference_is_consistent(c: dict) -> None:
    hist = {int(size): count for size, count in c["class_size_histogram"].items()}
    assert sum(size * count for size, count in hist.items()) + c["suppressed_records"] == N
    assert c["suppressed_records"] <= c["suppression_limit"] * N and min(hist) >= c["k"]
    per_col = c["score"]["per_column_entropy"]
    assert sum(per_col.values()) == pytest.approx(c["score"]["sum"], rel=1e-15)
    # a column at level 0 with nothing suppressed loses nothing
    for col, level in c["best"].items():
        if level == 0 and c["suppressed_records"] == 0:
            assert per_col[col] == 0.0
    for node in c["lattice"]["best_anonymous_nodes"]:
        assert sum(node["score"]) >= c["score"]["sum"] - 1e-6
    assert c["lattice"]["ties_with_optimum"] == 1


def test_entropy_of_a_column_at_level_zero_and_top(adult: pd.DataFrame) -> None:
    """ARX's generalization entropy of a column at its top level is n x H(column) in bits,
    computed here from the data alone: the column's values' counts a give sum a log2(n / a)."""
    c = next(c for c in ENTROPY if c["name"] == "k2_s0_entropy")
    for col, level in c["best"].items():
        if level == HEIGHTS[col] - 1:
            counts = adult[col].value_counts()
            want = float(sum(a * math.log2(N / a) for a in counts))
            assert c["score"]["per_column_entropy"][col] == pytest.approx(want, rel=1e-12)


@pytest.mark.parametrize("c", SEARCHED_ENTROPY, ids=ids)
def test_same_entropy_optimum_as_arx(runs: dict, c: dict) -> None:
    res = runs[c["name"]]
    assert res.best == c["best"]
    assert float(res.best_score) == pytest.approx(c["score"]["sum"], rel=1e-14)
    row = res.best_row
    got = {q: float(row[f"entropy_{q}"]) for q in QIS}
    # each column's entropy as ARX reports it (both floor to 1e-10; the sums' order differs)
    assert got == pytest.approx(c["score"]["per_column_entropy"], abs=2e-10)
    assert int(row["suppressed"]) == c["suppressed_records"]


@pytest.mark.parametrize("c", SEARCHED + SEARCHED_ENTROPY, ids=ids)
def test_same_released_table_as_arx(runs: dict, c: dict) -> None:
    rows = released_rows(runs[c["name"]])
    assert len(rows) == N
    suppressed = ";".join(["*"] * len(QIS))
    assert sum(r == suppressed for r in rows) == c["suppressed_records"]
    sizes = Counter(r for r in rows if r != suppressed)
    hist = Counter(sizes.values())
    assert {str(size): count for size, count in sorted(hist.items())} == c["class_size_histogram"]
    assert len(sizes) == c["classes"]
    assert min(sizes.values()) == c["smallest_class"]
    # the very rows ARX released (every generalized value, every '*'), in any order
    assert hashlib.sha256("\n".join(sorted(rows)).encode()).hexdigest() == c["output"]["sha256_rows_sorted"]
