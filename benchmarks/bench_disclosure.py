"""Benchmark of attribute disclosure (docs/measures.md §8): every figure (summary and per-class
table) for 3 sensitive columns (a numeric one with 60 values: ordered distance; categorical ones
with 20 and 4 values) given 5 quasi-identifiers (2, 3, 4, 5 and 6 values: 720 classes), on a
seeded synthetic Parquet table; and pycanon 1.0 (in-memory pandas) on the same data at the sizes
it handles, in the same run.

    python benchmarks/bench_disclosure.py                               # 7.5M rows, pycanon at 2k and 10k
    python benchmarks/bench_disclosure.py --rows 1000000 --pycanon-rows 2000
    python benchmarks/bench_disclosure.py --quick --check               # CI: 200k rows, fail on a 10x regression

Each measurement runs in its own child process, so its peak RSS (os.wait4) is its own. The data
(benchmarks/data/, git-ignored) is generated deterministically with DuckDB's hash(). pycanon
figures are checked against sqlpriv's (where pycanon is right: docs/measures.md §8).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

import _child  # benchmarks/_child.py: one measurement per child process

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
QIS = ["q0", "q1", "q2", "q3", "q4"]
QI_VALUES = [2, 3, 4, 5, 6]
SENSITIVE = ["income", "diagnosis", "grade"]
# --quick (200k rows) seconds on the shared 2-core development machine, the fastest of --check's
# three fresh processes; --check fails when a task is more than 10x slower (RESULTS.md)
QUICK_BASELINE = {"sqlpriv": 2.0}
CHECK_REPEAT = 3
PYCANON_FIGURES = ("l_diversity", "alpha", "k", "t_closeness", "delta_disclosure", "basic_beta_likeness")


def generate(rows: int) -> Path:
    import duckdb

    path = DATA / f"bench_disclosure_{rows}.parquet"
    if path.is_file():
        return path
    DATA.mkdir(parents=True, exist_ok=True)

    def h(j: int) -> str:  # independent hashes (hash(range, j) of small moduli are correlated)
        return f"hash(range + {j}::bigint * 1000000007)"

    cols = [f"({h(j)} % {k})::integer as q{j}" for j, k in enumerate(QI_VALUES)]
    # the sensitive columns lean on q0 and q1, so classes differ from the whole table
    cols.append(f"(({h(10)} % 50) + 10 * ({h(0)} % 2))::integer as income")
    cols.append(f"'dx' || (({h(11)} % 17) + ({h(1)} % 3))::varchar as diagnosis")
    cols.append(f"chr(65 + ({h(12)} % 4)::integer) as grade")
    tmp = path.with_suffix(".tmp.parquet")
    duckdb.connect().execute(f"copy (select {', '.join(cols)} from range({rows})) to '{tmp}' (format parquet)")
    os.replace(tmp, path)
    return path


def task(name: str, path: str, threads: int | None) -> None:
    """Child process: run one task, print its wall time and figures as JSON."""
    sys.path.insert(0, str(HERE.parent))
    start = time.perf_counter()
    if name == "sqlpriv":
        from sqlpriv.disclosure.measure import attribute_disclosure

        r = attribute_disclosure(path, QIS, sensitive=SENSITIVE, threads=threads)
        summary = r.summary().df()
        classes = len(r.classes().df())
        figures = {row["column"]: {f: float(row[f]) for f in PYCANON_FIGURES} for row in summary.to_dict("records")}
        extra = {"classes": classes, "figures": figures}
    else:
        import pandas as pd
        from pycanon import anonymity as pc

        df = pd.read_parquet(path)
        figures = {}
        for s in SENSITIVE:
            alpha, k = pc.alpha_k_anonymity(df, QIS, [s])
            figures[s] = {
                "l_diversity": float(pc.l_diversity(df, QIS, [s])),
                "alpha": float(alpha),
                "k": float(k),
                "t_closeness": float(pc.t_closeness(df, QIS, [s])),
                "delta_disclosure": float(pc.delta_disclosure(df, QIS, [s])),
                "basic_beta_likeness": float(pc.basic_beta_likeness(df, QIS, [s])),
            }
            pc.entropy_l_diversity(df, QIS, [s])
            pc.recursive_c_l_diversity(df, QIS, [s])
            pc.enhanced_beta_likeness(df, QIS, [s])
        extra = {"figures": figures}
    print(json.dumps({"seconds": time.perf_counter() - start, **extra}))


def run_child(name: str, path: Path, threads: int | None, timeout: float | None = None) -> dict | None:
    """One child process; its wall time and figures, and its peak RSS and CPU time from wait4.
    ``None`` when it ran past ``timeout`` seconds (then killed)."""
    return _child.run_child(_child.task_command(__file__, name, path, threads), timeout)


def same_figures(a: dict, b: dict) -> bool:
    return all(abs(a[s][f] - b[s][f]) <= 1e-9 * max(1.0, abs(b[s][f])) for s in SENSITIVE for f in PYCANON_FIGURES)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, nargs="*", default=[7_500_000])
    parser.add_argument("--pycanon-rows", type=int, nargs="*", default=[2_000, 10_000])
    parser.add_argument("--pycanon-timeout", type=float, default=600, help="seconds before a pycanon run is given up")
    parser.add_argument("--threads", type=int)
    parser.add_argument("--quick", action="store_true", help="200k rows, no pycanon (CI)")
    parser.add_argument("--check", action="store_true", help="with --quick: fail on a 10x regression")
    parser.add_argument("--task", help=argparse.SUPPRESS)
    parser.add_argument("--path", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.task:
        task(args.task, args.path, args.threads)
        return 0
    repeat = CHECK_REPEAT if args.check else 1
    print(f"# machine: {platform.platform()}, {os.cpu_count()} cores, python {platform.python_version()}")
    print("rows,task,seconds,cpu_seconds,peak_rss_mb,detail")
    failed = False
    for rows in [] if args.quick else args.pycanon_rows:  # pycanon and sqlpriv on the same data
        path = generate(rows)
        ours = run_child("sqlpriv", path, args.threads)
        theirs = run_child("pycanon", path, None, timeout=args.pycanon_timeout)
        assert ours is not None
        print(f"{rows},sqlpriv,{ours['seconds']:.3f},{ours['cpu_seconds']:.2f},{ours['peak_rss_mb']:.0f},")
        if theirs is None:
            print(f"{rows},pycanon,>{args.pycanon_timeout:.0f},,,gave up")
            continue
        agree = same_figures(ours["figures"], theirs["figures"])
        print(
            f"{rows},pycanon,{theirs['seconds']:.3f},{theirs['cpu_seconds']:.2f},{theirs['peak_rss_mb']:.0f},"
            f"{json.dumps({'ratio': round(theirs['seconds'] / ours['seconds'], 1), 'same_figures': agree})}"
        )
        failed |= not agree
    for rows in [200_000] if args.quick else args.rows:
        t0 = time.perf_counter()
        path = generate(rows)
        print(f"# data {path.name}: {path.stat().st_size / 1e6:.0f} MB (ready in {time.perf_counter() - t0:.1f} s)")
        runs = [run_child("sqlpriv", path, args.threads) for _ in range(repeat)]
        best = min((r for r in runs if r is not None), key=lambda r: r["seconds"])
        detail = {"classes": best["classes"], **{s: best["figures"][s]["t_closeness"] for s in SENSITIVE}}
        print(
            f"{rows},sqlpriv,{best['seconds']:.2f},{best['cpu_seconds']:.2f},{best['peak_rss_mb']:.0f},"
            f"{json.dumps(detail)}"
        )
        if args.check and args.quick and best["seconds"] > 10 * QUICK_BASELINE["sqlpriv"]:
            print(f"# REGRESSION: took {best['seconds']:.2f} s, baseline {QUICK_BASELINE['sqlpriv']} s")
            failed = True
    if args.check:
        print("# benchmark check: " + ("10x REGRESSION" if failed else "no 10x regression"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
