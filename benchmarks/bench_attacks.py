"""Benchmark: linkability and inference (docs/measures.md, "Attacks") on the adult pair, sqlpriv
exact on every target against anonymeter on 2,000 sampled targets, in the same run.

    python benchmarks/bench_attacks.py              # sqlpriv (20,000 targets) and anonymeter (2,000)
    python benchmarks/bench_attacks.py --quick      # CI: sqlpriv on 5,000 targets; fails on a 10x regression
    python benchmarks/bench_attacks.py --scale 100000   # sqlpriv on adult repeated to 100k x 100k, jittered

The adult pair is examples/make_synthetic_adult.py's adult_pair(): original = its first 20,000
rows, control = the other 6,049, synthetic = its synthetic table. Linkability on
{age, sex, race, marital-status} x {education, occupation, workclass, native-country}; inference
of Salary from every other column but fnlwgt. Each measurement runs in a fresh process (peak RSS
is per run); on a shared 2-core machine read ``seconds`` with the ``load_average`` beside it.
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

AUX = (["age", "sex", "race", "marital-status"], ["education", "occupation", "workclass", "native-country"])
SECRET = "Salary"
#: seconds measured for the record in RESULTS.md (--quick, 5,000 targets); --quick fails at 10x
BASELINE = {"linkability": 3.0, "inference": 6.0}


def tables(n_ori: int, scale: int | None):
    import numpy as np
    import pandas as pd
    from make_synthetic_adult import adult_pair

    ori, syn = adult_pair()
    if scale:  # adult repeated, ages and hours moved by a seeded jitter
        rng = np.random.default_rng(0)

        def grow(df: pd.DataFrame) -> pd.DataFrame:
            out = pd.concat([df] * (scale // len(df) + 1), ignore_index=True).iloc[:scale].copy()
            out["age"] = out["age"] + rng.integers(-2, 3, len(out))
            out["hours-per-week"] = out["hours-per-week"] + rng.integers(-2, 3, len(out))
            return out

        return grow(ori), grow(syn), grow(ori.iloc[::-1])
    return ori.iloc[:n_ori].reset_index(drop=True), syn, ori.iloc[20000:].reset_index(drop=True)


def one_run(kind: str, engine: str, n_ori: int, scale: int | None) -> dict:
    ori, syn, ctl = tables(n_ori, scale)
    aux_inf = [c for c in ori.columns if c not in (SECRET, "fnlwgt")]
    load = os.getloadavg()[0]
    start, cpu = time.perf_counter(), time.process_time()
    if engine == "sqlpriv":
        import sqlpriv

        if kind == "linkability":
            r = sqlpriv.linkability(ori, syn, aux_cols=AUX, control=ctl)
        else:
            r = sqlpriv.inference(ori, syn, aux_inf, SECRET, control=ctl)
        n, s, c = r.n_attacks, r.n_success, r.n_control_success
        risk = r.risk()
    else:
        from anonymeter.evaluators import InferenceEvaluator, LinkabilityEvaluator

        if kind == "linkability":
            ev = LinkabilityEvaluator(ori, syn, aux_cols=AUX, n_attacks=2000, control=ctl).evaluate(n_jobs=-1)
        else:
            ev = InferenceEvaluator(ori, syn, aux_cols=aux_inf, secret=SECRET, n_attacks=2000, control=ctl)
            ev = ev.evaluate(n_jobs=-1)
        res = ev.results()
        n, s, c, risk = 2000, int(res.n_success), int(res.n_control or 0), ev.risk()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "attack": kind, "engine": engine, "targets": n, "successes": s, "control_successes": c,
        "risk": round(float(risk.value), 6), "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2),
        "load_average": round(load, 2),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }  # fmt: skip


def measure(kind: str, engine: str, n_ori: int, scale: int | None) -> dict:
    """One run in a fresh process; peak RSS of that process."""
    cmd = [sys.executable, __file__, "--one", kind, engine, str(n_ori), str(scale or 0)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="sqlpriv on 5,000 targets; fail on a 10x regression")
    p.add_argument("--scale", type=int, help="adult repeated to this many rows per table (sqlpriv only)")
    p.add_argument("--no-peer", action="store_true", help="skip anonymeter")
    p.add_argument("--one", nargs=4, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.one:
        kind, engine, n_ori, scale = args.one
        print(json.dumps(one_run(kind, engine, int(n_ori), int(scale) or None)))
        return 0
    n_ori = 5000 if args.quick else 20000
    rows = []
    for kind in ("linkability", "inference"):
        rows.append(measure(kind, "sqlpriv", n_ori, args.scale))
        print(json.dumps(rows[-1]), flush=True)
        if not (args.quick or args.scale or args.no_peer):
            rows.append(measure(kind, "anonymeter", n_ori, None))
            print(json.dumps(rows[-1]), flush=True)
            ratio = rows[-1]["seconds"] / rows[-2]["seconds"]
            print(f"{kind}: sqlpriv {rows[-2]['targets']:,} targets is {ratio:.1f}x faster than anonymeter on 2,000")
    if args.quick:
        slow = [r for r in rows if r["seconds"] > 10 * BASELINE[r["attack"]]]
        if slow:
            print(f"10x regression: {slow}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
