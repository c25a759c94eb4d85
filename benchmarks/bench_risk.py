"""Benchmark of the re-identification risk measure (issue 26, docs/measures.md §9) against the
request family's joint figures on the same data, in the same run.

    python benchmarks/bench_risk.py                     # 7.5M voters x 5 with weights (target: within 1.5x)
    python benchmarks/bench_risk.py --rows 2000000
    python benchmarks/bench_risk.py --quick --check     # CI: 200k rows, fail on a 10x regression

The data is the seeded synthetic voter roll of examples/voters.py (benchmarks/data/, git-ignored)
with a sampling weight w per voter (50 + hash(voter_id) % 100). The quasi-identifiers are
zip_code, race, party, gender and age. Tasks, each in its own child process (peak RSS from
os.wait4):

- ``risk``: ``reidentification_risk(..., weight="w").summary()``: the classes, the histogram,
  the population models solved on it and every sample and weighted figure;
- ``risk_per_row``: the same plus ``per_row()`` written to Parquet;
- ``assess``: ``assess_request(...)``'s joint figures of the same five columns (its class-size
  histogram and report), the reference the issue measures the risk summary against.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
import warnings
from pathlib import Path

import _child  # benchmarks/_child.py: one measurement per child process

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
COLUMNS = ["zip_code", "race", "party", "gender", "age"]
# seconds with --quick (200k rows) on the shared 2-core development machine, fastest of
# CHECK_REPEAT fresh processes; --check fails when a task is more than 10x slower
QUICK_BASELINE = {"risk": 0.7, "risk_per_row": 1.0, "assess": 0.8}
CHECK_REPEAT = 3


def generate(rows: int) -> Path:
    """The voter roll with weights as Parquet (made once)."""
    path = DATA / f"bench_risk_voters_{rows}.parquet"
    if path.is_file():
        return path
    import duckdb

    sys.path.insert(0, str(HERE.parent / "examples"))
    from voters import generate as voters

    DATA.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.parquet")
    con = duckdb.connect()
    con.register("voters", voters(rows, seed=0))
    con.execute(
        f"copy (select *, cast(50 + hash(voter_id) % 100 as double) as w from voters) to '{tmp}' (format parquet)"
    )
    os.replace(tmp, path)
    return path


def task(name: str, path: str, threads: int | None) -> None:
    """Child process: run one task, print its wall time and figures as JSON."""
    sys.path.insert(0, str(HERE.parent))
    import sqlpriv

    start = time.perf_counter()
    if name == "assess":
        a = sqlpriv.assess_request(path, COLUMNS, threads=threads)
        extra = {"classes": a.joint["classes"], "share_unique": a.joint["share_unique"]}
    else:
        r = sqlpriv.reidentification_risk(path, COLUMNS, weight="w", threads=threads)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", sqlpriv.SqlprivWarning)
            s = {f: v for f, v, _ in r.summary().fetchall()}
        extra = {
            "classes": int(s["classes"]),
            "share_unique": s["sample_uniqueness"],
            "global_risk": s["global_risk"],
            "population_uniqueness_dankar": s["population_uniqueness_dankar"],
        }
        if name == "risk_per_row":
            with tempfile.TemporaryDirectory() as folder:
                r.per_row().to_parquet(Path(folder) / "per_row.parquet")
    print(json.dumps({"seconds": time.perf_counter() - start, **extra}))


def measure(name: str, path: Path, threads: int | None) -> dict:
    result = _child.run_child(_child.task_command(__file__, name, path, threads))
    assert result is not None  # no timeout
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=7_500_000)
    parser.add_argument("--threads", type=int)
    parser.add_argument("--quick", action="store_true", help="200k rows")
    parser.add_argument("--check", action="store_true", help="fail on a 10x regression against QUICK_BASELINE")
    parser.add_argument("--task", help=argparse.SUPPRESS)
    parser.add_argument("--path", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.task:
        task(args.task, args.path, args.threads)
        return 0
    rows = 200_000 if args.quick else args.rows
    path = generate(rows)
    repeat = CHECK_REPEAT if args.check else 1
    results = {}
    for name in ("assess", "risk", "risk_per_row"):  # interleaved: the same load for each
        runs = [measure(name, path, args.threads) for _ in range(repeat)]
        results[name] = min(runs, key=lambda r: r["seconds"])
    assert results["risk"]["classes"] == results["assess"]["classes"], "the two measures disagree on the classes"
    ratio = results["risk"]["seconds"] / results["assess"]["seconds"]
    print(f"machine: {platform.machine()} {os.cpu_count()} cores, python {platform.python_version()}; rows {rows:,}")
    for name, r in results.items():
        print(f"{name:14s} {r['seconds']:7.2f} s  cpu {r['cpu_seconds']:7.2f} s  peak {r['peak_rss_mb']:7.0f} MB")
    print(f"risk summary / assess_request joint figures: {ratio:.2f}x")
    print(json.dumps({"rows": rows, "ratio": ratio, **results}))
    if args.check:
        slow = [n for n, r in results.items() if r["seconds"] > 10 * QUICK_BASELINE[n]]
        if slow:
            print(f"10x regression: {', '.join(slow)}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
