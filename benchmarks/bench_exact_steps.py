"""Where exact mode's time goes (issue 14, target 6): the cells and per-pattern steps on one slice
of the lattice, with the alternatives that were measured against them. Prints figures.

    python benchmarks/bench_exact_steps.py                      # 100k x 12, sids 1024..1535 (1/8)
    python benchmarks/bench_exact_steps.py --threads 1 --repeat 1

Each variant reports CPU seconds of the process (all DuckDB threads together) and wall seconds:
on a machine shared with other work CPU seconds move much less than wall time. "current" runs
the package's own templates (engine/cells_direct.sql in chunks of DIRECT_ROWS pairs, then
shapley/phi_chunk.sql in chunks of PHI_CHUNK_ROWS pairs); the other variants are measurement
SQL written here for the comparison only (not used by the package). Every variant checks its
per-pattern sums against "current".
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_shapley import wide_file


def main() -> None:
    import sqlpriv
    from sqlpriv.engine import cohorts
    from sqlpriv.engine.templates import render
    from sqlpriv.shapley import measure as shapley

    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--columns", type=int, default=12)
    parser.add_argument("--lo", type=int, default=1024, help="first sid of the slice")
    parser.add_argument("--subsets", type=int, default=512, help="subsets in the slice")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()

    r = sqlpriv.uniqueness_shapley(str(wide_file(args.rows, args.columns)), method="exact", threads=args.threads)
    f = r.frame
    f.plan.ensure(["patterns", "lattice"])
    con, t = f.plan.con, f.names
    assert len(f.words) == 1, "the measurement SQL below assumes one packed word"
    d, lo, hi = f.d, args.lo, args.lo + args.subsets - 1
    n_patterns = con.execute(f'select count(*) from "{t["patterns"]}"').fetchone()[0]
    fields = f.words[0]
    sid_of_key = " + ".join(f"(case when k0 & {x['mask']} <> 0 then {1 << x['j']} else 0 end)" for x in fields)
    coef = ", ".join(f"l.c{j}" for j in range(d))
    phis = ", ".join(f"sum(e.c{j} * log2(c.n)) as phi{j}" for j in range(d))
    parts_cols = ", ".join(f"phi{j} double" for j in range(d))
    P, L = f'"{t["patterns"]}"', f'"{t["lattice"]}"'

    def chunk(a: int, b: int) -> str:
        return f"(select * from {L} where sid between {a} and {b})"

    def fresh() -> None:
        con.execute(f'create or replace table "{t["cells"]}" (sid bigint, k0 bigint, n bigint)')
        con.execute(f"create or replace table bench_parts (k0 bigint, {parts_cols})")

    def current() -> tuple[float, float]:
        fresh()
        per = max(1, cohorts.DIRECT_ROWS // n_patterns)
        c0 = time.process_time()
        for a in range(lo, hi + 1, per):  # lattice positions are sid + 1
            body = render(
                "engine/cells_direct.sql", t=t, extras=[], patterns=t["patterns"], words=f.words,
                lo=a + 1, hi=min(hi, a + per - 1) + 1,
            )  # fmt: skip
            con.execute(f'insert into "{t["cells"]}" {body}')
        c1 = time.process_time()
        per = max(1, shapley.PHI_CHUNK_ROWS // n_patterns)
        for a in range(lo, hi + 1, per):
            body = render("shapley/phi_chunk.sql", **f.context(lo=a, hi=min(hi, a + per - 1)))
            con.execute(f"insert into bench_parts {body}")
        return c1 - c0, time.process_time() - c1

    def key_only(per_cells: int, per_phi: int) -> Callable[[], tuple[float, float]]:
        def run() -> tuple[float, float]:  # group and join by the masked key alone (it implies the subset)
            fresh()
            c0 = time.process_time()
            for a in range(lo, hi + 1, per_cells):
                con.execute(
                    f'insert into "{t["cells"]}" select {sid_of_key} as sid, k0, n from (select p.k0 & l.m0 as k0, '
                    f"sum(p.w)::bigint as n from {P} p cross join {chunk(a, min(hi, a + per_cells - 1))} l "
                    "group by all having sum(p.w) > 1)"
                )
            c1 = time.process_time()
            for a in range(lo, hi + 1, per_phi):
                b = min(hi, a + per_phi - 1)
                con.execute(
                    f"insert into bench_parts select e.k0, {phis} from (select p.k0, p.k0 & l.m0 as q, {coef} "
                    f'from {P} p cross join {chunk(a, b)} l) e join (select * from "{t["cells"]}" '
                    f"where sid between {a} and {b}) c on c.k0 = e.q group by all"
                )
            return c1 - c0, time.process_time() - c1

        return run

    def fused(per: int) -> Callable[[], tuple[float, float]]:
        def run() -> tuple[float, float]:  # count a chunk's cells, keep them, sum its log2 n per pattern at once
            fresh()
            c0 = time.process_time()
            for a in range(lo, hi + 1, per):
                ch = chunk(a, min(hi, a + per - 1))
                con.execute(
                    f"create or replace table bench_chunk as select {sid_of_key} as sid, k0, n from (select "
                    f"p.k0 & l.m0 as k0, sum(p.w)::bigint as n from {P} p cross join {ch} l group by all "
                    "having sum(p.w) > 1)"
                )
                con.execute(f'insert into "{t["cells"]}" select * from bench_chunk')
                con.execute(
                    f"insert into bench_parts select e.k0, {phis} from (select p.k0, p.k0 & l.m0 as q, {coef} "
                    f"from {P} p cross join {ch} l) e join bench_chunk c on c.k0 = e.q group by all"
                )
            return time.process_time() - c0, 0.0

        return run

    def probe_split() -> tuple[float, float]:  # the per-pattern step's parts: probe only, probe + 1 sum
        c0 = time.process_time()
        con.execute(
            f"select count(*), sum(log2(c.n)) from (select p.k0 & l.m0 as q from {P} p cross join {chunk(lo, hi)} l) e "
            f'join "{t["cells"]}" c on c.k0 = e.q'
        ).fetchall()
        c1 = time.process_time()
        con.execute(
            f"create or replace table bench_one as select e.k0, sum(log2(c.n)) as s from (select p.k0, p.k0 & l.m0 "
            f'as q from {P} p cross join {chunk(lo, hi)} l) e join "{t["cells"]}" c on c.k0 = e.q group by all'
        )
        return c1 - c0, time.process_time() - c1

    variants: list[tuple[str, Callable[[], tuple[float, float]]]] = [
        (f"current (DIRECT_ROWS {cohorts.DIRECT_ROWS:,}, PHI_CHUNK_ROWS {shapley.PHI_CHUNK_ROWS:,})", current),
        ("key only, 10 / 256 subsets per statement", key_only(10, 256)),
        ("key only, 160 / 256", key_only(160, 256)),
        ("key only, 40 / 512", key_only(40, 512)),
        ("fused per chunk of 16 subsets", fused(16)),
        ("fused per chunk of 64 subsets", fused(64)),
    ]
    print(
        f"# {args.rows:,} rows x {d} columns, {n_patterns:,} patterns, sids {lo}..{hi} "
        f"({args.subsets} of {1 << d} subsets), threads={args.threads}"
    )
    reference = None
    for _ in range(args.repeat):
        for name, fn in variants:
            load = os.getloadavg()[0]
            wall = time.perf_counter()
            cells_cpu, phi_cpu = fn()
            wall = time.perf_counter() - wall
            sums = con.execute(
                f"select {', '.join(f'sum(phi{j})' for j in range(d))} from bench_parts"
            ).fetchone()  # fmt: skip
            reference = reference or sums
            same = max(abs(x - y) for x, y in zip(sums, reference)) < 1e-6
            print(
                f"{name}: CPU cells {cells_cpu:.2f} s + per-pattern {phi_cpu:.2f} s = {cells_cpu + phi_cpu:.2f} s, "
                f"wall {wall:.2f} s, load {load:.1f}, same sums: {same}",
                flush=True,
            )
        probe, one_sum = probe_split()
        print(f"per-pattern step split (all {args.subsets} subsets in one statement): CPU probe only {probe:.2f} s, "
              f"probe + one sum per pattern {one_sum:.2f} s", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
