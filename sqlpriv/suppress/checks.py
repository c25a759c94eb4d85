"""Argument checks of local suppression (:mod:`sqlpriv.suppress`): one clear error each,
before any query of the method runs.

>>> key_order(["a", "b", "c"], None, [2, 5, 5])
[2, 1, 0]
>>> key_order(["a", "b", "c"], [1, 3, 2], None)
[1, 2, 0]
>>> subsets(3, None, 2)
[((0, 1, 2), 2)]
>>> subsets(3, [2], 3)
[((0, 1), 3), ((0, 2), 3), ((1, 2), 3)]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from sqlpriv.errors import ParameterError

#: the methods local_suppression offers
METHODS = ("auto", "exact", "greedy", "sdcmicro")


def check_k(k: Any, combs: Sequence[int] | None) -> list[int]:
    """``k`` as a list (one per entry of ``combs``, or one), each an integer >= 1."""
    ks = list(k) if isinstance(k, (list, tuple)) else [k]
    for v in ks:
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ParameterError(f"k must be a whole number >= 1 (the smallest class size to reach), got {v!r}")
    wanted = len(combs) if combs else 1
    if len(ks) == 1:
        return ks * wanted
    if len(ks) != wanted:
        raise ParameterError(f"give one k, or one k per entry of combs ({wanted}), got {len(ks)}")
    return ks


def check_combs(combs: Any, nkeys: int) -> list[int] | None:
    """``combs``: None (k-anonymity on all keys together) or subset sizes in 1..number of keys."""
    if combs is None:
        return None
    sizes = [combs] if isinstance(combs, int) else list(combs)
    if not sizes or any(isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= nkeys for c in sizes):
        raise ParameterError(f"combs must be subset sizes between 1 and the number of keys ({nkeys}), got {combs!r}")
    return sizes


def key_order(keys: Sequence[str], importance: Any, categories: Sequence[int] | None) -> list[int]:
    """Key indices, the first to suppress first (sdcMicro's rule): ``importance`` gives each key a
    rank, 1 the most important (suppressed last); without it the key with the most distinct values
    (``categories``) goes first, ties to the later key."""
    n = len(keys)
    if importance is None:
        assert categories is not None
        ranks = [0] * n
        for pos, j in enumerate(sorted(range(n), key=lambda i: categories[i])):
            ranks[j] = pos + 1
    else:
        ranks = list(importance)
        if len(ranks) != n or any(isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= n for r in ranks):
            raise ParameterError(
                f"importance must give each of the {n} keys a rank from 1 (most important, suppressed last) "
                f"to {n}, got {importance!r}"
            )
    return sorted(range(n), key=lambda j: (-ranks[j], j))


def subsets(nkeys: int, combs: list[int] | None, k: int | list[int]) -> list[tuple[tuple[int, ...], int]]:
    """The key subsets to make k-anonymous, each with its k: all keys, or every subset of each size
    in ``combs``."""
    ks = k if isinstance(k, list) else [k]
    if combs is None:
        return [(tuple(range(nkeys)), ks[0])]
    return [(s, kc) for c, kc in zip(combs, ks) for s in itertools.combinations(range(nkeys), c)]


def check_method(method: Any) -> str:
    """``method`` is one of :data:`METHODS`."""
    if method not in METHODS:
        raise ParameterError(f"method must be one of {', '.join(map(repr, METHODS))}, got {method!r}")
    return str(method)
