"""PNG heatmaps of per-cell personal information factors (optional: ``pip install sqlpriv[plot]``).

The drawing moved to :func:`sqlpriv.plot.cig_heatmap`; this module keeps ``heatmap`` (figure
written to a PNG file atomically) importable for existing callers.

>>> import pandas as pd, tempfile, os
>>> from sqlpriv.factors import cig
>>> path = os.path.join(tempfile.mkdtemp(), "cig.png")
>>> r = cig(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]}))
>>> import importlib.util
>>> importlib.util.find_spec("matplotlib") is None or os.path.getsize(heatmap(r, path)) > 1000
True
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from sqlpriv.errors import SqlprivError
from sqlpriv.factors import PifResult
from sqlpriv.plot import LABELS, MAX_ROWS, cig_heatmap

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
    fig = cig_heatmap(result, max_rows=max_rows, title=title)
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".png", dir=target.parent)
    os.close(fd)
    try:
        fig.savefig(tmp, dpi=dpi, format="png")
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return str(target)
