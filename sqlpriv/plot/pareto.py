"""The Pareto chart of a generalization (issue 28, docs/measures.md §7): total loss against
average re-identification risk over the evaluated lattice nodes that meet the policy, the Pareto
front drawn as a step line, the chosen node highlighted. Drawn with matplotlib like every chart of
:mod:`sqlpriv.plot.charts`, so the report embeds it as inline SVG.

Every artist carries a ``gid`` that the SVG keeps as the ``id`` of its group, so a reader (or a
test) finds the points again: ``gen-candidates`` (every evaluated node meeting the policy, in the order of
``points``), ``gen-front-I`` (row I of ``front``), ``gen-front-line`` and ``gen-chosen``.

>>> import importlib.util
>>> import pandas as pd
>>> pts = pd.DataFrame({"total_loss": [0.1, 0.2, 0.3], "average_risk": [0.5, 0.2, 0.4]})
>>> fig = pareto_chart(pts, pts.iloc[:2], chosen=(0.1, 0.5)) if importlib.util.find_spec("matplotlib") else None
>>> fig is None or sorted(a.get_gid() for a in fig.axes[0].lines)
['gen-chosen', 'gen-front-0', 'gen-front-1', 'gen-front-line']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.figure import Figure

FRONT = "#4e79a7"
CHOSEN = "#e15759"
OTHER = "#bab0ac"


def _new_figure(width: float, height: float) -> Figure:
    from sqlpriv.plot.charts import plain_figure  # mathtext off: labels and column names are drawn as written

    fig = plain_figure(figsize=(width, height))  # fixed margins (inches), no layout engine: one draw when saved
    fig.subplots_adjust(left=0.8 / width, right=1 - 0.2 / width, bottom=0.55 / height, top=1 - 0.35 / height)
    return fig


def pareto_chart(
    points: pd.DataFrame,
    front: pd.DataFrame,
    *,
    chosen: tuple[float, float] | None = None,
    label: str | None = None,
) -> Figure:
    """Scatter of ``points`` (columns ``total_loss`` and ``average_risk``: the nodes meeting the
    policy; with a ``suppression`` column, generalize(..., suppression="cells")'s, the nodes with
    cells blanked drawn apart), ``front`` (the Pareto-optimal ones, cheapest first) as markers joined by a step line,
    and ``chosen`` (total loss, average risk of the chosen node) as a star, with ``label``."""
    fig = _new_figure(6.4, 3.8)
    ax = fig.add_subplot()
    cells = points["suppression"] == "cells" if "suppression" in points.columns else None
    records = points if cells is None else points[~cells]
    ax.scatter(
        records["total_loss"].astype(float),
        records["average_risk"].astype(float),
        s=14,
        color=OTHER,
        label="nodes meeting the policy" if cells is None else "nodes, records suppressed",
        gid="gen-candidates",
        zorder=1,
    )
    if cells is not None:  # generalize(..., suppression="cells"): the nodes with cells blanked
        ax.scatter(
            points[cells]["total_loss"].astype(float),
            points[cells]["average_risk"].astype(float),
            s=18,
            marker="D",
            facecolors="none",
            edgecolors=FRONT,
            label="nodes, cells blanked",
            gid="gen-cells",
            zorder=1,
        )
    xs = front["total_loss"].astype(float).tolist()
    ys = front["average_risk"].astype(float).tolist()
    ax.plot(xs, ys, drawstyle="steps-post", color=FRONT, linewidth=1.2, gid="gen-front-line", zorder=2)
    for i, (x, y) in enumerate(zip(xs, ys)):
        ax.plot(
            [x],
            [y],
            "o",
            color=FRONT,
            markersize=5,
            gid=f"gen-front-{i}",
            zorder=3,
            label="Pareto front" if i == 0 else None,
        )
    if chosen is not None:
        ax.plot(
            [chosen[0]],
            [chosen[1]],
            "*",
            color=CHOSEN,
            markersize=15,
            markeredgecolor="black",
            markeredgewidth=0.6,
            gid="gen-chosen",
            zorder=4,
            label=label or "chosen node",
        )
    ax.set_xlabel("total loss (sum of the per-column losses)")
    ax.set_ylabel("average risk (classes / kept rows)")
    ax.set_title("Loss against risk over the nodes that meet the policy")
    ax.legend(loc="upper right", fontsize="small", frameon=False)
    return fig


__all__ = ["pareto_chart"]
