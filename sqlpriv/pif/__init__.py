"""Personal information factors (``sql_templates/pif/``, docs/measures.md §2): :func:`sqlpriv.cig`,
:func:`sqlpriv.wcig`, :func:`sqlpriv.csf`, :func:`sqlpriv.information_factors` and their summaries."""

from sqlpriv.pif.measure import (
    MEASURES,
    PRIOR_TOLERANCE,
    InformationFactors,
    PifResult,
    cig,
    clear_cache,
    csf,
    fig,
    heatmap_rows,
    information_factors,
    pif,
    pif_query,
    rig,
    top_rows,
    wcig,
)

__all__ = [
    "MEASURES",
    "PRIOR_TOLERANCE",
    "InformationFactors",
    "PifResult",
    "cig",
    "clear_cache",
    "csf",
    "fig",
    "heatmap_rows",
    "information_factors",
    "pif",
    "pif_query",
    "rig",
    "top_rows",
    "wcig",
]
