"""``Generalization.compare()`` (issue 28): every before/after figure against a brute force
written here in plain Python (the release rebuilt from the hierarchies, classes counted with
Counter, uniqueness Shapley from tests/shapley_oracle.py, CIG / RIG / PIF_95 from the definition in
docs/measures.md §2 with numpy's percentile), and the gate's score and decision against
``assess_request`` run on the independently rebuilt released table."""

from __future__ import annotations

import math
import random
from collections import Counter

import numpy as np
import pandas as pd
import pytest
from shapley_oracle import shapley_per_row

import sqlpriv
from sqlpriv.engine.presentable import view_of

HIER = {
    "a": {f"{i}": [f"{i // 2 * 2}-{i // 2 * 2 + 1}", f"{i // 4 * 4}-{i // 4 * 4 + 3}", "*"] for i in range(8)},
    "b": {v: [g, "*"] for v, g in zip("pqrstu", "xxyyzz")},
    "c": {v: ["*"] for v in "mn"},
}


def table(seed: int, n: int = 70) -> pd.DataFrame:
    rng = random.Random(seed)
    return pd.DataFrame(
        {
            "a": [str(rng.randrange(8)) for _ in range(n)],
            "b": [rng.choice("pqrstu") for _ in range(n)],
            "c": [rng.choice("mn") for _ in range(n)],
            "other": range(n),
        }
    )


def release(df: pd.DataFrame, hier: dict, levels: dict, k: int, limit: float) -> tuple[list[tuple], list[tuple]]:
    """(all released keys, released keys of the records not suppressed), by brute force."""
    cols = list(hier)
    keys = [
        tuple(v if levels[c] == 0 else hier[c][v][levels[c] - 1] for c, v in zip(cols, row))
        for row in df[cols].itertuples(index=False)
    ]
    sizes = Counter(keys)
    small = [i for i, key in enumerate(keys) if sizes[key] < k]
    supp = set(small) if len(small) <= math.floor(limit * len(df) + 1e-9) else set()
    return keys, [key for i, key in enumerate(keys) if i not in supp]


def cig_rig(rows: list[tuple]) -> list[float]:
    """RIG per row: the sum over columns of CIG (docs/measures.md §2, no prior, accuracy 1)."""
    n, d = len(rows), len(rows[0])
    rig = [0.0] * n
    for j in range(d):
        marginal = Counter(r[j] for r in rows)
        for t in range(n):
            ctx = rows[t][:j] + rows[t][j + 1 :]
            cohort = Counter(r[j] for r in rows if r[:j] + r[j + 1 :] == ctx)
            m = sum(cohort.values())
            rig[t] += sum(c / m * math.log2((c / m) / (marginal[x] / n)) for x, c in cohort.items())
    return rig


def expected(df: pd.DataFrame, keys_all: list[tuple], kept: list[tuple], cols: list[str]) -> dict:
    before = [tuple(r) for r in df[cols].itertuples(index=False)]
    out = {}
    for side, rows, n_all in (("before", before, len(df)), ("after", kept, len(keys_all))):
        sizes = Counter(rows)
        out[side] = {
            "rows": n_all,
            "suppressed_rows": n_all - len(rows),
            "classes": len(sizes),
            "smallest_class (k)": min(sizes.values()),
            "unique_share": sum(1 for c in sizes.values() if c == 1) / n_all,
            "average_risk": len(sizes) / len(rows),
            "highest_risk": 1 / min(sizes.values()),
            "pif_95": float(np.percentile(cig_rig(rows), 95)) if len(cols) >= 2 else None,
        }
        phi = np.array(shapley_per_row(rows)).mean(axis=0)
        out[side].update({f"shapley ({c})": float(phi[j]) for j, c in enumerate(cols)})
    return out


