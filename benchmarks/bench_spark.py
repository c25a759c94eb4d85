"""Spark (pyspark local[N]) against DuckDB on the synthetic voter roll (examples/voters.py):
per-row uniqueness Shapley values to Parquet, and summary + 4 subgroup tables, at several sizes.

    python benchmarks/bench_spark.py                      # 7.5M rows: Spark vs DuckDB, then Spark at 1M / 7.5M / 30M
    python benchmarks/bench_spark.py --rows 1000000 --quick   # one size, both engines
    python benchmarks/bench_spark.py --rows 1000000 --quick --cases tables --compare --spark-only
                                                          # by() tables: standalone statements vs shared values

Each engine reads the same Parquet file. Times are wall-clock seconds of the measure alone (the
Spark session is started once, before; its start-up is printed separately). The 30M-row file is
the 7.5M-row roll written four times (the generator stops at 10M rows). Prints one line per
case; record the figures in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "examples"))

COLUMNS = ["zip_code", "race", "party", "gender", "age"]
BY = ["party", "gender", "race", "age < 32"]


def roll(rows: int, folder: Path) -> Path:
    """A Parquet voter roll of ``rows`` rows (cached in ``folder``)."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    from voters import MAX_ROWS, generate

    path = folder / f"voters_{rows}.parquet"
    if path.exists():
        return path
    if rows <= MAX_ROWS:
        pq.write_table(generate(rows, seed=0), path)
    else:
        base = generate(rows // 4, seed=0)
        pq.write_table(pa.concat_tables([base] * 4), path)
    return path


def timed(label: str, fn) -> float:
    start = time.perf_counter()
    fn()
    seconds = time.perf_counter() - start
    print(f"{label}: {seconds:.1f} s", flush=True)
    return seconds


def bench_spark(spark, path: Path, out: Path, rows: int, cases: str = "both", compare: bool = False) -> None:
    import sqlpriv

    frame = spark.read.parquet(str(path))
    r = sqlpriv.uniqueness_shapley(frame, columns=COLUMNS, key="voter_id")
    if cases in ("both", "per-row"):
        timed(
            f"spark  {rows:>11,} rows: per-row to Parquet",
            lambda: r.per_row().to_parquet(out / f"phi_spark_{rows}.parquet"),
        )
    if cases in ("both", "tables") and compare:
        # before issue 29: each by() table its own standalone statement (the printed SQL), which
        # rebuilds the cohorts, cells and per-pattern values; the same numbers
        standalone: list = []
        timed(
            f"spark  {rows:>11,} rows: 4 by() tables, standalone statements (before)",
            lambda: standalone.extend(spark.sql(r.by(expr).query).toPandas() for expr in BY),
        )
    if cases in ("both", "tables"):
        first = timed(f"spark  {rows:>11,} rows: summary", lambda: r.summary().df())
        shared: list = []
        rest = timed(
            f"spark  {rows:>11,} rows: 4 by() tables (one cached table of per-pattern values)",
            lambda: shared.extend(r.by(expr).df() for expr in BY),
        )
        print(f"spark  {rows:>11,} rows: summary + 4 by() tables: {first + rest:.1f} s", flush=True)
        if compare:
            import pandas as pd

            for a, b in zip(standalone, shared):
                key = a.columns[0]
                pd.testing.assert_frame_equal(
                    a.sort_values(key).reset_index(drop=True),
                    b.sort_values(key).reset_index(drop=True),
                    check_exact=False,
                    rtol=0,
                    atol=1e-9,
                )
            print(f"spark  {rows:>11,} rows: standalone and shared by() tables equal to 1e-9", flush=True)


def bench_duckdb(path: Path, out: Path, rows: int) -> None:
    import sqlpriv

    def per_row() -> None:
        sqlpriv.uniqueness_shapley(str(path), columns=COLUMNS, key="voter_id").per_row().to_parquet(
            out / f"phi_duckdb_{rows}.parquet"
        )

    def tables() -> None:
        r = sqlpriv.uniqueness_shapley(str(path), columns=COLUMNS, key="voter_id")
        [r.summary().df()] + [r.by(expr).df() for expr in BY]

    timed(f"duckdb {rows:>11,} rows: per-row to Parquet", per_row)
    timed(f"duckdb {rows:>11,} rows: summary + 4 by() tables", tables)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rows", type=int, action="append", help="roll sizes (default 7.5M vs DuckDB, then 1M, 30M on Spark)"
    )
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--spark-only", action="store_true", help="skip the DuckDB cases")
    parser.add_argument("--quick", action="store_true", help="the given sizes on both engines only")
    parser.add_argument(
        "--shuffle-partitions",
        type=int,
        help="spark.sql.shuffle.partitions (default: twice the local cores, as sqlpriv --engine spark sets; "
        "0 leaves Spark's 200)",
    )
    parser.add_argument(
        "--cases", choices=["both", "per-row", "tables"], default="both", help="which Spark cases to time"
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="also time the 4 by() tables as standalone statements (before issue 29) and check both agree",
    )
    parser.add_argument("--data", default=os.environ.get("SQLPRIV_BENCH_DATA", tempfile.gettempdir()))
    args = parser.parse_args()
    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    out = Path(tempfile.mkdtemp(prefix="sqlpriv-bench-spark-"))
    from pyspark.sql import SparkSession

    from sqlpriv.cli.common import local_cores

    partitions = args.shuffle_partitions
    if partitions is None:
        partitions = 2 * local_cores(args.master) if args.master.startswith("local") else 0
    start = time.perf_counter()
    builder = (
        SparkSession.builder.master(args.master)
        .appName("sqlpriv-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.memory", "6g")
    )
    if partitions:
        builder = builder.config("spark.sql.shuffle.partitions", str(partitions))
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    shuffle = spark.conf.get("spark.sql.shuffle.partitions")
    print(
        f"spark session ({args.master}, {shuffle} shuffle partitions) started in {time.perf_counter() - start:.1f} s",
        flush=True,
    )
    try:
        both = args.rows or [7_500_000]
        for rows in both:
            path = roll(rows, data)
            if not args.spark_only:
                bench_duckdb(path, out, rows)
            bench_spark(spark, path, out, rows, args.cases, args.compare)
        if not args.quick and not args.rows:
            for rows in (1_000_000, 30_000_000):
                bench_spark(spark, roll(rows, data), out, rows, args.cases)
    finally:
        spark.stop()
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
