"""Benchmark of the generalization search (issue 28) against ARX, the reference tool.

    python benchmarks/bench_generalize.py                     # 8 adult configurations + adult x 1M rows
    python benchmarks/bench_generalize.py --arx DIR           # ARX in the same run (DIR: an ARX build, below)
    python benchmarks/bench_generalize.py --full              # + adult x 10M rows (sqlpriv only, unless --arx-full)
    python benchmarks/bench_generalize.py --quick --check     # CI: 2 of the 8 configurations + 100k rows,
                                                              # fail on a 10x regression (no ARX needed)
    python benchmarks/bench_generalize.py --arx DIR --record  # re-measure ARX and rewrite the reference file
    python benchmarks/bench_generalize.py --before TREE       # + an older sqlpriv tree in the same run
    python benchmarks/bench_generalize.py --entropy           # + the 4 non-uniform entropy configurations
    python benchmarks/bench_generalize.py --floor             # the least a DuckDB answer costs (no search)

Data: ARX's adult data set and hierarchies, copied to benchmarks/reference/arx_adult/. The 8 adult
configurations are k 2/5 x suppression limit 0/5% x metric loss (ARX
``Metric.createLossMetric(AggregateFunction.RANK)``) / discernibility (ARX
``Metric.createDiscernabilityMetric()``), all nine attributes as quasi-identifiers. The scale case is
adult repeated to 1M (10M) rows with every age moved by a seeded offset in [-10, 10] (kept within the
hierarchy's 1..100), so uniques remain; k=5, 5% suppression. Every measurement runs in a child process
of its own; its peak RSS comes from os.wait4 (getrusage, as /usr/bin/time -v reports it).

ARX: without --arx, the ARX columns are the figures recorded in
benchmarks/reference/arx_generalize_adult.json (ARX's in-JVM search time ``ARXResult.getTime()``
and its process wall time). With --arx DIR (or $SQLPRIV_ARX), DIR is an ARX core build with a
``cp.txt`` (its classpath, one line), as /work/shared/peers/arx/build.sh leaves in
$TMPDIR/arx-peer; our driver benchmarks/arx/SqlprivArxPeer.java is compiled against it with javac
and run in one JVM per configuration. ARX itself is never part of this repository.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ADULT_DIR = HERE / "reference" / "arx_adult"
ADULT = ADULT_DIR / "adult.csv"
REFERENCE = HERE / "reference" / "arx_generalize_adult.json"
DRIVER = HERE / "arx" / "SqlprivArxPeer.java"
DATA = HERE / "data"
QIS = ["sex", "age", "race", "marital-status", "education", "native-country", "workclass", "occupation", "salary-class"]
CONFIGS = [(k, s, m) for k in (2, 5) for s in (0.0, 0.05) for m in ("loss", "discernibility")]
# --quick (CI): two of the eight, k 2/5 with 5% suppression and the loss metric
QUICK_CONFIGS = [(2, 0.05, "loss"), (5, 0.05, "loss")]
ARX_METRIC = {"loss": "loss", "discernibility": "dm", "entropy": "entropy"}
# ARX's non-uniform entropy (Metric.createEntropyMetric()), recorded apart from the 8
ENTROPY_CONFIGS = [(k, s, "entropy") for k in (2, 5) for s in (0.0, 0.05)]
QUALITY_MODEL = {
    "loss": "Metric.createLossMetric(AggregateFunction.RANK)",
    "discernibility": "Metric.createDiscernabilityMetric()",
    "entropy": "Metric.createEntropyMetric()",
}
# seconds with --quick on the 2-core development machine, measured 2026-11-24 with branch `gen`'s
# generalize (b5ad900) while 7 other jobs shared the machine (load average about 10): the slowest of
# the two adult configurations, and the 100k scale case. --check fails when a case is 10x slower.
QUICK_BASELINE: dict[str, float] = {"adult": 10.9, "scale_100000": 9.0}
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def config_name(k: int, supp: float, metric: str) -> str:
    return f"k{k}_s{supp:g}_{metric}"


def hierarchies() -> dict[str, str]:
    return {q: str(ADULT_DIR / f"adult_hierarchy_{q}.csv") for q in QIS}


def task_floor(path: str, levels_json: str, k: int) -> None:
    """Child process: the floor under any DuckDB-based answer, with no search at all. After
    ``import duckdb``: connect, read the CSV, map the nine columns at the optimum ARX found (given
    in advance) through ARX's hierarchy files and check k, in one statement written here (not
    sqlpriv's). What a search adds on top of this is the nodes it must evaluate to prove that
    optimum; ARX's ``getTime()`` is the time of that search alone. Prints JSON."""
    start = time.perf_counter()
    import duckdb

    imported = time.perf_counter()
    levels = json.loads(levels_json)
    con = duckdb.connect()
    connected = time.perf_counter()

    def lit(text: str) -> str:
        return "'" + text.replace("'", "''") + "'"

    def ident(text: str) -> str:
        return '"' + text.replace('"', '""') + '"'

    joins = " ".join(
        f"join read_csv({lit(h)}, header = false, delim = ';', all_varchar = true) h{i} on h{i}.column0 = d.{ident(q)}"
        for i, (q, h) in enumerate(hierarchies().items())
    )
    keys = ", ".join(f"h{i}.column{levels[q]}" for i, q in enumerate(QIS))
    sql = (
        f"select min(c) >= {int(k)} from (select count(*) as c from read_csv({lit(path)}, delim = ';', "
        f"header = true, all_varchar = true) d {joins} group by {keys})"
    )
    row = con.execute(sql).fetchone()
    done = time.perf_counter()
    print(
        json.dumps(
            {
                "seconds": done - imported,
                "connect_seconds": connected - imported,
                "statement_seconds": done - connected,
                "import_seconds": imported - start,
                "meets_k": bool(row and row[0]),
            }
        )
    )


