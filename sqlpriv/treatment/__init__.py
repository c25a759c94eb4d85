"""Treatment: generalization hierarchies, a privacy policy, the optimal-node search and the
released table (docs/measures.md §7). The public entry points are :func:`sqlpriv.generalize`
and the hierarchy builders of :mod:`sqlpriv.hierarchy`."""

from sqlpriv.treatment.apply import Generalization
from sqlpriv.treatment.entry import generalize
from sqlpriv.treatment.hierarchy import Hierarchy, HierarchyError
from sqlpriv.treatment.search import LatticeTooLargeError
from sqlpriv.treatment.spark_search import SparkGeneralization, TooManyPatternsError

__all__ = [
    "Generalization",
    "Hierarchy",
    "HierarchyError",
    "LatticeTooLargeError",
    "SparkGeneralization",
    "TooManyPatternsError",
    "generalize",
]
