"""Benchmark: singling-out (docs/measures.md §4) on the adult pair, and a differential run against PETsARD.

    python benchmarks/bench_singling_out.py                 # exhaustive + petsard mode, max_cols 2, 3, all
    python benchmarks/bench_singling_out.py --quick         # CI: max_cols 2 and 3; fails on a 10x regression
    python benchmarks/bench_singling_out.py --peer-python /work/venvs/petsard/bin/python --petsard 2
                                                            # PETsARD 1.10.1 (its own venv, a child process)
                                                            # + comparison with our parity mode, and the ratio
    /tmp/venv-petsard/bin/python benchmarks/bench_singling_out.py --petsard 2 3
                                                            # the same with PETsARD and sqlpriv in one venv
    python benchmarks/bench_singling_out.py --uniques 2 3 4   # sample_uniques on the original split

The adult pair is the seeded 80% split of examples/data/adult.csv and its synthetic
counterpart from examples/make_synthetic_adult.py. Each measurement runs in a fresh
process (peak RSS is per run). Timings on a shared 2-core machine are noisy: compare
``cpu_seconds`` (all threads) and read ``seconds`` with the ``load_average`` beside it.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "examples"))

#: seconds measured for the record in RESULTS.md (exhaustive mode); --quick fails at 10x
BASELINE = {2: 0.75, 3: 1.5}


def one_run(mode: str, max_cols: int | None, threads: int) -> dict:
    from make_synthetic_adult import adult_pair

    from sqlpriv.singling_out.measure import singling_out

    ori, syn = adult_pair()
    load = os.getloadavg()[0]
    start, cpu = time.perf_counter(), time.process_time()
    r = singling_out(ori, syn, mode=mode, max_cols=max_cols, progress=False, threads=threads)
    summary = r.summary().df().iloc[0]
    n_details = len(r.details().df())
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "mode": mode,
        "max_cols": max_cols,
        "seconds": round(elapsed, 2),
        "cpu_seconds": round(cpu, 2),  # every thread's; robust to a loaded machine, unlike seconds
        "load_average": [round(load, 1), round(os.getloadavg()[0], 1)],  # before -> after
        "total_identified": int(summary.total_identified),
        "total_syn_records": int(summary.total_syn_records),
        "details_rows": n_details,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    }


def uniques_run(max_cols: int | None, threads: int) -> dict:
    from make_synthetic_adult import adult_pair

    from sqlpriv.singling_out.uniques import sample_uniques

    ori, _ = adult_pair()
    start = time.perf_counter()
    df = sample_uniques(ori, max_cols=max_cols, threads=threads).per_row().df()
    return {
        "sample_uniques_max_cols": max_cols,
        "seconds": round(time.perf_counter() - start, 2),
        "msus": int(df.msu_count.sum()),
        "records_with_msu": int((df.msu_count > 0).sum()),
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    }


def in_subprocess(mode: str, max_cols: int | None, threads: int) -> dict:
    cmd = [sys.executable, __file__, "--one", mode, str(max_cols), "--threads", str(threads)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def petsard_only(max_cols: int | None) -> dict:
    """Run PETsARD 1.10.1's MPUCCs evaluator on the adult pair (petsard must be importable; sqlpriv
    need not be): its seconds, each record's final row of ``details`` and the ``tree``."""
    import types

    site = [p for p in sys.path if p.endswith("site-packages")][0]
    for name in ("petsard", "petsard.evaluator"):  # skip petsard/__init__'s optional extras
        module = types.ModuleType(name)
        module.__path__ = [site + "/" + name.replace(".", "/")]
        sys.modules[name] = module
    from make_synthetic_adult import adult_pair
    from petsard.evaluator.mpuccs import MPUCCs

    ori, syn = adult_pair()
    start = time.perf_counter()
    res = MPUCCs({"eval_method": "mpuccs", "max_baseline_cols": max_cols}).eval({"ori": ori, "syn": syn})
    seconds = time.perf_counter() - start
    details = res["details"]
    last = details.drop_duplicates("syn_idx", keep="last").set_index("syn_idx").sort_index()
    tree = res["tree"]
    return {
        "max_cols": max_cols,
        "seconds": round(seconds, 2),
        "details_rows": len(details),
        "syn_idx": [int(i) for i in last.index],
        "ori_idx": [int(i) for i in last.ori_idx],
        "field_combo": [list(ast.literal_eval(str(c))) for c in last.field_combo],
        "tree": {
            "field_combo": [list(ast.literal_eval(str(c))) for c in tree.field_combo],
            "is_pruned": [bool(v) for v in tree.is_pruned],
            "mpuccs_cnt": [int(v) for v in tree.mpuccs_cnt],
            "mpuccs_collision_cnt": [int(v) for v in tree.mpuccs_collision_cnt],
        },
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    }