# ----------------------------------------------------------------------------- data


def scaled(rows: int) -> Path:
    """adult repeated to `rows` rows, ages moved by a seeded offset in [-10, 10] (clamped to 1..100)."""
    import duckdb

    path = DATA / f"adult_jitter_{rows}.csv"
    if path.is_file():
        return path
    DATA.mkdir(parents=True, exist_ok=True)
    con = duckdb.connect()
    con.execute("set memory_limit='2GB'; set threads=2; set enable_progress_bar=false")
    con.execute(
        "create table a as select row_number() over () - 1 as i, * from read_csv(?, delim=';', header=true, all_varchar=true)",
        [str(ADULT)],
    )
    n = con.execute("select count(*) from a").fetchone()[0]
    cols = ", ".join(
        "cast(least(100, greatest(1, cast(a.age as integer) + cast(hash(r.range, 7) % 21 as integer) - 10)) as varchar) as age"
        if q == "age"
        else f'a."{q}"'
        for q in QIS
    )
    tmp = path.with_suffix(".tmp.csv")
    con.execute(
        f"copy (select {cols} from range({rows}) r join a on a.i = r.range % {n} order by r.range) "
        f"to '{tmp}' (header, delimiter ';')"
    )
    os.replace(tmp, path)
    return path


# ----------------------------------------------------------------------------- sqlpriv


def task_sqlpriv(
    path: str, k: int, supp: float, metric: str, apply_out: str | None, memory_limit: str | None, root: str | None
) -> None:
    """Child process: sqlpriv.generalize end to end on the CSV file; print figures as JSON."""
    sys.path.insert(0, root or str(ROOT))
    start = time.perf_counter()
    import sqlpriv

    imported = time.perf_counter()
    lattice = _time_lattice_walk()
    cpu0 = time.process_time()
    opts = {"memory_limit": memory_limit} if memory_limit else {}
    res = sqlpriv.generalize(path, hierarchies(), k=k, suppression_limit=supp, metric=metric, **opts)
    best = res.best
    searched = time.perf_counter()
    cpu1 = time.process_time()
    out: dict = {"best": best, "best_score": _plain(res.best_score)}
    if apply_out:
        res.apply().to_parquet(apply_out)
    done = time.perf_counter()
    out.update(
        seconds=done - imported,
        search_seconds=searched - imported,
        lattice_seconds=lattice[0] if lattice else None,
        apply_seconds=done - searched,
        import_seconds=imported - start,
        search_cpu_seconds=cpu1 - cpu0,  # this process's threads (DuckDB's included)
        apply_cpu_seconds=time.process_time() - cpu1,
    )
    print(json.dumps(out))


