"""The HTML pieces of the report and of the notebook views: numbers as cells with their exact
value in ``data-value``, tables, key-figure boxes, inline SVG figures, sections, the style
sheet, and the atomic file writes every presentation output goes through.

>>> cell(0.5), fmt(12345)
('<td class="num" data-value="0.5">0.5000</td>', '12,345')
"""

from __future__ import annotations

import html
import math
import numbers
import os
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlpriv.errors import OutputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

TABLE_ROWS = 15  # longer tables are folded into a <details> element

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:0;color:#222;background:#f6f7f9}
header{background:#24323f;color:#fff;padding:18px 32px}
header h1{margin:0;font-size:22px}header p{margin:4px 0 0;color:#c9d3dc;font-size:13px}
nav{padding:8px 32px;background:#e9edf1;font-size:13px}nav a{margin-right:14px;color:#24323f}
main{padding:8px 32px 40px;max-width:1100px}
section{background:#fff;border:1px solid #dde2e7;border-radius:6px;padding:14px 20px;margin:16px 0}
h2{margin:0 0 4px;font-size:18px}h3{font-size:15px;margin:18px 0 4px}
p.guide{margin:2px 0 10px;color:#4a5866;font-size:14px;font-style:italic}
figure{margin:6px 0}figure svg{max-width:100%;height:auto}
table{border-collapse:collapse;font-size:12.5px;margin:6px 0}
th,td{border-bottom:1px solid #e3e7eb;padding:3px 9px;text-align:left}
td.num{text-align:right;font-variant-numeric:tabular-nums}th{background:#f0f3f6}
.decision{display:inline-block;padding:3px 10px;border-radius:4px;font-weight:600;color:#fff}
.approve{background:#3b8c4a}.review{background:#c98a1b}.reject{background:#b53a3a}
ul.warnings li{color:#8a4b00}details summary{cursor:pointer;color:#24323f;font-size:13px}
.kpis{display:flex;flex-wrap:wrap;gap:10px}.kpi{border:1px solid #dde2e7;border-radius:5px;padding:6px 12px;min-width:120px}
.kpi b{display:block;font-size:18px}.kpi span{font-size:12px;color:#4a5866}
footer{color:#6b7885;font-size:12px;padding:0 32px 24px}
"""


# --------------------------------------------------------------------------- HTML helpers


def fmt(value: Any) -> str:
    """A number as the report prints it: integers with thousands separators, floats to 4 decimals.

    >>> fmt(1234567), fmt(0.123456789), fmt(None), fmt("a<b")
    ('1,234,567', '0.1235', '', 'a&lt;b')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, numbers.Integral):
        return f"{int(value):,}"
    if isinstance(value, numbers.Real):
        return f"{float(value):.4f}"
    if isinstance(value, (list, tuple)) or hasattr(value, "tolist"):
        items = value.tolist() if hasattr(value, "tolist") else value
        return html.escape(", ".join(str(v) for v in items))
    return html.escape(str(value))


def cell(value: Any) -> str:
    """One ``<td>``: numbers right-aligned with their exact value in ``data-value``."""
    if getattr(value, "ndim", None) == 0 and hasattr(value, "item"):  # numpy scalar
        value = value.item()
    if (
        isinstance(value, numbers.Real)
        and not isinstance(value, bool)
        and not (isinstance(value, float) and math.isnan(value))
    ):
        return f'<td class="num" data-value="{html.escape(repr(value))}">{fmt(value)}</td>'
    return f"<td>{fmt(value)}</td>"


def table(df: pd.DataFrame, table_id: str, *, fold: int = TABLE_ROWS, caption: str | None = None) -> str:
    """A small HTML table of ``df`` (``id=table_id``); folded into ``<details>`` beyond ``fold`` rows."""
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in df.columns)
    rows = "".join("<tr>" + "".join(cell(v) for v in row) + "</tr>" for row in df.itertuples(index=False, name=None))
    body = f'<table id="{table_id}"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
    if len(df) > fold:
        return f"<details><summary>{html.escape(caption or 'the numbers')} ({len(df):,} rows)</summary>{body}</details>"
    return body


def kpis(items: Sequence[tuple[str, str, Any]]) -> str:
    """Key figures as boxes: (id, label, value), each value with its exact number in ``data-value``."""
    out = []
    for key, label, value in items:
        exact = html.escape(repr(value.item() if hasattr(value, "item") else value))
        out.append(
            f'<div class="kpi" id="{key}" data-value="{exact}"><b>{fmt(value)}</b><span>{html.escape(label)}</span></div>'
        )
    return '<div class="kpis">' + "".join(out) + "</div>"


_SVG_CLEAN = [
    (re.compile(r"<metadata>.*?</metadata>\s*", re.S), ""),
    (re.compile(r'\s+xmlns(:\w+)?="[^"]*"'), ""),
]


_SVG_ID = re.compile(r'(\bid="|url\(#|href="#)')


def charts_available() -> bool:
    """Whether matplotlib imports (the report's charts need it; without it the report keeps its
    tables and says once how to get the charts: :data:`NO_CHARTS`)."""
    try:
        import matplotlib.figure  # noqa: F401
    except ImportError:
        return False
    return True


#: the one line a report without matplotlib shows in place of its charts
NO_CHARTS = (
    '<p class="guide" id="no-charts">Charts are left out: matplotlib is not installed. '
    "Install it with <code>pip install 'sqlpriv[plot]'</code> and write the report again.</p>"
)


def figure(fig: Any, figure_id: str) -> str:
    """A matplotlib Figure as inline SVG inside ``<figure id=...>`` (namespace URLs and metadata
    removed); ``fig`` may be a function drawing it, then nothing (no chart) without matplotlib."""
    from sqlpriv.plot.charts import svg

    if callable(fig):
        if not charts_available():
            return ""
        fig = fig()
    text = svg(fig)
    for pattern, repl in _SVG_CLEAN:
        text = pattern.sub(repl, text)
    # matplotlib's element ids (clip paths, glyphs) repeat from one chart to the next: one HTML
    # page needs them unique, so each chart's ids and the references to them get its own prefix
    text = _SVG_ID.sub(lambda m: f"{m.group(1)}{figure_id}-", text)
    return f'<figure id="{figure_id}">{_number_repeats(text)}</figure>'


def _number_repeats(text: str) -> str:
    """``text`` with an element id it repeats (a gid set on every bar of a chart) numbered from
    its second use on (``rig``, ``rig-2``, ...), so that every id of the page is unique.

    >>> _number_repeats('<a id="x"/><b id="x"/><c id="y"/>')
    '<a id="x"/><b id="x-2"/><c id="y"/>'
    """
    seen: dict[str, int] = {}

    def rename(m: re.Match[str]) -> str:
        seen[m.group(1)] = seen.get(m.group(1), 0) + 1
        n = seen[m.group(1)]
        return f'id="{m.group(1)}"' if n == 1 else f'id="{m.group(1)}-{n}"'

    return re.sub(r'\bid="([^"]+)"', rename, text)


def section(section_id: str, title: str, guide: str, body: str) -> str:
    return (
        f'<section id="{section_id}"><h2>{html.escape(title)}</h2>'
        f'<p class="guide">{html.escape(guide)}</p>{body}</section>'
    )


def write_atomic(text: str, path: str | os.PathLike[str]) -> Path:
    """Write ``text`` to ``path`` through a temporary file in the same folder, then rename."""

    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)

    return replace_atomically(path, write)


def replace_atomically(path: str | os.PathLike[str], write: Any, suffix: str = ".tmp") -> Path:
    """Create ``path`` as ``write(temporary path)`` writes it, in the same folder, then rename it
    into place (with the permissions a plain write gives); nothing is left behind on failure."""
    from sqlpriv.engine.result import refuse_unsafe_destination

    target = refuse_unsafe_destination(path)  # no folder made, no link or device replaced
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=target.parent)
    except OSError as exc:
        raise OutputError(f"cannot write {str(target)!r}: {exc.strerror or exc}; choose a writable folder") from None
    os.close(fd)
    from sqlpriv.engine.interrupts import pending_file  # removed if a signal ends the process

    try:
        with pending_file(tmp):
            write(tmp)
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
            refuse_unsafe_destination(target)
            os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return target


# --------------------------------------------------------------------------- sections


__all__ = [
    "CSS",
    "TABLE_ROWS",
    "cell",
    "figure",
    "fmt",
    "kpis",
    "replace_atomically",
    "section",
    "table",
    "write_atomic",
]
