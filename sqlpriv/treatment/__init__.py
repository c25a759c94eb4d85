"""Treatment: generalization hierarchies, a privacy policy, the optimal-node search and the
released table (docs/measures.md §7). The public entry points are :func:`sqlpriv.generalize`
and the hierarchy builders of :mod:`sqlpriv.hierarchy`."""

from sqlpriv.treatment.apply import Generalization, generalize
from sqlpriv.treatment.hierarchy import Hierarchy, HierarchyError
from sqlpriv.treatment.search import LatticeTooLargeError

__all__ = ["Generalization", "Hierarchy", "HierarchyError", "LatticeTooLargeError", "generalize"]
