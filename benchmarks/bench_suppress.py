"""Local suppression against sdcMicro in the same run (issue 44): cells suppressed and time on
sdcMicro's testdata2 (7 keys, k = 2, with and without the ageG strata) and on adult (ARX's 9
quasi-identifiers, k = 5, first ROWS rows). Ours: ``sqlpriv.local_suppression`` (greedy and the
sdcMicro-style rule); sdcMicro: ``localSuppression`` run by Rscript in a child process when R
with sdcMicro is installed (/work/shared/peers/sdcmicro/install.sh), its figures recorded in
benchmarks/reference/local_suppression_sdcmicro.json. Every release is checked k-anonymous under
wildcard semantics by sqlpriv's own risk measure (missing="wildcard").

    python benchmarks/bench_suppress.py [--rows 2000] [--no-sdcmicro]
    python benchmarks/bench_suppress.py --scale 1000000 [--no-sdcmicro] [--methods sdcmicro]

``--scale N``: only adult made N rows long (benchmarks/data/adult_scaled_N.csv, written once:
adult repeated, each copy's ages moved by a seeded offset in [-10, 10], clamped to 1..100, as
bench_generalize.py scales it), read by sqlpriv from the CSV file; time and peak memory per run.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import sqlpriv  # noqa: E402

OUT = ROOT / "benchmarks" / "reference" / "local_suppression_sdcmicro.json"
DATA = ROOT / "benchmarks" / "data"
T2_KEYS = ["urbrur", "roof", "walls", "water", "electcon", "relat", "sex"]
ADULT_KEYS = [
    "age",
    "sex",
    "race",
    "marital-status",
    "education",
    "native-country",
    "workclass",
    "occupation",
    "Salary",
]

R_SCRIPT = """
suppressMessages(library(sdcMicro))
args <- commandArgs(trailingOnly = TRUE)
x <- read.csv(args[1], check.names = FALSE, stringsAsFactors = TRUE)
keys <- strsplit(args[2], ",")[[1]]
k <- as.integer(args[3])
strata <- if (length(args) > 3) args[4] else NULL
for (v in keys) x[[v]] <- as.factor(x[[v]])
t0 <- Sys.time()
ls <- localSuppression(x[, c(keys, strata), drop = FALSE], keyVars = seq_along(keys),
                       strataVars = if (is.null(strata)) NULL else length(keys) + 1, k = k)
t1 <- Sys.time()
cat(sum(ls$newSupps), as.numeric(t1 - t0, units = "secs"), "\\n")
"""


def ours(df: pd.DataFrame, keys: list[str], k: int, strata: str | None, method: str) -> dict:
    start = time.perf_counter()
    r = sqlpriv.local_suppression(df, keys, k=k, strata=strata, method=method)
    released = r.df()
    seconds = time.perf_counter() - start
    check = sqlpriv.reidentification_risk(released, keys, missing="wildcard") if strata is None else None
    smallest = check.per_row().df()["class_size"].min() if check is not None else r.k_reached
    return {"cells": r.suppressed, "seconds": round(seconds, 2), "k_reached": float(smallest), "method": r.method}


def theirs(df: pd.DataFrame, keys: list[str], k: int, strata: str | None) -> dict | None:
    if shutil.which("Rscript") is None:
        return None
    safe = {c: c.replace("-", "_") for c in df.columns}  # sdcMicro parses key names as R code
    df, keys = df.rename(columns=safe), [safe[c] for c in keys]
    with tempfile.TemporaryDirectory() as tmp:
        path, script = Path(tmp) / "x.csv", Path(tmp) / "ls.R"
        df.to_csv(path, index=False, na_rep="")
        script.write_text(R_SCRIPT)
        cmd = ["Rscript", str(script), str(path), ",".join(keys), str(k), *([strata] if strata else [])]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-3:]}
    cells, seconds = done.stdout.split()[:2]
    return {"cells": int(float(cells)), "seconds": round(float(seconds), 2)}


def scaled(rows: int) -> Path:
    """adult repeated to ``rows`` rows, ages moved by a seeded offset in [-10, 10] (clamped)."""
    import duckdb

    path = DATA / f"adult_scaled_{rows}.csv"
    if path.is_file():
        return path
    DATA.mkdir(parents=True, exist_ok=True)
    con = duckdb.connect()
    con.execute("set threads=2; set enable_progress_bar=false")
    src = str(ROOT / "examples" / "data" / "adult.csv")
    con.execute("create table a as select row_number() over () - 1 as i, * from read_csv(?, header=true)", [src])
    n = con.execute("select count(*) from a").fetchone()[0]
    age = "least(100, greatest(1, a.age + cast(hash(r.range, 7) % 21 as integer) - 10)) as age"
    cols = ", ".join(age if c == "age" else f'a."{c}"' for c in ADULT_KEYS)
    tmp = path.with_suffix(".tmp.csv")
    con.execute(
        f"copy (select {cols} from range({rows}) r join a on a.i = r.range % {n} order by r.range) to '{tmp}' (header)"
    )
    tmp.replace(path)
    return path


def scale_run(rows: int, methods: list[str], sdcmicro: bool) -> None:
    """sqlpriv (and sdcMicro unless told not to) on adult scaled to ``rows`` rows, k = 5."""
    path = scaled(rows)
    for method in methods:
        start = time.perf_counter()
        r = sqlpriv.local_suppression(str(path), ADULT_KEYS, k=5, method=method)
        cells, reached = r.suppressed, r.k_reached
        rows_out = len(r.df())
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        row = {"case": f"adult scaled {rows} rows", "method": method, "cells": cells, "k_reached": reached}
        row |= {"released_rows": rows_out, "seconds": round(seconds, 1), "peak_rss_mb_so_far": round(peak)}
        print(json.dumps(row), flush=True)
    if sdcmicro:
        print(json.dumps({"sdcMicro": theirs(pd.read_csv(path), ADULT_KEYS, 5, None)}), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=2000)
    ap.add_argument("--scale", type=int, default=0, help="only adult scaled to this many rows")
    ap.add_argument("--methods", default="greedy,sdcmicro")
    ap.add_argument("--no-sdcmicro", action="store_true")
    args = ap.parse_args()
    if args.scale:
        scale_run(args.scale, args.methods.split(","), not args.no_sdcmicro)
        return
    t2 = pd.read_csv(ROOT / "tests" / "data" / "sdcmicro_testdata2.csv")
    adult = pd.read_csv(ROOT / "examples" / "data" / "adult.csv").head(args.rows)
    cases = [("testdata2", t2, T2_KEYS, 2, None), ("testdata2 by ageG", t2, T2_KEYS, 2, "ageG")]
    cases.append((f"adult {args.rows} rows", adult, ADULT_KEYS, 5, None))
    results = []
    for name, df, keys, k, strata in cases:
        row = {"case": name, "k": k, "keys": len(keys)}
        for method in ("greedy", "sdcmicro"):
            row[f"sqlpriv_{method}"] = ours(df, keys, k, strata, method)
        row["sdcMicro"] = None if args.no_sdcmicro else theirs(df, keys, k, strata)
        print(json.dumps(row), flush=True)
        results.append(row)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    OUT.write_text(json.dumps({"results": results, "peak_rss_mb": round(peak)}, indent=1) + "\n")


if __name__ == "__main__":
    main()
