"""Re-identification risk the way release teams report it (``sql_templates/risk/``, docs/measures.md §9):
:func:`sqlpriv.reidentification_risk`."""

from sqlpriv.risk.measure import ReidentificationRisk, RiskSummary, reidentification_risk

__all__ = ["ReidentificationRisk", "RiskSummary", "reidentification_risk"]
