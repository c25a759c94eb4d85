"""Benchmark: personal information factors (CIG, CSF, wCIG) -- sqlpriv vs piflib 0.1.1.

Generates the same seeded table for both tools (6 mixed columns like the piflib
hackathon tutorial: gender, age, a high-cardinality postcode, blood group, eye
colour, a high-cardinality job), then times, for each size:

* sqlpriv, one shared analysis (``information_factors``): CIG, CSF and wCIG each
  fetched to Arrow, plus FIG and PIF_95;
* sqlpriv, three independent calls ``cig()``, ``csf()``, ``wcig()``;
* piflib ``compute_cigs``, ``compute_csfs``, ``compute_weighted_cigs`` (when it
  imports and the size is at most ``--piflib-max``), and the largest difference
  from sqlpriv (CIG, CSF at 1e-9; wCIG against piflib's 2-decimal rounding).

Each (tool, size) runs in a fresh child process that reports its own peak RSS.

    python benchmarks/bench_pif.py                        # 38k, 1M, 7.5M rows
    /tmp/venv-pif/bin/python benchmarks/bench_pif.py      # with piflib installed there
    python benchmarks/bench_pif.py --quick                # CI: 38k rows, fail on a 10x regression

The machine's cores may be shared: treat timings as indicative.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _child  # benchmarks/_child.py: one measurement per child process

SIZES = (38_462, 1_000_000, 7_500_000)
COLUMNS = ["gender", "age", "postcode", "blood_group", "eye_color", "job"]
# seconds for all three measures (shared analysis) at 38,462 rows, recorded on the
# 2-core development machine; --quick fails when a run is 10x slower than this
QUICK_BASELINE_SECONDS = 0.35
QUICK_FACTOR = 10


def make_table(n: int, seed: int = 0):
    """The benchmark table: n rows, 6 mixed columns, seeded."""
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    postcode = rng.zipf(1.3, n) % 2600 + 2000
    job = rng.zipf(1.5, n) % 600
    return pd.DataFrame(
        {
            "gender": rng.choice(["F", "M"], n, p=[0.49, 0.51]),
            "age": rng.integers(18, 100, n),
            "postcode": postcode.astype("int64"),
            "blood_group": rng.choice(
                ["O+", "A+", "B+", "AB+", "O-", "A-", "B-", "AB-"],
                n,
                p=[0.38, 0.34, 0.09, 0.03, 0.07, 0.06, 0.02, 0.01],
            ),
            "eye_color": rng.choice(["Brown", "Blue", "Hazel", "Green", "Grey", "Amber"], n),
            "job": np.char.add("job", job.astype(str)),
        }
    )


def data_file(n: int, folder: Path) -> Path:
    path = folder / f"pif_bench_{n}.parquet"
    if not path.exists():
        tmp = path.with_suffix(".tmp")
        make_table(n).to_parquet(tmp, index=False)
        os.replace(tmp, path)
    return path


def peak_rss_mb() -> float:
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb / 1024 if sys.platform != "darwin" else kb / 1024 / 1024


def child_sqlpriv(path: Path, threads: int | None, memory_limit: str | None, out: Path | None) -> dict:
    """One shared analysis: CIG, CSF and wCIG each fetched to Arrow, then FIG and PIF_95."""
    from sqlpriv.pif.measure import fig, information_factors, pif

    timings: dict[str, float] = {}
    start = time.perf_counter()
    factors = information_factors(
        str(path),
        threads=threads,
        memory_limit=memory_limit,
        temp_directory=str(path.parent / "spill") if memory_limit else None,
    )
    for measure in ("cig", "csf", "wcig"):
        t0 = time.perf_counter()
        table = factors.measure(measure).arrow()
        timings[f"shared_{measure}"] = time.perf_counter() - t0
        if out is not None:  # for the comparison with piflib; the writing time is not counted
            import pyarrow.parquet as pq

            w0 = time.perf_counter()
            pq.write_table(table, out / f"sqlpriv_{measure}.parquet")
            start += time.perf_counter() - w0
        del table
    timings["shared_all"] = time.perf_counter() - start
    t0 = time.perf_counter()
    figs = fig(factors.cig()).df()
    pif95 = pif(factors.cig(), 95)
    timings["fig_pif"] = time.perf_counter() - t0
    return {
        "timings": timings,
        "pif95": pif95,
        "fig": dict(zip(figs["column"], figs["fig"])),
        "rows": factors.n,
        "peak_rss_mb": peak_rss_mb(),
    }


def child_separate(path: Path, threads: int | None, memory_limit: str | None) -> dict:
    """Three separate calls cig(), csf(), wcig() on one DataFrame, as a user writes them.

    The DataFrame is loaded before the clock starts. The calls share one analysis: the
    first reads and encodes the data, the next two find it in the cache (issue 14.2).
    """
    import pandas as pd

    from sqlpriv.pif.measure import cig, csf, wcig

    df = pd.read_parquet(path) if path.suffix == ".parquet" else pd.read_csv(path)
    timings: dict[str, float] = {}
    for name, fn in (("cig", cig), ("csf", csf), ("wcig", wcig)):
        t0 = time.perf_counter()
        result = fn(
            df,
            threads=threads,
            memory_limit=memory_limit,
            temp_directory=str(path.parent / "spill") if memory_limit else None,
        )
        table = result.arrow()
        timings[f"separate_{name}"] = time.perf_counter() - t0
        del table
    timings["separate_all"] = sum(timings.values())
    return {"timings": timings, "peak_rss_mb": peak_rss_mb()}


def child_piflib(path: Path, out: Path | None) -> dict:
    import pandas as pd
    import piflib

    df = pd.read_parquet(path)
    timings = {}
    results = {}
    for name, fn in (
        ("cig", piflib.compute_cigs),
        ("csf", piflib.compute_csfs),
        ("wcig", piflib.compute_weighted_cigs),
    ):
        t0 = time.perf_counter()
        results[name] = fn(df)
        timings[name] = time.perf_counter() - t0
    timings["all"] = timings["cig"] + timings["csf"] + timings["wcig"]
    if out is not None:
        for name, frame in results.items():
            frame.to_parquet(out / f"piflib_{name}.parquet", index=False)
    return {
        "timings": timings,
        "pif95": float(piflib.pif_calculator.compute_pif(results["cig"], 95)),
        "peak_rss_mb": peak_rss_mb(),
    }


def compare(out: Path) -> dict:
    """Largest absolute differences between the two tools' per-cell outputs."""
    import numpy as np
    import pandas as pd

    diffs = {}
    for name in ("cig", "csf", "wcig"):
        ours = pd.read_parquet(out / f"sqlpriv_{name}.parquet")[COLUMNS].to_numpy(float)
        theirs = pd.read_parquet(out / f"piflib_{name}.parquet")[COLUMNS].to_numpy(float)
        if name == "wcig":
            ours = np.round(ours, 2)  # piflib rounds wCIG to 2 decimals (and its weights; see RESULTS.md)
        diffs[name] = float(np.abs(ours - theirs).max())
    return diffs


