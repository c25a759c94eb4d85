"""The documentation site (mkdocs.yml, issue 42): every page of docs/ is in the navigation, the
home page names every family package, and ``mkdocs build --strict`` passes (a broken link, or a
docstring cross-reference that resolves to nothing, fails it). CI builds it too (.ci/run)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
CONFIG = (REPO / "mkdocs.yml").read_text(encoding="utf-8")


def nav_pages(config: str) -> set[str]:
    nav = config.split("\nnav:\n", 1)[1].split("\nplugins:", 1)[0]
    return set(re.findall(r":\s+([\w/.-]+\.md)\s*$", nav, flags=re.M))


def test_every_docs_page_is_in_the_navigation() -> None:
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert nav_pages(CONFIG) == pages, "add the page to mkdocs.yml's nav (or remove the entry)"


def test_nav_pages_reads_the_entries() -> None:
    assert nav_pages("x\nnav:\n  - A: a.md\n  - B:\n      - C: sub/c.md\nplugins:\n  - s: d.md\n") == {
        "a.md",
        "sub/c.md",
    }


def test_the_home_page_names_every_family() -> None:
    sys.path.insert(0, str(REPO / "tests"))
    from test_import_graph import FAMILIES

    index = (DOCS / "index.md").read_text(encoding="utf-8")
    missing = [f for f in sorted(FAMILIES) if f"`sqlpriv.{f}`" not in index]
    assert missing == [], "docs/index.md: one row per family package"


@pytest.mark.skipif(importlib.util.find_spec("mkdocs") is None, reason="needs the docs extra: pip install -e .[docs]")
def test_the_site_builds_strict(tmp_path: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(REPO))
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")]
    run = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr[-3000:]
    assert (tmp_path / "site" / "api" / "index.html").is_file()
