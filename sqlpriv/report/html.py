"""The HTML pieces of the report and of the notebook views: numbers as cells with their exact
value in ``data-value``, tables, key-figure boxes, inline SVG figures, sections, the style
sheet, and the atomic file writes every presentation output goes through. The markup lives in
the Jinja2 templates of sqlpriv/report/templates/ (``parts.html``'s macros, ``page.html``,
``verdict.html``), rendered with autoescape on; :func:`trusted` is the one place a string of
HTML (a rendered template, an SVG chart) is marked safe.

>>> cell(0.5), fmt(12345)
('<td class="num" data-value="0.5">0.5000</td>', '12,345')
"""

from __future__ import annotations

import math
import numbers
import os
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

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

# The report's markup lives in Jinja2 templates (sqlpriv/report/templates/), rendered with autoescape
# on: every value is escaped unless it went through trusted().
_ENV = Environment(
    loader=FileSystemLoader(str(Path(__file__).with_name("templates"))),
    autoescape=True,
    undefined=StrictUndefined,
)


def trusted(fragment: str) -> Markup:
    """HTML this package made (a rendered template, an SVG chart) handed to a template: the one
    place where a string is marked safe, so that autoescape leaves it as it is.

    >>> str(part("para", text="a<b")), str(part("para", text=trusted("<b>a</b>")))
    ('<p>a&lt;b</p>', '<p><b>a</b></p>')
    """
    return Markup(fragment)


def render(name: str, **context: Any) -> str:
    """The template ``name`` of sqlpriv/report/templates/ rendered with ``context`` (autoescaped)."""
    return _ENV.get_template(name).render(**context)


def part(name: str, **args: Any) -> str:
    """The macro ``name`` of templates/parts.html called with ``args`` (autoescaped), as text."""
    return str(getattr(_ENV.get_template("parts.html").module, name)(**args))


def _text(value: Any) -> str:
    """A value as the report prints it, unescaped (the templates escape it)."""
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
        return ", ".join(str(v) for v in items)
    return str(value)


def fmt(value: Any) -> str:
    """A number as the report prints it: integers with thousands separators, floats to 4 decimals.

    >>> fmt(1234567), fmt(0.123456789), fmt(None), fmt("a<b")
    ('1,234,567', '0.1235', '', 'a&lt;b')
    """
    return str(escape(_text(value)))


def _exact(value: Any) -> str:
    """The exact value of a number for ``data-value``."""
    return repr(value.item() if hasattr(value, "item") else value)


def _as_cell(value: Any) -> dict[str, Any]:
    """A table cell's text and, for a number, its exact value (``None`` otherwise)."""
    if getattr(value, "ndim", None) == 0 and hasattr(value, "item"):  # numpy scalar
        value = value.item()
    num = (
        isinstance(value, numbers.Real)
        and not isinstance(value, bool)
        and not (isinstance(value, float) and math.isnan(value))
    )
    return {"exact": repr(value) if num else None, "text": _text(value)}


_ENV.globals.update(as_cell=_as_cell, exact=_exact)
_ENV.filters["num"] = _text


def cell(value: Any) -> str:
    """One ``<td>``: numbers right-aligned with their exact value in ``data-value``."""
    return part("cell", value=value)


def table(df: pd.DataFrame, table_id: str, *, fold: int = TABLE_ROWS, caption: str | None = None) -> str:
    """A small HTML table of ``df`` (``id=table_id``); folded into ``<details>`` beyond ``fold`` rows."""
    rows = df.itertuples(index=False, name=None)
    return part(
        "table",
        columns=[str(c) for c in df.columns],
        rows=rows,
        table_id=table_id,
        n=len(df),
        fold=fold,
        caption=caption,
    )


def kpis(items: Sequence[tuple[str, str, Any]]) -> str:
    """Key figures as boxes: (id, label, value), each value with its exact number in ``data-value``."""
    return part("kpis", items=items)


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
NO_CHARTS = part("no_charts")


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
    return part("figure", figure_id=figure_id, svg=trusted(_number_repeats(text)))


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
    """One ``<section>``: its title, its guide line, and ``body`` (HTML this package rendered)."""
    return part("section", section_id=section_id, title=title, guide=guide, body=trusted(body))


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
    "part",
    "render",
    "replace_atomically",
    "section",
    "table",
    "trusted",
    "write_atomic",
]
