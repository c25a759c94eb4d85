"""Benchmark: how long ``import sqlpriv`` takes in a fresh process (issue 14, target <= 0.3 s).

    python benchmarks/bench_import.py            # median of 7 fresh processes
    python benchmarks/bench_import.py --check    # CI smoke: fail on a 10x regression (> 3 s),
                                                 # or if pandas/pyarrow load at import time

Heavy libraries (pandas, pyarrow, matplotlib, pyspark) load on first use, not on import.

The child processes run without ``PYTHONDONTWRITEBYTECODE``, as a normal install does: with it set,
every fresh process compiles sqlpriv's modules from source again (0.36 s instead of 0.24 s on the
2-core machine, 2026-11-23), which measures the compiler, not the import.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

TARGET_S = 0.3
HEAVY = ("pandas", "pyarrow", "matplotlib", "pyspark")
PROBE = "import sys, sqlpriv; print(','.join(m for m in {heavy!r} if m in sys.modules))"
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # cached bytecode, as installed


def one_run() -> tuple[float, str]:
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(heavy=HEAVY)], check=True, capture_output=True, text=True, env=ENV
    ).stdout.strip()
    return time.perf_counter() - start, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--check", action="store_true", help="fail on a 10x regression of the target")
    args = parser.parse_args()
    subprocess.run([sys.executable, "-c", "import sqlpriv"], check=True, env=ENV)  # warm the file and bytecode caches
    runs = [one_run() for _ in range(args.runs)]
    median = statistics.median(t for t, _ in runs)
    loaded = runs[-1][1]
    base = statistics.median(one_interpreter() for _ in range(args.runs))
    print(
        f"import sqlpriv: median {median:.3f} s over {args.runs} fresh processes "
        f"(bare interpreter {base:.3f} s; target {TARGET_S} s)"
    )
    print(f"heavy modules loaded by the import: {loaded or 'none'}")
    if args.check:
        if loaded:
            print(f"FAIL: import sqlpriv loads {loaded}; import them on first use", file=sys.stderr)
            return 1
        if median > 10 * TARGET_S:
            print(f"FAIL: import took {median:.3f} s, over 10x the {TARGET_S} s target", file=sys.stderr)
            return 1
    return 0


def one_interpreter() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True, env=ENV)
    return time.perf_counter() - start


if __name__ == "__main__":
    sys.exit(main())
