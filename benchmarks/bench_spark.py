"""Spark (pyspark local[N]) against DuckDB on the synthetic voter roll (examples/voters.py):
per-row uniqueness Shapley values to Parquet, and summary + 4 subgroup tables, at several sizes;
with ``--families``, every family that runs on Spark (issue 45), each with its wall time and the
driver's peak memory (the driver JVM's and Python's peak resident set, VmHWM, reset before each
family through /proc/PID/clear_refs). On ``--master 'local-cluster[2,1,3584]'`` the driver JVM is
a process of its own (the executors are two other JVMs), so its peak is the driver's alone; on
``local[N]`` the executors live in the driver JVM. The attacks use a second draw of the generator
(seed 1, 20,000 rows; 200 rows for DCR, which is quadratic) as the synthetic table, 500 targets.

    python benchmarks/bench_spark.py --families --rows 1000000 --rows 10000000
                                                          # every family, DuckDB and Spark side by side
    python benchmarks/bench_spark.py --families --quick   # the same at 20,000 rows (a smoke run)
    python benchmarks/bench_spark.py --families --spark-only --master 'local-cluster[2,1,3584]' \
        --driver-memory 2g --executor-memory 3g --shuffle-partitions 4 --timeout 1800
                                                          # the driver apart from the executors
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
import contextlib
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


def roll(rows: int, folder: Path, seed: int = 0) -> Path:
    """A Parquet voter roll of ``rows`` rows (cached in ``folder``); ``seed`` 1 is the attacks'
    stand-in for a synthetic table (another draw from the same generator)."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    from voters import MAX_ROWS, generate

    path = folder / (f"voters_{rows}.parquet" if seed == 0 else f"voters_{rows}_s{seed}.parquet")
    if path.exists():
        return path
    if rows <= MAX_ROWS:
        pq.write_table(generate(rows, seed=seed), path)
    else:
        base = generate(rows // 4, seed=seed)
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


QIS = ["race", "gender", "age"]  # the request, risk and disclosure families' quasi-identifiers
SUPPRESS_KEYS = QIS  # local suppression's keys (1,848 patterns; small classes at every size)
SYNTHETIC_ROWS = 20_000  # the attacks' synthetic stand-in: another draw of the generator, seed 1
N_ATTACKS = 500  # anonymeter's scale of targets
DCR_ROWS = 200  # DCR compares every synthetic row with every original row: n x 200 distances


def more_families(source, synthetic, dcr_rows, spark, out: Path, tag: str) -> dict:
    """The families added for issue 45 (sampled Shapley, sample uniques, the cell treatments and the
    attacks of synthetic data): ``synthetic`` is the stand-in synthetic table, ``dcr_rows`` a smaller
    one (DCR is quadratic), each as ``source`` is given."""
    import sqlpriv

    on = {"spark": spark} if spark is not None and not hasattr(source, "sparkSession") else {}
    attack = {"n_attacks": N_ATTACKS, "seed": 0, **on}

    def sampled() -> None:
        r = sqlpriv.uniqueness_shapley(source, columns=COLUMNS, key="voter_id", method="sample", **on)
        r.summary().df()
        r.per_row().to_parquet(out / f"phi_sampled_{tag}.parquet")

    def uniques() -> None:
        u = sqlpriv.sample_uniques(source, COLUMNS, key="voter_id", **on)
        u.per_row().to_parquet(out / f"suda_{tag}.parquet")
        u.summary().df()

    return {
        "sampled shapley summary + per-row": sampled,
        "sample uniques: SUDA per-row + summary": uniques,
        "local suppression k=5 released to Parquet": lambda: (
            sqlpriv.local_suppression(source, SUPPRESS_KEYS, k=5, method="greedy", **on)
            .released()
            .to_parquet(out / f"suppressed_{tag}.parquet")
        ),
        "top coding age (99th percentile)": lambda: sqlpriv.top_bottom_code(
            source, "age", top=0.99, quantile=True, **on
        ).to_parquet(out / f"topcoded_{tag}.parquet"),
        "microaggregation onedims (age, k=3)": lambda: (
            sqlpriv.microaggregate(source, ["age"], aggr=3, method="onedims", **on)
            .released()
            .to_parquet(out / f"microagg_{tag}.parquet")
        ),
        "singling out (exhaustive) vs synthetic": lambda: (
            sqlpriv.singling_out(source, synthetic, columns=COLUMNS, progress=False, **on).summary().df()
        ),
        "singling out by queries (univariate)": lambda: sqlpriv.singling_out_queries(
            source, synthetic, **attack
        ).risk(),
        "linkability (500 targets)": lambda: sqlpriv.linkability(
            source, synthetic, (["zip_code", "race", "gender"], ["party", "age"]), **attack
        ).risk(),
        "inference of party (500 targets)": lambda: sqlpriv.inference(
            source, synthetic, ["zip_code", "race", "gender", "age"], "party", **attack
        ).risk(),
        f"DCR of {DCR_ROWS} synthetic rows": lambda: sqlpriv.dcr(
            source, dcr_rows, columns=COLUMNS, baseline=False, identifiability=False, **on
        ).summary(),
    }


def families(source, spark, out: Path, tag: str) -> dict:
    """Every family that runs on Spark, as what it runs: ``source`` is the Parquet path (DuckDB) or a
    Spark DataFrame (``spark`` given). Per-row outputs are written to Parquet, tables collected."""
    import sqlpriv
    from sqlpriv import hierarchy

    on = {"spark": spark} if spark is not None and not hasattr(source, "sparkSession") else {}
    shapley = sqlpriv.uniqueness_shapley(source, columns=COLUMNS, key="voter_id", **on)
    risk = sqlpriv.reidentification_risk(source, QIS, sampling_fraction=0.01, key="voter_id", **on)
    request = sqlpriv.assess_request(source, QIS, k=5, **on)
    hier = {
        "age": hierarchy.intervals(5, 10, 20),
        "zip_code": hierarchy.mask(1, 2, 3),
        "gender": {g: ["*"] for g in "FMU"},
    }
    return {
        "shapley per-row to Parquet": lambda: shapley.per_row().to_parquet(out / f"phi_{tag}.parquet"),
        "shapley summary + 4 by()": lambda: [shapley.summary().df()] + [shapley.by(e).df() for e in BY],
        "CIG per-row to Parquet": lambda: sqlpriv.cig(source, COLUMNS, key="voter_id", **on).to_parquet(
            out / f"cig_{tag}.parquet"
        ),
        "privacy profile": lambda: sqlpriv.privacy_profile(source, COLUMNS, **on).df(),
        "request report + fields + histogram": lambda: [
            request.report().df(),
            request.fields().df(),
            request.uniqueness().df(),
        ],
        "small classes (k=5)": lambda: sqlpriv.small_classes(source, QIS, k=5, **on).df(),
        "risk summary": lambda: risk.summary().df(),
        "risk per-row to Parquet": lambda: risk.per_row().to_parquet(out / f"risk_{tag}.parquet"),
        "disclosure summary + classes": lambda: [
            output().df()
            for d in [sqlpriv.attribute_disclosure(source, QIS, sensitive="party", **on)]
            for output in (d.summary, d.classes)
        ],
        "generalize search + release to Parquet": lambda: (
            sqlpriv.generalize(source, hier, k=5, suppression_limit=0.01, **on)
            .apply()
            .to_parquet(out / f"release_{tag}.parquet")
        ),
    }


def peak_kib(pid: int) -> int:
    """The peak resident set (VmHWM, KiB) of process ``pid`` since its last reset."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def reset_peak(pid: int) -> None:
    """Reset VmHWM to the current resident set (Linux: write 5 to /proc/PID/clear_refs)."""
    with contextlib.suppress(OSError):
        Path(f"/proc/{pid}/clear_refs").write_text("5")


def keep_cancelling(spark, done) -> None:
    """Cancel the session's jobs every 2 s until ``done`` is set (a case of many statements starts
    new jobs after each cancel; the first cancelled one raises in the case)."""
    while not done.is_set():
        spark.sparkContext.cancelAllJobs()
        done.wait(2)


def bench_families(
    spark,
    path: Path,
    out: Path,
    rows: int,
    spark_only: bool,
    only: list[str],
    timeout: float = 0,
    skip: tuple[str, ...] = (),
) -> list[tuple]:
    """Each family on DuckDB then on Spark: seconds and peak driver memory (MiB). A Spark case still
    running after ``timeout`` seconds (0: none) has its jobs cancelled and is recorded as such."""
    import threading

    jvm = int(spark._jvm.java.lang.ProcessHandle.current().pid()) if spark is not None else 0
    py = os.getpid()
    synthetic = [roll(SYNTHETIC_ROWS, path.parent, seed=1), roll(DCR_ROWS, path.parent, seed=1)]
    rows_out = []
    engines: list[tuple] = [] if spark_only else [("duckdb", str(path), [str(p) for p in synthetic], None)]
    if spark is not None:
        read = spark.read.parquet
        engines.append(("spark", read(str(path)), [read(str(p)) for p in synthetic], spark))
    for engine, source, synth, session in engines:
        tag = f"{engine}_{rows}"
        cases = {**families(source, session, out, tag), **more_families(source, *synth, session, out, tag)}
        for name, fn in cases.items():
            if (only and not any(o in name for o in only)) or any(x in name for x in skip):
                continue
            reset_peak(py)
            if jvm:
                reset_peak(jvm)
            timer = None
            if session is not None and timeout:
                timer = threading.Timer(timeout, keep_cancelling, (session, done := threading.Event()))
                timer.start()
            start = time.perf_counter()
            try:
                fn()
                status = "ok"
            except Exception as exc:  # a family that fails is recorded, the others still run
                status = f"failed: {type(exc).__name__}: {str(exc).splitlines()[0][:120]}"
            finally:
                if timer is not None:
                    timer.cancel()
                    done.set()
            seconds = time.perf_counter() - start
            if timer is not None and seconds >= timeout:
                status = f"cancelled after {timeout:.0f} s ({status})"
            jvm_mib, py_mib = (peak_kib(jvm) / 1024 if jvm else 0.0), peak_kib(py) / 1024
            print(
                f"{engine:6} {rows:>11,} rows | {name:40} | {seconds:8.1f} s | driver JVM {jvm_mib:7.0f} MiB"
                f" | Python {py_mib:7.0f} MiB | {status}",
                flush=True,
            )
            rows_out.append((engine, rows, name, seconds, jvm_mib, py_mib, status))
    return rows_out


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
    parser.add_argument("--duckdb-only", action="store_true", help="with --families: DuckDB alone, no Spark session")
    parser.add_argument("--families", action="store_true", help="every family that runs on Spark, with peak memory")
    parser.add_argument(
        "--only", action="append", default=[], help="with --families: families whose name contains this"
    )
    parser.add_argument("--skip", action="append", default=[], help="with --families: leave out cases so named")
    parser.add_argument("--timeout", type=float, default=0, help="with --families: cancel a Spark case after so many s")
    parser.add_argument("--driver-memory", default="6g", help="spark.driver.memory (2g on local-cluster)")
    parser.add_argument("--executor-memory", help="spark.executor.memory (local-cluster: at most the workers' MiB)")
    parser.add_argument("--data", default=os.environ.get("SQLPRIV_BENCH_DATA", tempfile.gettempdir()))
    args = parser.parse_args()
    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    out = Path(tempfile.mkdtemp(prefix="sqlpriv-bench-spark-"))
    sizes = args.rows or ([20_000] if args.quick else [1_000_000, 10_000_000])
    if args.families and args.duckdb_only:  # no Spark session at all
        for rows in sizes:
            bench_families(None, roll(rows, data), out, rows, False, args.only, skip=tuple(args.skip))
        return
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
        .config("spark.driver.memory", args.driver_memory)
    )
    if args.executor_memory:
        builder = builder.config("spark.executor.memory", args.executor_memory)
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
        if args.families:
            for rows in sizes:
                bench_families(
                    spark, roll(rows, data), out, rows, args.spark_only, args.only, args.timeout, tuple(args.skip)
                )
            return
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