def _time_lattice_walk() -> list[float]:
    """Time the walk over the lattice alone (``sweeps.run_search``: the nodes' statements, from
    the coded patterns to the last node evaluated), the part of a call that ARX's
    ``ARXResult.getTime()`` times (``algorithm.traverse()``: ARX reads the CSV, encodes the data
    and builds the lattice before it). Returns a list the walk's seconds are added to (empty in a
    tree without it)."""
    spent: list[float] = []
    try:
        from sqlpriv.generalize import apply, sweeps
    except ImportError:
        return spent
    walk = sweeps.run_search

    def timed(*args: object, **kwargs: object) -> None:
        t = time.perf_counter()
        try:
            walk(*args, **kwargs)
        finally:
            spent[:] = [(spent[0] if spent else 0.0) + time.perf_counter() - t]

    for module in (sweeps, apply):
        if getattr(module, "run_search", None) is walk:
            module.run_search = timed  # type: ignore[attr-defined]
    return spent


def _plain(v: object) -> object:
    try:
        json.dumps(v)
        return v
    except TypeError:
        return str(v)


def measured(args: list[str], timeout: float | None = None) -> dict:
    """Run a child, return its JSON plus wall time and peak RSS (os.wait4); with ``timeout``
    (seconds) a child still running then is killed and {"timed_out": timeout} returned."""
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, env=ENV)
    start = time.perf_counter()
    assert proc.stdout is not None
    if timeout is None:
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
    else:
        while True:  # the JSON printed at the end is small: the pipe cannot fill
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > timeout:
                proc.kill()
                os.wait4(proc.pid, 0)
                proc.returncode = -9
                return {"timed_out": timeout}
            time.sleep(0.05)
        out = proc.stdout.read()
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{' '.join(args[:4])} ... failed with status {proc.returncode}")
    result = json.loads(out.strip().splitlines()[-1])
    result["process_wall_seconds"] = wall
    result["peak_rss_mb"] = usage.ru_maxrss / 1024  # kB on Linux
    result["cpu_seconds"] = usage.ru_utime + usage.ru_stime  # robust to a shared machine's load
    return result


def run_sqlpriv(
    path: Path,
    k: int,
    supp: float,
    metric: str,
    apply_out: Path | None = None,
    memory_limit: str | None = None,
    root: str | None = None,
    timeout: float | None = None,
) -> dict:
    cmd = [sys.executable, __file__, "--task", "sqlpriv", "--path", str(path)]
    if root:
        cmd += ["--root", root]
    if memory_limit:
        cmd += ["--memory-limit", memory_limit]
    cmd += ["--k", str(k), "--supp", str(supp), "--metric", metric]
    if apply_out:
        cmd += ["--apply-out", str(apply_out)]
    return measured(cmd, timeout)


