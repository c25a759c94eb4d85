"""sqlpriv: how identifying are the columns of a table? Measured inside DuckDB.

>>> import sqlpriv
>>> r = sqlpriv.uniqueness_shapley(sqlpriv.example_path("flare.csv"), columns=["class", "area"])
>>> s = r.summary().df()
>>> s["column"].tolist()
['class', 'area']
>>> full_set_entropy = r.entropies().df()["entropy"].iloc[-1]
>>> bool(abs(s["shapley"].sum() - full_set_entropy) < 1e-12)  # efficiency: they add up to H(all)
True
"""

from __future__ import annotations

import sys as _sys
from pathlib import Path

from sqlpriv.attacks.dcr import DCROutcome, dcr
from sqlpriv.attacks.inference import InferenceOutcome, inference
from sqlpriv.attacks.linkability import linkability
from sqlpriv.attacks.outcome import AttackOutcome
from sqlpriv.attacks.singling_out_queries import singling_out_queries
from sqlpriv.attacks.singling_out_result import SinglingOutQueriesResult
from sqlpriv.disclosure.measure import DisclosureResult, attribute_disclosure
from sqlpriv.engine import Result, connect
from sqlpriv.engine.csv_files import CsvFile
from sqlpriv.errors import (
    ColumnError,
    EmptyInputError,
    ExecutionError,
    MemoryBudgetError,
    OutputError,
    ParameterError,
    SourceError,
    SqlprivError,
    SqlprivWarning,
)
from sqlpriv.generalize import Generalization, HierarchyError, LatticeTooLargeError, generalize, hierarchy
from sqlpriv.microaggregation import Microaggregation, microaggregate
from sqlpriv.pif.measure import (
    InformationFactors,
    PifResult,
    cig,
    clear_cache,
    csf,
    fig,
    information_factors,
    pif,
    rig,
    wcig,
)
from sqlpriv.request.measure import Assessment, assess_request, privacy_profile, small_classes
from sqlpriv.risk.measure import ReidentificationRisk, reidentification_risk
from sqlpriv.shapley.measure import ShapleyResult, uniqueness_shapley
from sqlpriv.singling_out.measure import SinglingOutResult, singling_out
from sqlpriv.singling_out.uniques import SampleUniquesResult, sample_uniques
from sqlpriv.suppress import LocalSuppression, local_suppression
from sqlpriv.topcode import top_bottom_code

# The presentation layer registers how each result shows (_repr_html_, .plot(), repr) with
# sqlpriv.engine.presentable; the measures never import it (README "Layout").
from sqlpriv.report import display as _display  # noqa: F401  isort: skip
from sqlpriv.report import disclosure as _disclosure_report  # noqa: F401  isort: skip  (registers its display)
from sqlpriv.report import generalize as _generalize_report  # noqa: F401  isort: skip  (Generalization: compare, plot)

# sqlpriv.report is the presentation package and the public function: importing the package (for
# display, above) binds it on this module, so the function is bound after it
from sqlpriv.report.build import report  # isort: skip

__version__ = "0.1.0"


# The module paths of 0.2, before the families became packages (issue 42), keep working:
# `from sqlpriv.factors import cig`.  relayout: keep
_sys.modules.setdefault("sqlpriv.factors", _sys.modules["sqlpriv.pif"])  # relayout: keep
_sys.modules.setdefault("sqlpriv.synthetic", _sys.modules["sqlpriv.singling_out"])  # relayout: keep
_sys.modules.setdefault("sqlpriv.uniques", _sys.modules["sqlpriv.singling_out.uniques"])  # relayout: keep
_sys.modules.setdefault("sqlpriv.reporting", _sys.modules["sqlpriv.report.build"])  # relayout: keep
# the hierarchy builders of sqlpriv.generalize: `from sqlpriv import hierarchy` and
# `import sqlpriv.hierarchy` both give sqlpriv.generalize.hierarchy
_sys.modules.setdefault("sqlpriv.hierarchy", hierarchy)


def example_path(name: str) -> str:
    """Path of a bundled example data file (``flare.csv``), for docs and tests."""
    from sqlpriv.engine.templates import template_dir

    packaged = Path(__file__).parent / "example_data" / name
    if packaged.is_file():
        return str(packaged)
    repo = template_dir().parent / "examples" / "data" / name
    if repo.is_file():
        return str(repo)
    raise SourceError(f"no bundled example data file named {name!r}")


__all__ = [
    "Assessment",
    # attacks (issue 43)
    "AttackOutcome",
    "ColumnError",
    "CsvFile",
    "DCROutcome",
    "DisclosureResult",
    "EmptyInputError",
    "ExecutionError",
    "Generalization",
    "HierarchyError",
    "InferenceOutcome",
    "InformationFactors",
    "LatticeTooLargeError",
    "LocalSuppression",
    "MemoryBudgetError",
    "Microaggregation",
    "OutputError",
    "ParameterError",
    "PifResult",
    "ReidentificationRisk",
    "Result",
    "SampleUniquesResult",
    "ShapleyResult",
    "SinglingOutQueriesResult",
    "SinglingOutResult",
    "SourceError",
    "SqlprivError",
    "SqlprivWarning",
    "__version__",
    "assess_request",
    "attribute_disclosure",
    "cig",
    "clear_cache",
    "connect",
    "csf",
    "dcr",
    "example_path",
    "fig",
    "generalize",
    "hierarchy",
    "inference",
    "information_factors",
    "linkability",
    "local_suppression",
    "microaggregate",
    "pif",
    "privacy_profile",
    "reidentification_risk",
    "report",
    "rig",
    "sample_uniques",
    "singling_out",
    "singling_out_queries",
    "small_classes",
    "top_bottom_code",
    "uniqueness_shapley",
    "wcig",
]
