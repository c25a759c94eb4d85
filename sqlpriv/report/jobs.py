"""The report's independent sections, run beside the Shapley figures in one second thread.

Most of the report's time is the Shapley section, and several other sections (information
factors, singling-out, the request's assessment) spend theirs in statements DuckDB runs on one
thread (their tables are one row group). Each measure opens its own connection, so those
sections can run in a second Python thread while the main thread draws the Shapley figures:
DuckDB releases the GIL while it computes, and matplotlib's figures here are plain ``Figure``
objects (no pyplot state; its font cache is per thread).

:class:`Jobs` runs them there only when that is safe and asked for nothing else (see
:func:`concurrent`): a connection passed in (``con=``) or a DuckDB relation's own connection is
shared and runs one statement at a time, and a ``memory_limit`` or ``threads=1`` is meant for the
whole report. Otherwise every job
runs when its result is asked for, in the order the report asks, as before. Results and
exceptions are the same either way; a job's exception is raised where its result is asked for.

>>> jobs = Jobs(background=True)
>>> a = jobs.submit(sum, [1, 2, 3])
>>> b = jobs.submit(max, 4, 5)
>>> a.result(), b.result()
(6, 5)
>>> jobs.close()
>>> Jobs(background=False).submit(min, 2, 1).result()
1
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Generic, TypeVar

import duckdb

from sqlpriv import progress

_T = TypeVar("_T")

#: set to 1 (any value but empty, 0, false, no, off) to run every section in the main thread,
#: one after the other
SERIAL_ENV = "SQLPRIV_REPORT_SERIAL"


def concurrent(opts: Mapping[str, Any], *sources: Any) -> bool:
    """Whether the report may run sections in a second thread, given the measures' connection
    options and the report's sources: not on a connection passed in, not under a memory limit or
    a temp directory meant for the whole report, not with ``threads=1``, not on a DuckDB relation
    (it runs on its own connection, which two threads must not use at once), and not when
    ``SQLPRIV_REPORT_SERIAL`` is set.

    >>> concurrent({"con": None, "threads": None, "memory_limit": None, "temp_directory": None})
    True
    >>> concurrent({"con": None, "threads": 1, "memory_limit": None})
    False
    >>> concurrent({}, "people.csv", duckdb.sql("select 1 as a"))
    False
    """
    if os.environ.get(SERIAL_ENV, "").strip().lower() not in ("", "0", "false", "no", "off"):
        return False
    if any(isinstance(s, duckdb.DuckDBPyRelation) for s in sources):
        return False
    if opts.get("con") is not None or opts.get("memory_limit") or opts.get("temp_directory"):
        return False
    threads = opts.get("threads")
    return threads is None or int(threads) > 1


class Timeline:
    """With ``SQLPRIV_PROFILE`` set, when each part of the report ran, per thread: one line per
    part on stderr at the end (``sqlpriv: report timeline: THREAD PART START-END s``), seconds
    from the report's start.

    >>> t = Timeline(enabled=True)
    >>> t.run("sum", sum, [1, 2])
    3
    >>> [(thread, part) for thread, part, _, _ in t.parts]
    [('MainThread', 'sum')]
    """

    def __init__(self, enabled: bool | None = None) -> None:
        self.enabled = bool(os.environ.get("SQLPRIV_PROFILE")) if enabled is None else enabled
        self.start = time.perf_counter()
        self.parts: list[tuple[str, str, float, float]] = []

    def run(self, part: str, fn: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
        """``fn(*args, **kwargs)``, its start and end recorded when enabled."""
        if not self.enabled:
            return fn(*args, **kwargs)
        began = time.perf_counter() - self.start
        try:
            return fn(*args, **kwargs)
        finally:
            ended = time.perf_counter() - self.start
            self.parts.append((threading.current_thread().name, part, began, ended))

    def show(self) -> None:
        """Print the recorded parts (in order of their start) to stderr."""
        for thread, part, began, ended in sorted(self.parts, key=lambda p: p[2]):
            print(f"sqlpriv: report timeline: {thread} {part} {began:.2f}-{ended:.2f} s", file=sys.stderr)


class Job(Generic[_T]):
    """One section's computation: already running in the second thread, or run on demand."""

    def __init__(self, future: Future[_T] | None, fn: Callable[..., _T], args: tuple[Any, ...], kwargs: dict[str, Any]):
        self._future, self._fn, self._args, self._kwargs = future, fn, args, kwargs

    def result(self) -> _T:
        """The job's value (waiting for it), or its exception raised here."""
        if self._future is not None:
            return self._future.result()
        return self._fn(*self._args, **self._kwargs)


def _silently(fn: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
    with progress.silenced():
        return fn(*args, **kwargs)


class Jobs:
    """Sections submitted in the order the report shows them; with ``background``, one worker
    thread runs them in that order while the main thread goes on."""

    def __init__(self, background: bool) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlpriv-report") if background else None

    @property
    def background(self) -> bool:
        return self._pool is not None

    def submit(self, fn: Callable[..., _T], *args: Any, **kwargs: Any) -> Job[_T]:
        """Queue ``fn(*args, **kwargs)``; in the second thread its progress bars stay silent (the
        main thread's stage line shows the main thread's work)."""
        future = self._pool.submit(_silently, fn, *args, **kwargs) if self._pool is not None else None
        return Job(future, fn, args, kwargs)

    def close(self) -> None:
        """Drop the jobs not started and wait for the running one (on an interrupt, its query
        has been interrupted with every other connection: sqlpriv.engine.interrupts)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
