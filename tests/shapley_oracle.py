"""An independent brute-force oracle for uniqueness Shapley values (docs/measures.md §1).

Written from the definition with explicit cohorts over Python tuples; it shares no
code with sqlpriv. NULL (None) is a category of its own: None == None in tuples.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence


def cohort_sizes(rows: Sequence[tuple], subset: Sequence[int]) -> list[int]:
    keys = [tuple(r[j] for j in subset) for r in rows]
    counts = Counter(keys)
    return [counts[k] for k in keys]


def shapley_per_row(rows: Sequence[tuple]) -> list[list[float]]:
    """phi[t][j] = (1/d) sum_{u subset of -j} C(d-1,|u|)^-1 (log2 N_t(u) - log2 N_t(u+j))."""
    n, d = len(rows), len(rows[0])
    sizes = {}
    for k in range(d + 1):
        for u in itertools.combinations(range(d), k):
            sizes[u] = cohort_sizes(rows, u)
    phi = [[0.0] * d for _ in range(n)]
    for j in range(d):
        others = [i for i in range(d) if i != j]
        for k in range(d):
            weight = 1.0 / (d * math.comb(d - 1, k))
            for u in itertools.combinations(others, k):
                with_j = tuple(sorted(u + (j,)))
                for t in range(n):
                    phi[t][j] += weight * (math.log2(sizes[u][t]) - math.log2(sizes[with_j][t]))
    return phi


def entropy(rows: Sequence[tuple], subset: Sequence[int]) -> float:
    n = len(rows)
    counts = Counter(tuple(r[j] for j in subset) for r in rows)
    return -sum(c / n * math.log2(c / n) for c in counts.values())
