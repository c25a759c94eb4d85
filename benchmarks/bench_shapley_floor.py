"""What the sampled uniqueness Shapley `summary()` on UCI adult must cost in DuckDB, at least (issue 29 item 1).

    python benchmarks/bench_shapley_floor.py            # adult 32,561 x 15, 200 orders, 2 threads
    python benchmarks/bench_shapley_floor.py --orders 50 --threads 1

The sampled summary needs, for every subset u of columns that the 200 orders visit (about 2,074 on
adult), the entropy of u's cohorts H(u) = log2 n - (1/n) * sum_c N_c log2 N_c (docs/measures.md §1:
the mean of the per-row values is the Shapley share of H). Whatever else it does, it has to group
the distinct patterns by their key in each subset. This script times that grouping alone, three
ways, on the same packed keys sqlpriv uses (each column's dictionary codes packed into BIGINT
words, a subset a mask per word), and counts the (pattern, subset) pairs a design that drops the
patterns already alone at a smaller subset would still have to group (a pattern alone at u is alone
at every superset of u). Nothing here is sqlpriv's own code path: it is the floor under any
design that groups the pairs in DuckDB (benchmarks/RESULTS.md "Stop 28").

The row-level pandas/numpy work below is this benchmark's setup, not a measure.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
ADULT = ROOT / "examples" / "data" / "adult.csv"


def packed_patterns(df: pd.DataFrame) -> tuple[pd.DataFrame, list[tuple[int, int, int]]]:
    """Distinct patterns of ``df`` as two packed BIGINT words with their counts, and each column's
    (word, shift, bits)."""
    codes = [pd.factorize(df[c].astype(str))[0].astype(np.int64) + 1 for c in df.columns]
    words = [np.zeros(len(df), np.int64), np.zeros(len(df), np.int64)]
    used = [0, 0]
    where = []
    for code in codes:
        bits = max(1, math.ceil(math.log2(int(code.max()) + 1)))
        w = 0 if used[0] + bits <= 63 else 1
        if used[w] + bits > 63:
            raise SystemExit("the columns do not fit two words")
        words[w] |= code << used[w]
        where.append((w, used[w], bits))
        used[w] += bits
    frame = pd.DataFrame({"w0": words[0], "w1": words[1]})
    return frame.groupby(["w0", "w1"]).size().reset_index(name="cnt"), where


def sampled_subsets(d: int, orders: int, seed: int) -> list[int]:
    """The proper, non-empty prefixes of ``orders`` random orders of ``d`` columns, as bitmasks."""
    rng = np.random.default_rng(seed)
    seen: set[int] = set()
    for _ in range(orders):
        mask = 0
        for j in rng.permutation(d)[:-1]:
            mask |= 1 << int(j)
            seen.add(mask)
    return sorted(seen)


def pruned_pairs(df: pd.DataFrame, subsets: list[int]) -> tuple[int, int]:
    """(pairs formed by grouping every pattern in every subset, pairs left when each subset groups
    only the patterns shared (not alone) at its best parent among the subsets grouped before it)."""
    cols = list(df.columns)
    pat = df.groupby(cols, dropna=False).size().reset_index(name="cnt")
    patterns = len(pat)
    shared: dict[int, np.ndarray] = {0: np.ones(patterns, bool)}
    left = 0
    for mask in sorted(subsets, key=lambda m: (bin(m).count("1"), m)):
        idx = [j for j in range(len(cols)) if mask >> j & 1]
        parents = [shared[mask & ~(1 << j)].sum() for j in idx if (mask & ~(1 << j)) in shared]
        left += min(parents) if parents else patterns
        sizes = pat.groupby([cols[j] for j in idx], dropna=False)["cnt"].transform("sum").to_numpy()
        shared[mask] = sizes > 1
    return patterns * len(subsets), int(left)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--orders", type=int, default=200)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--single", type=int, default=300, help="subsets timed one statement each")
    args = parser.parse_args()

    df = pd.read_csv(ADULT)
    pat, where = packed_patterns(df)
    subsets = sampled_subsets(df.shape[1], args.orders, args.seed)
    masks = []
    for sid, mask in enumerate(subsets):
        m = [0, 0]
        for j, (w, shift, bits) in enumerate(where):
            if mask >> j & 1:
                m[w] |= ((1 << bits) - 1) << shift
        masks.append((sid, m[0], m[1]))
    con = duckdb.connect()
    con.execute(f"set threads={int(args.threads)}")
    con.register("p_frame", pat)
    con.execute("create table p as select * from p_frame")
    con.register("s_frame", pd.DataFrame(masks, columns=["sid", "m0", "m1"]))
    con.execute("create table s as select * from s_frame")
    pairs = len(pat) * len(subsets)
    print(
        f"adult: {len(df):,} rows, {len(pat):,} patterns, {len(subsets):,} subsets, {pairs:,} pairs, {args.threads} threads"
    )

    def timed(label: str, run: object) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        run()  # type: ignore[operator]
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"{label}: {wall:.2f} s wall, {cpu:.2f} CPU s, {1e9 * cpu / pairs:.0f} CPU ns a pair")

    one = (
        "select sum(h) from (select sid, sum(n * log2(n)) as h from "
        "(select sid, sum(cnt) as n from p, s group by sid, w0 & m0, w1 & m1) group by sid)"
    )
    timed("every pair in one GROUP BY, sum N log N per subset", lambda: con.execute(one).fetchall())

    def chunks() -> None:
        for lo in range(0, len(subsets), 30):
            con.execute(
                "select sum(n * log2(n)) from (select sid, sum(cnt) as n from p, "
                "(select * from s where sid >= ? and sid < ?) s group by sid, w0 & m0, w1 & m1)",
                [lo, lo + 30],
            ).fetchall()

    timed("chunks of 30 subsets", chunks)

    single = masks[: args.single]
    wall, cpu = time.perf_counter(), time.process_time()
    for _, m0, m1 in single:
        con.execute(
            "select sum(n * log2(n)) from (select sum(cnt) as n from p group by w0 & ?, w1 & ?)", [m0, m1]
        ).fetchall()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    each = wall / len(single)
    print(
        f"one subset per statement ({len(single)} timed): {1e3 * each:.2f} ms each, "
        f"{1e9 * cpu / (len(single) * len(pat)):.0f} CPU ns a pair; all {len(subsets):,}: about {each * len(subsets):.1f} s"
    )

    formed, left = pruned_pairs(df, subsets)
    print(f"pairs formed {formed:,}; left after dropping patterns alone at a parent: {left:,} ({left / formed:.0%})")


if __name__ == "__main__":
    main()
