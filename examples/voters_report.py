"""The privacy report of a synthetic voter roll, with subgroups per county (the paper's Figure 1 view).

Generates the roll with ``examples/voters.py`` (no real person in it; written next to the report
as ``<report>.parquet``), then writes one offline
HTML report: overview, privacy profile, uniqueness Shapley values per column and per row
(Figure 2), mean Shapley value of race per county against the county's share of voters
(Figure 1 style), and the personal information factors.

Usage::

    python examples/voters_report.py --rows 1000000 -o voters_report.html

The same from the command line, on a roll written by ``examples/voters.py``::

    sqlpriv report voters.parquet -c zip_code -c race -c party -c gender -c age --by county \\
        --scatter-column race -o voters_report.html
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq

sys.path.insert(0, str(Path(__file__).resolve().parent))
from voters import generate

import sqlpriv

COLUMNS = ["zip_code", "race", "party", "gender", "age"]


def build(rows: int, output: str, seed: int = 0, progress: bool | None = None) -> Path:
    """Write a ``rows``-row synthetic voter roll next to ``output`` (same name, ``.parquet``)
    and its report to ``output``; returns the report's path."""
    roll = str(Path(output).with_suffix(".parquet"))
    tmp = roll + ".tmp"
    pq.write_table(generate(rows, seed), tmp)
    os.replace(tmp, roll)
    return sqlpriv.report(
        roll,
        COLUMNS,
        by=["county", "age < 32"],
        scatter_column="race",
        output=output,
        title=f"Privacy report: synthetic voter roll ({rows:,} voters)",
        progress=progress,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("-o", "--output", default="voters_report.html")
    args = parser.parse_args()
    start = time.perf_counter()
    path = build(args.rows, args.output, args.seed)
    print(f"wrote {path} ({args.rows:,} voters) in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
