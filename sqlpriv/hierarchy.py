"""Hierarchy builders for :func:`sqlpriv.generalize` (docs/measures.md §G).

>>> from sqlpriv import hierarchy
>>> hierarchy.intervals(5, 10, 20).levels, hierarchy.mask(1, 2, 3).levels
(5, 5)
"""

from sqlpriv.treatment.hierarchy import Hierarchy, dates, expressions, intervals, mask, rare, read_file, table

__all__ = ["Hierarchy", "dates", "expressions", "intervals", "mask", "rare", "read_file", "table"]
