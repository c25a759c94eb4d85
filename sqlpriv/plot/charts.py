"""Charts of sqlpriv results as matplotlib Figures (optional: ``pip install 'sqlpriv[plot]'``).

Each function takes a measure's result and returns a :class:`matplotlib.figure.Figure`
(no pyplot state: nothing is shown or kept open). The numbers come from SQL aggregates
and samples (:mod:`sqlpriv.report.views`), so a chart of a 10-million-row table pulls a few hundred
values into Python. Every function accepts ``data=`` (the DataFrame it would query) so a
report can print the same numbers it draws without running the query twice.

- :func:`shapley_bars`: entropy, conditional entropy and Shapley value per column;
- :func:`per_row_stacked`: the paper's Figure 2, one stacked bar per sampled row, ordered by
  total uniqueness;
- :func:`subgroup_scatter`: the paper's Figure 1, mean value of one column per level of a
  grouping against the level's share of the rows;
- :func:`profile_bars`: privacy factor and Shannons per column;
- :func:`fig_bars`, :func:`rig_histogram` (PIF marked), :func:`cig_heatmap`;
- :func:`singling_out_by_size`.

>>> import importlib.util, sqlpriv
>>> r = sqlpriv.uniqueness_shapley(sqlpriv.example_path("flare.csv"), columns=["class", "area"])
>>> importlib.util.find_spec("matplotlib") is None or len(shapley_bars(r).axes[0].patches) == 6
True
"""

from __future__ import annotations

import functools
import threading
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from sqlpriv.errors import ParameterError, SqlprivError
from sqlpriv.report import views

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from sqlpriv.engine.result import Result
    from sqlpriv.pif.measure import PifResult
    from sqlpriv.shapley.measure import ShapleyResult
    from sqlpriv.singling_out.measure import SinglingOutResult
    from sqlpriv.singling_out.uniques import SampleUniquesResult

LABELS = {"cig": "CIG (bits)", "wcig": "weighted CIG (bits)", "csf": "CSF"}
MAX_ROWS = 2000  # heatmaps of more rows are drawn as RIG-rank bands (the maximum of each cell per band)
PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]


CHAR_IN = 0.078  # width of an average character of 10-point DejaVu Sans, in inches (labels' room)
LINE_IN = 0.2  # height of a line of 10-point text with its padding, in inches


def _figure(
    width: float,
    height: float,
    *,
    left: float = 0.75,
    right: float = 0.2,
    bottom: float = 0.55,
    top: float = 0.4,
    wspace: float | None = None,
) -> Figure:
    """A figure of ``width`` x ``height`` inches with fixed margins (inches) around its axes: no
    layout engine, so saving draws the figure once instead of twice plus a layout pass (the
    margins come from the labels' lengths, :func:`_text_in`)."""
    fig = plain_figure(figsize=(width, height))
    left, right = min(left, 0.45 * width), min(right, 0.45 * width)
    bottom, top = min(bottom, 0.45 * height), min(top, 0.45 * height)
    fig.subplots_adjust(
        left=left / width, right=1 - right / width, bottom=bottom / height, top=1 - top / height, wspace=wspace
    )
    return fig


def plain_figure(**kwargs: Any) -> Figure:
    """A matplotlib Figure whose texts are drawn as written: mathtext (``$...$``) is off for every
    text when it is drawn (a column named ``a$\\frac{$b`` is a name, not a formula to typeset)."""
    return _plain_figure_class()(**kwargs)


@functools.cache
def _plain_figure_class() -> Any:
    try:
        from matplotlib.figure import Figure
        from matplotlib.text import Text
    except ImportError:
        raise SqlprivError("drawing charts needs matplotlib; install it with: pip install 'sqlpriv[plot]'") from None

    class PlainFigure(Figure):
        def draw(self, renderer: Any) -> None:
            for text in self.findobj(Text):
                text.set_parse_math(False)
            super().draw(renderer)

    return PlainFigure