def compare(pet: dict, max_cols: int | None, threads: int) -> dict:
    """Our parity mode (timed like ``one_run``) against PETsARD's output ``pet``; the exhaustive count."""
    from make_synthetic_adult import adult_pair

    from sqlpriv.singling_out.measure import singling_out

    ori, syn = adult_pair()
    start = time.perf_counter()
    r = singling_out(ori, syn, mode="petsard", max_cols=max_cols, progress=False, threads=threads)
    r.summary().df()
    ours = r.details().df().set_index("syn_idx").sort_index()
    seconds = time.perf_counter() - start
    tree = r.tree().df()
    ex = singling_out(ori, syn, mode="exhaustive", max_cols=max_cols, progress=False, threads=threads).details().df()
    pt = pet["tree"]
    return {
        "max_cols": max_cols,
        "petsard_seconds": pet["seconds"],
        "sqlpriv_parity_seconds": round(seconds, 2),
        "ratio": round(pet["seconds"] / seconds, 1),
        "petsard_identified": len(pet["syn_idx"]),
        "petsard_details_rows": pet["details_rows"],
        "parity_identified": len(ours),
        "same_syn_idx": pet["syn_idx"] == ours.index.tolist(),
        "same_ori_idx": pet["ori_idx"] == ours.ori_idx.tolist(),
        "same_field_combo": pet["field_combo"] == [list(c) for c in ours.field_combo],
        "same_tree": pt["field_combo"] == [list(c) for c in tree.field_combo]
        and pt["is_pruned"] == tree.is_pruned.tolist()
        and pt["mpuccs_cnt"] == tree.mpuccs_cnt.tolist()
        and pt["mpuccs_collision_cnt"] == tree.mpuccs_collision_cnt.tolist(),
        "exhaustive_identified": int(ex.syn_idx.nunique()),
        "petsard_missed": len(set(ex.syn_idx) - set(pet["syn_idx"])),
    }


def petsard_run(max_cols: int | None, threads: int, peer_python: str | None = None) -> dict:
    """PETsARD in this process (``--petsard``, run from its venv) or in a child process of
    ``peer_python`` (``--peer-python``: another venv's python with petsard 1.10.1), then ours."""
    if peer_python is None:
        pet = petsard_only(max_cols)
    else:
        cmd = [peer_python, __file__, "--petsard-only", str(max_cols)]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        pet = json.loads(out.strip().splitlines()[-1])
    return compare(pet, max_cols, threads)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--one", nargs=2, metavar=("MODE", "MAX_COLS"), help=argparse.SUPPRESS)
    ap.add_argument("--petsard", nargs="*", metavar="MAX_COLS", help="differential run against PETsARD 1.10.1")
    ap.add_argument(
        "--peer-python",
        metavar="PATH",
        help="python of a venv with petsard 1.10.1: run PETsARD there in a child process (with --petsard)",
    )
    ap.add_argument("--petsard-only", metavar="MAX_COLS", help=argparse.SUPPRESS)
    ap.add_argument("--uniques", nargs="+", metavar="MAX_COLS", help="time sample_uniques (one process per size)")
    args = ap.parse_args()
    if args.one:
        mode, k = args.one
        if mode == "uniques":
            print(json.dumps(uniques_run(None if k == "None" else int(k), args.threads)))
        else:
            print(json.dumps(one_run(mode, None if k == "None" else int(k), args.threads)))
        return 0
    if args.uniques:
        for k in args.uniques:
            print(json.dumps(in_subprocess("uniques", None if k == "None" else int(k), args.threads)), flush=True)
        return 0
    if args.petsard_only:
        k = args.petsard_only
        print(json.dumps(petsard_only(None if k == "None" else int(k))))
        return 0
    if args.petsard is not None or args.peer_python:
        for k in args.petsard or ["2"]:
            print(json.dumps(petsard_run(None if k == "None" else int(k), args.threads, args.peer_python)), flush=True)
        return 0
    sizes = [2, 3] if args.quick else [2, 3, None]
    modes = ["exhaustive"] if args.quick else ["exhaustive", "petsard"]
    failed = False
    for mode in modes:
        for k in sizes:
            row = in_subprocess(mode, k, args.threads)
            print(json.dumps(row), flush=True)
            if args.quick and mode == "exhaustive" and row["seconds"] > 10 * BASELINE[k]:
                print(
                    f"REGRESSION: {mode} max_cols={k} took {row['seconds']} s (> 10 x {BASELINE[k]} s)", file=sys.stderr
                )
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
