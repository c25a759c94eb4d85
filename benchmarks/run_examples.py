"""Run every example script with a time budget; fail if one fails or runs past its budget.

    python benchmarks/run_examples.py            # every examples/*.py, as documented
    python benchmarks/run_examples.py --scale 2  # budgets x 2 (a slow or loaded machine)

Each script runs in its own process, from a temporary working directory (so whatever it
writes lands there), with the arguments its docstring documents. A script not listed in
EXAMPLES still runs, with no arguments and the default budget, so a new example is covered
the day it is added. The voter examples run at 200k rows (their default is 1M) to keep CI short. Budgets are generous (about 5-10x the time on the 2-core development
machine): they catch an example that has become unusable (issue 15: the request workflow's
generator took 100 s and 8 GB for 1,000 rows), not a 20% slowdown. This is a CI smoke
step (.ci/run, benchmark section), not a unit test: no timings in unit tests.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
DEFAULT_BUDGET = 60.0
# script -> (arguments; "{tmp}" is the working directory), budget in seconds
PLAN: dict[str, tuple[list[str], float]] = {
    "flare_table3.py": ([], 30),
    "request_workflow.py": ([], 30),
    "make_synthetic_adult.py": (["{tmp}"], 60),
    "singling_out_adult.py": ([], 90),
    "voters.py": (["--rows", "200000", "--out", "{tmp}/voters.parquet"], 60),
    "voters_tables.py": (["--rows", "200000"], 90),
}


def scripts() -> list[Path]:
    return sorted(p for p in EXAMPLES.glob("*.py") if not p.name.startswith("_"))


def run_one(path: Path, scale: float) -> tuple[bool, float, float, str]:
    args, budget = PLAN.get(path.name, ([], DEFAULT_BUDGET))
    budget *= scale
    with tempfile.TemporaryDirectory(prefix="sqlpriv-example-") as tmp:
        argv = [sys.executable, str(path), *[a.replace("{tmp}", tmp) for a in args]]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
        start = time.perf_counter()
        try:
            done = subprocess.run(argv, cwd=tmp, capture_output=True, text=True, timeout=budget, env=env)
        except subprocess.TimeoutExpired:
            return False, time.perf_counter() - start, budget, f"still running after its budget of {budget:.0f} s"
        elapsed = time.perf_counter() - start
        if done.returncode != 0:
            return False, elapsed, budget, f"exit {done.returncode}: {(done.stderr or done.stdout).strip()[-800:]}"
        return True, elapsed, budget, ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every budget (default 1)")
    parser.add_argument("names", nargs="*", help="only these example files (default: all)")
    args = parser.parse_args(argv)
    paths = [p for p in scripts() if not args.names or p.name in args.names]
    failed = []
    for path in paths:
        ok, elapsed, budget, why = run_one(path, args.scale)
        print(
            f"{'ok  ' if ok else 'FAIL'} {path.name:28s} {elapsed:7.1f} s  (budget {budget:.0f} s){'  ' + why if why else ''}",
            flush=True,
        )
        if not ok:
            failed.append(path.name)
    if failed:
        print(
            f"run_examples: {len(failed)} of {len(paths)} examples failed or ran past their budget: {', '.join(failed)}",
            file=sys.stderr,
        )
        return 1
    print(f"run_examples: all {len(paths)} examples finished within their budgets")
    return 0


if __name__ == "__main__":
    sys.exit(main())
