"""The sections of the HTML report, each from a measure object: overview, profile, uniqueness
Shapley, information factors, singling-out and the request's gate (:func:`sqlpriv.report`
runs the measures and puts the page together).

Every chart comes from :mod:`sqlpriv.plot.charts` on the small SQL results of :mod:`sqlpriv.report.views`,
and every chart has a table of the numbers behind it.

>>> import pandas as pd, sqlpriv
>>> a = sqlpriv.assess_request(pd.DataFrame({"sex": ["f", "f", "m"], "age": [30, 31, 30]}), ["sex"], k=2)
>>> text = request_html(a)
>>> 'id="request"' in text, 'id="decision">review<' in text
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pandas as pd

from sqlpriv.engine.scales import bits_scale, percent, share_scale
from sqlpriv.plot import charts as plot
from sqlpriv.report import views
from sqlpriv.report.html import figure, kpis, part, section, table

SCATTER_MIN_LEVELS = 10  # a grouping with at least this many levels gets the Figure 1 scatter


def overview_html(label: str, assessment: Any, columns: list[str], k: int, dropped: int) -> str:
    j = assessment.joint
    body = kpis(
        [
            ("rows", "rows analysed", j["n"]),
            ("columns", "columns analysed", len(columns)),
            ("classes", "distinct combinations (classes)", j["classes"]),
            ("smallest_class", "smallest class (k-anonymity)", j["smallest_class"]),
            (
                "share_unique",
                f"share of rows unique ({percent(j['share_unique'])}: {share_scale(j['share_unique'])})",
                j["share_unique"],
            ),
            ("share_below_k", f"share of rows in classes below k={k}", j["share_below_k"]),
        ]
    )
    facts = pd.DataFrame(
        {
            "figure": [
                "rows",
                "columns",
                "classes",
                "smallest_class",
                "unique_rows",
                "share_unique",
                "rows_below_k",
                "share_below_k",
                "guess_probability",
            ],
            "value": pd.Series(
                [
                    j["n"],
                    len(columns),
                    j["classes"],
                    j["smallest_class"],
                    j["unique_rows"],
                    j["share_unique"],
                    j["rows_below_k"],
                    j["share_below_k"],
                    j["guess_probability"],
                ],
                dtype=object,
            ),
        }
    )
    note = part("source_note", label=label, columns=columns, dropped=dropped)
    return section(
        "overview",
        "Overview",
        "The exact figures of all analysed columns together: a row in a class of size 1 is unique, "
        "so anyone who knows these values about a person finds their row.",
        note + body + table(facts, "overview-table"),
    )


def profile_html(fields: pd.DataFrame) -> str:
    df = pd.DataFrame(
        {
            "column": fields["field"],
            "privacy_factor": fields["factor_after"],
            "shannons": fields["shannons"],
            "categories": fields["categories"],
        }
    )
    return section(
        "profile",
        "Privacy profile per column",
        "A privacy factor near 0 means the column alone nearly identifies people (an ID); near 1 means "
        "its values are shared by many rows; Shannons measure the same in bits.",
        figure(lambda: plot.profile_bars(None, data=df), "profile-chart") + table(df, "profile-table"),
    )


def shapley_html(r: Any, by: Sequence[str], rows: int, scatter_column: str | None, *, draw_beside: bool = False) -> str:
    """The Shapley section. With ``draw_beside``, each chart is drawn (matplotlib, Python) in a
    thread of its own while this thread runs the section's next query (DuckDB releases the GIL);
    the page is the same either way."""
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlpriv-report-draw") if draw_beside else None

    def chart(draw: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[], str]:
        figure_id = kwargs.pop("figure_id")
        if pool is None:
            text = figure(lambda: draw(*args, **kwargs), figure_id)
            return lambda: text
        return pool.submit(lambda: figure(lambda: draw(*args, **kwargs), figure_id)).result

    try:
        summary = r.summary().df()
        parts: list[str | Callable[[], str]] = [
            part(
                "subhead",
                title="Per column",
                guide="Each column's Shapley value is its share, in bits, of what singles a row out; "
                "it lies between what the column says alone (entropy) and what it adds to all others.",
            ),
            chart(plot.shapley_bars, r, data=summary, figure_id="shapley-chart"),
            table(summary, "shapley-table"),
        ]
        sample = views.shapley_rows(r, rows).df()
        parts += [
            part(
                "subhead",
                title="Per row (the paper's Figure 2)",
                guide="Each bar is one row, from the least to the most unique; its coloured segments "
                "show which columns single that row out.",
            ),
            chart(plot.per_row_stacked, r, rows, data=sample, figure_id="shapley-rows-chart"),
            table(sample, "shapley-rows-table", fold=0, caption="the sampled rows"),
        ]
        for i, expr in enumerate(by):
            df = r.by(expr).df()
            parts.append(
                part(
                    "subhead",
                    title=f"Subgroups of {expr}",
                    guide="The mean Shapley value of each column within each level: where a column "
                    "identifies members of a group more than others.",
                    head_id=f"by-{i}",
                )
            )
            if len(df) >= SCATTER_MIN_LEVELS:
                column = scatter_column if scatter_column in r.columns else plot.pick_scatter_column(r, df)
                parts.append(chart(plot.subgroup_scatter, r, expr, column, data=df, figure_id=f"by-{i}-chart"))
            parts.append(table(df, f"by-{i}-table", caption=f"levels of {expr}"))
        body = [p if isinstance(p, str) else p() for p in parts]  # a drawing's error is raised here
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    if r.sampled:
        body.insert(
            0,
            part(
                "para", text=f"Estimated from {r.samples} sampled column orders (standard errors in the *_se columns)."
            ),
        )
    return section(
        "shapley",
        "Uniqueness Shapley values",
        "How much each column shrinks the set of people a row could be (Seiler, Mase & Owen 2023), "
        "per column, per row and per subgroup.",
        "".join(body),
    )


def pif_html(c: Any, percentile: float, bins: int, heatmap_rows: int) -> str:
    from sqlpriv.pif.measure import fig as fig_query
    from sqlpriv.pif.measure import pif

    value = pif(c, percentile)
    hist = views.rig_histogram(c, bins).df()
    fig_df = fig_query(c).df()
    risky = views.riskiest_rows(c, heatmap_rows).df()
    label = f"PIF_{percentile:g}"
    parts = [
        kpis([("pif_value", f"{label}: {percentile:g}th percentile of RIG (bits); {bits_scale(value)}", value)]),
        part(
            "subhead",
            title="Row information gain (RIG)",
            guide="How much an attacker who knows all but one value of a person learns, summed over the "
            f"row; the dashed line is {label}, the level below which {percentile:g}% of rows stay.",
        ),
        figure(lambda: plot.rig_histogram(c, bins, percentile, data=hist, pif_value=value), "rig-chart"),
        table(hist, "rig-table", caption="histogram bins"),
        part(
            "subhead",
            title="Feature information gain (FIG)",
            guide="The same information summed per column: the columns an attacker learns most from.",
        ),
        figure(lambda: plot.fig_bars(c, data=fig_df), "fig-chart"),
        table(fig_df, "fig-table"),
        part(
            "subhead",
            title=f"CIG of the {len(risky)} riskiest rows",
            guide="One line per row, largest RIG first; red cells are the values that give the most away.",
        ),
        figure(lambda: plot.cig_heatmap(c, heatmap_rows, data=risky), "cig-chart"),
        table(risky, "cig-table", fold=0, caption="the riskiest rows"),
    ]
    return section(
        "pif",
        "Personal information factors",
        "Per cell, what an attacker who knows all of a person's other values learns from this one "
        "(CIG, bits; piflib by CSIRO Data61).",
        "".join(parts),
    )


def singling_out_html(s: Any, synthetic_label: str, sets: int, note: str = "") -> str:
    summary = s.summary().df()
    sizes = views.singling_out_sizes(s).df()
    top = views.singling_out_sets(s, sets).df()
    row = summary.to_dict("records")[0]
    parts = [
        part("synthetic_note", label=synthetic_label, max_cols=s.max_cols, mode=s.mode, columns=s.columns, note=note),
        kpis(
            [
                ("overall_protection", "overall protection", row["overall_protection"]),
                ("main_protection", "main protection", row["main_protection"]),
                ("baseline_protection", "baseline protection", row["baseline_protection"]),
                ("total_identified", "synthetic records singled out", row["total_identified"]),
            ]
        ),
        table(summary, "singling-out-summary"),
        part(
            "subhead",
            title="By column-set size",
            guide="How many synthetic records a set of this many columns singles out while also "
            "matching exactly one original record; small sets are the most dangerous.",
        ),
        figure(lambda: plot.singling_out_by_size(s, data=sizes), "singling-out-chart"),
        table(sizes, "singling-out-sizes"),
        part(
            "subhead", title="Riskiest column sets", guide="The minimal column sets that single out the most records."
        ),
        table(top, "singling-out-sets"),
    ]
    return section(
        "singling-out",
        "Singling-out risk of the synthetic data",
        "A synthetic record is singled out when its values on some column set occur in exactly one row of the "
        "synthetic table and one row of the original; protection near 1 is good.",
        "".join(parts),
    )


def request_html(a: Any) -> str:
    fields = a.fields().df()[["field", "expression", "factor_after", "factor", "shannons", "categories"]]
    warnings_html = (
        part("items", texts=a.warnings, css_class="warnings")
        if a.warnings
        else part("para", text="No warnings: the product of the factors and the exact joint figures agree.")
    )
    parts = [
        part("decision", decision=a.decision, approve=a.approve, reject=a.reject),
        kpis(
            [
                ("score", "score (product of the field factors)", a.score),
                ("joint_score", "exact joint factor", a.joint["privacy_factor"]),
                ("request_smallest_class", "smallest class of the request", a.joint["smallest_class"]),
            ]
        ),
        warnings_html,
        table(fields, "request-fields"),
    ]
    return section(
        "request",
        "Data request: " + ", ".join(a.request),
        "The gate multiplies the fields' privacy factors into a score and approves, reviews or rejects; the "
        "warnings say where the exact joint figures disagree.",
        "".join(parts),
    )


__all__ = [
    "SCATTER_MIN_LEVELS",
    "overview_html",
    "pif_html",
    "profile_html",
    "request_html",
    "shapley_html",
    "singling_out_html",
]
