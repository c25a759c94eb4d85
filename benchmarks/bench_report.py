"""The HTML report against the measures it shows (issue 13 target: report <= 1.5 x measures).

    python benchmarks/bench_report.py            # 7.5M-row voter roll (~2 min on 2 cores)
    python benchmarks/bench_report.py --quick    # CI smoke: 200k rows, fails above 3x
    python benchmarks/bench_report.py --adult --base /tmp/mainbase   # README's adult pair command,
        # this tree against an unpacked older one (git archive ... sqlpriv sql_templates), alternating
    SQLPRIV_PROFILE=1 sqlpriv report ...   # each statement's time and the report's per-thread timeline

Both sides run in fresh child processes on the same cached voter Parquet file
(benchmarks/data/, git-ignored), columns zip_code, race, party, gender, age, with --by county:

- measures: what a user runs to get the report's figures without it: uniqueness Shapley
  summary + by(county) + per-row values to Parquet; the request assessment of all columns
  (joint figures and per-field factors); per-cell CIG to Parquet + FIG + PIF_95.
- report: ``sqlpriv.report(..., by=["county"])`` writing the HTML file, charts included.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

import _child  # benchmarks/_child.py: one measurement per child process

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench_shapley import VOTER_COLUMNS, voters_file  # noqa: E402

BY = ["county"]


def case_measures(rows: int) -> dict:
    import sqlpriv

    path = str(voters_file(rows))
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        r = sqlpriv.uniqueness_shapley(path, VOTER_COLUMNS)
        r.summary().df()
        for expr in BY:
            r.by(expr).df()
        r.per_row().to_parquet(os.path.join(tmp, "phi.parquet"))
        shapley = time.perf_counter()
        a = sqlpriv.assess_request(path, VOTER_COLUMNS)
        a.fields().df()
        request = time.perf_counter()
        c = sqlpriv.cig(path, VOTER_COLUMNS)
        c.to_parquet(os.path.join(tmp, "cig.parquet"))
        sqlpriv.fig(c).df()
        sqlpriv.pif(c, 95)
        done = time.perf_counter()
    return {
        "case": f"measures, voters {rows:,} x 5",
        "seconds": done - start,
        "shapley": shapley - start,
        "request": request - shapley,
        "pif": done - request,
    }


def case_report(rows: int) -> dict:
    import sqlpriv

    path = str(voters_file(rows))
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        out = sqlpriv.report(path, VOTER_COLUMNS, by=BY, output=os.path.join(tmp, "report.html"), progress=False)
        seconds = time.perf_counter() - start
        size = out.stat().st_size
    return {"case": f"report, voters {rows:,} x 5 --by county", "seconds": seconds, "html_kb": round(size / 1024)}


ADULT_ARGS = ["--by", "education", "--request", "age", "--request", "sex", "--max-unique-share", "0", "--min-k", "5"]


def adult_pair(tmp: str) -> tuple[str, str]:
    """The README's adult pair (examples/make_synthetic_adult.py), written once to ``tmp``."""
    ori, syn = os.path.join(tmp, "adult_ori.csv"), os.path.join(tmp, "adult_syn.csv")
    if not (os.path.exists(ori) and os.path.exists(syn)):
        sys.path.insert(0, str(HERE.parent / "examples"))
        from make_synthetic_adult import adult_pair as make_pair

        o, s = make_pair()
        o.to_csv(ori, index=False)
        s.to_csv(syn, index=False)
    return ori, syn


def run_adult(trees: list[tuple[str, str]], repeat: int) -> None:
    """``sqlpriv report`` on the adult pair (the README's command, --no-progress) in fresh children,
    one per tree and repeat, alternating: wall, CPU seconds and peak RSS of each."""
    tmp = os.path.join(tempfile.gettempdir(), "sqlpriv_bench_adult")
    os.makedirs(tmp, exist_ok=True)
    ori, syn = adult_pair(tmp)
    for _ in range(repeat):
        for name, root in trees:
            env = dict(_child.ENV, PYTHONPATH=root)
            cmd = ["report", ori, "--synthetic", syn, *ADULT_ARGS, "--no-progress"]
            load = os.getloadavg()[0]
            start = time.perf_counter()
            out = _child.run_child(
                [sys.executable, "-c", RUN_CLI, *cmd, "-o", os.path.join(tmp, f"{name}.html")], env=env
            )
            assert out is not None
            wall = time.perf_counter() - start
            print(
                f"adult pair report [{name}]: {wall:.2f} s wall, {out['cpu_seconds']:.2f} CPU s, "
                f"peak {out['peak_rss_mb'] / 1024:.2f} GB (load {load:.1f})",
                flush=True,
            )


# the CLI in a child whose exit status 3/4 (the verdict) still counts as a run
RUN_CLI = (
    "import json, runpy, sys\n"
    "sys.argv = ['sqlpriv', *sys.argv[1:]]\n"
    "try:\n"
    "    runpy.run_module('sqlpriv', run_name='__main__')\n"
    "except SystemExit as e:\n"
    "    assert e.code in (None, 0, 3, 4), e.code\n"
    "print(json.dumps({'ok': True}))\n"
)


def run_child(args: list[str]) -> dict:
    """One measurement in a fresh child (benchmarks/_child.py), with its own peak RSS."""
    result = _child.run_child([sys.executable, __file__, "--child", *args])
    assert result is not None  # no timeout given
    result["peak_rss_gb"] = round(result.pop("peak_rss_mb") / 1024, 2)
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="200k rows (CI smoke test; fails above 3x)")
    parser.add_argument("--rows", type=int, default=7_500_000)
    parser.add_argument("--repeat", type=int, default=1, help="runs of each side (the best is kept)")
    parser.add_argument("--adult", action="store_true", help="the README's adult pair report (this tree)")
    parser.add_argument("--base", help="with --adult: also an unpacked older tree (sqlpriv, sql_templates)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.adult:
        trees = [("base", args.base)] if args.base else []
        run_adult([*trees, ("this", str(HERE.parent))], args.repeat)
        return
    if args.child:
        kind, rows = args.child
        res = case_report(int(rows)) if kind == "report" else case_measures(int(rows))
        print(json.dumps(res))
        return
    rows = 200_000 if args.quick else args.rows
    voters_file(rows)  # generate outside the timings
    print(
        f"# machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"duckdb {__import__('duckdb').__version__}"
    )
    best: dict[str, dict] = {}
    for _ in range(args.repeat):
        for kind in ("measures", "report"):
            res = run_child([kind, str(rows)])
            extra = {
                k: (round(v, 3) if isinstance(v, float) else v) for k, v in res.items() if k not in ("case", "seconds")
            }
            print(f"{res['case']}: {res['seconds']:.3f} s  {extra}")
            if kind not in best or res["seconds"] < best[kind]["seconds"]:
                best[kind] = res
    ratio = best["report"]["seconds"] / best["measures"]["seconds"]
    print(f"report / measures = {ratio:.2f} (target <= 1.5)")
    if args.quick and ratio > 3:
        raise SystemExit(f"REGRESSION: the report takes {ratio:.1f}x the measures it shows (smoke limit 3x)")


if __name__ == "__main__":
    main()
