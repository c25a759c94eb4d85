"""The report's Jinja2 templates (issue 42 item 5): autoescape on for every piece, and one place
(sqlpriv.report.html.trusted) where a string of HTML is marked safe."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pandas as pd

from sqlpriv.engine.verdict import Rule, verdict
from sqlpriv.report.html import kpis, part, section, table, trusted
from sqlpriv.report.verdict import verdict_section

EVIL = "<script>alert('x')</script>\"&"
PKG = Path(__file__).resolve().parents[1] / "sqlpriv"


def _clean(text: str) -> None:
    assert "<script" not in text and EVIL not in text
    assert html.unescape(text).count(EVIL) >= 1  # the value is there, as text


def test_every_piece_escapes_its_values():
    df = pd.DataFrame({EVIL: [EVIL, 1.5], "n": [1, 2]})
    _clean(table(df, "t", caption=EVIL, fold=0))
    _clean(kpis([("k", EVIL, 1), ("k2", "label", EVIL)]))
    _clean(section("s", EVIL, EVIL, ""))
    for name, args in [
        ("para", {"text": EVIL}),
        ("subhead", {"title": EVIL, "guide": EVIL}),
        ("items", {"texts": [EVIL]}),
        ("source_note", {"label": EVIL, "columns": [EVIL], "dropped": 0}),
        ("decision", {"decision": EVIL, "approve": 0.8, "reject": 0.2}),
        ("warnings", {"texts": [EVIL]}),
    ]:
        _clean(part(name, **args))
    v = verdict([Rule(EVIL, "review", EVIL, EVIL)])
    _clean(verdict_section(v, [EVIL], EVIL))
    _clean(verdict_section(v, [EVIL], EVIL, inside="three-criteria"))


def test_trusted_html_is_kept_and_is_the_only_markup():
    assert section("s", "t", "g", "<b>x</b>").count("<b>x</b>") == 1  # a rendered body is not escaped again
    assert str(part("para", text=trusted("<i>y</i>"))) == "<p><i>y</i></p>"
    uses = [
        str(p.relative_to(PKG))
        for p in PKG.rglob("*.py")
        for _ in re.finditer(r"\bMarkup\(", p.read_text(encoding="utf-8"))
    ]
    assert uses == ["report/html.py"]
    assert "|safe" not in "".join(t.read_text().replace(" ", "") for t in (PKG / "report" / "templates").glob("*"))
