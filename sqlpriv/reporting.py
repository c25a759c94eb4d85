"""One self-contained HTML privacy report: every measure, its chart and the numbers behind it.

``report(source, ...)`` runs the measures on ``source`` and writes one HTML file that opens
offline: charts are inline SVG drawn by :mod:`sqlpriv.plot`, the style sheet is inline, and
nothing refers to another file or address. Every chart is built from SQL aggregates and
samples (:mod:`sqlpriv.views`). Sections, each with a one-sentence reading guide and the
numbers behind its chart (every number also carries its exact value in ``data-value``):

- ``overview``: rows, columns, and the exact joint figures of all analysed columns;
- ``profile``: privacy factor and Shannons per column (Cave 2023);
- ``shapley``: entropy vs. Shapley per column, the per-row stacked view (the paper's
  Figure 2), and per ``by`` grouping the subgroup means (with the Figure 1 scatter when the
  grouping has many levels);
- ``pif``: RIG distribution with PIF_95 marked, FIG per column, CIG heatmap of the riskiest rows;
- ``singling-out`` (with ``synthetic=``): records singled out by column-set size, the riskiest
  column sets, the protection figures;
- ``request`` (with ``request=``): the gate's decision, score and warnings.

>>> import importlib.util, os, tempfile, sqlpriv
>>> out = os.path.join(tempfile.mkdtemp(), "flare.html")
>>> if importlib.util.find_spec("matplotlib"):
...     path = sqlpriv.report(sqlpriv.example_path("flare.csv"), columns=["class", "area", "C"],
...                           by=["area"], output=out, progress=False)
...     text = open(path, encoding="utf-8").read()
...     assert 'id="shapley"' in text and "http" not in text.replace("http-equiv", "")
"""

from __future__ import annotations

import html
import math
import numbers
import os
import re
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd

from sqlpriv import plot, progress, views
from sqlpriv.engine.sources import ColumnsArg
from sqlpriv.errors import OutputError, ParameterError