def run_floor(repeat: int) -> int:
    """--floor: per configuration without suppression, the median of ``repeat`` fresh processes of
    :func:`task_floor` and of sqlpriv end to end (after import), alternating, beside ARX's recorded
    search time."""
    recorded = {c["name"]: c for c in json.loads(REFERENCE.read_text())["configurations"]}
    print(f"# machine: {platform.platform()}, {os.cpu_count()} cores, python {platform.python_version()}")
    print(f"# load average at start: {os.getloadavg()}; medians of {repeat} fresh processes, after import")
    print("case,floor_s,floor_connect_s,floor_statement_s,sqlpriv_s,sqlpriv_lattice_s,arx_search_s,load")
    for k, s, m in CONFIGS:
        if s:
            continue
        name = config_name(k, s, m)
        ref = recorded[name]
        floors, ours = [], []
        for _ in range(repeat):
            floors.append(
                measured(
                    [sys.executable, __file__, "--task", "floor", "--path", str(ADULT), "--k", str(k)]
                    + ["--levels", json.dumps(ref["best"])]
                )
            )
            ours.append(run_sqlpriv(ADULT, k, s, m))
        if not all(f["meets_k"] for f in floors):
            raise SystemExit(f"ARX's optimum for {name} does not meet k in the floor statement")

        def med(rows: list[dict], key: str) -> float:
            values = sorted(r[key] for r in rows if r.get(key) is not None)
            return values[len(values) // 2] if values else float("nan")

        print(
            f"adult_{name},{med(floors, 'seconds'):.3f},{med(floors, 'connect_seconds'):.3f},"
            f"{med(floors, 'statement_seconds'):.3f},{med(ours, 'seconds'):.3f},{med(ours, 'lattice_seconds'):.3f},"
            f"{ref['arx_search_time_ms'] / 1000:.3f},{os.getloadavg()[0]:.1f}",
            flush=True,
        )
    return 0


def before_cell(r: dict | None) -> str:
    """The --before tree's seconds (end to end), CPU seconds and peak MB, or '>T' when it timed out."""
    if r is None:
        return ",,"
    if "timed_out" in r:
        return f">{r['timed_out']:.0f},,"
    return f"{r['seconds']:.2f},{r['cpu_seconds']:.1f},{r['peak_rss_mb']:.0f}"


def lattice_cell(r: dict) -> str:
    """The lattice walk's seconds (ARX's getTime() counterpart), when the tree reports it."""
    return "" if r.get("lattice_seconds") is None else f"{r['lattice_seconds']:.3f}"


def cpu_split(r: dict | None) -> str:
    """The search's and the apply's CPU seconds (``time.process_time()`` in the child), or ','."""
    if not r or "search_cpu_seconds" not in r:
        return ","
    return f"{r['search_cpu_seconds']:.2f},{r['apply_cpu_seconds']:.2f}"


# ----------------------------------------------------------------------------- ARX


def arx_classpath(arx_dir: Path) -> str:
    """Compile our driver against the ARX build in arx_dir; return the run classpath."""
    cp = (arx_dir / "cp.txt").read_text().strip()
    classes = DATA / "arx_classes"
    stamp = classes / "SqlprivArxPeer.class"
    if not stamp.is_file() or stamp.stat().st_mtime < DRIVER.stat().st_mtime:
        classes.mkdir(parents=True, exist_ok=True)
        subprocess.run(["javac", "-nowarn", "-d", str(classes), "-cp", cp, str(DRIVER)], check=True)
    return f"{classes}:{cp}"


def run_arx(cp: str, data: Path, k: int, supp: float, metric: str, heap: str) -> dict:
    """One JVM: ARX on `data` with adult's hierarchies; its optimum, search time, wall time, peak RSS."""
    cmd = [
        "java",
        f"-Xmx{heap}",
        "-cp",
        cp,
        "SqlprivArxPeer",
        "anon",
        "--data",
        str(data),
        "--hier-dir",
        str(ADULT_DIR),
    ]
    cmd += [
        "--dataset",
        "adult",
        "--qis",
        ",".join(QIS),
        "--k",
        str(k),
        "--supp",
        str(supp),
        "--metrics",
        ARX_METRIC[metric],
    ]
    r = measured(cmd)
    run = r["runs"][0]
    run["process_wall_seconds"] = r["process_wall_seconds"]
    run["peak_rss_mb"] = r["peak_rss_mb"]
    run["cpu_seconds"] = r["cpu_seconds"]
    run["datatype_init_ms"] = r["datatype_init_ms"]
    return run


def record_reference(cp: str, entropy: bool = False) -> None:
    """Re-measure ARX on adult: figures, lattice, output digests and times; rewrite REFERENCE
    (``entropy``: the 4 non-uniform entropy configurations, key ``entropy_configurations``)."""
    configs = ENTROPY_CONFIGS if entropy else CONFIGS
    metrics = "entropy" if entropy else "loss,dm"
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            "java",
            "-Xmx2g",
            "-cp",
            cp,
            "SqlprivArxPeer",
            "anon",
            "--data",
            str(ADULT),
            "--hier-dir",
            str(ADULT_DIR),
        ]
        cmd += ["--qis", ",".join(QIS), "--top", "10", "--metrics", metrics, "--out-dir", tmp]
        full = measured(cmd)
        timed = {config_name(k, s, m): run_arx(cp, ADULT, k, s, m, "2g") for k, s, m in configs}
        write_reference(full, Path(tmp), timed, entropy)


