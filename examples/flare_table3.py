"""Table 3 of Seiler, Mase & Owen (2023), "What makes you unique?", from the bundled
UCI solar flare data: marginal entropy, global uniqueness Shapley value, and the mean
Shapley value over regions with at least one common (C), moderate (M) or severe (X) flare.

Run:  python examples/flare_table3.py [--sql]

Data: UCI Machine Learning Repository, Solar Flare (second file), CC BY 4.0 --
Dua, D. and Graff, C. (2017), see examples/data/README.md.
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

import pandas as pd

import sqlpriv

PREDICTORS = [
    "class",
    "largest_spot_size",
    "spot_distribution",
    "activity",
    "evolution",
    "past_activity",
    "historically_complex",
    "hc_past",
    "area",
]
SUBGROUPS = {"C>0": "C > 0", "M>0": "M > 0", "X>0": "X > 0"}


def table3(path: str) -> tuple[pd.DataFrame, sqlpriv.ShapleyResult]:
    result = sqlpriv.uniqueness_shapley(path, columns=PREDICTORS)
    table = result.summary().df().set_index("column")[["entropy", "shapley"]]
    table.insert(1, "entropy_nats", table["entropy"] * math.log(2))
    for label, expr in SUBGROUPS.items():
        by = result.by(expr).df()
        table[label] = by[by["level"] == True].iloc[0][PREDICTORS].astype(float).to_numpy()  # noqa: E712
    return table, result


def main() -> None:
    local = Path(__file__).parent / "data" / "flare.csv"
    path = str(local) if local.is_file() else sqlpriv.example_path("flare.csv")
    start = time.perf_counter()
    table, result = table3(path)
    per_row = result.per_row().df()
    elapsed = time.perf_counter() - start
    if "--sql" in sys.argv:
        print(result.summary().sql)
        return
    print("Uniqueness Shapley values, UCI solar flare (n = %d regions, bits)" % result.n)
    print("cf. Seiler, Mase & Owen (2023), Table 3 (its entropy column is in nats)\n")
    print(table.to_string(float_format=lambda x: f"{x:.4f}"))
    print(
        f"\nper-row values: {per_row.shape[0]} rows x {per_row.shape[1] - 1} columns; "
        f"most identifying row: {int(per_row[PREDICTORS].sum(axis=1).idxmax())}"
    )
    print(f"computed in {elapsed:.2f} s (per-row values, summary and three subgroups)")


if __name__ == "__main__":
    main()
