"""Compiled templates are cached by Jinja across processes (engine/templates.py `_bytecode_cache`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PROBE = (
    "from sqlpriv.engine.templates import render, environment; "
    "print(render('engine/count_rows.sql', relation='\"t\"')); "
    "print(type(environment().bytecode_cache).__name__)"
)


def _run(tmp: Path, **env: str) -> list[str]:
    full = {**os.environ, "TMPDIR": str(tmp), **env}
    out = subprocess.run([sys.executable, "-c", PROBE], env=full, check=True, capture_output=True, text=True)
    return out.stdout.splitlines()


def test_compiled_templates_are_cached_in_a_private_folder_and_give_the_same_sql(tmp_path: Path) -> None:
    first = _run(tmp_path)
    cache = [p for p in tmp_path.iterdir() if p.name.startswith("_jinja2-cache-")]
    assert first == ['select count(*) as n from "t"', "FileSystemBytecodeCache"]
    assert len(cache) == 1 and (cache[0].stat().st_mode & 0o777) == 0o700
    assert any(cache[0].iterdir())  # the compiled templates were written
    assert _run(tmp_path) == first  # a second process reads them back: same SQL


def test_the_template_cache_can_be_turned_off(tmp_path: Path) -> None:
    assert _run(tmp_path, SQLPRIV_TEMPLATE_CACHE="0") == ['select count(*) as n from "t"', "NoneType"]
    assert not any(p.name.startswith("_jinja2-cache-") for p in tmp_path.iterdir())
