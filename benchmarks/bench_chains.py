"""Single-statement chains (the dbt models' and `sqlpriv sql query`'s SQL) against the Python
plan on the same data. Prints figures; records nothing itself.

    python benchmarks/bench_chains.py            # 7.5M voters x 5 (about 30 s)
    python benchmarks/bench_chains.py --quick    # CI: 200k voters, fails if a chain is 10x the plan

Data: synthetic voter rolls (examples/voters.py) cached under benchmarks/data/, as for
bench_shapley.py.
"""

from __future__ import annotations

import argparse
import platform
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_shapley import VOTER_COLUMNS, voters_file  # noqa: E402


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="200k rows; fail if a chain takes 10x the plan")
    parser.add_argument("--rows", type=int, default=7_500_000)
    args = parser.parse_args()
    rows = 200_000 if args.quick else args.rows

    import duckdb

    import sqlpriv
    from sqlpriv.engine.connection import connect
    from sqlpriv.engine.templates import call, render
    from sqlpriv.pif.measure import information_factors

    path = str(voters_file(rows))
    print(f"# machine: {platform.machine()}, Python {platform.python_version()}, duckdb {duckdb.__version__}")
    con = connect()
    con.execute(render("engine/source_view.sql", view="voters", reader="read_parquet", path=path))
    out = Path(tempfile.mkdtemp()) / "out.parquet"

    def chain(macro: str, to_file: bool, **params) -> None:
        sql = call(macro, source="voters", columns=VOTER_COLUMNS, **params)
        if to_file:
            con.execute(render("engine/copy_to.sql", query=sql, path=str(out), fmt="parquet"))
        else:
            con.execute(sql).fetchall()

    cases = [
        (
            "per-row Shapley values to Parquet",
            lambda: chain("shapley_query", True, output="per_row"),
            lambda: sqlpriv.uniqueness_shapley(path, VOTER_COLUMNS).per_row().to_parquet(str(out)),
        ),
        (
            "Shapley summary",
            lambda: chain("shapley_query", False, output="summary"),
            lambda: sqlpriv.uniqueness_shapley(path, VOTER_COLUMNS).summary().df(),
        ),
        (
            "per-row CIG to Parquet",
            lambda: chain("pif_query", True, measure="cig"),
            lambda: information_factors(path, VOTER_COLUMNS).cig().to_parquet(str(out)),
        ),
    ]
    worst = 0.0
    for name, one_statement, plan in cases:
        a, b = timed(one_statement), timed(plan)
        worst = max(worst, a / b)
        print(f"voters {rows:,} x {len(VOTER_COLUMNS)}: {name}: one statement {a:.2f} s, Python plan {b:.2f} s")
    if args.quick and worst > 10:
        raise SystemExit(f"a single-statement chain took {worst:.1f}x the Python plan (limit 10x)")


if __name__ == "__main__":
    main()
