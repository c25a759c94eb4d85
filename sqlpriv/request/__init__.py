"""Privacy factor of fields and data requests with an approve / review / reject gate
(``sql_templates/request/``, docs/measures.md §3): :func:`sqlpriv.assess_request`."""

from sqlpriv.request.measure import DECISIONS, Assessment, GatePolicy, assess_request, privacy_profile, small_classes

__all__ = ["DECISIONS", "Assessment", "GatePolicy", "assess_request", "privacy_profile", "small_classes"]
