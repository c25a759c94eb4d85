"""The factored exact per-pattern values (shapley/phi_factored.sql): which high-cardinality
columns to split off (:func:`phi_split`) and the template context of that split."""

from __future__ import annotations

from typing import Any

from sqlpriv.engine import cohorts

PHI_SPLIT_MAX = 4  # at most this many high columns are tried (2^|high| probes per pattern)
PHI_SPLIT_MAX_LOW = 4  # and at most this many low ones (2^|low| joins in one statement)
PHI_SPLIT_GAIN = 0.7  # the split is used when its estimated probes are below this share of 2^d per pattern


def phi_split(cardinalities: list[int], n: int) -> list[int]:
    """The high columns of ``shapley/phi_factored.sql``, or ``[]`` for ``phi_exact.sql``.

    A subset's terms are summed once per distinct key on its high columns plus all low columns
    (at most ``min(n, product of cardinalities)`` keys, 2^|low| probes each), and each pattern
    probes the cells for the 2^|low| subsets holding every high column and the small table of
    sums once per other group of subsets. The split with the fewest estimated probes wins when it
    saves enough against 2^d probes per pattern.

    >>> phi_split([800, 7, 5, 3, 88], 7_500_000)  # zip code and age (7.5M voters)
    [0, 4]
    >>> phi_split([2, 3, 2], 100)
    []
    """
    from itertools import combinations
    from math import prod

    d = len(cardinalities)

    def keys(cols: list[int]) -> int:
        return min(n, prod(cardinalities[j] for j in cols))

    patterns = keys(list(range(d)))
    best, best_cost = [], float(patterns << d)
    for size in range(1, min(PHI_SPLIT_MAX, d) + 1):
        for high in combinations(range(d), size):
            low = [j for j in range(d) if j not in high]
            if len(low) > PHI_SPLIT_MAX_LOW:  # one join per subset holding every high column
                continue
            others = [list(h) for r in range(size) for h in combinations(high, r)]
            cost = (sum(keys(h + low) for h in others) + patterns) * (1 << len(low)) + patterns * len(others)
            if cost < best_cost:
                best, best_cost = list(high), cost
    return best if best_cost < PHI_SPLIT_GAIN * (patterns << d) else []


def split_context(frame: cohorts.CohortFrame, high: list[int]) -> dict[str, Any]:
    """``high_sid``, ``groups`` (each group of subsets short of the high columns: its id and key
    masks) and ``highs`` (each subset holding them: its sid and key masks) of phi_factored.sql."""
    from itertools import combinations

    high_sid = sum(1 << j for j in high)
    low = [j for j in range(frame.d) if j not in high]
    groups = []
    for r in range(len(high)):
        for h in combinations(high, r):
            cols = set(low) | set(h)
            masks = [sum(f["mask"] for f in word if f["j"] in cols) for word in frame.words]
            groups.append({"hsid": sum(1 << j for j in h), "m": masks})
    highs = []
    for sid in range(1 << frame.d):
        if sid & high_sid == high_sid:
            masks = [sum(f["mask"] for f in word if sid >> f["j"] & 1) for word in frame.words]
            highs.append({"sid": sid, "m": masks})
    return {"high_sid": high_sid, "groups": groups, "highs": highs}
