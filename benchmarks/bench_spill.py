"""Spilling under a memory limit far below the data (issue 10.4). Prints figures; records nothing.

    python benchmarks/bench_spill.py                  # 7.5M voters x 5: per-row values to Parquet
    python benchmarks/bench_spill.py --rows 200000    # smaller

Each run is a fresh child process (its own peak RSS): once without a limit, once with
``memory_limit`` far below what the unlimited run uses and ``temp_directory`` set, on a locked-down
connection (as every sqlpriv run). Both must give the same per-row values.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_shapley import VOTER_COLUMNS, voters_file  # noqa: E402


def child(rows: int, memory_limit: str | None, out: str) -> dict:
    import sqlpriv

    path = voters_file(rows)
    with tempfile.TemporaryDirectory() as spill:
        start = time.perf_counter()
        r = sqlpriv.uniqueness_shapley(
            str(path), VOTER_COLUMNS, memory_limit=memory_limit, temp_directory=spill if memory_limit else None
        )
        r.per_row().to_parquet(out)
        seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"memory_limit": memory_limit or "none", "seconds": round(seconds, 2), "peak_rss_mb": round(peak_mb)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=7_500_000)
    parser.add_argument("--limit", default="500MB", help="memory_limit of the limited run")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        rows, limit, out = args.child
        print(json.dumps(child(int(rows), None if limit == "none" else limit, out)))
        return
    import pyarrow.parquet as pq

    print(f"# {platform.node()} {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as tmp:
        outs = {}
        for limit in ("none", args.limit):
            out = str(Path(tmp) / f"phi_{limit}.parquet")
            proc = subprocess.run(
                [sys.executable, __file__, "--child", str(args.rows), limit, out], capture_output=True, text=True
            )
            if proc.returncode != 0:
                raise SystemExit(proc.stderr)
            figures = json.loads(proc.stdout.strip().splitlines()[-1])
            print(
                f"voters {args.rows:,} x 5, per-row to Parquet, memory_limit={figures['memory_limit']}: "
                f"{figures['seconds']} s, peak RSS {figures['peak_rss_mb']} MB"
            )
            outs[limit] = pq.read_table(out).sort_by("row")
        same = outs["none"].equals(outs[args.limit])
        print(f"same per-row values: {same}")
        if not same:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
