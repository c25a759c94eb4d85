"""How a generalization (issue 28, docs/measures.md §7) presents itself, and the report's "What to
do" section: the cheapest generalization that meets the policy, its before/after figures and the
Pareto front of loss against average risk over the evaluated nodes, as a chart
(:func:`sqlpriv.plot.pareto.pareto_chart`) with its numbers beneath.

The before/after figures that other families measure (uniqueness Shapley, PIF_95, the gate's
score and decision) are computed here, in the presentation layer, because a measure family
(``sqlpriv.generalize``) may not import another: this module registers :func:`compare_figures`
with :mod:`sqlpriv.engine.presentable` as the view ``compare_figures`` of
:class:`~sqlpriv.generalize.Generalization`, and ``Generalization.compare()`` looks it up there
(``import sqlpriv`` imports this module). :mod:`sqlpriv.report.build` hooks the section in.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from sqlpriv.engine.presentable import register
from sqlpriv.engine.spark import sql as spark_sql
from sqlpriv.engine.spark.run import render_query
from sqlpriv.errors import SqlprivWarning
from sqlpriv.generalize import Generalization, SparkGeneralization, generalize
from sqlpriv.generalize.cells import CellsGeneralization
from sqlpriv.report.html import figure, part
from sqlpriv.report.treatments import compare_treatments, treatments_text

if TYPE_CHECKING:  # pandas loads on first use: `import sqlpriv` (which imports this module) stays fast
    import pandas as pd

GUIDE = (
    "The least-loss generalization of the quasi-identifiers that meets the policy (k-anonymity with "
    "record suppression up to the limit; the gate's min_k raises k and its max unique share joins the "
    "policy) and whose release the gate approves, found by an exact search of the lattice of hierarchy "
    "levels (ARX's loss, RANK order): the cheapest such node among the first few meeting the policy, "
    "otherwise the cheapest, said so. Level 0 keeps a column as it is; the top level replaces it by '*'. "
    "The chart places every evaluated node (the search, evaluate='climbs', skips nodes it can decide by "
    "monotonicity; generalize(..., evaluate='all') evaluates them all) that meets the policy by total loss and average "
    "risk; the Pareto front (no other node has both less loss and less risk) is the line, the chosen node the star. "
    "A table compares this generalization with local suppression alone (a few key cells blanked, sdcMicro's "
    "localSuppression) and with both (generalize(..., suppression='cells')): k, average risk and cells changed "
    "after each, a blank matching any value, cheapest first."
)
#: the percentile of RIG that PIF reports in the comparison
PIF_PERCENTILE = 95


def risk_and_loss(candidates: pd.DataFrame, columns: list[str], n: int) -> pd.DataFrame:
    """The nodes meeting the policy with ``total_loss`` (sum of the per-column losses) and
    ``average_risk`` (kept classes / kept rows), both rounded to 12 decimals so that equal
    figures compare equal.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"a": [0, 1], "meets_policy": [True, False], "loss_a": [0.1, 0.2],
    ...                    "kept_classes": [5, 2], "suppressed": [0, 0]})
    >>> risk_and_loss(df, ["a"], 10)[["a", "total_loss", "average_risk"]].values.tolist()
    [[0.0, 0.1, 0.5]]
    """
    ok = candidates[candidates["meets_policy"].astype(bool)].copy()
    ok["total_loss"] = ok[[f"loss_{c}" for c in columns]].sum(axis=1).round(12)
    ok["average_risk"] = (ok["kept_classes"] / (n - ok["suppressed"]).clip(lower=1)).round(12)
    return ok


def pareto(candidates: pd.DataFrame, columns: list[str], n: int) -> pd.DataFrame:
    """The nodes meeting the policy that no other such node beats on both total loss and average
    risk (kept classes / kept rows), cheapest first; nodes with equal figures are all kept.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"a": [0, 1, 2, 3], "meets_policy": [True] * 4, "loss_a": [0.1, 0.2, 0.3, 0.2],
    ...                    "kept_classes": [5, 2, 4, 2], "suppressed": [0, 0, 0, 0]})
    >>> pareto(df, ["a"], 10)["a"].tolist()
    [0, 1, 3]
    """
    ok = risk_and_loss(candidates, columns, n).sort_values(["total_loss", "average_risk"], kind="stable")
    front: list[Any] = []
    best, last = math.inf, None
    for idx, loss, risk in zip(ok.index, ok["total_loss"], ok["average_risk"]):
        if risk < best or (risk == best and last is not None and loss == last):
            front.append(idx)
            best, last = risk, loss
    kind = ["suppression", "cells_suppressed"] if "suppression" in ok.columns else []  # suppression="cells"
    return ok.loc[front, [*columns, *kind, "total_loss", "average_risk", "suppressed"]].reset_index(drop=True)


def chart_data(
    g: Generalization, levels: Mapping[str, int] | None = None
) -> tuple[pd.DataFrame, pd.DataFrame, tuple[float, float] | None, str | None]:
    """What the Pareto chart draws: the nodes meeting the policy, the front, the chosen node's
    (``levels``, default the best; total loss, average risk) and its label."""
    cand = g.candidates().df()
    points = risk_and_loss(cand, g.columns, g.n)
    front = pareto(cand, g.columns, g.n)
    chosen, label = None, None
    if g.best is not None:
        best = dict(levels) if levels is not None else g.best
        mask = points["meets_policy"].astype(bool)
        if "suppression" in points.columns:  # suppression="cells": the chosen node's cells row
            mask &= points["suppression"] == "cells"
        for column, level in best.items():
            mask &= points[column] == level
        row = points[mask].iloc[0]
        chosen = (float(row["total_loss"]), float(row["average_risk"]))
        label = "chosen: " + ", ".join(f"{c} {lvl}" for c, lvl in best.items())
    return points, front, chosen, label


def _measured(g: Generalization, relation: str) -> dict[str, Any]:
    """Shapley values, PIF_95 and the gate's score and decision of the quasi-identifiers of
    ``relation`` (a table on the generalization's connection), each from its own family."""
    from sqlpriv.pif.measure import information_factors, pif
    from sqlpriv.request.measure import assess_request
    from sqlpriv.shapley.measure import uniqueness_shapley

    con, cols = g.plan.con, g.columns
    unique = [c.value for c in g.policy.criteria if c.kind == "max_unique_share"]
    with warnings.catch_warnings():  # identifier warnings on an internal table would only confuse
        warnings.simplefilter("ignore", SqlprivWarning)
        shap = uniqueness_shapley(relation, cols, con=con).summary().df()
        out: dict[str, Any] = {f"shapley ({c})": float(v) for c, v in zip(shap["column"].astype(str), shap["shapley"])}
        out["pif_95"] = (
            float(pif(information_factors(relation, cols, con=con).cig(), PIF_PERCENTILE)) if len(cols) >= 2 else None
        )
        a = assess_request(
            relation,
            cols,
            k=g.policy.k,
            min_k=g.policy.k,
            max_unique_share=unique[0] if unique else None,
            con=con,
        )
        out["gate_score"] = float(a.score)
        out["gate_decision"] = str(a.decision)
    return out


def _measured_spark(g: SparkGeneralization, frame: Any) -> dict[str, Any]:
    """:func:`_measured` on Spark: the same three families on the Spark DataFrame ``frame``."""
    from sqlpriv.pif.measure import cig, pif
    from sqlpriv.request.measure import assess_request
    from sqlpriv.shapley.measure import uniqueness_shapley

    cols = g.columns
    unique = [c.value for c in g.policy.criteria if c.kind == "max_unique_share"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SqlprivWarning)
        shap = uniqueness_shapley(frame, cols).summary().df()
        out: dict[str, Any] = {f"shapley ({c})": float(v) for c, v in zip(shap["column"].astype(str), shap["shapley"])}
        out["pif_95"] = float(pif(cig(frame, cols), PIF_PERCENTILE)) if len(cols) >= 2 else None
        a = assess_request(frame, cols, k=g.policy.k, min_k=g.policy.k, max_unique_share=unique[0] if unique else None)
        out["gate_score"] = float(a.score)
        out["gate_decision"] = str(a.decision)
    return out


def compare_figures(g: Generalization, levels: Mapping[str, int] | None = None) -> list[dict[str, Any]]:
    """The rows :meth:`~sqlpriv.generalize.Generalization.compare` adds to its SQL figures: each
    quasi-identifier's uniqueness Shapley value (bits), PIF_95 (CIG, bits; with at least two
    quasi-identifiers) and the gate's Cave score with its decision (``assess_request`` with
    ``min_k`` = the policy's k), before (the source) and after (the released records that are not
    suppressed; NULL when every record is suppressed)."""
    assert g.plan.source is not None
    if isinstance(g, SparkGeneralization):  # each family on Spark, over the source and the kept records
        before = _measured_spark(g, g.spark_source.spark.table(g.relation))
        kept = spark_sql.run(
            g.spark_source.spark, render_query("generalize_kept", body=g.release_sql(levels, flag=True), qis=g.columns)
        )
        after = _measured_spark(g, kept) if kept.take(1) else {}
    else:
        before = _measured(g, g.plan.source.name)
        name, rows = g.kept_table(levels)
        after = _measured(g, name) if rows else {}
    out = []
    for figure_name, value in before.items():
        if figure_name == "gate_decision":
            continue
        row = {"figure": figure_name, "before": _finite(value), "after": _finite(after.get(figure_name))}
        row["before_decision"] = before["gate_decision"] if figure_name == "gate_score" else None
        row["after_decision"] = after.get("gate_decision") if figure_name == "gate_score" else None
        out.append(row)
    return out


def _finite(value: Any) -> float | None:
    """A figure as a float for the SQL literal, None (NULL) when missing or not finite."""
    return float(value) if value is not None and math.isfinite(float(value)) else None


def _text(g: Generalization) -> str:
    if g.best is None:
        return f"<Generalization of {', '.join(g.columns)}: no node meets the policy ({g.policy.describe()})>"
    return f"<Generalization best={g.best} {g.metric}={g.best_score} ({g.nodes_evaluated} nodes evaluated)>"


def _html(g: Generalization) -> str:
    return part("para", text=_text(g))


def _plot(g: Generalization, kind: str, **options: Any) -> Any:
    from sqlpriv.plot.pareto import pareto_chart

    points, front, chosen, label = chart_data(g)
    return pareto_chart(points, front, chosen=chosen, label=label, **options)


register(
    Generalization,
    html=_html,
    text=_text,
    kinds=("pareto",),
    plot=_plot,
    views={"compare_figures": compare_figures},
)


#: the most nodes meeting the policy (cheapest first) the "What to do" section runs the gate on
GATE_TRIES = 12
#: the gate's policy keywords (as :func:`sqlpriv.assess_request` takes them) the section applies
GATE_KEYS = ("k", "approve", "reject", "max_unique_share", "min_k", "on_violation")


def gate_pick(g: Generalization, gate: Mapping[str, Any], tries: int = GATE_TRIES) -> tuple[dict[str, int], list[str]]:
    """The cheapest node meeting the policy whose released records (those not suppressed) the gate
    approves (:func:`sqlpriv.assess_request` under ``gate``, the report's policy), trying at most
    ``tries`` nodes in the search's order (metric, then level sum, then levels); with the decisions
    seen, cheapest first. None approved: the cheapest node (the best)."""
    from sqlpriv.request.measure import assess_request

    assert g.best is not None
    cand = g.candidates().df()
    ok = cand[cand["meets_policy"].astype(bool)].copy()
    ok["_value"] = [tuple(v) if hasattr(v, "__len__") else (float(v),) for v in ok[g.metric]]
    ok["_sum"] = ok[g.columns].sum(axis=1)
    ok = ok.sort_values(["_value", "_sum", *g.columns], kind="stable")
    nodes = [g.best] + [
        levels for levels in ({c: int(r[c]) for c in g.columns} for _, r in ok.iterrows()) if levels != g.best
    ]
    options = {key: gate[key] for key in GATE_KEYS if gate.get(key) is not None}
    seen: list[str] = []
    for levels in nodes[:tries]:
        name, rows = g.kept_table(levels)
        if not rows:
            seen.append("nothing released")
            continue
        with warnings.catch_warnings():  # identifier warnings on an internal table would only confuse
            warnings.simplefilter("ignore", SqlprivWarning)
            decision = str(assess_request(name, g.columns, con=g.plan.con, **options).decision)
        seen.append(decision)
        if decision == "approve":
            return levels, seen
    return g.best, seen


def what_to_do(
    source: Any,
    hierarchies: Mapping[str, Any],
    *,
    k: int,
    suppression_limit: float,
    table: Callable[..., str],
    kpis: Callable[..., str],
    opts: Mapping[str, Any],
    gate: Mapping[str, Any] | None = None,
) -> str:
    """The section's body HTML (``table`` and ``kpis`` are the report's own renderers). ``gate``:
    the report's gate policy (``assess_request``'s keywords): its ``min_k`` raises k, its
    ``max_unique_share`` joins the policy, and the section picks the cheapest node whose release
    the gate approves (:func:`gate_pick`), not only the cheapest meeting k and the suppression limit."""
    gate = dict(gate or {})
    k_policy = max(k, int(gate.get("min_k") or 0))
    g = generalize(
        source,
        hierarchies,
        k=k_policy,
        suppression_limit=suppression_limit,
        max_unique_share=gate.get("max_unique_share"),
        evaluate="climbs",  # the climbs' passing nodes too: the chart's Pareto front
        **opts,
    )
    if not g.meets_policy:
        return part(
            "para",
            text=f"No generalization of {', '.join(g.columns)} meets the policy ({g.policy.describe()}): "
            "raise the suppression limit or give the hierarchies more levels.",
        )
    best = g.best or {}
    note = ""
    if gate:
        best, decisions = gate_pick(g, gate)
        shown = ", ".join(decisions)
        if decisions[-1] == "approve":
            note = f" The gate approves this release (its decisions on the nodes tried, cheapest first: {shown})."
        else:
            note = (
                f" None of the {len(decisions)} cheapest nodes meeting the policy is approved by the gate "
                f"(decisions: {shown}); the cheapest is shown: coarsen further or review the request."
            )
    cand = g.candidates().df()
    mask = cand["meets_policy"].astype(bool)
    for column, level in best.items():
        mask &= cand[column] == level
    row = cand[mask].iloc[0].to_dict()
    compare = g.compare(best).df()
    treated = compare_treatments(source, hierarchies, g, best, opts)
    points, front, chosen, label = chart_data(g, best)
    from sqlpriv.plot.pareto import pareto_chart

    levels = ", ".join(f"{c} at level {lvl}" for c, lvl in best.items())
    parts = [
        part("para", text=f"Release {levels}; policy: {g.policy.describe()}.{note}"),
        kpis(
            [
                ("gen_suppressed", "records suppressed", row.get("suppressed")),
                ("gen_classes", "classes after", row.get("kept_classes")),
                ("gen_nodes", "nodes evaluated", g.nodes_evaluated),
            ]
        ),
        table(compare, "generalize-compare", caption="Before and after"),
    ]
    if treated is not None:  # the three treatments, cheapest first (sqlpriv/report/treatments.py)
        parts += [
            part("para", text=treatments_text(*treated)),
            table(treated[0], "generalize-treatments", caption="Generalization, local suppression or both"),
        ]
    parts += [
        figure(lambda: pareto_chart(points, front, chosen=chosen, label=label), "generalize-pareto-chart"),
        table(front, "generalize-pareto", caption="Pareto front: total loss against average risk"),
    ]
    return "".join(parts)


def _local_suppression(table: str, keys: list[str], *, k: int, method: str, con: Any) -> Any:
    """The hook of ``generalize(..., suppression="cells")``: sqlpriv's local suppression of the
    node's generalized ``table`` (a family may not import another; this layer may)."""
    from sqlpriv.suppress.entry import local_suppression

    return local_suppression(table, keys, k=k, method=method, con=con)


register(
    CellsGeneralization,
    html=_html,
    text=_text,
    kinds=("pareto",),
    plot=_plot,
    views={"local_suppression": _local_suppression},
)