def write_reference(full: dict, out_dir: Path, timed: dict | None, entropy: bool) -> None:
    """Write ARX's runs (``full``: the driver's JSON, its outputs in ``out_dir``) into REFERENCE.
    ``timed``: per configuration a JVM of its own for the times (None: the times of ``full``)."""
    configs = ENTROPY_CONFIGS if entropy else CONFIGS
    digests = {}
    for k, s, m in configs:
        out = out_dir / f"arx_out_k{k}_s{s:g}_{ARX_METRIC[m]}.csv"
        if not out.is_file():
            out = out_dir / f"arx_out_k{k}_s{s}_{ARX_METRIC[m]}.csv"
        digests[config_name(k, s, m)] = output_digests(out)
    ref = json.loads(REFERENCE.read_text()) if REFERENCE.is_file() else {}
    key = "entropy_configurations" if entropy else "configurations"
    ref[key] = []
    for (k, s, m), run in zip(configs, full["runs"]):
        name = config_name(k, s, m)
        t = (
            timed[name]
            if timed
            else {**run, "process_wall_seconds": full["process_wall_seconds"], "peak_rss_mb": full["peak_rss_mb"]}
        )
        ref[key].append(describe_run(name, k, s, m, run, t, digests[name]))
    REFERENCE.write_text(json.dumps(ref, indent=1) + "\n")
    print(f"# wrote {REFERENCE} ({key})")


def output_digests(path: Path) -> dict:
    lines = path.read_text(encoding="utf-8").splitlines()
    header, rows = lines[0], lines[1:]
    return {
        "columns": header.split(";"),
        "rows": len(rows),
        "sha256_rows_in_input_order": hashlib.sha256("\n".join(rows).encode()).hexdigest(),
        "sha256_rows_sorted": hashlib.sha256("\n".join(sorted(rows)).encode()).hexdigest(),
    }


def describe_run(name: str, k: int, s: float, m: str, run: dict, timed: dict, digest: dict) -> dict:
    opt = run["optimum"]
    order = run["transformation_vector_order"]
    out = run["output"]
    score: dict
    if m == "loss":
        per_col = dict(zip(order, opt["score"]))
        score = {
            "per_column_loss": per_col,
            "rank_vector": sorted(opt["score"], reverse=True),
            "sum": sum(opt["score"]),
        }
    elif m == "entropy":
        score = {"per_column_entropy": dict(zip(order, opt["score"])), "sum": sum(opt["score"])}
    else:
        score = {"discernibility": opt["score"]}
    hist = {int(a): b for a, b in out["class_size_histogram"].items()}
    return {
        "name": name,
        "k": k,
        "suppression_limit": s,
        "metric": m,
        "arx_quality_model": QUALITY_MODEL[m],
        "arx_quality_model_name": run["quality_model"],
        "best": opt["levels"],
        "score": score,
        "suppressed_records": out["suppressed_records"],
        "classes": out["classes"],
        "smallest_class": out["smallest_class"],
        "largest_class": out["largest_class"],
        "average_class_size": out["average_class_size"],
        "class_size_histogram": {str(a): hist[a] for a in sorted(hist)},
        "output": digest,
        "lattice": {
            key: run["lattice"][key]
            for key in ("nodes", "evaluated_by_search", "forced_nodes", "anonymous_nodes_known", "ties_with_optimum")
        }
        | {"best_anonymous_nodes": run["lattice"]["best_anonymous_nodes"]},
        "arx_search_time_ms": timed["arx_search_time_ms"],
        "arx_anonymize_wall_ms": round(timed["anonymize_wall_ms"], 1),
        "arx_process_wall_seconds": round(timed["process_wall_seconds"], 2),
        "arx_peak_rss_mb": round(timed["peak_rss_mb"]),
    }


