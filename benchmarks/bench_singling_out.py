"""Benchmark: singling-out (docs/measures.md §4) on the adult pair, and a differential run against PETsARD.

    python benchmarks/bench_singling_out.py                 # exhaustive + petsard mode, max_cols 2, 3, all
    python benchmarks/bench_singling_out.py --quick         # CI: max_cols 2 and 3; fails on a 10x regression
    /tmp/venv-petsard/bin/python benchmarks/bench_singling_out.py --petsard 2 3
                                                            # PETsARD 1.10.1 itself + comparison with our parity mode
    python benchmarks/bench_singling_out.py --uniques 2 3 4   # sample_uniques on the original split

The adult pair is the seeded 80% split of examples/data/adult.csv and its synthetic
counterpart from examples/make_synthetic_adult.py. Each measurement runs in a fresh
process (peak RSS is per run). Timings on a shared 2-core machine are noisy.
"""

from __future__ import annotations

import argparse
import ast
import json
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

    from sqlpriv.synthetic import singling_out

    ori, syn = adult_pair()
    start = time.perf_counter()
    r = singling_out(ori, syn, mode=mode, max_cols=max_cols, progress=False, threads=threads)
    summary = r.summary().df().iloc[0]
    n_details = len(r.details().df())
    elapsed = time.perf_counter() - start
    return {
        "mode": mode,
        "max_cols": max_cols,
        "seconds": round(elapsed, 2),
        "total_identified": int(summary.total_identified),
        "total_syn_records": int(summary.total_syn_records),
        "details_rows": n_details,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    }


def uniques_run(max_cols: int | None, threads: int) -> dict:
    from make_synthetic_adult import adult_pair

    from sqlpriv.synthetic import sample_uniques

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


def petsard_run(max_cols: int | None) -> dict:
    """Run PETsARD 1.10.1's MPUCCs evaluator (must be importable) and our parity mode; compare."""
    import types

    site = [p for p in sys.path if p.endswith("site-packages")][0]
    for name in ("petsard", "petsard.evaluator"):  # skip petsard/__init__'s optional extras
        module = types.ModuleType(name)
        module.__path__ = [site + "/" + name.replace(".", "/")]
        sys.modules[name] = module
    from make_synthetic_adult import adult_pair
    from petsard.evaluator.mpuccs import MPUCCs

    from sqlpriv.synthetic import singling_out

    ori, syn = adult_pair()
    start = time.perf_counter()
    res = MPUCCs({"eval_method": "mpuccs", "max_baseline_cols": max_cols}).eval({"ori": ori, "syn": syn})
    pet_seconds = time.perf_counter() - start
    pet = res["details"].drop_duplicates("syn_idx", keep="last").set_index("syn_idx").sort_index()
    r = singling_out(ori, syn, mode="petsard", max_cols=max_cols, progress=False)
    ours = r.details().df().set_index("syn_idx").sort_index()
    ex = singling_out(ori, syn, mode="exhaustive", max_cols=max_cols, progress=False).details().df()
    tree, pet_tree = r.tree().df(), res["tree"]
    return {
        "max_cols": max_cols,
        "petsard_seconds": round(pet_seconds, 1),
        "petsard_identified": len(pet),
        "petsard_details_rows": len(res["details"]),
        "parity_identified": len(ours),
        "same_syn_idx": pet.index.tolist() == ours.index.tolist(),
        "same_ori_idx": pet.ori_idx.tolist() == ours.ori_idx.tolist(),
        "same_field_combo": [tuple(ast.literal_eval(c)) for c in pet.field_combo]
        == [tuple(c) for c in ours.field_combo],
        "same_tree": [tuple(ast.literal_eval(c)) for c in pet_tree.field_combo] == [tuple(c) for c in tree.field_combo]
        and pet_tree.is_pruned.tolist() == tree.is_pruned.tolist()
        and pet_tree.mpuccs_cnt.tolist() == tree.mpuccs_cnt.tolist()
        and pet_tree.mpuccs_collision_cnt.tolist() == tree.mpuccs_collision_cnt.tolist(),
        "exhaustive_identified": int(ex.syn_idx.nunique()),
        "petsard_missed": len(set(ex.syn_idx) - set(pet.index)),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--one", nargs=2, metavar=("MODE", "MAX_COLS"), help=argparse.SUPPRESS)
    ap.add_argument("--petsard", nargs="*", metavar="MAX_COLS", help="differential run against PETsARD 1.10.1")
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
    if args.petsard is not None:
        for k in args.petsard or ["2", "3"]:
            print(json.dumps(petsard_run(None if k == "None" else int(k))), flush=True)
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
