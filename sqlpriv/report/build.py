"""One self-contained HTML privacy report: every measure, its chart and the numbers behind it.

``report(source, ...)`` runs the measures on ``source`` and writes one HTML file that opens
offline (inline SVG charts from :mod:`sqlpriv.plot.charts`, inline style sheet, no address). Its
sections, each with a one-sentence reading guide and the numbers behind its chart (every number
with its exact value in ``data-value``): the verdict, ``overview``, ``profile``, ``shapley``,
``pif``, and with their options ``singling-out``, ``three-criteria``, ``request``, ``what-to-do``,
``risk`` and ``disclosure`` (docs/report.md). The page is rendered from the Jinja2
templates of sqlpriv/report/templates/ (autoescaped; :mod:`sqlpriv.report.html`).

>>> import importlib.util, os, tempfile, sqlpriv
>>> out = os.path.join(tempfile.mkdtemp(), "flare.html")
>>> if importlib.util.find_spec("matplotlib"):
...     path = sqlpriv.report(sqlpriv.example_path("flare.csv"), columns=["class", "area", "C"],
...                           by=["area"], output=out, progress=False)
...     text = open(path, encoding="utf-8").read()
...     assert 'id="shapley"' in text and "http" not in text.replace("http-equiv", "")
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import duckdb

from sqlpriv import progress
from sqlpriv.engine import checks
from sqlpriv.engine.identifiers import without_key_advice
from sqlpriv.engine.sources import ColumnsArg
from sqlpriv.errors import ParameterError
from sqlpriv.report.html import (
    CSS,
    NO_CHARTS,
    cell,
    charts_available,
    figure,
    fmt,
    kpis,
    part,
    render,
    replace_atomically,
    section,
    table,
    trusted,
    write_atomic,
)
from sqlpriv.report.jobs import Jobs, Timeline, concurrent
from sqlpriv.report.progress import Stages
from sqlpriv.report.verdict import CSS as VERDICT_CSS
from sqlpriv.report.verdict import drivers, report_verdict

# --------------------------------------------------------------------------- the report


def _label(source: Any) -> str:
    if isinstance(source, (str, os.PathLike)):
        return str(source)
    return f"a {type(source).__name__}"


@without_key_advice  # the report has no key=/--key: identifier warnings say what it can do
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
    approve: float = 0.8,
    reject: float = 0.2,
    max_unique_share: float | None = None,
    min_k: int | None = None,
    on_violation: str = "review",
    max_cols: int = 3,
    rows: int = 200,
    heatmap_rows: int = 40,
    bins: int = 30,
    percentile: float = 95,
    scatter_column: str | None = None,
    method: str = "auto",
    pif: bool = True,
    hierarchies: Any = None,
    suppression_limit: float = 0.05,
    risk: Mapping[str, Any] | bool | None = None,
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
    for the singling-out section (column sets up to ``max_cols``, on the analysed columns when
    they are plain names; on every column of the two tables, said in the section, when some are
    computed). ``request``: fields of a data
    request for the gate's section. ``sensitive``: sensitive columns for the attribute-disclosure
    section (l-diversity, t-closeness, ... given the other analysed columns; docs/measures.md §8).
    ``k``: the k of the joint figures. ``rows``: rows in the
    Figure 2 view; ``heatmap_rows``: rows in the CIG heatmap; ``bins``: RIG histogram bins.
    ``risk``: adds the re-identification risk section (True, or the keyword arguments of
    :func:`sqlpriv.reidentification_risk`, e.g. ``{"sampling_fraction": 0.1}``).
    ``pif=False`` leaves out the information factors (left out anyway for a single column).
    ``hierarchies``: quasi-identifier -> hierarchy (as :func:`sqlpriv.generalize` takes them) adds
    the "What to do" section: the least-loss generalization meeting k with up to
    ``suppression_limit`` of the rows suppressed.
    ``progress``: a progress bar on a terminal (default: when stderr is one; also off with
    ``SQLPRIV_PROGRESS=0``). ``approve`` / ``reject`` / ``max_unique_share`` / ``min_k`` /
    ``on_violation``: the gate's policy, as :func:`sqlpriv.assess_request` takes it; the report
    opens with its verdict (pass / review / fail, the rule that fired, what to do next) on the
    request, or without ``request=`` on the analysed columns together.
    """
    by_list = _check_by(by)
    opts: dict[str, Any] = dict(con=con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
    started = time.perf_counter()
    stages = ["uniqueness Shapley", "overview", "Figure 2 and subgroups"]
    stages += ["PIF"] * bool(pif) + ["singling out"] * (synthetic is not None) + ["request"] * (request is not None)
    stages += (
        ["what to do"] * (hierarchies is not None) + ["risk"] * bool(risk) + ["disclosure"] * (sensitive is not None)
    )
    policy = dict(
        k=k,
        approve=approve,
        reject=reject,
        max_unique_share=max_unique_share,
        min_k=min_k,
        on_violation=on_violation,
    )
    with Stages(stages, progress) as st:  # one line per stage on a terminal (sqlpriv/report/progress.py)
        sections, gate, subject = _measured_sections(
            st,
            source,
            columns,
            synthetic=synthetic,
            request=request,
            pif=pif,
            method=method,
            scatter_column=scatter_column,
            by_list=by_list,
            sizes=dict(rows=rows, max_cols=max_cols, percentile=percentile, bins=bins, heatmap_rows=heatmap_rows),
            policy=policy,
            opts=opts,
        )
        sections.insert(0, report_verdict(gate, drivers(gate), subject))
        if not charts_available():  # the tables stay; one line says how to get the charts
            sections.insert(1, NO_CHARTS)
        for kept in getattr(_KEPT, "lists", []):  # keeping_assessment(): the CLI's exit status
            kept.append(gate)
        if hierarchies is not None:
            with st.stage("what to do"):
                sections.append(_what_to_do_section(source, hierarchies, k, suppression_limit, opts, policy))
        if risk:  # issue 26: the section's figures come from sqlpriv/report/risk.py
            with st.stage("risk"):
                sections.append(_risk_section(source, columns, {} if risk is True else risk, opts))
        if sensitive is not None:  # the section's code: sqlpriv/report/disclosure.py
            from sqlpriv.report.disclosure import disclosure_section

            with st.stage("disclosure"):
                sections.append(disclosure_section(source, columns, sensitive, opts))
    heading = title or f"Privacy report: {_label(source)}"
    return write_atomic(_page(heading, sections, time.perf_counter() - started), output)


def _measured_sections(
    st: Stages,
    source: Any,
    columns: ColumnsArg,
    *,
    synthetic: Any,
    request: ColumnsArg,
    pif: bool,
    method: str,
    scatter_column: str | None,
    by_list: list[str],
    sizes: dict[str, Any],
    policy: dict[str, Any],
    opts: dict[str, Any],
) -> tuple[list[str], Any, str]:
    """The report's sections up to the request's (HTML), the assessment its verdict comes from and
    what that verdict is about. The overview and the sections that need only the analysed columns
    run beside the Shapley figures in a second thread when each measure has its own connection
    (sqlpriv/report/jobs.py); the charts' modules (matplotlib, pandas) load in a third while the
    first statements run."""
    timeline = Timeline()  # SQLPRIV_PROFILE=1: each part's start and end per thread, on stderr
    imports = warm_up(timeline=timeline)
    jobs = Jobs(background=concurrent(opts, source, synthetic))
    try:
        # the information factors need only the source: in the second thread they start beside
        # the Shapley call (used only when there are two columns or more: CIG needs them)
        pif_args = (source, columns, sizes["percentile"], sizes["bins"], sizes["heatmap_rows"], opts)
        pif_job = jobs.submit(timeline.run, "PIF", _pif_section, *pif_args) if pif else None
        with st.stage("uniqueness Shapley"):
            shap = timeline.run("Shapley call", _shapley_of, source, columns, method, opts)
        if scatter_column is not None:  # a name that is no analysed column was silently replaced
            scatter_column = checks.match_column(shap.columns, scatter_column, "the analysed columns")
        if len(shap.columns) < 2:  # a single column: no information factors (not even asked for)
            pif_job = None
        overview_job = jobs.submit(timeline.run, "overview", _overview_sections, source, columns, shap, policy, opts)
        so_job = (
            jobs.submit(
                timeline.run,
                "singling out",
                _singling_out_section,
                source,
                synthetic,
                sizes["max_cols"],
                columns,
                len(shap.columns),
                opts,
                st.on and not jobs.background,  # its search steps on the stage line, when drawn here
            )
            if synthetic is not None
            else None
        )
        request_job = (
            jobs.submit(timeline.run, "request", _request_assessment, source, request, policy, opts)
            if request is not None
            else None
        )
        timeline.run("waiting for the imports", imports.join)
        if not jobs.background:  # one after the other: the overview first, as the page shows it
            with st.stage("overview"):
                overview = overview_job.result()
        with st.stage("Figure 2 and subgroups"):
            # its charts are drawn beside its queries when the sections may use more threads
            shapley_args = (shap, by_list, sizes["rows"], scatter_column, jobs.background)
            shapley_section = timeline.run("Shapley section", _shapley_section, *shapley_args)
        if jobs.background:  # computed meanwhile in the second thread
            with st.stage("overview"):
                overview = overview_job.result()
        sections, gate = overview
        sections.append(shapley_section)
        subject = "the analysed columns together"
        if pif:
            with st.stage("PIF"):
                if pif_job is not None:
                    sections.append(pif_job.result())
        if so_job is not None:
            with st.stage("singling out"):
                sections.append(so_job.result())
        if request_job is not None:
            with st.stage("request"):
                gate = request_job.result()
                sections.append(_request_section(gate))
            subject = "the request"
        return sections, gate, subject
    finally:
        jobs.close()
        timeline.show()


_KEPT = threading.local()


@contextlib.contextmanager
def keeping_assessment() -> Iterator[list[Any]]:
    """Within this block, each :func:`report` this thread writes appends the assessment its verdict
    comes from (:func:`sqlpriv.assess_request` of the request, or of the analysed columns) to the
    list yielded, so that a caller (``sqlpriv report``'s exit status) need not compute it again.

    >>> import importlib.util, os, tempfile, sqlpriv
    >>> out = os.path.join(tempfile.mkdtemp(), "r.html")
    >>> if importlib.util.find_spec("matplotlib"):
    ...     with keeping_assessment() as kept:
    ...         _ = report(sqlpriv.example_path("flare.csv"), ["class", "area"], output=out, progress=False, pif=False)
    ...     assert kept[0].verdict.status in ("pass", "review", "fail")
    """
    kept: list[Any] = []
    lists = _KEPT.__dict__.setdefault("lists", [])
    lists.append(kept)
    try:
        yield kept
    finally:
        del lists[next(i for i, x in enumerate(lists) if x is kept)]


#: the modules the charts need, loaded by :func:`warm_up`
CHART_MODULES = ("matplotlib.figure", "sqlpriv.report.sections")


def warm_up(modules: Sequence[str] = CHART_MODULES, *, timeline: Timeline | None = None) -> threading.Thread:
    """Import ``modules`` in a daemon thread (started; join it before using them), so that their
    import (matplotlib's font manager and backends, pandas: about a second of one core) runs
    while DuckDB, which releases the GIL, computes the report's first statements. An import that
    fails here fails again, with its own error, where the module is used.

    >>> t = warm_up(["json"])
    >>> t.join(); t.is_alive()
    False
    """

    def load() -> None:
        for name in modules:
            try:
                importlib.import_module(name)
            except Exception:  # raised again by the import where it is used
                return

    target = load if timeline is None else lambda: timeline.run("imports", load)
    thread = threading.Thread(target=target, name="sqlpriv-report-imports", daemon=True)
    thread.start()
    return thread


def _shapley_section(shap: Any, by: list[str], rows: int, scatter_column: str | None, beside: bool) -> str:
    from sqlpriv.report.sections import shapley_html

    return shapley_html(shap, by, rows, scatter_column, draw_beside=beside)


def _request_section(gate: Any) -> str:
    from sqlpriv.report.sections import request_html

    return request_html(gate)


def _shapley_of(source: Any, columns: ColumnsArg, method: str, opts: dict[str, Any]) -> Any:
    """Uniqueness Shapley values; each measure opens (and locks down) its own connection unless
    the caller passed one in ``opts``."""
    from sqlpriv.shapley.measure import uniqueness_shapley

    return uniqueness_shapley(source, columns, method=method, **opts)


def _check_by(by: Sequence[str] | str) -> list[str]:
    by_list = [by] if isinstance(by, str) else list(by or [])
    for expr in by_list:
        if not isinstance(expr, str) or not expr.strip():
            raise ParameterError(f"by= needs column names or SQL expressions, got {expr!r}")
    return by_list


def _overview_sections(
    source: Any, columns: ColumnsArg, shap: Any, policy: dict[str, Any], opts: dict[str, Any]
) -> tuple[list[str], Any]:
    """The overview (joint figures of the analysed columns) and the per-column profile, and the
    assessment of the analysed columns under the gate's policy (the verdict without a request)."""
    from sqlpriv.report.sections import overview_html, profile_html
    from sqlpriv.request.measure import assess_request

    overview = assess_request(source, columns if columns is not None else shap.columns, **policy, **opts)
    return [
        overview_html(_label(source), overview, shap.columns, policy["k"], shap.dropped_rows),
        profile_html(overview.fields().df()),
    ], overview


def _pif_section(
    source: Any, columns: ColumnsArg, percentile: float, bins: int, heatmap_rows: int, opts: dict[str, Any]
) -> str:
    from sqlpriv.pif.measure import information_factors
    from sqlpriv.report.sections import pif_html

    return pif_html(information_factors(source, columns, **opts).cig(), percentile, bins, heatmap_rows)


def _singling_out_section(
    source: Any, synthetic: Any, max_cols: int, columns: ColumnsArg, d: int, opts: dict[str, Any], shown: bool = False
) -> str:
    """Singling-out on the analysed columns when they are plain names; on every column of the two
    tables (said in the section) when some are computed (-c NAME=EXPR), which the synthetic table lacks."""
    from sqlpriv.report.sections import singling_out_html
    from sqlpriv.singling_out.measure import singling_out

    items = [columns] if isinstance(columns, str) else list(columns or [])
    plain = all(isinstance(c, str) for c in items)
    s = singling_out(
        source,
        synthetic,
        columns=items if items and plain else None,
        max_cols=min(max_cols, d) if max_cols else None,
        progress=shown,  # its search steps on the report's stage line, when one is drawn
        **opts,
    )
    note = (
        ""
        if plain
        else "Computed columns (NAME=EXPR) are not applied to the synthetic table: this section compares "
        "every column of the two tables, as they are."
    )
    from sqlpriv.attacks.singling_out_queries import singling_out_queries
    from sqlpriv.report.attacks import distances, link_and_infer, three_criteria_html

    # the three criteria (issue 43): anonymeter's query attack beside the exact mpUCCs, then linkability
    # and inference on every original record (_link_and_infer)
    queries = singling_out_queries(source, synthetic, mode="univariate", n_attacks=500, seed=0, **opts)
    attacks, more_note = link_and_infer(source, synthetic, list(s.columns), opts)
    near, near_note = distances(source, synthetic, list(s.columns), opts)
    attacks_note = (
        "Singling out by queries: anonymeter's univariate attack, 500 queries, seed 0, every column. "
        + more_note
        + " "
        + near_note
    )
    return singling_out_html(s, _label(synthetic), 10, note) + three_criteria_html(
        {"singling_out_queries": queries, **attacks}, mpucc=s, note=attacks_note, dcr=near
    )


def _request_assessment(source: Any, request: ColumnsArg, policy: dict[str, Any], opts: dict[str, Any]) -> Any:
    from sqlpriv.request.measure import assess_request

    return assess_request(source, request, **policy, **opts)


def _what_to_do_section(
    source: Any, hierarchies: Any, k: int, limit: float, opts: dict[str, Any], gate: dict[str, Any] | None = None
) -> str:
    from sqlpriv.report.generalize import GUIDE, what_to_do

    body = what_to_do(source, hierarchies, k=k, suppression_limit=limit, table=table, kpis=kpis, opts=opts, gate=gate)
    return section("what-to-do", "What to do: generalize to the policy", GUIDE, body)


def _risk_section(source: Any, columns: ColumnsArg, risk: Mapping[str, Any], opts: dict[str, Any]) -> str:
    from sqlpriv.report.risk import risk_parts

    p = risk_parts(source, columns, risk, opts)
    body = kpis(p["kpis"]) + (part("items", texts=p["notes"], css_class="warnings") if p["notes"] else "")
    return section("risk", p["title"], p["guide"], body + "".join(table(df, tid) for tid, df in p["tables"]))


def _page(heading: str, sections: list[str], elapsed: float) -> str:
    """The whole HTML page: head, navigation to the sections present, sections, footer."""
    from sqlpriv import __version__

    page = "".join(sections)
    nav = [
        (sid, label)
        for sid, label in [
            ("verdict", "Verdict"),
            ("overview", "Overview"),
            ("profile", "Profile"),
            ("shapley", "Shapley"),
            ("pif", "PIF"),
            ("singling-out", "Singling out"),
            ("three-criteria", "Three criteria"),
            ("request", "Request"),
            ("what-to-do", "What to do"),
            ("risk", "Risk"),
            ("disclosure", "Disclosure"),
        ]
        if f'id="{sid}"' in page
    ]
    css = trusted(CSS + VERDICT_CSS)
    return (
        render(
            "page.html", heading=heading, css=css, nav=nav, sections=trusted(page), elapsed=elapsed, version=__version__
        )
        + "\n"
    )


def progress_bar(steps: int, enabled: bool | None) -> progress.Bar:
    return progress.Bar(steps, "sqlpriv report", enabled_=enabled)


__all__ = [
    "CSS",
    "cell",
    "figure",
    "fmt",
    "keeping_assessment",
    "kpis",
    "replace_atomically",
    "report",
    "section",
    "table",
    "write_atomic",
]
