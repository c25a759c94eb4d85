"""The report's progress: one line per stage (uniqueness Shapley, PIF, singling out, ...) on
stderr, only when stderr is a terminal (issue 29 item 2); nothing otherwise.

While a stage runs, its line is a bar of the stage's own steps (the steps of the plans it
runs, which :mod:`sqlpriv.progress` hands over from their silent nested bars) with the time so
far; when it ends, the line is kept with its time and the next stage starts on a new line.

>>> import io
>>> class Tty(io.StringIO):
...     def isatty(self):
...         return True
>>> tty = Tty()
>>> with Stages(["overview", "PIF"], True, stream=tty) as st:
...     with st.stage("overview"):
...         pass
...     with st.stage("PIF"):
...         pass
>>> [line.split("\\r")[-1].split("]")[0] for line in tty.getvalue().split("\\n") if line]
['sqlpriv report [1/2', 'sqlpriv report [2/2']
>>> pipe = io.StringIO()
>>> with Stages(["overview"], None, stream=pipe) as st:
...     with st.stage("overview"):
...         pass
>>> pipe.getvalue()
''
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from sqlpriv import progress

WIDTH = 20


class Stages:
    """The stage lines of one report; ``enabled``: ``progress=`` of the report (None: on a
    terminal). Nested bars stay silent whether or not the lines are drawn."""

    def __init__(self, names: Sequence[str], enabled: bool | None, *, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.names = list(names)
        self.on = progress.enabled(enabled, self.stream)
        self.index = 0

    def __enter__(self) -> Stages:
        progress.hold()  # the measures' own bars are nested: silent, their steps come here
        return self

    def __exit__(self, *exc: Any) -> None:
        progress.release()

    def _draw(self, name: str, start: float, done: int, total: int, text: str, end: str = "") -> None:
        filled = WIDTH if end else int(WIDTH * done / total) if total else 0
        steps = " done" if end else f" {done}/{total} {text}".rstrip() if total else ""
        self.stream.write(
            f"\rsqlpriv report [{self.index}/{len(self.names)}] {name} [{'#' * filled}{'.' * (WIDTH - filled)}]"
            f"{steps} {time.perf_counter() - start:.1f}s\033[K{end}"
        )
        self.stream.flush()

    @contextlib.contextmanager
    def stage(self, name: str) -> Iterator[None]:
        """Run one stage: its line while it runs, kept with its time when it ends."""
        if not self.on:
            yield
            return
        self.index += 1
        start = time.perf_counter()
        self._draw(name, start, 0, 0, "")

        def sink(done: int, total: int, text: str) -> None:
            self._draw(name, start, done, total, text)

        progress.sinks.append(sink)
        try:
            yield
        except BaseException:
            self.stream.write("\r\033[K")  # an error's message starts on a clean line
            self.stream.flush()
            raise
        finally:
            progress.sinks.remove(sink)
        self._draw(name, start, 0, 0, "", end="\n")


__all__ = ["Stages"]
