"""A progress bar for long runs, on stderr, only on a terminal.

Shown when stderr is a TTY, never otherwise (pipes, CI logs, notebooks); switched off by
``progress=False``, by the environment variable ``SQLPRIV_PROGRESS=0`` or by the CLI's
``--no-progress``. It uses tqdm when it is installed, else a one-line bar of its own.

>>> enabled(False)
False
>>> with Bar(3, "report", enabled_=False) as bar:
...     bar.step("shapley")
>>> bar.done
1

A plan shows its steps the same way (:meth:`sqlpriv.engine.plan.Plan.ensure`) once a run takes
more than a second, so long measures (exact mode over many columns, sampling, large inputs)
show progress too; inside a report only the report's own bar is drawn.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any, TextIO

OFF = ("0", "false", "no", "off")


def enabled(progress: bool | None = None, stream: TextIO | None = None) -> bool:
    """Whether to show progress: not ``progress=False``, not ``SQLPRIV_PROGRESS=0``, and a terminal."""
    if progress is False:
        return False
    if os.environ.get("SQLPRIV_PROGRESS", "").strip().lower() in OFF:
        return False
    stream = stream or sys.stderr
    return bool(getattr(stream, "isatty", lambda: False)())


_active = 0  # bars open now: a bar inside another (a plan's steps inside a report) stays silent
#: displays that show the steps of the silent nested bars (the report's stage lines,
#: sqlpriv/report/progress.py): the last one gets (done, total, text) at each step
sinks: list[Any] = []


def hold() -> None:
    """Another progress display is drawing: bars opened until :func:`release` stay silent."""
    global _active
    _active += 1


def release() -> None:
    global _active
    _active = max(_active - 1, 0)


_local = threading.local()


@contextlib.contextmanager
def silenced() -> Iterator[None]:
    """Bars opened in this thread while the body runs draw nothing and feed no sink (the
    report's sections computed in a second thread: sqlpriv/report/jobs.py).

    >>> with silenced():
    ...     Bar(2, "x", enabled_=True).nested
    False
    """
    before = getattr(_local, "silent", False)
    _local.silent = True
    try:
        yield
    finally:
        _local.silent = before


class Bar:
    """``total`` steps; ``step(text)`` after each one. A context manager that closes the line.

    Nothing is drawn before ``delay`` seconds have passed, so quick runs never flash a bar.
    """

    def __init__(
        self, total: int, label: str, *, enabled_: bool | None = None, stream: TextIO | None = None, delay: float = 0.0
    ) -> None:
        global _active
        self.stream = stream or sys.stderr
        self.total, self.label, self.done, self.delay = max(int(total), 1), label, 0, delay
        quiet = getattr(_local, "silent", False)
        self.enabled = enabled(enabled_, self.stream) and _active == 0 and not quiet
        self.nested = _active > 0 and enabled(enabled_, self.stream) and not quiet  # its steps go to sinks[-1]
        self.start = time.perf_counter()
        self._tqdm: Any = None
        self._drawn = False
        _active += 1
        self._open = True
        if self.enabled:
            try:
                from tqdm import tqdm
            except ImportError:
                if delay <= 0:
                    self._draw("")
            else:
                self._tqdm = tqdm(total=self.total, desc=label, file=self.stream, leave=False, delay=delay)

    def _draw(self, text: str) -> None:
        self._drawn = True
        width = 24
        filled = int(width * self.done / self.total)
        elapsed = time.perf_counter() - self.start
        self.stream.write(
            f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {text} {elapsed:.1f}s\033[K"
        )
        self.stream.flush()

    def step(self, text: str = "") -> None:
        """Mark one step done; ``text`` names the next one."""
        self.done += 1
        if not self.enabled:
            if self.nested and sinks:
                sinks[-1](self.done, self.total, text)
            return
        if self._tqdm is not None:
            self._tqdm.set_postfix_str(text)
            self._tqdm.update(1)
        elif time.perf_counter() - self.start >= self.delay:
            self._draw(text)

    def close(self) -> None:
        global _active
        if self._open:
            self._open = False
            _active -= 1
        if not self.enabled:
            return
        if self._tqdm is not None:
            self._tqdm.close()
        elif self._drawn:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def __enter__(self) -> Bar:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
