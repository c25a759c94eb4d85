"""Issue 46 item 8: the report degrades without matplotlib (tables, no charts, one line saying how
to get them), its SVG element ids are unique on the page, and its verdict sends no request to a
reviewer when there is no request."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import textwrap
from collections import Counter
from pathlib import Path

import pytest

import sqlpriv

ROOT = Path(sqlpriv.__file__).resolve().parents[1]
DATA = "a,b,c\n1,x,p\n1,y,p\n2,y,q\n3,z,q\n3,z,q\n4,x,p\n"


@pytest.fixture()
def data(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text(DATA)
    return path


def test_report_without_matplotlib_keeps_its_tables(data, tmp_path):
    out = tmp_path / "r.html"
    code = f"""
        import sys
        sys.modules["matplotlib"] = None  # as after a plain `pip install .`
        from sqlpriv.cli import main
        sys.exit(main(["report", {str(data)!r}, "-o", {str(out)!r}]))
        """
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),
        timeout=300,
    )
    assert done.returncode in (0, 3, 4), done.stderr[-2000:]
    page = out.read_text()
    assert "<svg" not in page and "<table" in page
    assert page.count("pip install 'sqlpriv[plot]'") == 1
    assert "send the request to a reviewer" not in done.stdout + page


def test_report_element_ids_are_unique(data, tmp_path):
    pytest.importorskip("matplotlib")
    path = sqlpriv.report(str(data), output=str(tmp_path / "r.html"), progress=False)
    ids = Counter(re.findall(r'\bid="([^"]+)"', Path(path).read_text()))
    assert ids and not [name for name, count in ids.items() if count > 1]


def test_report_cli_hierarchy_adds_the_what_to_do_section(data, tmp_path):
    import io
    from contextlib import redirect_stderr, redirect_stdout

    from sqlpriv.cli import main

    out = tmp_path / "w.html"
    argv = ["report", str(data), "-c", "a,b", "-o", str(out), "--no-pif", "--hierarchy", "a=intervals:2,4"]
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as err:
        code = main([*argv, "--hierarchy", '"b"=mask:1'])
    assert code in (0, 3, 4), err.getvalue()
    page = out.read_text()
    assert '<section id="what-to-do">' in page
