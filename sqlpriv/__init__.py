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

from sqlpriv import factors as _factors_module
from sqlpriv import synthetic as _synthetic_module
from sqlpriv.attacks.inference import InferenceOutcome, inference
from sqlpriv.attacks.linkability import linkability
from sqlpriv.attacks.outcome import AttackOutcome
from sqlpriv.attacks.singling_out_queries import singling_out_queries
from sqlpriv.attacks.singling_out_result import SinglingOutQueriesResult
from sqlpriv.disclosure import DisclosureResult, attribute_disclosure
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
from sqlpriv.factors import (
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
from sqlpriv.microaggregation import Microaggregation, microaggregate
from sqlpriv.request import Assessment, assess_request, privacy_profile, small_classes
from sqlpriv.risk import ReidentificationRisk, reidentification_risk
from sqlpriv.shapley import ShapleyResult, uniqueness_shapley
from sqlpriv.suppress import LocalSuppression, local_suppression
from sqlpriv.synthetic import SinglingOutResult, singling_out
from sqlpriv.topcode import top_bottom_code
from sqlpriv.treatment import Generalization, HierarchyError, LatticeTooLargeError, generalize, hierarchy
from sqlpriv.uniques import SampleUniquesResult, sample_uniques

# The presentation layer registers how each result shows (_repr_html_, .plot(), repr) with
# sqlpriv.engine.presentable; the measures never import it (README "Layout").
from sqlpriv import display as _display  # noqa: F401  isort: skip
from sqlpriv import disclosure_report as _disclosure_report  # noqa: F401  isort: skip  (registers its display)
from sqlpriv import generalize_report as _generalize_report  # noqa: F401  isort: skip  (Generalization: compare, plot)

__version__ = "0.1.0"


# Before 0.2 the modules were called sqlpriv.pif and sqlpriv.singling_out, names that the
# functions sqlpriv.pif() and sqlpriv.singling_out() shadow; `from sqlpriv.pif import cig`
# keeps working through these aliases.
_sys.modules.setdefault("sqlpriv.pif", _factors_module)
_sys.modules.setdefault("sqlpriv.singling_out", _synthetic_module)
# the hierarchy builders of sqlpriv.generalize: `from sqlpriv import hierarchy` and
# `import sqlpriv.hierarchy` both give sqlpriv.treatment.hierarchy
_sys.modules.setdefault("sqlpriv.hierarchy", hierarchy)
# and sample uniques, which moved from that module to sqlpriv.uniques, still import from it
# (set here, so that the measure modules never import each other)
setattr(_synthetic_module, "sample_uniques", sample_uniques)  # noqa: B010
setattr(_synthetic_module, "SampleUniquesResult", SampleUniquesResult)  # noqa: B010


def __getattr__(name: str):  # PEP 562: the report (matplotlib, pandas) loads on first use
    if name == "report":
        from sqlpriv.reporting import report

        return report
    raise AttributeError(f"module 'sqlpriv' has no attribute {name!r}")


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