SCATTER_MIN_LEVELS = 10  # a grouping with at least this many levels gets the Figure 1 scatter
TABLE_ROWS = 15  # longer tables are folded into a <details> element

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:0;color:#222;background:#f6f7f9}
header{background:#24323f;color:#fff;padding:18px 32px}
header h1{margin:0;font-size:22px}header p{margin:4px 0 0;color:#c9d3dc;font-size:13px}
nav{padding:8px 32px;background:#e9edf1;font-size:13px}nav a{margin-right:14px;color:#24323f}
main{padding:8px 32px 40px;max-width:1100px}
section{background:#fff;border:1px solid #dde2e7;border-radius:6px;padding:14px 20px;margin:16px 0}
h2{margin:0 0 4px;font-size:18px}h3{font-size:15px;margin:18px 0 4px}
p.guide{margin:2px 0 10px;color:#4a5866;font-size:14px;font-style:italic}
figure{margin:6px 0}figure svg{max-width:100%;height:auto}
table{border-collapse:collapse;font-size:12.5px;margin:6px 0}
th,td{border-bottom:1px solid #e3e7eb;padding:3px 9px;text-align:left}
td.num{text-align:right;font-variant-numeric:tabular-nums}th{background:#f0f3f6}
.decision{display:inline-block;padding:3px 10px;border-radius:4px;font-weight:600;color:#fff}
.approve{background:#3b8c4a}.review{background:#c98a1b}.reject{background:#b53a3a}
ul.warnings li{color:#8a4b00}details summary{cursor:pointer;color:#24323f;font-size:13px}
.kpis{display:flex;flex-wrap:wrap;gap:10px}.kpi{border:1px solid #dde2e7;border-radius:5px;padding:6px 12px;min-width:120px}
.kpi b{display:block;font-size:18px}.kpi span{font-size:12px;color:#4a5866}
footer{color:#6b7885;font-size:12px;padding:0 32px 24px}
"""


# --------------------------------------------------------------------------- HTML helpers


def fmt(value: Any) -> str:
    """A number as the report prints it: integers with thousands separators, floats to 4 decimals.

    >>> fmt(1234567), fmt(0.123456789), fmt(None), fmt("a<b")
    ('1,234,567', '0.1235', '', 'a&lt;b')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, numbers.Integral):
        return f"{int(value):,}"
    if isinstance(value, numbers.Real):
        return f"{float(value):.4f}"
    if isinstance(value, (list, tuple)) or hasattr(value, "tolist"):
        items = value.tolist() if hasattr(value, "tolist") else value
        return html.escape(", ".join(str(v) for v in items))
    return html.escape(str(value))


def cell(value: Any) -> str:
    """One ``<td>``: numbers right-aligned with their exact value in ``data-value``."""
    if getattr(value, "ndim", None) == 0 and hasattr(value, "item"):  # numpy scalar
        value = value.item()
    if (
        isinstance(value, numbers.Real)
        and not isinstance(value, bool)
        and not (isinstance(value, float) and math.isnan(value))
    ):
        return f'<td class="num" data-value="{html.escape(repr(value))}">{fmt(value)}</td>'
    return f"<td>{fmt(value)}</td>"


def table(df: pd.DataFrame, table_id: str, *, fold: int = TABLE_ROWS, caption: str | None = None) -> str:
    """A small HTML table of ``df`` (``id=table_id``); folded into ``<details>`` beyond ``fold`` rows."""
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in df.columns)
    rows = "".join("<tr>" + "".join(cell(v) for v in row) + "</tr>" for row in df.itertuples(index=False, name=None))
    body = f'<table id="{table_id}"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
    if len(df) > fold:
        return f"<details><summary>{html.escape(caption or 'the numbers')} ({len(df):,} rows)</summary>{body}</details>"
    return body


def kpis(items: Sequence[tuple[str, str, Any]]) -> str:
    """Key figures as boxes: (id, label, value), each value with its exact number in ``data-value``."""
    out = []
    for key, label, value in items:
        exact = html.escape(repr(value.item() if hasattr(value, "item") else value))
        out.append(
            f'<div class="kpi" id="{key}" data-value="{exact}"><b>{fmt(value)}</b><span>{html.escape(label)}</span></div>'
        )
    return '<div class="kpis">' + "".join(out) + "</div>"


_SVG_CLEAN = [
    (re.compile(r"<metadata>.*?</metadata>\s*", re.S), ""),
    (re.compile(r'\s+xmlns(:\w+)?="[^"]*"'), ""),
]


def figure(fig: Any, figure_id: str) -> str:
    """A matplotlib Figure as inline SVG inside ``<figure id=...>`` (namespace URLs and metadata removed)."""
    text = plot.svg(fig)
    for pattern, repl in _SVG_CLEAN:
        text = pattern.sub(repl, text)
    return f'<figure id="{figure_id}">{text}</figure>'


def section(section_id: str, title: str, guide: str, body: str) -> str:
    return (
        f'<section id="{section_id}"><h2>{html.escape(title)}</h2>'
        f'<p class="guide">{html.escape(guide)}</p>{body}</section>'
    )


def write_atomic(text: str, path: str | os.PathLike[str]) -> Path:
    """Write ``text`` to ``path`` through a temporary file in the same folder, then rename."""

    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)

    return replace_atomically(path, write)


def replace_atomically(path: str | os.PathLike[str], write: Any, suffix: str = ".tmp") -> Path:
    """Create ``path`` as ``write(temporary path)`` writes it, in the same folder, then rename it
    into place (with the permissions a plain write gives); nothing is left behind on failure."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=target.parent)
    except OSError as exc:
        raise OutputError(f"cannot write {str(target)!r}: {exc.strerror or exc}; choose a writable folder") from None
    os.close(fd)
    try:
        write(tmp)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return target


# --------------------------------------------------------------------------- sections


def _overview(label: str, assessment: Any, columns: list[str], k: int, dropped: int) -> str:
    j = assessment.joint
    body = kpis(
        [
            ("rows", "rows analysed", j["n"]),
            ("columns", "columns analysed", len(columns)),
            ("classes", "distinct combinations (classes)", j["classes"]),
            ("smallest_class", "smallest class (k-anonymity)", j["smallest_class"]),
            ("share_unique", "share of rows unique", j["share_unique"]),
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
    note = f"<p>Source: <code>{html.escape(label)}</code>. Columns: {html.escape(', '.join(columns))}.</p>"
    if dropped:
        note += f"<p>{dropped:,} rows with NULLs were dropped.</p>"
    return section(
        "overview",
        "Overview",
        "The exact figures of all analysed columns together: a row in a class of size 1 is unique, "
        "so anyone who knows these values about a person finds their row.",
        note + body + table(facts, "overview-table"),
    )


def _profile(fields: pd.DataFrame) -> str:
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
        figure(plot.profile_bars(None, data=df), "profile-chart") + table(df, "profile-table"),
    )


def _shapley(r: Any, by: Sequence[str], rows: int, scatter_column: str | None) -> str:
    summary = r.summary().df()
    parts = [
        "<h3>Per column</h3>",
        '<p class="guide">Each column\'s Shapley value is its share, in bits, of what singles a row out; '
        "it lies between what the column says alone (entropy) and what it adds to all others.</p>",
        figure(plot.shapley_bars(r, data=summary), "shapley-chart"),
        table(summary, "shapley-table"),
    ]
    sample = views.shapley_rows(r, rows).df()
    parts += [
        "<h3>Per row (the paper's Figure 2)</h3>",
        '<p class="guide">Each bar is one row, from the least to the most unique; its coloured segments '
        "show which columns single that row out.</p>",
        figure(plot.per_row_stacked(r, rows, data=sample), "shapley-rows-chart"),
        table(sample, "shapley-rows-table", fold=0, caption="the sampled rows"),
    ]
    for i, expr in enumerate(by):
        df = r.by(expr).df()
        parts += [
            f'<h3 id="by-{i}">Subgroups of {html.escape(expr)}</h3>',
            '<p class="guide">The mean Shapley value of each column within each level: where a column '
            "identifies members of a group more than others.</p>",
        ]
        if len(df) >= SCATTER_MIN_LEVELS:
            column = scatter_column if scatter_column in r.columns else plot.pick_scatter_column(r, df)
            parts.append(figure(plot.subgroup_scatter(r, expr, column, data=df), f"by-{i}-chart"))
        parts.append(table(df, f"by-{i}-table", caption=f"levels of {expr}"))
    if r.sampled:
        parts.insert(
            0, f"<p>Estimated from {r.samples} sampled column orders (standard errors in the *_se columns).</p>"
        )
    return section(
        "shapley",
        "Uniqueness Shapley values",
        "How much each column shrinks the set of people a row could be (Seiler, Mase & Owen 2023), "
        "per column, per row and per subgroup.",
        "".join(parts),
    )


def _pif(c: Any, percentile: float, bins: int, heatmap_rows: int) -> str:
    from sqlpriv.factors import fig as fig_query
    from sqlpriv.factors import pif

    value = pif(c, percentile)
    hist = views.rig_histogram(c, bins).df()
    fig_df = fig_query(c).df()
    risky = views.riskiest_rows(c, heatmap_rows).df()
    label = f"PIF_{percentile:g}"
    parts = [
        kpis([("pif_value", f"{label}: {percentile:g}th percentile of RIG (bits)", value)]),
        "<h3>Row information gain (RIG)</h3>",
        '<p class="guide">How much an attacker who knows all but one value of a person learns, summed over the '
        f"row; the dashed line is {label}, the level below which {percentile:g}% of rows stay.</p>",
        figure(plot.rig_histogram(c, bins, percentile, data=hist, pif_value=value), "rig-chart"),
        table(hist, "rig-table", caption="histogram bins"),
        "<h3>Feature information gain (FIG)</h3>",
        '<p class="guide">The same information summed per column: the columns an attacker learns most from.</p>',
        figure(plot.fig_bars(c, data=fig_df), "fig-chart"),
        table(fig_df, "fig-table"),
        f"<h3>CIG of the {len(risky)} riskiest rows</h3>",
        '<p class="guide">One line per row, largest RIG first; red cells are the values that give the most away.</p>',
        figure(plot.cig_heatmap(c, heatmap_rows, data=risky), "cig-chart"),
        table(risky, "cig-table", fold=0, caption="the riskiest rows"),
    ]
    return section(
        "pif",
        "Personal information factors",
        "Per cell, what an attacker who knows all of a person's other values learns from this one "
        "(CIG, bits; piflib by CSIRO Data61).",
        "".join(parts),
    )


def _singling_out(s: Any, synthetic_label: str, sets: int) -> str:
    summary = s.summary().df()
    sizes = views.singling_out_sizes(s).df()
    top = views.singling_out_sets(s, sets).df()
    row = summary.to_dict("records")[0]
    parts = [
        f"<p>Synthetic data: <code>{html.escape(synthetic_label)}</code>; column sets of up to {s.max_cols} "
        f"columns examined ({s.mode} search).</p>",
        kpis(
            [
                ("overall_protection", "overall protection", row["overall_protection"]),
                ("main_protection", "main protection", row["main_protection"]),
                ("baseline_protection", "baseline protection", row["baseline_protection"]),
                ("total_identified", "synthetic records singled out", row["total_identified"]),
            ]
        ),
        table(summary, "singling-out-summary"),
        "<h3>By column-set size</h3>",
        '<p class="guide">How many synthetic records a set of this many columns singles out while also '
        "matching exactly one original record; small sets are the most dangerous.</p>",
        figure(plot.singling_out_by_size(s, data=sizes), "singling-out-chart"),
        table(sizes, "singling-out-sizes"),
        "<h3>Riskiest column sets</h3>",
        '<p class="guide">The minimal column sets that single out the most records.</p>',
        table(top, "singling-out-sets"),
    ]
    return section(
        "singling-out",
        "Singling-out risk of the synthetic data",
        "A synthetic record is singled out when its values on some column set occur once in the synthetic "
        "table and once in the original; protection near 1 is good.",
        "".join(parts),
    )


def _request(a: Any) -> str:
    fields = a.fields().df()[["field", "expression", "factor_after", "factor", "shannons", "categories"]]
    decision = html.escape(a.decision)
    warnings_html = (
        '<ul class="warnings">' + "".join(f"<li>{html.escape(w)}</li>" for w in a.warnings) + "</ul>"
        if a.warnings
        else "<p>No warnings: the product of the factors and the exact joint figures agree.</p>"
    )
    parts = [
        f'<p>Decision: <span class="decision {decision}" id="decision">{decision}</span> '
        f"(approve at or above {a.approve:g}, reject below {a.reject:g})</p>",
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


# --------------------------------------------------------------------------- the report


def _label(source: Any) -> str:
    if isinstance(source, (str, os.PathLike)):
        return str(source)
    return f"a {type(source).__name__}"


def report(
    source: Any,
    columns: ColumnsArg = None,
    *,
    by: Sequence[str] | str = (),
    synthetic: Any = None,
    request: ColumnsArg = None,
    sensitive: Sequence[str] | str | None = None,
    output: str | os.PathLike[str] = "report.html",
    title: str | None = None,
    k: int = 5,
    max_cols: int = 3,
    rows: int = 200,
    heatmap_rows: int = 40,
    bins: int = 30,
    percentile: float = 95,
    scatter_column: str | None = None,
    method: str = "auto",
    pif: bool = True,
    progress: bool | None = None,
    con: duckdb.DuckDBPyConnection | str | None = None,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
) -> Path:
    """Write the HTML privacy report of ``source`` to ``output`` (atomically); returns its path.

    ``columns``: the analysed columns (names or ``{"name": "SQL expression"}``; default all).
    ``by``: groupings (column names or SQL expressions) for subgroup Shapley means; one with at
    least 10 levels also gets the Figure 1 scatter of ``scatter_column`` (default: the column
    whose mean varies most). ``synthetic``: a synthetic counterpart of ``source`` (same columns)
    for the singling-out section (column sets up to ``max_cols``; it compares all columns of
    the two tables, whatever ``columns`` says). ``request``: fields of a data
    request for the gate's section. ``sensitive``: sensitive columns for the attribute-disclosure
    section (l-diversity, t-closeness, ... given the other analysed columns; docs/measures.md §8).
    ``k``: the k of the joint figures. ``rows``: rows in the
    Figure 2 view; ``heatmap_rows``: rows in the CIG heatmap; ``bins``: RIG histogram bins.
    ``pif=False`` leaves out the information factors (left out anyway for a single column).
    ``progress``: a progress bar on a terminal (default: when stderr is one; also off with
    ``SQLPRIV_PROGRESS=0``).
    """
    plot._figure(1, 1)  # fail now, before any work, when matplotlib is missing
    by_list = _check_by(by)
    opts: dict[str, Any] = dict(con=con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
    started = time.perf_counter()
    with progress_bar(4 + (synthetic is not None) + (request is not None), progress) as bar:
        shap = _shapley_of(source, columns, method, opts)
        bar.step("overview")
        sections = _overview_sections(source, columns, shap, k, opts)
        bar.step("uniqueness Shapley")
        sections.append(_shapley(shap, by_list, rows, scatter_column))
        bar.step("information factors")
        if pif and len(shap.columns) >= 2:  # CIG needs at least two columns
            sections.append(_pif_section(source, columns, percentile, bins, heatmap_rows, opts))
        bar.step("singling out" if synthetic is not None else "")
        if synthetic is not None:
            sections.append(_singling_out_section(source, synthetic, max_cols, len(shap.columns), opts))
            bar.step("request" if request is not None else "")
        if request is not None:
            sections.append(_request_section(source, request, k, opts))
            bar.step("")
        if sensitive is not None:  # the section's code: sqlpriv/disclosure_report.py
            from sqlpriv.disclosure_report import disclosure_section

            sections.append(
                disclosure_section(source, columns, sensitive, opts, section=section, table=table, kpis=kpis)
            )
    heading = title or f"Privacy report: {_label(source)}"
    return write_atomic(_page(heading, sections, time.perf_counter() - started), output)


def _shapley_of(source: Any, columns: ColumnsArg, method: str, opts: dict[str, Any]) -> Any:
    """Uniqueness Shapley values; each measure opens (and locks down) its own connection unless
    the caller passed one in ``opts``."""
    from sqlpriv.shapley import uniqueness_shapley

    return uniqueness_shapley(source, columns, method=method, **opts)


def _check_by(by: Sequence[str] | str) -> list[str]:
    by_list = [by] if isinstance(by, str) else list(by or [])
    for expr in by_list:
        if not isinstance(expr, str) or not expr.strip():
            raise ParameterError(f"by= needs column names or SQL expressions, got {expr!r}")
    return by_list


def _overview_sections(source: Any, columns: ColumnsArg, shap: Any, k: int, opts: dict[str, Any]) -> list[str]:
    """The overview (joint figures of the analysed columns) and the per-column profile."""
    from sqlpriv.request import assess_request

    overview = assess_request(source, columns if columns is not None else shap.columns, k=k, **opts)
    return [
        _overview(_label(source), overview, shap.columns, k, shap.dropped_rows),
        _profile(overview.fields().df()),
    ]


def _pif_section(
    source: Any, columns: ColumnsArg, percentile: float, bins: int, heatmap_rows: int, opts: dict[str, Any]
) -> str:
    from sqlpriv.factors import information_factors

    return _pif(information_factors(source, columns, **opts).cig(), percentile, bins, heatmap_rows)


def _singling_out_section(source: Any, synthetic: Any, max_cols: int, d: int, opts: dict[str, Any]) -> str:
    from sqlpriv.synthetic import singling_out

    s = singling_out(source, synthetic, max_cols=min(max_cols, d) if max_cols else None, progress=False, **opts)
    return _singling_out(s, _label(synthetic), 10)


def _request_section(source: Any, request: ColumnsArg, k: int, opts: dict[str, Any]) -> str:
    from sqlpriv.request import assess_request

    return _request(assess_request(source, request, k=k, **opts))


def _page(heading: str, sections: list[str], elapsed: float) -> str:
    """The whole HTML page: head, navigation to the sections present, sections, footer."""
    from sqlpriv import __version__

    nav = "".join(
        f'<a href="#{sid}">{label}</a>'
        for sid, label in [
            ("overview", "Overview"),
            ("profile", "Profile"),
            ("shapley", "Shapley"),
            ("pif", "PIF"),
            ("singling-out", "Singling out"),
            ("request", "Request"),
            ("disclosure", "Disclosure"),
        ]
        if f'id="{sid}"' in "".join(sections)
    )
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(heading)}</title><style>{CSS}</style></head><body>"
        f"<header><h1>{html.escape(heading)}</h1><p>sqlpriv {__version__}: every number computed in DuckDB; "
        f"this file needs no network.</p></header><nav>{nav}</nav><main>{''.join(sections)}</main>"
        f"<footer>Measured in {elapsed:.1f} s by sqlpriv {__version__}.</footer></body></html>\n"
    )
    return page


def progress_bar(steps: int, enabled: bool | None) -> progress.Bar:
    return progress.Bar(steps, "sqlpriv report", enabled_=enabled)


__all__ = ["report", "write_atomic"]