# ----------------------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--arx", default=os.environ.get("SQLPRIV_ARX"), help="ARX build dir with cp.txt (or $SQLPRIV_ARX)"
    )
    parser.add_argument("--record", action="store_true", help="with --arx: rewrite the ARX reference file")
    parser.add_argument(
        "--record-entropy", action="store_true", help="with --arx: record ARX's non-uniform entropy optima (4 runs)"
    )
    parser.add_argument("--full", action="store_true", help="also adult x 10M rows")
    parser.add_argument("--arx-full", action="store_true", help="with --arx --full: run ARX on 10M rows too")
    parser.add_argument("--arx-heap", default="2500m", help="ARX heap for the scale case (default 2500m)")
    parser.add_argument("--quick", action="store_true", help="CI: 2 adult configurations + 100k rows")
    parser.add_argument("--check", action="store_true", help="with --quick: fail on a 10x regression")
    parser.add_argument(
        "--scale-metric",
        nargs="+",
        default=["loss"],
        choices=("loss", "discernibility", "entropy"),
        help="metrics of the scale case (default loss)",
    )
    parser.add_argument("--skip-adult", action="store_true", help="only the scale case")
    parser.add_argument(
        "--entropy", action="store_true", help="also the 4 adult configurations with ARX's non-uniform entropy"
    )
    parser.add_argument("--rows", type=int, nargs="+", help="scale-case row counts (default 1M; --full adds 10M)")
    parser.add_argument("--task", help=argparse.SUPPRESS)
    parser.add_argument("--path", help=argparse.SUPPRESS)
    parser.add_argument("--k", type=int, default=5, help=argparse.SUPPRESS)
    parser.add_argument("--supp", type=float, default=0.05, help=argparse.SUPPRESS)
    parser.add_argument("--metric", default="loss", help=argparse.SUPPRESS)
    parser.add_argument("--apply-out", help=argparse.SUPPRESS)
    parser.add_argument("--memory-limit", help="DuckDB memory_limit of sqlpriv's runs (e.g. 3GB)")
    parser.add_argument("--before", help="another sqlpriv tree (e.g. a git worktree of main) timed in the same run")
    parser.add_argument("--before-timeout", type=float, default=150.0, help="seconds before a --before run is cut")
    parser.add_argument("--root", help=argparse.SUPPRESS)
    parser.add_argument("--levels", help=argparse.SUPPRESS)
    parser.add_argument(
        "--floor",
        action="store_true",
        help="only the floor: connect, read adult.csv and check ARX's optimum in one statement (no search), "
        "against sqlpriv and ARX's search, the 4 configurations without suppression",
    )
    parser.add_argument("--repeat", type=int, default=5, help="with --floor: fresh processes per case (default 5)")
    args = parser.parse_args()
    if args.task == "sqlpriv":
        task_sqlpriv(args.path, args.k, args.supp, args.metric, args.apply_out, args.memory_limit, args.root)
        return 0
    if args.task == "floor":
        task_floor(args.path, args.levels, args.k)
        return 0
    if args.floor:
        return run_floor(args.repeat)

    cp = arx_classpath(Path(args.arx)) if args.arx else None
    if args.record or args.record_entropy:
        if not cp:
            parser.error("--record needs --arx DIR")
        record_reference(cp, entropy=args.record_entropy)
        return 0
    recorded = json.loads(REFERENCE.read_text())
    ref = {c["name"]: c for c in recorded["configurations"] + recorded.get("entropy_configurations", [])}
    sys.path.insert(0, str(ROOT))
    import sqlpriv

    if not hasattr(sqlpriv, "generalize"):
        print("# sqlpriv.generalize is not in this tree (issue 28): nothing to benchmark")
        return 0
    print(f"# machine: {platform.platform()}, {os.cpu_count()} cores, python {platform.python_version()}")
    print(f"# load average at start: {os.getloadavg()}")
    print(f"# ARX: {'run in this benchmark from ' + args.arx if cp else 'recorded figures from ' + REFERENCE.name}")
    failed = False
    tmp = Path(tempfile.mkdtemp(prefix="bench_generalize_"))
    try:
        if not args.skip_adult:
            print(
                "case,sqlpriv_s,sqlpriv_search_s,sqlpriv_cpu_s,sqlpriv_peak_mb,arx_search_s,arx_wall_s,arx_cpu_s,"
                "arx_peak_mb,same_node,load,before_s,before_cpu_s,before_peak_mb,best,sqlpriv_lattice_s"
            )
            worst = 0.0
            configs = QUICK_CONFIGS if args.quick else CONFIGS + (ENTROPY_CONFIGS if args.entropy else [])
            for k, s, m in configs:
                name = config_name(k, s, m)
                r = run_sqlpriv(ADULT, k, s, m)
                b = None
                if args.before and m != "entropy":  # older trees have no entropy metric
                    b = run_sqlpriv(ADULT, k, s, m, root=args.before, timeout=args.before_timeout)
                a = run_arx(cp, ADULT, k, s, m, "2g") if cp else ref[name]
                arx_search = a["arx_search_time_ms"] / 1000
                arx_wall = a["process_wall_seconds"] if cp else a["arx_process_wall_seconds"]
                arx_peak = a["peak_rss_mb"] if cp else a["arx_peak_rss_mb"]
                arx_best = a["optimum"]["levels"] if cp else a["best"]
                same = r["best"] == arx_best
                worst = max(worst, r["seconds"])
                arx_cpu = f"{a['cpu_seconds']:.1f}" if cp else ""
                print(
                    f"adult_{name},{r['seconds']:.2f},{r['search_seconds']:.2f},{r['cpu_seconds']:.1f},"
                    f"{r['peak_rss_mb']:.0f},{arx_search:.2f},{arx_wall:.1f},{arx_cpu},{arx_peak:.0f},{same},"
                    f"{os.getloadavg()[0]:.1f},{before_cell(b)},{json.dumps(r['best'])},{lattice_cell(r)}",
                    flush=True,
                )
                if not same:
                    print(f"# DIFFERENT NODE for {name}: sqlpriv {r['best']} vs ARX {arx_best}")
            if args.check and args.quick and worst > 10 * QUICK_BASELINE["adult"]:
                print(
                    f"# REGRESSION: slowest adult configuration took {worst:.2f} s, baseline {QUICK_BASELINE['adult']} s"
                )
                failed = True
        rows_list = [100_000] if args.quick else (args.rows or ([1_000_000, 10_000_000] if args.full else [1_000_000]))
        scale_ref = json.loads(REFERENCE.read_text()).get("scale", {})
        print(
            "case,sqlpriv_s,sqlpriv_search_s,sqlpriv_apply_s,sqlpriv_cpu_s,sqlpriv_peak_mb,"
            "arx_search_s,arx_wall_s,arx_peak_mb,same_node,load,before_s,before_cpu_s,before_peak_mb,best,"
            "search_cpu_s,apply_cpu_s,before_search_cpu_s,before_apply_cpu_s"
        )
        for rows in rows_list:
            t0 = time.perf_counter()
            path = scaled(rows)
            print(f"# data {path.name}: {path.stat().st_size / 1e6:.0f} MB (ready in {time.perf_counter() - t0:.1f} s)")
            for metric in args.scale_metric:
                r = run_sqlpriv(
                    path, 5, 0.05, metric, apply_out=tmp / "released.parquet", memory_limit=args.memory_limit
                )
                b = None
                if args.before:
                    b = run_sqlpriv(
                        path,
                        5,
                        0.05,
                        metric,
                        tmp / "before.parquet",
                        memory_limit=args.memory_limit,
                        root=args.before,
                        timeout=args.before_timeout,
                    )
                a = None
                if cp and (rows <= 1_000_000 or args.arx_full):
                    run = run_arx(cp, path, 5, 0.05, metric, args.arx_heap)
                    a = {
                        "best": run["optimum"]["levels"] if run["optimum"] else None,
                        "arx_search_time_ms": run["arx_search_time_ms"],
                        "arx_process_wall_seconds": run["process_wall_seconds"],
                        "arx_peak_rss_mb": run["peak_rss_mb"],
                    }
                elif str(rows) in scale_ref:
                    a = scale_ref[str(rows)][metric]  # recorded
                arx = ",,,"
                if a:
                    arx = (
                        f"{a['arx_search_time_ms'] / 1000:.2f},{a['arx_process_wall_seconds']:.1f},"
                        f"{a['arx_peak_rss_mb']:.0f},{r['best'] == a['best']}"
                    )
                print(
                    f"scale_{rows}_{metric},{r['seconds']:.2f},{r['search_seconds']:.2f},{r['apply_seconds']:.2f},"
                    f"{r['cpu_seconds']:.1f},{r['peak_rss_mb']:.0f},{arx},{os.getloadavg()[0]:.1f},{before_cell(b)},"
                    f"{json.dumps(r['best'])},{cpu_split(r)},{cpu_split(b)}",
                    flush=True,
                )
                key = f"scale_{rows}"
                if args.check and args.quick and key in QUICK_BASELINE and r["seconds"] > 10 * QUICK_BASELINE[key]:
                    print(f"# REGRESSION: {key} took {r['seconds']:.2f} s, baseline {QUICK_BASELINE[key]} s")
                    failed = True
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if args.check:
        print("# benchmark check: " + ("10x REGRESSION" if failed else "no 10x regression"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
