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
"""

from __future__ import annotations

import os
import sys
import time
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


class Bar:
    """``total`` steps; ``step(text)`` after each one. A context manager that closes the line."""

    def __init__(self, total: int, label: str, *, enabled_: bool | None = None, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.total, self.label, self.done = max(int(total), 1), label, 0
        self.enabled = enabled(enabled_, self.stream) if enabled_ is not False else False
        self.start = time.perf_counter()
        self._tqdm: Any = None
        if self.enabled:
            try:
                from tqdm import tqdm
            except ImportError:
                self._draw("")
            else:
                self._tqdm = tqdm(total=self.total, desc=label, file=self.stream, leave=False)

    def _draw(self, text: str) -> None:
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
            return
        if self._tqdm is not None:
            self._tqdm.set_postfix_str(text)
            self._tqdm.update(1)
        else:
            self._draw(text)

    def close(self) -> None:
        if not self.enabled:
            return
        if self._tqdm is not None:
            self._tqdm.close()
        else:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def __enter__(self) -> "Bar":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
