"""How accurate sampled uniqueness Shapley values are per subset visited: independent orders
against position-balanced ones (issue 29 item 1; docs/measures.md §1).

The cost of a sampled run is the number of distinct column subsets its orders visit (one grouping
of the patterns each); its accuracy is the error against the exact values. This script computes,
by brute force in numpy (no sqlpriv code), the mean log2 cohort size of UCI adult for all 2^15
column subsets, and the per-row log2 cohort sizes of 400 random rows, then replays the two
designs many times on those numbers:

- ``plain``: M independent uniform orders (sqlpriv before session est1; 200 by default);
- ``balanced``: B blocks of d orders, each block a shuffled cyclic Latin square (every column once
  at every position; sqlpriv's default since est1, B = 3), with the standard error stratified by
  position.

It prints, per design, the subsets visited, the root mean square error against the exact values
of the summary (per column) and of the per-row values, and how often the exact value lies within
1.96 reported standard errors. Then it runs sqlpriv itself (the default) and compares its summary
with the exact one.

    python benchmarks/bench_shapley_design.py [--reps 100] [--csv examples/data/adult.csv]

About 3 minutes on a 2-core machine (the exact tables take most of it).
"""

from __future__ import annotations

import argparse
import math
import time
import warnings

import numpy as np
import pandas as pd


def exact_tables(df: pd.DataFrame, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Mean log2 cohort size for every subset (bitmask), and log2 cohort size of ``rows``."""
    d, n = df.shape[1], len(df)
    codes = [pd.factorize(df[c], use_na_sentinel=False)[0].astype(np.int64) for c in df.columns]
    cards = [int(c.max()) + 1 for c in codes]
    mean_log = np.zeros(1 << d)
    row_log = np.zeros((1 << d, len(rows)))
    mean_log[0] = row_log[0] = math.log2(n)

    def visit(parent: int, ids: np.ndarray, start: int) -> None:  # depth-first partition refinement
        for h in range(start, d):
            s = parent | (1 << h)
            _, inv, cnt = np.unique(ids * cards[h] + codes[h], return_inverse=True, return_counts=True)
            mean_log[s] = (np.log2(cnt) * cnt).sum() / n
            row_log[s] = np.log2(cnt[inv[rows]])
            visit(s, inv.astype(np.int64), h + 1)

    visit(0, np.zeros(n, np.int64), 0)
    return mean_log, row_log


def shapley(values: np.ndarray, d: int) -> np.ndarray:
    """Exact Shapley values of the game v(s) = -values[s] (values: 2^d x k)."""
    size = np.array([bin(s).count("1") for s in range(1 << d)])
    weight = np.array([math.factorial(k) * math.factorial(d - k - 1) / math.factorial(d) for k in range(d)])
    out = np.zeros((d,) + values.shape[1:])
    subsets = np.arange(1 << d)
    for j in range(d):
        s = subsets[(subsets >> j) & 1 == 0]
        w = weight[size[s]].reshape((-1,) + (1,) * (values.ndim - 1))
        out[j] = (w * (values[s] - values[s | (1 << j)])).sum(axis=0)
    return out


def plain_orders(rng: np.random.Generator, d: int, m: int) -> list[np.ndarray]:
    return [rng.permutation(d) for _ in range(m)]


def balanced_orders(rng: np.random.Generator, d: int, blocks: int) -> list[np.ndarray]:
    out = []
    for _ in range(blocks):
        p, r, c = rng.permutation(d), rng.permutation(d), rng.permutation(d)
        out += [p[(r[i] + c) % d] for i in range(d)]
    return out


def replay(values: np.ndarray, orders: list[np.ndarray], d: int, stratified: bool):
    """Estimate and standard error of the game -values over ``orders``; subsets visited."""
    m = len(orders)
    marg = np.zeros((m, d) + values.shape[1:])
    pos = np.zeros((m, d), int)
    seen = set()
    for i, o in enumerate(orders):
        s = 0
        for k, j in enumerate(o):
            t = s | (1 << int(j))
            marg[i, j] = values[s] - values[t]
            pos[i, j] = k
            seen.add(t)
            s = t
    est = marg.mean(axis=0)
    if not stratified:
        return est, marg.std(axis=0, ddof=1) / math.sqrt(m), len(seen)
    var = np.zeros_like(est)
    blocks = m // d
    for j in range(d):
        for k in range(d):
            var[j] += marg[pos[:, j] == k, j].var(axis=0, ddof=1) / blocks
    return est, np.sqrt(var) / d, len(seen)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--csv", default="examples/data/adult.csv")
    ap.add_argument("--reps", type=int, default=100)
    ap.add_argument("--rows", type=int, default=400)
    args = ap.parse_args()
    df = pd.read_csv(args.csv)
    d = df.shape[1]
    rng = np.random.default_rng(3)
    rows = rng.choice(len(df), args.rows, replace=False)
    t = time.perf_counter()
    mean_log, row_log = exact_tables(df, rows)
    exact_summary, exact_rows = shapley(mean_log, d), shapley(row_log, d)
    print(f"exact tables of {d} columns x {len(df):,} rows: {time.perf_counter() - t:.0f} s")
    print("exact summary:", np.round(exact_summary, 4).tolist())
    designs = [("plain", 200), ("plain", 60), ("balanced", 2), ("balanced", 3), ("balanced", 4), ("balanced", 13)]
    print(
        "| design | orders | subsets | summary RMSE mean / max | per-row RMSE mean / p95 | per-row SE / RMSE | coverage (1.96 SE) |"
    )
    print("| --- | ---: | ---: | --- | --- | ---: | ---: |")
    for name, size in designs:
        err_s, err_r, se_r, cov, subs = [], [], [], [], []
        for _ in range(args.reps):
            orders = plain_orders(rng, d, size) if name == "plain" else balanced_orders(rng, d, size)
            est, _, n_sub = replay(mean_log, orders, d, name == "balanced")
            est_r, se, _ = replay(row_log, orders, d, name == "balanced")
            err_s.append(est - exact_summary)
            err_r.append(est_r - exact_rows)
            se_r.append(se)
            cov.append(np.abs(est_r - exact_rows) <= 1.96 * se + 1e-12)
            subs.append(n_sub)
        rmse_s = np.sqrt((np.array(err_s) ** 2).mean(axis=0))
        rmse_r = np.sqrt((np.array(err_r) ** 2).mean(axis=0))
        se_ratio = np.sqrt((np.array(se_r) ** 2).mean(axis=0)).mean() / rmse_r.mean()
        orders_n = size if name == "plain" else size * d
        print(
            f"| {name} | {orders_n} | {np.mean(subs):,.0f} | {rmse_s.mean():.4f} / {rmse_s.max():.4f} | "
            f"{rmse_r.mean():.4f} / {np.quantile(rmse_r, 0.95):.4f} | {se_ratio:.2f} | {np.mean(cov):.3f} |"
        )
    import sqlpriv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = sqlpriv.uniqueness_shapley(args.csv, threads=2)
        s = r.summary().df()
    z = (s["shapley"].to_numpy() - exact_summary) / s["shapley_se"].to_numpy()
    print(f"sqlpriv default ({r.samples} orders): summary error / SE per column:", np.round(z, 2).tolist())


if __name__ == "__main__":
    main()