def _text_in(labels: list[str], scale: float = 1.0) -> float:
    """The width in inches of the longest of ``labels`` at ``scale`` x 10 points (an estimate
    from the number of characters, enough to set a margin without drawing)."""
    return max((len(str(label)) for label in labels), default=0) * CHAR_IN * scale


def _rotated_in(labels: list[str], degrees: float) -> float:
    """The height in inches that tick labels rotated by ``degrees`` take below an axis."""
    import math

    a = math.radians(degrees)
    return _text_in(labels) * math.sin(a) + 0.17 * math.cos(a)


def _colours(n: int) -> list[Any]:
    if n <= len(PALETTE):
        return PALETTE[:n]
    from matplotlib import colormaps

    cmap = colormaps["tab20"]
    return [cmap(i % 20) for i in range(n)]


def _check(result: Any, kind: str, name: str) -> None:
    import sqlpriv

    cls = getattr(sqlpriv, kind)
    if not isinstance(result, cls):
        raise ParameterError(f"{name}() needs a sqlpriv {kind}, got a {type(result).__name__}")


def shapley_bars(result: ShapleyResult, *, data: pd.DataFrame | None = None) -> Figure:
    """Grouped bars per column: entropy H(j), Shapley value and conditional entropy H(j | rest), in bits.

    The Shapley value always lies between the other two (docs/measures.md §1); bars are in the summary's order.
    """
    _check(result, "ShapleyResult", "shapley_bars")
    df = result.summary().df() if data is None else data
    columns = df["column"].astype(str).tolist()
    width_in = max(4.6, 1.0 + 0.75 * len(columns))  # at least the title's width
    rotate = len(columns) > 4 or _text_in(columns) * len(columns) > 0.9 * (width_in - 0.85)
    below = _rotated_in(columns, 30) if rotate else 0.17
    left = max(0.65, 0.87 * _text_in(columns[:1]) - 0.3) if rotate else 0.65
    width_in = max(width_in, left + 0.3 + _text_in(["How much each column singles people out"], 1.2))
    fig = _figure(width_in, 3.4 + max(0.0, below - 0.6), left=left, bottom=0.15 + below, top=0.35)
    ax = fig.add_subplot()
    width = 0.27
    xs = range(len(columns))
    series = [
        ("entropy", "entropy H(j)", "#bab0ac"),
        ("shapley", "Shapley value", "#4e79a7"),
        ("conditional_entropy", "H(j | other columns)", "#f28e2b"),
    ]
    for i, (col, label, colour) in enumerate(series):
        ax.bar([x + (i - 1) * width for x in xs], df[col].astype(float), width, label=label, color=colour, gid=col)
    ax.set_xticks(list(xs))
    ax.set_xticklabels(columns, rotation=30 if rotate else 0, ha="right" if rotate else "center")
    ax.set_ylabel("bits")
    ax.set_title("How much each column singles people out")
    ax.legend(frameon=False, fontsize="small")
    return fig