@pytest.mark.parametrize(
    "seed,k,limit,cols", [(0, 3, 0.1, "abc"), (1, 2, 0.05, "ab"), (2, 4, 0.2, "abc"), (3, 2, 0.0, "a")]
)
def test_compare_equals_brute_force(seed, k, limit, cols):
    cols = list(cols)
    df = table(seed)
    hier = {c: HIER[c] for c in cols}
    g = sqlpriv.generalize(df, hier, k=k, suppression_limit=limit)
    assert g.best is not None
    keys_all, kept = release(df, hier, g.best, k, limit)
    want = expected(df, keys_all, kept, cols)
    got = g.compare().df().set_index("figure")
    assert list(got.index[:7]) == [
        "rows",
        "suppressed_rows",
        "classes",
        "smallest_class (k)",
        "unique_share",
        "average_risk",
        "highest_risk",
    ]
    assert list(got.index[7:]) == [*(f"shapley ({c})" for c in cols), "pif_95", "gate_score"]
    for side in ("before", "after"):
        for figure, value in want[side].items():
            if value is None:
                assert pd.isna(got.loc[figure, side]), figure
            else:
                assert got.loc[figure, side] == pytest.approx(value, abs=1e-9), (side, figure)
    # the gate: assess_request on the released records rebuilt here, and on the source
    kept_df = pd.DataFrame(kept, columns=cols)
    for side, frame in (("before", df[cols]), ("after", kept_df)):
        a = sqlpriv.assess_request(frame, cols, k=k, min_k=k)
        assert got.loc["gate_score", side] == pytest.approx(a.score, abs=1e-12)
        assert got.loc["gate_score", f"{side}_decision"] == a.decision
    if want["before"]["smallest_class (k)"] < k:  # the policy's k is the gate's min_k
        assert got.loc["gate_score", "before_decision"] in ("review", "reject")
    assert got.loc["gate_score", "after_decision"] != "reject" or a.score < 0.2
    assert got["before_decision"].iloc[:-1].isna().all()


def test_compare_without_measures_and_kept_table():
    df = table(5)
    g = sqlpriv.generalize(df, HIER, k=3, suppression_limit=0.1)
    quick = g.compare(measures=False).df()
    assert len(quick) == 7 and quick["after_decision"].isna().all()
    full = g.compare().df()
    pd.testing.assert_frame_equal(full.iloc[:7, :3].reset_index(drop=True), quick.iloc[:, :3])
    name, rows = g.kept_table()
    assert rows == len(df) - int(g.best_row["suppressed"])
    assert g.kept_table() == (name, rows)  # made once per node
    assert view_of(g, "compare_figures") is not None  # import sqlpriv registered it


def test_compare_every_record_suppressed_gives_no_after_measures():
    df = pd.DataFrame({"b": list("pqrs")})
    g = sqlpriv.generalize(df, {"b": HIER["b"]}, k=5, suppression_limit=1.0)
    got = g.compare(levels={"b": 0}).df().set_index("figure")
    assert got.loc["suppressed_rows", "after"] == 4
    assert pd.isna(got.loc["shapley (b)", "after"]) and pd.isna(got.loc["gate_score", "after"])
    assert got.loc["shapley (b)", "before"] == pytest.approx(2.0)  # four distinct values: 2 bits
    assert got.loc["gate_score", "after_decision"] is None


def test_compare_on_other_levels_and_repr():
    df = table(7)
    g = sqlpriv.generalize(df, HIER, k=2, suppression_limit=0.1)
    levels = {"a": 3, "b": 2, "c": 1}  # everything '*': one class, nothing unique
    got = g.compare(levels).df().set_index("figure")
    assert got.loc["classes", "after"] == 1 and got.loc["unique_share", "after"] == 0
    assert got.loc["shapley (a)", "after"] == pytest.approx(0.0, abs=1e-12)
    assert got.loc["pif_95", "after"] == pytest.approx(0.0, abs=1e-12)
    assert repr(g).startswith("<Generalization best=")


@pytest.mark.slow
def test_docs_before_after_table_is_what_compare_gives():
    """docs/generalize.md's worked example (adult to k = 5, 5% suppression; it was the README's):
    every number of its before / after table, to the digits printed, and the gate's decisions."""
    import itertools
    import re
    from pathlib import Path

    from sqlpriv import hierarchy

    root = Path(__file__).resolve().parents[1]
    section = (root / "docs" / "generalize.md").read_text(encoding="utf-8")
    lines = section[section.index("| figure | before | after |") :].splitlines()[2:]
    rows = [
        [c.strip() for c in ln.strip("|").split("|")]
        for ln in itertools.takewhile(lambda ln: ln.startswith("|"), lines)
    ]
    g = sqlpriv.generalize(
        str(root / "examples" / "data" / "adult.csv"),
        {"age": hierarchy.intervals(5, 10, 20), "education": hierarchy.rare(500), "race": hierarchy.rare(1000)},
        k=5,
        suppression_limit=0.05,
    )
    got = g.compare().df()
    assert len(rows) == len(got) == 12
    for (label, before, after), (_, r) in zip(rows, got.iterrows()):
        for cell, value, decision in (
            (before, r["before"], r["before_decision"]),
            (after, r["after"], r["after_decision"]),
        ):
            number = float(re.match(r"[\d,.]+", cell).group(0).replace(",", ""))
            digits = len(re.sub(r"\D", "", cell.split(" ")[0]).lstrip("0")) or 1
            assert float(f"{value:.{digits}g}") == pytest.approx(number, rel=1e-9), (label, cell, value)
            if decision is not None and not pd.isna(decision):
                assert f"({decision}" in cell, (label, cell)
