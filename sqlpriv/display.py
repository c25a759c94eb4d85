"""Jupyter display (``_repr_html_``) and ``.plot()`` for results and measure objects.

A :class:`sqlpriv.Result` shows its first rows (one ``LIMIT`` query, never the whole result);
a measure object shows its key figures as a compact table. ``.plot()`` delegates to
:mod:`sqlpriv.plot`. The measure classes only inherit :class:`Display`; the work is here.

>>> import pandas as pd, sqlpriv
>>> r = sqlpriv.privacy_profile(pd.DataFrame({"a": [1, 2, 3], "b": [1, 1, 2]}))
>>> "<table" in r._repr_html_() and "3 rows" not in r._repr_html_()
True
>>> s = sqlpriv.uniqueness_shapley(pd.DataFrame({"a": [1, 1, 2], "b": [1, 2, 2]}))
>>> 'data-value="3"' in s._repr_html_()      # rows analysed
True
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from sqlpriv import views
from sqlpriv.errors import ParameterError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.figure import Figure

    from sqlpriv.engine.result import Result

HEAD_ROWS = 10
STYLE = "<style>.sqlpriv td.num{text-align:right}.sqlpriv caption{text-align:left;font-weight:600}</style>"


def _table(df: pd.DataFrame, table_id: str) -> str:
    from sqlpriv.reporting import table

    return table(df, table_id, fold=10**9)


def _wrap(title: str, facts: list[tuple[str, Any]], *tables: str) -> str:
    from sqlpriv.reporting import cell

    rows = "".join(f"<tr><th>{html.escape(k)}</th>{cell(v)}</tr>" for k, v in facts)
    return (
        f'{STYLE}<div class="sqlpriv"><b>{html.escape(title)}</b>'
        f'<table class="facts"><tbody>{rows}</tbody></table>{"".join(tables)}</div>'
    )


def result_html(result: Result, limit: int = HEAD_ROWS) -> str:
    """The first ``limit`` rows of ``result`` as an HTML table (one LIMIT query, ``limit + 1`` rows)."""
    df = views.head(result, limit + 1).df()
    more = len(df) > limit
    note = f"<p>first {limit} rows; <code>.df()</code> for all</p>" if more else ""
    return f'{STYLE}<div class="sqlpriv">{_table(df.head(limit), "result")}{note}</div>'


class Display:
    """``_repr_html_`` (Jupyter) and ``plot()`` for a measure object."""

    def _repr_html_(self) -> str:
        return measure_html(self)

    def __repr__(self) -> str:
        try:
            return measure_text(self)
        except Exception:  # a repr never raises (e.g. a result whose source changed)
            return object.__repr__(self)

    def plot(self, kind: str | None = None, **options: Any) -> Figure:
        """A chart of this result (a matplotlib Figure); ``kind`` and options as in :func:`plot`."""
        return plot(self, kind, **options)


def key_figures(obj: Any) -> tuple[str, list[tuple[str, Any]], list[tuple[str, pd.DataFrame]], list[str]]:
    """What a measure object shows: a title, key figures, small tables (id, frame), notes."""
    from sqlpriv import factors as pif_module

    name = type(obj).__name__
    if name == "ShapleyResult":
        facts = [("rows", obj.n), ("columns", len(obj.columns)), ("method", obj.method)]
        return "uniqueness Shapley values (bits)", facts, [("summary", obj.summary().df())], []
    if name == "InformationFactors":
        obj = obj.cig()
        name = "PifResult"
    if name == "PifResult":
        from sqlpriv.scales import bits_scale

        value = pif_module.pif(obj, 95)
        facts = [("measure", obj.measure), ("rows", obj.factors.n), ("PIF_95", value)]
        facts += [("PIF_95 means", bits_scale(value))] * (obj.measure != "csf")
        return f"personal information factors ({obj.measure})", facts, [("fig", pif_module.fig(obj).df())], []
    if name == "Assessment":
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
        notes = [f"warning: {w}" for w in obj.warnings]
        return "data request assessment", facts, [("fields", obj.fields().df())], notes
    if name == "SinglingOutResult":
        facts = [
            ("mode", obj.mode),
            ("max_cols", obj.max_cols),
            ("original records", obj.n_ori),
            ("synthetic records", obj.n_syn),
        ]
        tables = [("summary", obj.summary().df()), ("sizes", views.singling_out_sizes(obj).df())]
        return "singling-out risk", facts, tables, []
    if name == "SampleUniquesResult":
        facts = [("rows", obj.n), ("max_cols", obj.max_cols)]
        return "minimal sample uniques", facts, [("summary", obj.summary().df())], []
    return name, [], [], []


def measure_html(obj: Any) -> str:
    """Key figures of a measure object as a compact HTML table."""
    title, facts, tables, notes = key_figures(obj)
    if not facts and not tables:
        return f"<pre>{html.escape(object.__repr__(obj))}</pre>"
    parts = [_table(df, table_id) for table_id, df in tables]
    if type(obj).__name__ in ("InformationFactors", "PifResult"):
        parts.append(result_html(obj.cig() if type(obj).__name__ == "InformationFactors" else obj))
    parts += [f"<p>{html.escape(n)}</p>" for n in notes]
    return _wrap(title, facts, *parts)


def measure_text(obj: Any) -> str:
    """Key figures of a measure object as plain text (its ``repr`` in a terminal REPL)."""
    from sqlpriv.reporting import fmt

    title, facts, tables, notes = key_figures(obj)
    lines = [f"<sqlpriv {type(obj).__name__}: {title}>"]
    lines += [f"  {k}: {html.unescape(fmt(v))}" for k, v in facts]
    for table_id, df in tables:
        lines += [f"{table_id}:", df.head(HEAD_ROWS).to_string(index=False)]
    return "\n".join(lines + notes)


KINDS = {
    "ShapleyResult": ("columns", "rows", "by"),
    "PifResult": ("heatmap", "rig", "fig"),
    "InformationFactors": ("heatmap", "rig", "fig"),
    "Assessment": ("profile",),
    "SinglingOutResult": ("sizes",),
    "SampleUniquesResult": ("columns",),
}


def plot(obj: Any, kind: str | None = None, **options: Any) -> Figure:
    """Draw a measure object with :mod:`sqlpriv.plot`.

    - ShapleyResult: ``"columns"`` (default; :func:`~sqlpriv.plot.shapley_bars`), ``"rows"``
      (Figure 2; ``rows=200``), ``"by"`` (Figure 1; ``by=EXPR``, ``column=``);
    - PifResult / InformationFactors: ``"heatmap"`` (default; ``rows=``), ``"rig"``, ``"fig"``
      (InformationFactors takes ``measure="cig"``);
    - Assessment: ``"profile"``; SinglingOutResult: ``"sizes"``; SampleUniquesResult: ``"columns"``.
    """
    from sqlpriv import plot as p

    name = type(obj).__name__
    kinds = KINDS.get(name)
    if kinds is None:
        raise ParameterError(f"cannot plot a {name}")
    kind = kind or kinds[0]
    if kind not in kinds:
        raise ParameterError(f"a {name} plots as one of {', '.join(kinds)}; got kind={kind!r}")
    if name == "InformationFactors":
        obj = obj.measure(options.pop("measure", "cig"))
        name = "PifResult"
    if name == "ShapleyResult":
        if kind == "rows":
            return p.per_row_stacked(obj, **options)
        if kind == "by":
            if "by" not in options:
                raise ParameterError("plot(kind='by') needs by=, a column name or SQL expression")
            return p.subgroup_scatter(obj, options.pop("by"), **options)
        return p.shapley_bars(obj, **options)
    if name == "PifResult":
        if kind == "rig":
            return p.rig_histogram(obj, **options)
        if kind == "fig":
            return p.fig_bars(obj, **options)
        return p.cig_heatmap(obj, **options)
    if name == "Assessment":
        import pandas as pd

        df = obj.fields().df()
        data = pd.DataFrame({"column": df["field"], "privacy_factor": df["factor_after"], "shannons": df["shannons"]})
        return p.profile_bars(None, data=data)
    if name == "SinglingOutResult":
        return p.singling_out_by_size(obj, **options)
    df = obj.summary().df()
    fig = p._figure(6.0, max(2.0, 0.6 + 0.28 * len(df)))
    ax = fig.add_subplot()
    ax.barh(range(len(df)), df["share_of_records"].astype(float), color="#e15759", gid="share_of_records")
    ax.set_yticks(range(len(df)))
    ax.set_yticklabels(df.iloc[:, 0].astype(str).tolist())
    ax.invert_yaxis()
    ax.set_xlabel("share of records with a minimal sample unique on this column")
    return fig


__all__ = ["Display", "measure_html", "plot", "result_html"]
