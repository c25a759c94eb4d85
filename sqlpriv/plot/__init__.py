"""Charts of sqlpriv results as matplotlib Figures (optional: ``pip install 'sqlpriv[plot]'``)."""

from sqlpriv.plot.charts import (
    cig_heatmap,
    fig_bars,
    per_row_stacked,
    pick_scatter_column,
    profile_bars,
    rig_histogram,
    sample_uniques_bars,
    shapley_bars,
    singling_out_by_size,
    subgroup_scatter,
    svg,
)

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