def run_child(args: list[str]) -> dict:
    """One measurement in a fresh child (benchmarks/_child.py): its peak RSS is its own, not
    this process's (which has built the data sets)."""
    result = _child.run_child([sys.executable, __file__, *args])
    assert result is not None  # no timeout given
    return result


def piflib_available() -> bool:
    done = subprocess.run([sys.executable, "-c", "import piflib"], capture_output=True)
    return done.returncode == 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="comma-separated row counts")
    parser.add_argument("--piflib-max", type=int, default=1_000_000, help="largest size piflib is run on")
    parser.add_argument("--no-piflib", action="store_true")
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument(
        "--memory-limit", default=None, help="DuckDB memory limit for sqlpriv, e.g. 1500MB (spills to disk)"
    )
    parser.add_argument("--data-dir", default=os.path.join(tempfile.gettempdir(), "sqlpriv-bench"))
    parser.add_argument("--quick", action="store_true", help="38,462 rows, sqlpriv only; exit 1 on a 10x regression")
    parser.add_argument("--child", nargs=2, metavar=("TOOL", "PATH"), help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.child:
        tool, path = args.child
        out = Path(args.out) if args.out else None
        if tool == "sqlpriv":
            result = child_sqlpriv(Path(path), args.threads, args.memory_limit, out)
        elif tool == "separate":
            result = child_separate(Path(path), args.threads, args.memory_limit)
        else:
            result = child_piflib(Path(path), out)
        print(json.dumps(result))
        return 0

    folder = Path(args.data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    sizes = [38_462] if args.quick else [int(s) for s in args.sizes.split(",")]
    use_piflib = not args.quick and not args.no_piflib and piflib_available()
    print(f"# sqlpriv pif benchmark: {platform.platform()}, {os.cpu_count()} cores, python {platform.python_version()}")
    print(
        f"# piflib: {'yes' if use_piflib else 'not importable / disabled'}; threads: {args.threads or 'default'}; "
        f"memory limit: {args.memory_limit or 'default'}; load average: {os.getloadavg()[0]:.1f}"
    )
    rows = []
    for n in sizes:
        path = data_file(n, folder)
        with tempfile.TemporaryDirectory(dir=folder) as scratch:
            with_piflib = use_piflib and n <= args.piflib_max
            extra = ["--out", scratch] if with_piflib else []
            options = ["--threads", str(args.threads)] if args.threads else []
            if args.memory_limit:
                options += ["--memory-limit", args.memory_limit]
            ours = run_child(["--child", "sqlpriv", str(path), *extra, *options])
            separate = run_child(["--child", "separate", str(path), *options])
            t = dict(ours["timings"], **separate["timings"])
            line = {
                "rows": n,
                "sqlpriv_shared_s": round(t["shared_all"], 3),
                "sqlpriv_separate_s": round(t["separate_all"], 3),
                "sqlpriv_cig_csf_wcig_s": [round(t[f"shared_{m}"], 3) for m in ("cig", "csf", "wcig")],
                "sqlpriv_fig_pif_s": round(t["fig_pif"], 3),
                "sqlpriv_peak_rss_mb": round(ours["peak_rss_mb"]),
                "sqlpriv_separate_peak_rss_mb": round(separate["peak_rss_mb"]),
                "pif95": ours["pif95"],
            }
            if with_piflib:
                theirs = run_child(["--child", "piflib", str(path), "--out", scratch])
                p = theirs["timings"]
                line.update(
                    {
                        "piflib_s": round(p["all"], 2),
                        "piflib_cig_csf_wcig_s": [round(p[m], 2) for m in ("cig", "csf", "wcig")],
                        "piflib_peak_rss_mb": round(theirs["peak_rss_mb"]),
                        "speedup_shared": round(p["all"] / t["shared_all"], 1),
                        "speedup_separate": round(p["all"] / t["separate_all"], 1),
                        "piflib_pif95": theirs["pif95"],
                        "max_abs_diff": compare(Path(scratch)),
                    }
                )
        rows.append(line)
        print(json.dumps(line), flush=True)
    if args.quick:
        took = rows[0]["sqlpriv_shared_s"]
        limit = QUICK_BASELINE_SECONDS * QUICK_FACTOR
        print(f"# quick: {took:.3f} s (baseline {QUICK_BASELINE_SECONDS} s, limit {limit:.2f} s)")
        return 1 if took > limit else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
