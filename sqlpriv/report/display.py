"""Jupyter display (``_repr_html_``), ``.plot()`` and the plain-text ``repr`` of results and
measure objects: the presentation layer registers them here, class by class, with
:func:`sqlpriv.engine.presentable.register` (``import sqlpriv`` imports this module).

A :class:`sqlpriv.Result` shows its first rows (one ``LIMIT`` query, never the whole result);
a measure object shows its key figures as a compact table. ``.plot()`` draws with
:mod:`sqlpriv.plot.charts`. The measure classes only inherit
:class:`~sqlpriv.engine.presentable.Presentable` and never import this module.

>>> import pandas as pd, sqlpriv
>>> r = sqlpriv.privacy_profile(pd.DataFrame({"a": [1, 2, 3], "b": [1, 1, 2]}))
>>> "<table" in r._repr_html_() and "3 rows" not in r._repr_html_()
True
>>> s = sqlpriv.uniqueness_shapley(pd.DataFrame({"a": [1, 1, 2], "b": [1, 2, 2]}))
>>> 'data-value="3"' in s._repr_html_()      # rows analysed
True
>>> repr(s)
'<sqlpriv.ShapleyResult rows=3 columns=2 method=exact>'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlpriv.engine.presentable import Presentable, html_of, plot_of, register
from sqlpriv.engine.result import Result
from sqlpriv.errors import ParameterError
from sqlpriv.pif.measure import InformationFactors, PifResult, fig, pif
from sqlpriv.report import views
from sqlpriv.report.html import part, table, trusted
from sqlpriv.request.assessment import Assessment
from sqlpriv.shapley.measure import ShapleyResult
from sqlpriv.singling_out.measure import SinglingOutResult
from sqlpriv.singling_out.uniques import SampleUniquesResult

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.figure import Figure

HEAD_ROWS = 10
STYLE = part("notebook_style")

#: the name the measure classes inherited before the layers were separated
Display = Presentable


def _table(df: pd.DataFrame, table_id: str) -> str:
    return table(df, table_id, fold=10**9)


def _wrap(title: str, facts: list[tuple[str, Any]], *tables: str) -> str:
    return part("facts", title=title, facts=facts, tables=trusted("".join(tables)))


def _text(obj: Any, facts: list[tuple[str, Any]]) -> str:
    return f"<sqlpriv.{type(obj).__name__} " + " ".join(f"{k}={v}" for k, v in facts) + ">"


def result_html(result: Result, limit: int = HEAD_ROWS) -> str:
    """The first ``limit`` rows of ``result`` as an HTML table (one LIMIT query, ``limit + 1`` rows)."""
    df = views.head(result, limit + 1).df()
    more = len(df) > limit
    return part("result_head", table=trusted(_table(df.head(limit), "result")), limit=limit, more=more)


# --------------------------------------------------------------------------- uniqueness Shapley


def _shapley_facts(obj: ShapleyResult) -> list[tuple[str, Any]]:
    return [("rows", obj.n), ("columns", len(obj.columns)), ("method", obj.method)]


def _shapley_html(obj: ShapleyResult) -> str:
    return _wrap("uniqueness Shapley values (bits)", _shapley_facts(obj), _table(obj.summary().df(), "summary"))


def _shapley_plot(obj: ShapleyResult, kind: str, **options: Any) -> Figure:
    from sqlpriv.plot import charts as p

    if kind == "rows":
        return p.per_row_stacked(obj, **options)
    if kind == "by":
        if "by" not in options:
            raise ParameterError("plot(kind='by') needs by=, a column name or SQL expression")
        return p.subgroup_scatter(obj, options.pop("by"), **options)
    return p.shapley_bars(obj, **options)


# --------------------------------------------------------------------------- information factors


def _pif_facts(obj: PifResult) -> list[tuple[str, Any]]:
    from sqlpriv.engine.scales import bits_scale

    value = pif(obj, 95)
    facts = [("measure", obj.measure), ("rows", obj.factors.n), ("PIF_95", value)]
    return facts + [("PIF_95 means", bits_scale(value))] * (obj.measure != "csf")


def _pif_html(obj: PifResult) -> str:
    facts = _pif_facts(obj)
    return _wrap(
        f"personal information factors ({obj.measure})",
        facts,
        _table(fig(obj).df(), "fig"),
        result_html(obj),
    )


def _pif_plot(obj: PifResult, kind: str, **options: Any) -> Figure:
    from sqlpriv.plot import charts as p

    if kind == "rig":
        return p.rig_histogram(obj, **options)
    if kind == "fig":
        return p.fig_bars(obj, **options)
    return p.cig_heatmap(obj, **options)


def _factors_plot(obj: InformationFactors, kind: str, **options: Any) -> Figure:
    return _pif_plot(obj.measure(options.pop("measure", "cig")), kind, **options)


# --------------------------------------------------------------------------- data requests


def _assessment_html(obj: Assessment) -> str:
    j = obj.joint
    facts = [
        ("verdict", obj.verdict.line()),
        ("decision", obj.decision),
        ("score", obj.score),
        ("rows", j["n"]),
        ("classes", j["classes"]),
        ("smallest class", j["smallest_class"]),
        ("share unique", j["share_unique"]),
    ]
    warnings_html = part("warnings", texts=obj.warnings)
    return _wrap("data request assessment", facts, _table(obj.fields().df(), "fields"), warnings_html)


def _assessment_text(obj: Assessment) -> str:
    return (
        f"<sqlpriv.request.Assessment {obj.decision} score={obj.score:.4g} "
        f"fields={obj.request} warnings={len(obj.warnings)} verdict={obj.verdict.line()}>"
    )


def _assessment_plot(obj: Assessment, kind: str, **options: Any) -> Figure:
    import pandas as pd

    from sqlpriv.plot import charts as p

    df = obj.fields().df()
    data = pd.DataFrame({"column": df["field"], "privacy_factor": df["factor_after"], "shannons": df["shannons"]})
    return p.profile_bars(None, data=data)


# --------------------------------------------------------------------------- singling out, sample uniques


def _singling_out_facts(obj: SinglingOutResult) -> list[tuple[str, Any]]:
    return [
        ("mode", obj.mode),
        ("max_cols", obj.max_cols),
        ("original records", obj.n_ori),
        ("synthetic records", obj.n_syn),
    ]


def _singling_out_html(obj: SinglingOutResult) -> str:
    return _wrap(
        "singling-out risk",
        _singling_out_facts(obj),
        _table(obj.summary().df(), "summary"),
        _table(views.singling_out_sizes(obj).df(), "sizes"),
    )


def _singling_out_plot(obj: SinglingOutResult, kind: str, **options: Any) -> Figure:
    from sqlpriv.plot import charts as p

    return p.singling_out_by_size(obj, **options)


def _uniques_facts(obj: SampleUniquesResult) -> list[tuple[str, Any]]:
    return [("rows", obj.n), ("max_cols", obj.max_cols)]


def _uniques_html(obj: SampleUniquesResult) -> str:
    return _wrap("minimal sample uniques", _uniques_facts(obj), _table(obj.summary().df(), "summary"))


def _uniques_plot(obj: SampleUniquesResult, kind: str, **options: Any) -> Figure:
    from sqlpriv.plot import charts as p

    return p.sample_uniques_bars(obj, **options)


# --------------------------------------------------------------------------- the registry


def _text_of(facts: Callable[[Any], list[tuple[str, Any]]]) -> Callable[[Any], str]:
    return lambda obj: _text(obj, facts(obj))


register(Result, html=result_html)
register(
    ShapleyResult,
    html=_shapley_html,
    text=_text_of(_shapley_facts),
    kinds=("columns", "rows", "by"),
    plot=_shapley_plot,
)
register(PifResult, html=_pif_html, text=_text_of(_pif_facts), kinds=("heatmap", "rig", "fig"), plot=_pif_plot)
register(
    InformationFactors,
    html=lambda obj: _pif_html(obj.cig()),
    text=lambda obj: _text(obj, _pif_facts(obj.cig())),
    kinds=("heatmap", "rig", "fig"),
    plot=_factors_plot,
)
register(Assessment, html=_assessment_html, text=_assessment_text, kinds=("profile",), plot=_assessment_plot)
register(
    SinglingOutResult,
    html=_singling_out_html,
    text=_text_of(_singling_out_facts),
    kinds=("sizes",),
    plot=_singling_out_plot,
)
register(
    SampleUniquesResult,
    html=_uniques_html,
    text=_text_of(_uniques_facts),
    kinds=("columns",),
    plot=_uniques_plot,
)


def measure_html(obj: Any) -> str:
    """Key figures of a measure object as a compact HTML table (what ``_repr_html_`` shows)."""
    return html_of(obj)


def plot(obj: Any, kind: str | None = None, **options: Any) -> Figure:
    """Draw a measure object with :mod:`sqlpriv.plot.charts` (what its ``.plot()`` does).

    - ShapleyResult: ``"columns"`` (default; :func:`~sqlpriv.plot.shapley_bars`), ``"rows"``
      (Figure 2; ``rows=200``), ``"by"`` (Figure 1; ``by=EXPR``, ``column=``);
    - PifResult / InformationFactors: ``"heatmap"`` (default; ``rows=``), ``"rig"``, ``"fig"``
      (InformationFactors takes ``measure="cig"``);
    - Assessment: ``"profile"``; SinglingOutResult: ``"sizes"``; SampleUniquesResult: ``"columns"``.
    """
    figure: Figure = plot_of(obj, kind, **options)
    return figure


__all__ = ["HEAD_ROWS", "Display", "measure_html", "plot", "result_html"]
