"""Per-stage progress lines of the report (issue 29 item 2, issue 23): one line per stage on
stderr when it is a terminal (a fake TTY here), each ending "done" with its time; nothing when
stderr is not a terminal or with progress=False / SQLPRIV_PROGRESS=0."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pandas as pd
import pytest

import sqlpriv

FLARE_CSV = Path(__file__).resolve().parents[1] / "examples" / "data" / "flare.csv"


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def _lines(text: str) -> list[str]:
    """The stage lines as a terminal shows them: each line's last carriage-return segment."""
    return [line.split("\r")[-1].replace("\033[K", "") for line in text.split("\n") if line.strip()]


@pytest.fixture
def terminal(monkeypatch):
    """Call it in the test body (pytest's capture replaces sys.stderr after fixtures run): stderr
    becomes a fake terminal, returned."""
    pytest.importorskip("matplotlib")
    monkeypatch.delenv("SQLPRIV_PROGRESS", raising=False)

    def install() -> FakeTTY:
        fake = FakeTTY()
        monkeypatch.setattr(sys, "stderr", fake)
        return fake

    return install


@pytest.mark.parametrize("serial", [False, True])
def test_one_line_per_stage_on_a_terminal(terminal, tmp_path, monkeypatch, serial):
    """A line per stage, in the order they end: with the sections in a second thread
    (sqlpriv/report/jobs.py) the overview ends after the Shapley figures it ran beside."""
    if serial:
        monkeypatch.setenv("SQLPRIV_REPORT_SERIAL", "1")
    tty = terminal()
    df = pd.read_csv(FLARE_CSV)
    syn = tmp_path / "syn.csv"
    df.sample(frac=1, random_state=0).assign(area=df["area"].values).to_csv(syn, index=False)
    sqlpriv.report(
        str(FLARE_CSV), ["class", "area", "activity"], synthetic=str(syn), request=["class"], output=tmp_path / "r.html"
    )
    lines = _lines(tty.getvalue())
    first = ["overview", "Figure 2 and subgroups"]
    names = ["uniqueness Shapley", *(first if serial else first[::-1]), "PIF", "singling out", "request"]
    assert len(lines) == len(names), lines
    for i, (line, name) in enumerate(zip(lines, names), 1):
        assert re.fullmatch(rf"sqlpriv report \[{i}/6\] {name} \[#{{20}}\] done \d+\.\ds", line), line
    assert tty.getvalue().endswith("\n")


def test_nothing_when_switched_off_or_not_a_terminal(terminal, tmp_path, monkeypatch):
    tty = terminal()
    small = pd.DataFrame({"g": [0, 1] * 20, "h": [0, 0, 1, 1] * 10})
    sqlpriv.report(small, ["g", "h"], output=tmp_path / "a.html", progress=False, pif=False)  # --no-progress
    assert tty.getvalue() == ""
    monkeypatch.setenv("SQLPRIV_PROGRESS", "0")
    sqlpriv.report(small, ["g", "h"], output=tmp_path / "c.html", pif=False)
    assert tty.getvalue() == ""
    # not a terminal: tests/test_report.py::test_report_progress_silent_when_not_a_tty


def test_a_stage_shows_its_own_steps_while_it_runs(terminal):
    tty = terminal()
    from sqlpriv import progress
    from sqlpriv.report.progress import Stages

    with Stages(["search"], None) as st, st.stage("search"):
        with progress.Bar(4, "inner") as inner:  # a measure's bar inside the stage: silent itself
            inner.step("level 1")
            inner.step("level 2")
        snapshot = tty.getvalue()
    assert "inner [" not in snapshot  # the nested bar never draws
    assert "sqlpriv report [1/1] search [##########..........] 2/4 level 2" in snapshot
    assert _lines(tty.getvalue())[-1].startswith("sqlpriv report [1/1] search [####################] done")
