"""``Generalization.compare()`` and ``.apply(levels)`` at ARX's chosen node, for all eight recorded
ARX configurations (benchmarks/reference/arx_generalize_adult.json, see tests/test_generalize_arx.py):
the after figures equal ARX's output statistics (suppressed records, classes, smallest class,
average class size; ARX leaves suppressed records out of its classes, as compare does) and the
released rows equal ARX's by digest. ARX's node is applied directly, so this also covers the two
discernibility configurations with 5% suppression whose search is too slow for CI. The before
figures are counted here with Counter on the same file."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest

import sqlpriv

ROOT = Path(__file__).resolve().parent.parent
ADULT_DIR = ROOT / "benchmarks" / "reference" / "arx_adult"
CONFIGS = json.loads((ROOT / "benchmarks" / "reference" / "arx_generalize_adult.json").read_text())["configurations"]
QIS = ["sex", "age", "race", "marital-status", "education", "native-country", "workclass", "occupation", "salary-class"]


@pytest.fixture(scope="module")
def adult() -> pd.DataFrame:
    return pd.read_csv(ADULT_DIR / "adult.csv", sep=";", dtype=str, keep_default_na=False)


@pytest.fixture(scope="module")
def searched(adult: pd.DataFrame) -> dict[int, object]:
    """One generalization per k with a 5% suppression limit: ARX's nodes with limit 0 have no
    class below k, so applying them under a 5% limit suppresses nothing, as ARX did."""
    h = {q: str(ADULT_DIR / f"adult_hierarchy_{q}.csv") for q in QIS}
    return {k: sqlpriv.generalize(adult, h, k=k, suppression_limit=0.05) for k in (2, 5)}


@pytest.mark.slow
@pytest.mark.parametrize("c", CONFIGS, ids=[c["name"] for c in CONFIGS])
def test_compare_and_apply_at_arx_node_equal_arx(searched: dict, adult: pd.DataFrame, c: dict) -> None:
    g = searched[c["k"]]
    n = len(adult)
    got = g.compare(c["best"], measures=False).df().set_index("figure")  # type: ignore[attr-defined]
    hist = {int(size): count for size, count in c["class_size_histogram"].items()}
    kept = n - c["suppressed_records"]
    after = {
        "rows": n,
        "suppressed_rows": c["suppressed_records"],
        "classes": c["classes"],
        "smallest_class (k)": c["smallest_class"],
        "unique_share": hist.get(1, 0) / n,
        "average_risk": 1 / c["average_class_size"],  # ARX: kept records / classes
        "highest_risk": 1 / c["smallest_class"],
    }
    assert kept / c["classes"] == pytest.approx(c["average_class_size"], rel=1e-12)
    for figure, value in after.items():
        assert got.loc[figure, "after"] == pytest.approx(value, rel=1e-12), figure
    sizes = Counter(adult[QIS].itertuples(index=False))
    before = {
        "rows": n,
        "suppressed_rows": 0,
        "classes": len(sizes),
        "smallest_class (k)": min(sizes.values()),
        "unique_share": sum(1 for s in sizes.values() if s == 1) / n,
        "average_risk": len(sizes) / n,
        "highest_risk": 1 / min(sizes.values()),
    }
    for figure, value in before.items():
        assert got.loc[figure, "before"] == pytest.approx(value, rel=1e-12), figure
    rel = g.apply(c["best"]).df()  # type: ignore[attr-defined]
    rows = sorted(";".join(str(v) for v in row) for row in rel[QIS].itertuples(index=False))
    assert hashlib.sha256("\n".join(rows).encode()).hexdigest() == c["output"]["sha256_rows_sorted"]
