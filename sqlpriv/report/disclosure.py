"""The report's section on sensitive columns (docs/measures.md §8): the disclosure summary, one
row per sensitive column, its key figures, and the classes that disclose most (lowest l, then
largest t). ``sqlpriv.report(..., sensitive=[...])`` / ``sqlpriv report --sensitive COL``. Also
how a :class:`~sqlpriv.disclosure.DisclosureResult` shows in Jupyter (its summary table;
``import sqlpriv`` imports this module).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlpriv.disclosure.measure import DisclosureResult, attribute_disclosure
from sqlpriv.engine.disclosure_specs import free_name
from sqlpriv.engine.presentable import register
from sqlpriv.report.html import kpis, part, section, table

WORST_CLASSES = 20
GUIDE = (
    "k-anonymity hides who a row is, not what it says. For each sensitive column: l_diversity is the "
    "fewest distinct values in a class of the quasi-identifiers (1: some class discloses its value), alpha "
    "the largest share of one value in a class, t_closeness the largest distance (0 to 1) between a "
    "class's distribution and the whole table's, delta_disclosure and beta-likeness how much a class "
    "multiplies the odds of a value. The table below lists the classes that disclose most."
)


def quasi_identifiers(columns: Any, sensitive: Sequence[str]) -> Any:
    """The report's analysed columns less the sensitive ones (``None``: every other column).

    >>> quasi_identifiers(["age", "sex", "income"], ["Income"])
    ['age', 'sex']
    """
    if columns is None:
        return None
    items = [columns] if isinstance(columns, (str, Mapping)) else list(columns)
    drop = {s.lower() for s in sensitive}
    return [c for c in items if not (isinstance(c, str) and c.lower() in drop)]


def disclosure_section(
    source: Any,
    columns: Any,
    sensitive: Sequence[str] | str,
    opts: Mapping[str, Any],
) -> str:
    """The section's HTML (id ``disclosure``)."""
    names = [sensitive] if isinstance(sensitive, str) else list(sensitive)
    r = attribute_disclosure(source, quasi_identifiers(columns, names), sensitive=names, **opts)
    summary = r.summary().df()
    by = [free_name(figure, r.columns) for figure in ("l_diversity", "t_closeness")]  # classes()' headings
    classes = r.classes().df().sort_values(by, ascending=[True, False], kind="stable")
    body = [
        kpis(
            [
                ("disclosure_l", "l-diversity (fewest distinct values in a class)", int(summary["l_diversity"].min())),
                ("disclosure_t", "t-closeness (largest distance of a class)", float(summary["t_closeness"].max())),
                ("disclosure_alpha", "alpha (largest share of a value in a class)", float(summary["alpha"].max())),
            ]
        ),
        table(summary, "disclosure-summary"),
        part(
            "para",
            text=f"The {min(WORST_CLASSES, len(classes))} classes that disclose most, of {len(classes):,} "
            "(sensitive column, class) pairs:",
        ),
        table(classes.head(WORST_CLASSES), "disclosure-classes"),
    ]
    title = f"Sensitive columns: {', '.join(r.sensitive)} given {', '.join(r.columns)}"
    return section("disclosure", title, GUIDE, "".join(body))


def _html(r: DisclosureResult) -> str:
    """Jupyter: the summary, one row per sensitive column."""
    return table(r.summary().df(), "disclosure-summary")


register(DisclosureResult, html=_html)
