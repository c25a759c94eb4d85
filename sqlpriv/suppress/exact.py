"""The exact mode of local suppression (docs/measures.md, local suppression): the fewest cells
suppressed for k-anonymity under wildcard semantics, found by an integer program on the distinct
patterns (an aggregate: one row per stratum and pattern with its row count), never on rows.

Variables: for each pattern p and each set s of its shown keys, x[p, s] rows of p get the keys
in s suppressed (0..m_p, summing to m_p) and y[p, s] says whether any do. For each used (p, s) and
each key subset S to protect, the rows of every (q, t) matching it on S (equal or either NULL per
key, same stratum) sum to at least k. Minimise the cells, sum |s| x[p, s]. Solved by HiGHS through
scipy (the ``test`` extra, or ``pip install scipy``).

>>> pats = [((), ("a", "x"), 1), ((), ("a", "y"), 1), ((), ("b", "y"), 2)]
>>> sorted(solve(pats, [((0, 1), 2)], 2))
[(0, 2, 1), (1, 0, 1), (2, 0, 2)]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from sqlpriv.errors import ParameterError

#: the most (pattern, key set) variables the exact mode takes on
MAX_VARIABLES = 2000

Pattern = tuple[tuple[Any, ...], tuple[Any, ...], int]  # (strata values, key values, rows)


def variables(patterns: Sequence[Pattern]) -> list[tuple[int, int]]:
    """(pattern index, mask) for every pattern and every set of its shown (non-NULL) keys."""
    out = []
    for p, (_, values, _) in enumerate(patterns):
        shown = [j for j, v in enumerate(values) if v is not None]
        for r in range(len(shown) + 1):
            for chosen in itertools.combinations(shown, r):
                out.append((p, sum(1 << j for j in chosen)))
    return out


def size(patterns: Sequence[Pattern]) -> int:
    """How many variables the integer program has."""
    return sum(2 ** sum(v is not None for v in values) for _, values, _ in patterns)


def _matches(patterns: Sequence[Pattern], var: list[tuple[int, int]], subset: tuple[int, ...]) -> Any:
    import numpy as np

    strata = [s for s, _, _ in patterns]
    pid = np.array([p for p, _ in var])
    masks = np.array([m for _, m in var])
    same = np.array([[a == b for b in strata] for a in strata])[np.ix_(pid, pid)]
    for j in subset:
        vals = [values[j] for _, values, _ in patterns]
        eq = np.array([[a is None or b is None or a == b for b in vals] for a in vals])[np.ix_(pid, pid)]
        hidden = ((masks >> j) & 1).astype(bool)
        same &= eq | hidden[:, None] | hidden[None, :]
    return same


def solve(
    patterns: Sequence[Pattern], protect: Sequence[tuple[tuple[int, ...], int]], limit: int
) -> list[tuple[int, int, int]]:
    """The optimal assignment: (pattern index, mask, rows) for every mask some rows take."""
    try:
        import numpy as np
        from scipy import optimize, sparse  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - scipy is in the test extra
        raise ParameterError("method='exact' needs scipy (pip install scipy); use method='greedy'") from None
    var = variables(patterns)
    nv = len(var)
    if nv > MAX_VARIABLES:
        raise ParameterError(
            f"method='exact' takes at most {MAX_VARIABLES} (pattern, key set) pairs, this input has {nv}; "
            "use method='greedy' (or 'auto')"
        )
    rows = np.array([patterns[p][2] for p, _ in var], dtype=float)
    cost = np.array([bin(m).count("1") for _, m in var], dtype=float)
    blocks: list[Any] = []
    lower: list[float] = []
    upper: list[float] = []
    member = sparse.csr_matrix((np.ones(nv), ([p for p, _ in var], np.arange(nv))), shape=(len(patterns), nv))
    blocks.append(sparse.hstack([member, sparse.csr_matrix((len(patterns), nv))]))
    lower += [float(p[2]) for p in patterns]
    upper += [float(p[2]) for p in patterns]
    for subset, k in protect:
        match = sparse.csr_matrix(_matches(patterns, var, subset).astype(float))
        blocks.append(sparse.hstack([match, sparse.diags(np.full(nv, -float(k)))]))
        lower += [0.0] * nv
        upper += [np.inf] * nv
    blocks.append(sparse.hstack([sparse.identity(nv), sparse.diags(-rows)]))
    lower += [-np.inf] * nv
    upper += [0.0] * nv
    result = optimize.milp(
        np.concatenate([cost, np.zeros(nv)]),
        constraints=optimize.LinearConstraint(sparse.vstack(blocks).tocsr(), lower, upper),
        integrality=np.ones(2 * nv),
        bounds=optimize.Bounds(np.zeros(2 * nv), np.concatenate([rows, np.ones(nv)])),
        options={"time_limit": float(limit)},
    )
    if result.status != 0 or result.x is None:
        raise ParameterError(
            f"method='exact' found no proven optimum within {limit} s ({result.message}); use method='greedy'"
        )
    x = np.round(result.x[:nv]).astype(int)
    return [(p, m, int(c)) for (p, m), c in zip(var, x) if c > 0]
