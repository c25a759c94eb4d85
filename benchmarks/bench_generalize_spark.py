"""The generalization search on Spark against the same search on DuckDB, in the same run (issue 28).

ARX's adult (benchmarks/reference/arx_adult, 30,162 rows) with ARX's hierarchies for the given
quasi-identifiers, k and suppression limit, loss: the DuckDB search from the CSV, then the Spark
search from a Spark DataFrame of the same rows (a local[2] session started first, its start timed
apart), each checked to give the same node and the same candidates; then the released table
written by Spark, and ``evaluate="all"`` (the whole lattice) against the plain search on DuckDB.
Wall and CPU seconds of this process (Spark's JVM is a child process: its CPU is not in the
Python figure); run it under ``/usr/bin/time -v`` for the peak RSS.

    python benchmarks/bench_generalize_spark.py [--qis sex,age,race,marital-status,education]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

import pandas as pd

import sqlpriv

ADULT = Path(__file__).resolve().parent / "reference" / "arx_adult"


def timed(fn):  # type: ignore[no-untyped-def]
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    return out, round(time.perf_counter() - wall, 2), round(time.process_time() - cpu, 2)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--qis", default="sex,age,race,marital-status,education,native-country,workclass")
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--limit", type=float, default=0.05)
    args = ap.parse_args()
    qis = args.qis.split(",")
    hier = {q: str(ADULT / f"adult_hierarchy_{q}.csv") for q in qis}
    csv = str(ADULT / "adult.csv")
    df = pd.read_csv(csv, sep=";", dtype=str, keep_default_na=False)
    out: dict[str, object] = {"rows": len(df), "qis": qis, "k": args.k, "suppression_limit": args.limit}

    duck, out["duckdb_search_wall_s"], out["duckdb_search_cpu_s"] = timed(
        lambda: sqlpriv.generalize(df, hier, k=args.k, suppression_limit=args.limit)
    )
    whole, out["duckdb_evaluate_all_wall_s"], out["duckdb_evaluate_all_cpu_s"] = timed(
        lambda: sqlpriv.generalize(df, hier, k=args.k, suppression_limit=args.limit, evaluate="all")
    )
    out["nodes_searched"], out["nodes_all"] = duck.nodes_evaluated, whole.nodes_evaluated
    assert whole.best == duck.best

    from pyspark.sql import SparkSession

    def start():  # type: ignore[no-untyped-def]
        s = (
            SparkSession.builder.master("local[2]")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "4")
            .getOrCreate()
        )
        s.sparkContext.setLogLevel("OFF")
        return s

    spark, out["spark_start_wall_s"], _ = timed(start)
    sdf = spark.createDataFrame(df).cache()
    sdf.count()
    g, out["spark_search_wall_s"], out["spark_search_cpu_s"] = timed(
        lambda: sqlpriv.generalize(sdf, hier, k=args.k, suppression_limit=args.limit)
    )
    assert g.best == duck.best, (g.best, duck.best)
    a = g.candidates().df().sort_values(qis).reset_index(drop=True)
    b = duck.candidates().df().sort_values(qis).reset_index(drop=True)
    assert len(a) == len(b) and a["suppressed"].tolist() == b["suppressed"].tolist()
    assert a["meets_policy"].tolist() == b["meets_policy"].tolist()
    with tempfile.TemporaryDirectory() as tmp:
        _, out["spark_apply_parquet_wall_s"], _ = timed(lambda: g.apply().to_parquet(Path(tmp) / "out.parquet"))
    out["best"] = g.best
    out["suppressed"] = int(g.best_row["suppressed"]) if g.best_row else None
    print(json.dumps(out, indent=1))
    spark.stop()


if __name__ == "__main__":
    main()
