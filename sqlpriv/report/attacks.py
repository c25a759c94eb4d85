"""The report's section on the three criteria of anonymisation (Article 29 WP, Opinion 05/2014):
singling out (the exact mpUCC figure and anonymeter's query attack), linkability and inference,
one row and one verdict rule per attack that was run (docs/measures.md §10), and the distance to
closest record (:func:`sqlpriv.dcr`, §11.6) with its rule on exact copies.

The section takes results already computed: any object with ``.risk(confidence_level)`` (an
object with ``.value`` and ``.ci``) and ``.summary(...)`` (rows main / baseline / control with
n_attacks, n_success, rate, rate_error; a DataFrame or a :class:`sqlpriv.Result`).

>>> class Stub:
...     def risk(self, confidence_level=0.95):
...         return type("R", (), {"value": 0.02, "ci": (0.0, 0.05)})()
...     def summary(self, confidence_level=0.95):
...         import pandas as pd
...         return pd.DataFrame({"attack": ["main", "baseline"], "n_attacks": [10, 10], "n_success": [1, 0],
...                              "rate": [0.1, 0.0], "rate_error": [0.05, 0.01]})
>>> rows, v = attack_rows({"linkability": Stub()}, max_risk=0.05)
>>> rows["status"].tolist(), v.status
(['pass'], 'pass')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd

from sqlpriv.engine.scales import percent
from sqlpriv.engine.verdict import Rule, Verdict, at_most, verdict
from sqlpriv.errors import SqlprivError
from sqlpriv.report.html import kpis, part, section, table
from sqlpriv.report.verdict import verdict_section

#: the attacks in the order the section lists them, with the criterion each one measures
CRITERIA = {
    "singling_out_queries": "singling out",
    "linkability": "linkability",
    "inference": "inference",
}
#: the default limit on each attack's risk (residual over the control where there is one)
MAX_RISK = 0.05
#: the default limit on the share of synthetic rows that copy an original row (as ``sqlpriv dcr``'s)
MAX_EXACT_COPIES = 0.0


def _frame(summary: Any) -> pd.DataFrame:
    return summary.df() if hasattr(summary, "df") else pd.DataFrame(summary)


def _rate(summary: pd.DataFrame, attack: str) -> float | None:
    rows = summary[summary["attack"] == attack]
    return None if rows.empty else float(rows["rate"].iloc[0])


def dcr_row(result: Any, max_exact_copies: float = MAX_EXACT_COPIES) -> tuple[dict[str, Any], Rule]:
    """The DCR row of the section (a :func:`sqlpriv.dcr` result): its figure is the share of
    synthetic rows that copy an original row exactly, and its rule that share at most
    ``max_exact_copies`` (rule ``max_exact_copies``, as ``sqlpriv dcr``'s default policy)."""
    f = result.figures
    share = float(f["exact_copy_share"] or 0.0)
    median = f["dcr_median"]
    figure = f"exact copies {share:.4g} of the synthetic rows" + (
        "" if median is None else f" (median distance to the closest original record {median:.4g})"
    )
    rule = at_most("max_exact_copies", share, float(max_exact_copies), figure, f"at most {max_exact_copies:g}")
    nan = float("nan")
    row = {
        "criterion": "distance to closest record", "attack": "dcr", "risk": share, "ci_low": nan, "ci_high": nan,
        "main_rate": share, "control_rate": nan, "baseline_rate": nan, "n_attacks": int(result.n_synthetic),
        "status": rule.status,
    }  # fmt: skip
    return row, rule


def attack_rows(
    attacks: Mapping[str, Any],
    *,
    max_risk: float | Mapping[str, float] = MAX_RISK,
    confidence_level: float = 0.95,
    dcr: Any = None,
    max_exact_copies: float = MAX_EXACT_COPIES,
) -> tuple[pd.DataFrame, Verdict]:
    """One row per attack run (criterion, attack, risk, its interval, the main / control / baseline
    rates, targets, status) and the verdict of one rule per attack: risk at most ``max_risk``;
    with ``dcr`` (a :func:`sqlpriv.dcr` result) a last row and rule, :func:`dcr_row`."""
    rules, rows = [], []
    for name in [*[n for n in CRITERIA if n in attacks], *[n for n in attacks if n not in CRITERIA]]:
        result = attacks[name]
        if result is None:
            continue
        limit = max_risk.get(name, MAX_RISK) if isinstance(max_risk, Mapping) else max_risk
        risk = result.risk(confidence_level=confidence_level)
        summary = _frame(result.summary(confidence_level=confidence_level))
        control = _rate(summary, "control")
        figure = f"{name} risk {risk.value:.4g} (interval {risk.ci[0]:.4g} to {risk.ci[1]:.4g})"
        rule = at_most(f"max_{name}_risk", float(risk.value), float(limit), figure, f"at most {limit:g}")
        rules.append(rule)
        rows.append(
            {
                "criterion": CRITERIA.get(name, name),
                "attack": name,
                "risk": float(risk.value),
                "ci_low": float(risk.ci[0]),
                "ci_high": float(risk.ci[1]),
                "main_rate": _rate(summary, "main"),
                "control_rate": control,
                "baseline_rate": _rate(summary, "baseline"),
                "n_attacks": int(summary[summary["attack"] == "main"]["n_attacks"].iloc[0]),
                "status": rule.status,
            }
        )
    if dcr is not None:
        row, rule = dcr_row(dcr, max_exact_copies)
        rows.append(row)
        rules.append(rule)
    return pd.DataFrame(rows), verdict(rules)


def three_criteria_html(
    attacks: Mapping[str, Any],
    *,
    mpucc: Any = None,
    max_risk: float | Mapping[str, float] = MAX_RISK,
    note: str = "",
    dcr: Any = None,
) -> str:
    """The section: the exact mpUCC share (``mpucc``: a :func:`sqlpriv.singling_out` result) beside
    one row per attack of ``attacks`` (name -> result; None or absent: not run), the DCR row
    (``dcr``: a :func:`sqlpriv.dcr` result, or None), and their verdict."""
    rows, v = attack_rows(attacks, max_risk=max_risk, dcr=dcr)
    boxes = []
    if mpucc is not None:
        s = mpucc.summary().df().iloc[0]
        boxes.append(
            ("three-criteria-mpucc", "synthetic records singled out (exact, mpUCC)", float(s["identification_rate"]))
        )
    for _, r in rows.iterrows():
        label = "synthetic rows copying an original row (dcr)" if r["attack"] == "dcr" else None
        boxes.append((f"three-criteria-{r['attack']}", label or f"{r['criterion']} risk ({r['attack']})", r["risk"]))
    figures = [
        (
            f"{r['criterion']} (dcr): exact copies {percent(r['risk'])}"
            if r["attack"] == "dcr"
            else f"{r['criterion']} ({r['attack']}): risk {percent(r['risk'])}"
        )
        + ("" if pd.isna(r["control_rate"]) else f", control rate {percent(r['control_rate'])}")
        for _, r in rows.iterrows()
    ]
    advice = (
        "Nothing to do: every attack run stays under its limit."
        if v.status == "pass"
        else "What to do next: regenerate the synthetic data with more privacy protection, then re-run."
    )
    box = verdict_section(v, figures, advice, inside="three-criteria")
    body = (
        (part("para", text=note) if note else "")
        + kpis(boxes)
        + box
        + (table(rows, "three-criteria-attacks") if not rows.empty else part("para", text="No attack was run."))
    )
    return section(
        "three-criteria",
        "The three criteria: singling out, linkability, inference",
        "An attacker holding the synthetic table attacks the original records (main), the same attack on real "
        "records the generator never saw gives the control, random guesses the baseline; the risk is the excess "
        "of main over control, (main - control) / (1 - control), with its interval. Each attack run has one rule: "
        "its risk at most the limit. Singling out also shows the exact mpUCC share (every record examined). "
        "The distance to closest record (dcr) row gives the share of synthetic rows that copy an original row "
        "exactly, with the rule that none does (as sqlpriv dcr's default policy).",
        body,
    )


__all__ = ["CRITERIA", "MAX_EXACT_COPIES", "MAX_RISK", "attack_rows", "dcr_row", "three_criteria_html"]


def link_and_infer(source: Any, synthetic: Any, names: list[str], opts: dict[str, Any]) -> tuple[dict, str]:
    """Linkability (the columns' first half against the second) and inference (the last column from
    the others), every original record a target; an attack that cannot run is said in the note."""
    from sqlpriv.attacks.inference import inference
    from sqlpriv.attacks.linkability import linkability

    if len(names) < 2:
        return {}, "Linkability and inference need at least two columns: not run."
    half = len(names) // 2
    con = {k: v for k, v in opts.items() if k == "con"}
    found: dict[str, Any] = {}
    notes = [
        f"Linkability: {', '.join(names[:half])} against {', '.join(names[half:])}; "
        f"inference of {names[-1]} from the other columns; every original record a target."
    ]
    for name, run in (
        ("linkability", lambda: linkability(source, synthetic, (names[:half], names[half:]), **con)),
        ("inference", lambda: inference(source, synthetic, names[:-1], names[-1], **con)),
    ):
        try:
            found[name] = run()
        except SqlprivError as e:
            notes.append(f"{name.capitalize()} not run: {e}")
    return found, " ".join(notes)


def distances(source: Any, synthetic: Any, names: list[str], opts: dict[str, Any]) -> tuple[Any, str]:
    """The distance to closest record on the columns (one nearest-neighbour search; no random
    baseline, no identifiability, which need more searches); None and why where it cannot run."""
    from sqlpriv.attacks.dcr import dcr

    con = {k: v for k, v in opts.items() if k == "con"}
    try:
        result = dcr(source, synthetic, columns=names, baseline=False, identifiability=False, **con)
    except SqlprivError as e:
        return None, f"Distance to closest record not run: {e}"
    f = result.figures
    return result, (
        f"Distance to closest record (SDMetrics' distance, every column): median {f['dcr_median']:.4g}, "
        f"nearest-neighbour distance ratio median {f['nndr_median']:.4g}; sqlpriv dcr gives the protection scores."
    )
