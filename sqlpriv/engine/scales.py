"""Figures with a scale: what a number of bits or a share means for one person.

>>> bits_scale(18)
"a row's values carry as much as 1 in 262,144"
>>> share_scale(0.095, "rows unique")
'about 1 row in 11 is unique'
>>> share_scale(0, "rows unique")
'no row is unique'
>>> class_scale(1)
'someone who knows these values about a person can find their row'
>>> class_scale(7)
'every row shares its values with at least 6 others'
>>> percent(0.0000312), percent(0.25)
('0.0031%', '25.0%')
"""

from __future__ import annotations

import math


def percent(x: float) -> str:
    """A share as a percentage that never rounds a non-zero share to 0 (0.0031%, not 0.0%)."""
    if x == 0 or x >= 0.001:
        return f"{x:.1%}"
    return f"{x * 100:.2g}%"


def bits_scale(bits: float) -> str:
    """What ``bits`` of information about a row amount to: 1 in 2**bits, written as a power of ten
    from 2**64 on (a float overflows at 2**1024: a PIF_95 of 1,100 bits, 95 near-unique columns,
    crashed the summary).

    >>> bits_scale(1100.4)
    "a row's values carry as much as 1 in 10^331"
    """
    if bits <= 0:
        return "a row's values tell nothing about who it is"
    if bits >= 64:
        return f"a row's values carry as much as 1 in 10^{math.floor(bits * math.log10(2)):,}"
    return f"a row's values carry as much as 1 in {round(2.0**bits):,}"


def one_in(share: float) -> str:
    """A share as '1 in N', or, above one half (where N would be 1: '1 in 1' for 72.5%), 'k in 10'.

    >>> one_in(0.095), one_in(0.725), one_in(0.7679), one_in(1.0)
    ('1 in 11', '7 in 10', '8 in 10', '10 in 10')
    """
    if share > 0.5:
        return f"{round(share * 10)} in 10"
    return f"1 in {round(1 / share):,}"


def share_scale(share: float, what: str = "rows unique") -> str:
    """A share of unique rows as '1 row in N' (:func:`one_in`; every row, all of them).

    >>> share_scale(0.725), share_scale(1.0)
    ('about 7 rows in 10 are unique', 'every row is unique')
    """
    if share <= 0:
        return "no row is unique"
    if what != "rows unique":
        return one_in(share)
    if share >= 1:
        return "every row is unique"
    if share > 0.5:
        return f"about {one_in(share).replace(' in ', ' rows in ')} are unique"
    return f"about 1 row in {round(1 / share):,} is unique"


def class_scale(smallest: int) -> str:
    """What the smallest class (k-anonymity) means."""
    if smallest <= 1:
        return "someone who knows these values about a person can find their row"
    return f"every row shares its values with at least {smallest - 1:,} others"


__all__ = ["bits_scale", "class_scale", "one_in", "percent", "share_scale"]
