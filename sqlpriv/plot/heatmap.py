"""PNG heatmaps of per-cell personal information factors (optional: ``pip install sqlpriv[plot]``).

The drawing moved to :func:`sqlpriv.plot.cig_heatmap`; this module keeps ``heatmap`` (figure
written to a PNG file atomically) importable for existing callers.

>>> import pandas as pd, tempfile, os
>>> from sqlpriv.pif.measure import cig
>>> path = os.path.join(tempfile.mkdtemp(), "cig.png")
>>> r = cig(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]}))
>>> import importlib.util
>>> importlib.util.find_spec("matplotlib") is None or os.path.getsize(heatmap(r, path)) > 1000
True
"""

from __future__ import annotations

import os

from sqlpriv.errors import SqlprivError
from sqlpriv.pif.measure import PifResult
from sqlpriv.plot.charts import LABELS, MAX_ROWS, cig_heatmap

__all__ = ["LABELS", "MAX_ROWS", "cig_heatmap", "heatmap"]


def heatmap(
    result: PifResult,
    path: str | os.PathLike[str],
    *,
    title: str | None = None,
    dpi: int = 120,
    max_rows: int = MAX_ROWS,
) -> str:
    """Draw :func:`sqlpriv.plot.cig_heatmap` of ``result`` to a PNG file (written atomically); returns its path."""
    if not isinstance(result, PifResult):
        raise SqlprivError(f"heatmap() needs the result of cig(), wcig() or csf(), got a {type(result).__name__}")
    from sqlpriv.report.build import replace_atomically

    fig = cig_heatmap(result, max_rows=max_rows, title=title)
    return str(replace_atomically(path, lambda tmp: fig.savefig(tmp, dpi=dpi, format="png"), suffix=".png"))
