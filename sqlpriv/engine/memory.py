"""Memory guard rails: a working-set estimate checked against the connection's memory limit.

A step that may hold much (the shared cohort cells of a wide lattice) estimates its working set
from the pattern and subset counts before it starts. Within DuckDB's ``memory_limit`` nothing
happens; beyond it DuckDB spills its temporary tables to ``temp_directory`` (on by default), and
when spilling is off the step stops first with one :class:`MemoryBudgetError` that says what to
lower. A connection sqlpriv opens itself gets a memory limit that fits the memory the machine
has free now (``default_memory_limit``), so that DuckDB spills before the kernel kills it on a
machine whose memory other programs share.

>>> parse_size("1.5 GiB") == 1.5 * 2**30, parse_size("200MB"), parse_size("64 KiB")
(True, 200000000, 65536)
>>> cells_bytes(pairs=72_590_047, words=2) // 10**9   # adult, 15 columns, 200 orders: upper bound
3
"""

from __future__ import annotations

import os
import re

import duckdb

from sqlpriv.engine.plan import run
from sqlpriv.engine.rows import one_row
from sqlpriv.engine.templates import render
from sqlpriv.errors import MemoryBudgetError

#: share of the memory free now that a connection sqlpriv opens may use (DuckDB's own default is
#: 80% of all memory, which other programs may already hold)
FREE_SHARE = 0.6
__all__ = [
    "MemoryBudgetError",
    "available_bytes",
    "cells_bytes",
    "check_working_set",
    "default_memory_limit",
    "env_memory_limit",
    "limit_and_spill",
    "parse_size",
]
_UNITS = {"": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12}
_UNITS.update({"kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40})


def parse_size(text: str) -> int:
    """Bytes of a DuckDB size setting such as ``'18.8 GiB'`` or ``'200MB'``."""
    match = re.fullmatch(r"\s*([0-9.]+)\s*([a-zA-Z]*)\s*", str(text))
    if not match or match.group(2).lower() not in _UNITS:
        raise ValueError(f"not a size: {text!r}")
    return int(float(match.group(1)) * _UNITS[match.group(2).lower()])


def available_bytes() -> int | None:
    """Memory free for new work now (``MemAvailable`` of /proc/meminfo), or None where unknown."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def default_memory_limit() -> str | None:
    """A ``memory_limit`` for a connection sqlpriv opens: ``FREE_SHARE`` of the memory free now
    (at least 256 MB), or None where that is unknown (DuckDB's default then)."""
    free = available_bytes()
    if free is None:
        return None
    return f"{max(256, int(free * FREE_SHARE) // 2**20)}MiB"


def cells_bytes(pairs: int, words: int) -> int:
    """Upper bound on the bytes of the shared cells (and their terms) of ``pairs`` (pattern,
    subset) pairs: at most one shared cell per two pairs, each a sid, ``words`` key words and a
    count, kept twice (cells and the sampled runs' terms), with DuckDB's row overhead."""
    return (pairs // 2) * 8 * (words + 2) * 2 * 3 // 2


def check_working_set(con: duckdb.DuckDBPyConnection, need: int, what: str, lower: str) -> None:
    """Refuse, before any work, a step whose estimated working set ``need`` (bytes) exceeds the
    connection's memory limit while spilling to disk is off; within the limit, or with a
    temporary directory to spill to, it runs. ``what`` names the step, ``lower`` what to lower."""
    limit_text, temp = one_row(run(con, render("engine/memory_settings.sql")))
    try:
        limit = parse_size(limit_text)
    except ValueError:
        return
    if need <= limit or (temp and str(temp).strip()):
        return
    raise MemoryBudgetError(
        f"{what} may hold up to {need / 2**30:.1f} GiB, more than memory_limit ({limit / 2**30:.1f} GiB), "
        f"and spilling to disk is off; {lower}, or raise memory_limit= or pass temp_directory= so DuckDB can spill"
    )


def env_memory_limit() -> str | None:
    """``SQLPRIV_MEMORY_LIMIT`` when set (a DuckDB size), else ``default_memory_limit()``."""
    return os.environ.get("SQLPRIV_MEMORY_LIMIT") or default_memory_limit()


def limit_and_spill(con: duckdb.DuckDBPyConnection) -> tuple[int | None, bool]:
    """The connection's memory limit in bytes (None when DuckDB reports none it can parse) and
    whether DuckDB may spill to a temporary directory, for a step that sizes its chunks to fit.

    >>> con = duckdb.connect(); con.execute("set memory_limit = '1GiB'") and None
    >>> con.execute("set temp_directory = ''") and None
    >>> limit_and_spill(con)
    (1073741824, False)
    """
    limit_text, temp = one_row(run(con, render("engine/memory_settings.sql")))
    try:
        limit: int | None = parse_size(limit_text)
    except ValueError:
        limit = None
    return limit, bool(temp and str(temp).strip())