def per_row_stacked(result: ShapleyResult, rows: int = 200, *, data: pd.DataFrame | None = None) -> Figure:
    """The paper's Figure 2: one stacked bar per sampled row (``rows`` rows at evenly spaced ranks),
    ordered by total uniqueness; each segment is one column's Shapley value for that row.

    Each column is one filled step patch (gid = the column name) whose ``get_data()`` gives
    the segment tops (``values``) and bottoms (``baseline``) per row."""
    _check(result, "ShapleyResult", "per_row_stacked")
    df = views.shapley_rows(result, rows).df() if data is None else data
    columns = result.columns
    per_col = max(1, int((3.6 - 0.3) / 0.19))  # legend entries per legend column at x-small
    ncol = -(-len(columns) // per_col) if columns else 1
    legend_in = ncol * (0.45 + _text_in(columns, 0.83)) + 0.1
    fig = _figure(9.0 + legend_in, 3.6, right=legend_in + 0.1, top=0.35)
    from matplotlib.patches import StepPatch

    ax = fig.add_subplot()
    # one step patch per column (not one rectangle per row and column): fast for any number of rows
    edges = np.arange(len(df) + 1, dtype=float) - 0.5
    positive = np.zeros(len(df))
    negative = np.zeros(len(df))
    for colour, col in zip(_colours(len(columns)), columns):
        values = df[col].to_numpy(dtype=float)
        bottom = np.where(values >= 0, positive, negative)
        # added as an artist, not by ax.stairs: that walks every segment of the step path in Python
        # to update the data limits (0.5 s for 15 columns x 200 rows), and the limits are set below
        kwargs: dict[str, Any] = {"baseline": bottom}  # an array (documented; the stub says float)
        patch = StepPatch(bottom + values, edges, fill=True, color=colour, label=col, linewidth=0, **kwargs)
        patch.set_gid(col)
        ax.add_artist(patch)
        positive = positive + np.maximum(values, 0.0)
        negative = negative + np.minimum(values, 0.0)
    ax.set_ylim(min(0.0, float(negative.min(initial=0.0))) * 1.05, max(float(positive.max(initial=0.0)), 1e-9) * 1.05)
    ax.set_xlim(-0.5, len(df) - 0.5)
    ax.set_xlabel(f"{len(df)} rows at evenly spaced ranks, least to most unique (n = {result.n:,})")
    ax.set_ylabel("Shapley value (bits)")
    ax.set_title("Which column singles out each row")
    fig.legend(frameon=False, fontsize="x-small", loc="upper right", ncols=ncol, bbox_to_anchor=(1.0, 0.97))
    return fig


def subgroup_scatter(
    result: ShapleyResult, by: str, column: str | None = None, *, data: pd.DataFrame | None = None
) -> Figure:
    """The paper's Figure 1: for each level of ``by``, the mean Shapley value of ``column``
    (default: the column with the largest spread across levels) against the level's share of rows."""
    _check(result, "ShapleyResult", "subgroup_scatter")
    df = result.by(by).df() if data is None else data
    column = column or pick_scatter_column(result, df)
    if column not in result.columns:
        raise ParameterError(
            f"subgroup_scatter(): {column!r} is not an analysed column; choose one of {result.columns}"
        )
    share = df.columns[2]
    title = f"{column} per level of {by} ({len(df)} levels)"
    xlabel = f"share of rows in the level of {by} (log scale)"
    ylabel = f"mean Shapley value of {column} (bits)"
    width = max(5.2, 1.0 + max(_text_in([title], 1.2), _text_in([xlabel])))
    fig = _figure(width, max(3.8, 1.0 + _text_in([ylabel])), top=0.35)
    ax = fig.add_subplot()
    ax.scatter(df[share].astype(float), df[column].astype(float), s=18, alpha=0.75, color="#4e79a7", gid="levels")
    ax.set_xscale("log")
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    ax.xaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:.2%}" if v < 0.01 else f"{v:.0%}"))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    return fig


def pick_scatter_column(result: ShapleyResult, df: pd.DataFrame) -> str:
    """The analysed column whose mean value varies most across the levels (ties: the first)."""
    spreads = [(float(df[c].max() - df[c].min()) if len(df) else 0.0, -i, c) for i, c in enumerate(result.columns)]
    return max(spreads)[2]


def profile_bars(profile: Result | None, *, data: pd.DataFrame | None = None) -> Figure:
    """Privacy profile (Cave 2023) per column: privacy factor (0 = an ID, near 1 = safe) and Shannons."""
    if data is None and profile is None:
        raise ParameterError("profile_bars() needs a privacy_profile() result or data=")
    df = profile.df() if data is None else data  # type: ignore[union-attr]
    columns = df["column"].astype(str).tolist()
    left_in = _text_in(columns) + 0.25
    width = max(8.0, left_in + 0.4 + 2 * _text_in(["Shannons (mean log2 class size; higher is safer)"]))
    fig = _figure(width, max(2.2, 0.6 + 0.28 * len(columns)), left=left_in, top=0.15, wspace=0.06)
    left, right = fig.subplots(1, 2, sharey=True)
    ys = list(range(len(columns)))
    left.barh(ys, df["privacy_factor"].astype(float), color="#59a14f", gid="privacy_factor")
    left.set_xlim(0, 1)
    left.set_xlabel("privacy factor (higher is safer)")
    left.set_yticks(ys)
    left.set_yticklabels(columns)
    left.invert_yaxis()
    right.barh(ys, df["shannons"].astype(float), color="#e15759", gid="shannons")
    right.set_xlabel("Shannons (mean log2 class size; higher is safer)")
    return fig


