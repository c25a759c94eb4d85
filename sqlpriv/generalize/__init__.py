"""Treatment: generalization hierarchies, a privacy policy, the optimal-node search and the
released table (docs/measures.md §7). The public entry points are :func:`sqlpriv.generalize`
and the hierarchy builders of :mod:`sqlpriv.hierarchy`."""

from sqlpriv.generalize.apply import Generalization
from sqlpriv.generalize.cells import CellsGeneralization
from sqlpriv.generalize.entry import generalize
from sqlpriv.generalize.hierarchy import Hierarchy, HierarchyError
from sqlpriv.generalize.search import LatticeTooLargeError
from sqlpriv.generalize.spark_search import SparkGeneralization, TooManyPatternsError

__all__ = [
    "CellsGeneralization",
    "Generalization",
    "Hierarchy",
    "HierarchyError",
    "LatticeTooLargeError",
    "SparkGeneralization",
    "TooManyPatternsError",
    "generalize",
]
