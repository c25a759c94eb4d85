"""The report's re-identification risk section (docs/measures.md §9): what
``sqlpriv.report(..., risk=...)`` shows. This module picks the figures; ``sqlpriv.report.build``
renders them with its own helpers (so this module never imports the page code).

>>> import pandas as pd, warnings
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore")
...     parts = risk_parts(pd.DataFrame({"a": [1, 1, 2]}), None, {}, {})
>>> parts["title"], [item[0] for item in parts["kpis"]][:2]
('Re-identification risk: a', ['risk_average', 'risk_highest'])
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

from sqlpriv.errors import ParameterError, SqlprivWarning
from sqlpriv.risk.measure import reidentification_risk

OPTIONS = ("sampling_fraction", "population_size", "weight", "household", "threshold", "key")

GUIDE = (
    "Prosecutor risk assumes the attacker knows the person is in the table (1 / class size); journalist risk "
    "only that they are in the population (1 / estimated population class size). Population uniqueness "
    "estimates the share of the population that is unique on these columns (Dankar's rule picks the model). "
    "Records at risk are those whose risk exceeds the threshold."
)


def risk_parts(source: Any, columns: Any, risk: Mapping[str, Any], opts: Mapping[str, Any]) -> dict[str, Any]:
    """The section's title, guide, headline figures (id, label, value) and tables (id, DataFrame);
    ``risk``: the keyword arguments of :func:`sqlpriv.reidentification_risk` (sampling_fraction, weight, ...)."""
    unknown = sorted(set(risk) - set(OPTIONS))
    if unknown:
        raise ParameterError(f"risk= takes {', '.join(OPTIONS)}; got {', '.join(unknown)}")
    r = reidentification_risk(source, columns, **dict(risk), **dict(opts))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", SqlprivWarning)
        summary = r.summary().df()
    values = dict(zip(summary["figure"], summary["value"]))
    notes = [str(w.message) for w in caught if issubclass(w.category, SqlprivWarning)]
    kpis = [
        ("risk_average", "prosecutor average risk", values["prosecutor_average_risk"]),
        ("risk_highest", "highest risk", values["prosecutor_highest_risk"]),
        ("risk_at_risk", f"records at risk (> {r.spec['threshold']:g})", values["prosecutor_records_at_risk"]),
        ("risk_population_uniqueness", "population uniqueness (Dankar)", values["population_uniqueness_dankar"]),
    ]
    if "global_risk" in values:
        kpis.append(("risk_global", "global risk (sdcMicro)", values["global_risk"]))
    by = "_individual_risk" if (r.spec["key"] or "").lower() == "individual_risk" else "individual_risk"  # per_row()
    top = r.per_row().df().sort_values(by, ascending=False, kind="stable").head(20)
    return {
        "title": "Re-identification risk: " + ", ".join(r.columns),
        "guide": GUIDE,
        "kpis": kpis,
        "notes": notes,
        "tables": [("risk-summary", summary), ("risk-top-rows", top)],
    }
