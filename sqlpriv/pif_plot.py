"""Heatmaps of per-cell personal information factors (optional: ``pip install sqlpriv[plot]``).

matplotlib is imported only when a heatmap is drawn; the rest of sqlpriv never needs it.
The values and their order come from SQL (:func:`sqlpriv.pif.heatmap_rows`: rows ordered by
RIG, largest first); this module only draws them.

>>> import pandas as pd, tempfile, os
>>> from sqlpriv.pif import cig
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
from typing import Any

from sqlpriv.errors import SqlprivError
from sqlpriv.pif import PifResult, heatmap_rows

LABELS = {"cig": "CIG (bits)", "wcig": "weighted CIG (bits)", "csf": "CSF"}


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg", force=False)
        import matplotlib.pyplot as plt
    except ImportError:
        raise SqlprivError(
            "drawing a heatmap needs matplotlib; install it with: pip install 'sqlpriv[plot]'"
        ) from None
    return plt


MAX_ROWS = 2000  # more rows than this are drawn as RIG-rank bins (the maximum of each cell per bin)


def heatmap(
    result: PifResult,
    path: str | os.PathLike[str],
    *,
    title: str | None = None,
    dpi: int = 120,
    max_rows: int = MAX_ROWS,
) -> str:
    """Draw the per-cell values of ``result`` (from ``cig``/``wcig``/``csf``) as a PNG heatmap.

    One row per data row ordered by RIG (largest first), one column per analysed
    column, a colour bar from green (low) to red (high), as in the piflib tutorials.
    A table with more than ``max_rows`` rows is drawn as ``max_rows`` bands of consecutive
    RIG ranks, each cell showing the band's maximum, so risky cells stay visible.
    The file is written atomically; returns its path.
    """
    if not isinstance(result, PifResult):
        raise SqlprivError(f"heatmap() needs the result of cig(), wcig() or csf(), got a {type(result).__name__}")
    plt = _pyplot()
    n = result.factors.n
    binned = n > max_rows
    df = heatmap_rows(result, bins=max_rows if binned else None).df()
    columns = result.columns
    values = df[columns].to_numpy(dtype=float)
    measure = result.measure
    fig, ax = plt.subplots(figsize=(1.2 + 1.1 * len(columns), 6))
    vmax = 1.0 if measure == "csf" else max(float(values.max()) if values.size else 0.0, 1e-12)
    image = ax.imshow(values, aspect="auto", interpolation="nearest", cmap="RdYlGn_r", vmin=0, vmax=vmax)
    ax.set_xticks(range(len(columns)))
    ax.set_xticklabels(columns, rotation=45, ha="right")
    ax.set_ylabel(
        f"rows by RIG, largest first (n = {n:,})"
        + (f"\n{len(df):,} bands of ranks, maximum per band" if binned else "")
    )
    ax.set_yticks([])
    fig.colorbar(image, ax=ax, label=LABELS.get(measure, measure))
    ax.set_title(title or f"{measure.upper()} per cell")
    fig.tight_layout()
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
        plt.close(fig)
        if os.path.exists(tmp):
            os.unlink(tmp)
    return str(target)
