"""The repository's legal and history files (issue 15 item 9): a LICENSE matching the licence
pyproject.toml declares, shipped in the sdist, and a CHANGELOG with an entry per version."""

from __future__ import annotations

import re
import sys

from tests.conftest import REPO

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    tomllib = None


def project() -> dict:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    if tomllib is not None:
        return tomllib.loads(text)["project"]
    license_text = re.search(r'license\s*=\s*\{\s*text\s*=\s*"([^"]+)"', text).group(1)
    version = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M).group(1)
    return {"license": {"text": license_text}, "version": version}


def test_license_file_is_the_apache_2_text_pyproject_declares():
    assert project()["license"] == {"text": "Apache-2.0"}
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION" in text
    assert "END OF TERMS AND CONDITIONS" in text and "APPENDIX: How to apply the Apache License" in text
    assert len(text.split()) > 1500  # the full text, not a one-line notice


def test_sdist_ships_the_license_and_changelog():
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    include = re.search(r"\[tool\.hatch\.build\.targets\.sdist\]\s*include\s*=\s*\[([^\]]*)\]", text).group(1)
    assert '"LICENSE"' in include and '"CHANGELOG.md"' in include


def test_changelog_has_an_entry_for_the_current_version_and_unreleased_work():
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\]", text, re.M)
    assert headings[0] == "Unreleased"
    assert project()["version"] in headings
