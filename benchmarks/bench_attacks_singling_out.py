"""Benchmark: singling out by queries (docs/measures.md §10.2) against anonymeter 1.1, same run.

    python benchmarks/bench_attacks_singling_out.py            # univariate and multivariate, 500 queries, both tools
    python benchmarks/bench_attacks_singling_out.py --quick    # CI: sqlpriv univariate, 100 queries; fails at 10x

The adult pair of examples/make_synthetic_adult.py: original = its first 20,000 records, control =
the other 6,049, synthetic = its synthetic table (26,049). Each measurement runs in a fresh
process (peak RSS is per run); anonymeter runs with its defaults (including its size correction of
the control count, as the control is smaller than the original). Timings on a shared 2-core
machine are noisy: read ``seconds`` with the ``load_average`` beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "examples"))

#: seconds measured for the record in RESULTS.md (sqlpriv univariate, 100 queries); --quick fails at 10x
BASELINE = 4.0


def one_run(tool: str, mode: str, n_attacks: int) -> dict:
    from make_synthetic_adult import adult_pair

    ori, syn = adult_pair()
    original, control = ori.iloc[:20000].reset_index(drop=True), ori.iloc[20000:].reset_index(drop=True)
    load = os.getloadavg()[0]
    start, cpu = time.perf_counter(), time.process_time()
    if tool == "sqlpriv":
        import sqlpriv

        r = sqlpriv.singling_out_queries(original, syn, control=control, mode=mode, n_attacks=n_attacks, seed=0)
        s = r.summary().set_index("attack")
        counts = {k: int(s.loc[k, "n_success"]) for k in s.index}
        risk, made = r.risk(), r.n_queries
    else:
        from anonymeter.evaluators import SinglingOutEvaluator

        ev = SinglingOutEvaluator(ori=original, syn=syn, control=control, n_attacks=n_attacks, seed=0)
        ev.evaluate(mode=mode)
        res = ev.results()
        counts = {"main": res.n_success, "baseline": res.n_baseline, "control": float(res.n_control)}
        risk, made = ev.risk(), None  # anonymeter keeps only the queries that succeed
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "tool": tool,
        "mode": mode,
        "n_attacks": n_attacks,
        "queries_made": made,
        "seconds": round(elapsed, 2),
        "cpu_seconds": round(cpu, 2),
        "load_average": [round(load, 1), round(os.getloadavg()[0], 1)],
        "successes": counts,
        "risk": round(float(risk.value), 4),
        "ci": [round(float(x), 4) for x in risk.ci],
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    }


def child(tool: str, mode: str, n_attacks: int) -> dict:
    cmd = [sys.executable, __file__, "--one", tool, mode, str(n_attacks)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="sqlpriv univariate, 100 queries; fail on a 10x regression")
    p.add_argument("--one", nargs=3, metavar=("TOOL", "MODE", "N"), help=argparse.SUPPRESS)
    p.add_argument("--n-attacks", type=int, default=500)
    p.add_argument("--tools", nargs="+", default=["sqlpriv", "anonymeter"])
    p.add_argument("--modes", nargs="+", default=["univariate", "multivariate"])
    args = p.parse_args()
    if args.one:
        print(json.dumps(one_run(args.one[0], args.one[1], int(args.one[2]))))
        return 0
    if args.quick:
        r = child("sqlpriv", "univariate", 100)
        print(json.dumps(r))
        if r["seconds"] > 10 * BASELINE:
            print(f"FAIL: {r['seconds']} s is over 10x the recorded {BASELINE} s", file=sys.stderr)
            return 1
        return 0
    for mode in args.modes:
        for tool in args.tools:
            print(json.dumps(child(tool, mode, args.n_attacks)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
