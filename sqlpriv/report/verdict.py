"""The verdict as HTML, at the top of the report (presentation of :mod:`sqlpriv.engine.verdict`).

>>> from sqlpriv.engine.verdict import Rule, verdict
>>> html_text = verdict_section(verdict([Rule("min_k", "review", "smallest class 1 row", "at least 5 rows")]),
...                             ["share of rows unique 9.5%: about 1 row in 11 is unique"], "What to do next: ...")
>>> 'class="verdict v-review"' in html_text and 'id="verdict-status"' in html_text
True
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlpriv.engine.verdict import Verdict
from sqlpriv.report.html import render

CSS = """
section.verdict{border-width:2px}section.v-pass{border-color:#3b8c4a}section.v-review{border-color:#c98a1b}
section.v-fail{border-color:#b53a3a}.status{display:inline-block;padding:4px 14px;border-radius:4px;font-weight:700;
color:#fff;font-size:17px;letter-spacing:.04em}.status.v-pass{background:#3b8c4a}.status.v-review{background:#c98a1b}
.status.v-fail{background:#b53a3a}ul.rules{margin:6px 0;padding-left:18px;font-size:13.5px}ul.rules li.advisory{color:#4a5866}
li.v-pass b{color:#3b8c4a}li.v-review b{color:#a8700f}li.v-fail b{color:#b53a3a}
p.next{font-weight:600;margin:8px 0 2px}
"""


def verdict_section(v: Verdict, figures: Sequence[str], next_line: str, *, inside: str | None = None) -> str:
    """The verdict box: the status in colour, the rule that fired, every rule, the key figures
    with their scale, and what to do next; ``inside`` the id of a section it is part of (then a
    ``<div>`` whose ids start with it) instead of the report's own verdict section."""
    return render("verdict.html", v=v, figures=figures, next_line=next_line, inside=inside)


def drivers(assessment: object) -> list[str]:
    """The assessed fields by privacy factor, smallest (most identifying) first."""
    df = assessment.fields().df()  # type: ignore[attr-defined]
    return [str(c) for c in df.sort_values("factor_after", kind="stable")["field"]]


def report_verdict(assessment: object, drivers: Sequence[str], subject: str) -> str:
    """The report's verdict box for an assessment (:func:`sqlpriv.assess_request`) of ``subject``
    (the request, or the analysed columns), ``drivers`` the columns that drive the risk, most first."""
    from sqlpriv.engine.scales import class_scale, percent, share_scale
    from sqlpriv.engine.verdict import next_step, request_rules, verdict

    a: object = assessment
    v = verdict(request_rules(a))
    j = a.joint  # type: ignore[attr-defined]
    figures = [
        f"Policy evaluated on {subject}.",
        f"share of rows unique {percent(j['share_unique'])}: {share_scale(j['share_unique'])}",
        f"smallest class {j['smallest_class']:,} (k-anonymity): {class_scale(j['smallest_class'])}",
    ]
    return verdict_section(v, figures, next_step(v, list(drivers), request=subject == "the request"))


__all__ = ["CSS", "drivers", "report_verdict", "verdict_section"]