def fig_bars(result: PifResult, *, data: pd.DataFrame | None = None) -> Figure:
    """FIG per column: the sum of the measure's per-cell values over all rows."""
    from sqlpriv.pif.measure import fig as fig_query

    _check(result, "PifResult", "fig_bars")
    df = fig_query(result).df() if data is None else data
    columns = df["column"].astype(str).tolist()
    figure = _figure(6.0, max(2.0, 0.6 + 0.28 * len(columns)), left=_text_in(columns) + 0.25, top=0.15)
    ax = figure.add_subplot()
    ax.barh(range(len(columns)), df["fig"].astype(float), color="#f28e2b", gid="fig")
    ax.set_yticks(range(len(columns)))
    ax.set_yticklabels(columns)
    ax.invert_yaxis()
    ax.set_xlabel(f"FIG: sum of {LABELS.get(result.measure, result.measure)} over all rows")
    return figure


def rig_histogram(
    result: PifResult,
    bins: int = 30,
    percentile: float = 95,
    *,
    data: pd.DataFrame | None = None,
    pif_value: float | None = None,
) -> Figure:
    """Histogram of RIG (row information gain) with PIF at ``percentile`` marked by a vertical line."""
    from sqlpriv.pif.measure import pif

    _check(result, "PifResult", "rig_histogram")
    df = views.rig_histogram(result, bins).df() if data is None else data
    value = pif(result, percentile) if pif_value is None else pif_value
    fig = _figure(6.0, 3.2, top=0.15)
    ax = fig.add_subplot()
    lo, hi = df["lo"].astype(float), df["hi"].astype(float)
    ax.bar(lo, df["rows"].astype(float), width=(hi - lo), align="edge", color="#76b7b2", edgecolor="white", gid="rig")
    ax.axvline(value, color="#e15759", linestyle="--", gid="pif")
    ax.annotate(
        f"PIF_{percentile:g} = {value:.3g}",
        (value, 0.95),
        xycoords=("data", "axes fraction"),
        ha="right",
        va="top",
        color="#e15759",
        fontsize="small",
        xytext=(-4, 0),
        textcoords="offset points",
    )
    ax.set_xlabel(f"RIG: row sum of {LABELS.get(result.measure, result.measure)}")
    ax.set_ylabel("rows")
    return fig


def cig_heatmap(
    result: PifResult,
    rows: int | None = None,
    *,
    max_rows: int = MAX_ROWS,
    title: str | None = None,
    data: pd.DataFrame | None = None,
) -> Figure:
    """Per-cell values of a ``cig``/``wcig``/``csf`` result as a heatmap (as in piflib's tutorials).

    One row per data row ordered by RIG (largest first), one column per analysed column, from
    green (low) to red (high). ``rows``: only the riskiest ``rows`` rows. Without it, a table with
    more than ``max_rows`` rows is drawn as ``max_rows`` bands of consecutive RIG ranks, each
    cell showing the band's maximum, so risky cells stay visible.
    """
    from sqlpriv.pif.measure import heatmap_rows

    _check(result, "PifResult", "cig_heatmap")
    n = result.factors.n
    binned = rows is None and n > max_rows
    if data is None:
        if rows is not None:
            data = views.riskiest_rows(result, rows).df()
        else:
            data = heatmap_rows(result, bins=max_rows if binned else None).df()
    columns = result.columns
    values = data[columns].to_numpy(dtype=float)
    measure = result.measure
    if rows is not None:
        ylabel = f"the {len(data)} rows with the largest RIG (n = {n:,})"
    else:
        ylabel = f"rows by RIG, largest first (n = {n:,})" + (
            f"\n{len(data):,} bands of ranks, maximum per band" if binned else ""
        )
    below = _rotated_in(columns, 45) + 0.2
    height = 5.0 if rows is None else max(2.5, 0.8 + 0.13 * len(data), below + 0.45 + _text_in([ylabel]))
    width = 1.6 + 0.9 * len(columns)
    image_in = width - 1.0  # the axes' width before the colorbar takes its slot
    fig = _figure(
        width,
        height + max(0.0, below - 0.9),
        left=max(0.7 if binned else 0.45, 0.71 * _text_in(columns[:1]) - 0.1),
        right=0.7,
        bottom=below,
        top=0.35,
    )
    ax = fig.add_subplot()
    vmax = 1.0 if measure == "csf" else max(float(values.max()) if values.size else 0.0, 1e-12)
    image = ax.imshow(values, aspect="auto", interpolation="nearest", cmap="RdYlGn_r", vmin=0, vmax=vmax)
    ax.set_xticks(range(len(columns)))
    ax.set_xticklabels(columns, rotation=45, ha="right")
    ax.set_ylabel(ylabel)
    ax.set_yticks([])
    fig.colorbar(image, ax=ax, label=LABELS.get(measure, measure), fraction=min(0.15, 1.0 / max(image_in, 1.0)))
    ax.set_title(title or f"{measure.upper()} per cell")
    return fig


