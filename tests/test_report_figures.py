"""The report's figures have fixed margins (no layout engine, so saving draws them once) and
still fit: every visible text of every figure (tick labels, axis labels, titles, legend
entries, the colorbar's label) lies inside the figure once drawn, for short and for long
column names and for few and many columns."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import sqlpriv

matplotlib = pytest.importorskip("matplotlib")
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

from sqlpriv.plot import charts as plot


def table(d: int, long: bool, n: int = 120) -> pd.DataFrame:
    rng = np.random.default_rng(d + 10 * long)
    names = [(f"a_rather_long_column_name_{j}" if long else f"c{j}") for j in range(d)]
    return pd.DataFrame({name: rng.integers(0, 3 + 2 * j, n) for j, name in enumerate(names)})


def figures(df: pd.DataFrame) -> dict[str, object]:
    names = list(df.columns)
    r = sqlpriv.uniqueness_shapley(df)
    c = sqlpriv.cig(df)
    half = len(df) // 2
    s = sqlpriv.singling_out(df.iloc[:half], df.iloc[half:], max_cols=2)
    profile = sqlpriv.assess_request(df, names).fields().df()
    profile = pd.DataFrame(
        {"column": profile["field"], "privacy_factor": profile["factor_after"], "shannons": profile["shannons"]}
    )
    return {
        "shapley_bars": plot.shapley_bars(r),
        "per_row_stacked": plot.per_row_stacked(r, 50),
        "subgroup_scatter": plot.subgroup_scatter(r, names[-1]),
        "profile_bars": plot.profile_bars(None, data=profile),
        "fig_bars": plot.fig_bars(c),
        "rig_histogram": plot.rig_histogram(c),
        "cig_heatmap": plot.cig_heatmap(c, 20),
        "cig_heatmap_bands": plot.cig_heatmap(c, max_rows=30),
        "singling_out_by_size": plot.singling_out_by_size(s),
    }


@pytest.mark.parametrize(("d", "long"), [(2, False), (3, True), (12, False), (12, True)])
def test_every_text_of_every_figure_fits(d, long):
    bad = []
    for name, fig in figures(table(d, long)).items():
        assert fig.get_layout_engine() is None, name
        FigureCanvasAgg(fig)
        renderer = fig.canvas.get_renderer()
        drawn = fig.get_tightbbox(renderer)  # inches: every artist drawn, texts included
        width, height = fig.get_size_inches()
        if drawn.x0 < -0.01 or drawn.y0 < -0.01 or drawn.x1 > width + 0.01 or drawn.y1 > height + 0.01:
            box = [round(float(v), 2) for v in (drawn.x0, drawn.y0, drawn.x1, drawn.y1)]
            bad.append(f"{name}: drawn {box} outside the figure {width:.2f} x {height:.2f}")
        if not any(t.get_visible() and t.get_text().strip() for t in fig.findobj(Text)):
            bad.append(f"{name}: no text")
    assert not bad, bad