def singling_out_by_size(result: SinglingOutResult, *, data: pd.DataFrame | None = None) -> Figure:
    """Singled-out synthetic records per size of the smallest column set that singles them out."""
    _check(result, "SinglingOutResult", "singling_out_by_size")
    df = views.singling_out_sizes(result).df() if data is None else data
    fig = _figure(5.0, 3.0, top=0.35)
    ax = fig.add_subplot()
    sizes = df["combo_size"].astype(int).tolist()
    ax.bar(sizes, df["records"].astype(float), color="#e15759", gid="records")
    ax.set_xticks(sizes or [1])
    ax.set_xlabel("columns in the smallest singling-out set")
    ax.set_ylabel("singled-out synthetic records")
    ax.set_title(f"{int(df['records'].sum()) if len(df) else 0:,} of {result.n_syn:,} synthetic records singled out")
    return fig


def sample_uniques_bars(result: SampleUniquesResult, *, data: pd.DataFrame | None = None) -> Figure:
    """Share of records with a minimal sample unique on each column (horizontal bars)."""
    _check(result, "SampleUniquesResult", "sample_uniques_bars")
    df = result.summary().df() if data is None else data
    labels = df.iloc[:, 0].astype(str).tolist()
    fig = _figure(6.0, max(2.0, 0.6 + 0.28 * len(df)), left=_text_in(labels) + 0.25, top=0.15)
    ax = fig.add_subplot()
    ax.barh(range(len(df)), df["share_of_records"].astype(float), color="#e15759", gid="share_of_records")
    ax.set_yticks(range(len(df)))
    ax.set_yticklabels(labels)
    ax.invert_yaxis()
    ax.set_xlabel("share of records with a minimal sample unique on this column")
    return fig


#: one SVG at a time: the SVG options are matplotlib's global rcParams, which ``rc_context`` sets
#: and restores for the whole process; two threads saving at once (the report's sections) could
#: restore them under each other's save (text drawn as glyph paths, random element ids)
_SVG_LOCK = threading.Lock()


def svg(fig: Figure) -> str:
    """The figure as an inline ``<svg>`` element (text kept as text, no external references).
    Thread-safe: saves are serialised (the SVG options are process-wide rcParams)."""
    import io

    from matplotlib import rc_context

    buffer = io.StringIO()
    with _SVG_LOCK, rc_context({"svg.fonttype": "none", "svg.hashsalt": "sqlpriv"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg") :]


__all__ = [
    "cig_heatmap",
    "fig_bars",
    "per_row_stacked",
    "pick_scatter_column",
    "profile_bars",
    "rig_histogram",
    "sample_uniques_bars",
    "shapley_bars",
    "singling_out_by_size",
    "subgroup_scatter",
    "svg",
]
