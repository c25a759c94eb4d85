"""Stop promptly when told: interrupt every DuckDB connection on SIGINT / SIGTERM.

Python runs a signal handler only between two bytecodes of the main thread, never while DuckDB
computes inside one ``execute`` call (which can take minutes). :func:`stop_on_signals` therefore
has the signal woken up a watcher thread too (``signal.set_wakeup_fd``), which interrupts every
connection sqlpriv opened (``con.interrupt()``: DuckDB stops the query and ``execute`` raises),
so that the main thread's handler can run and the command ends cleanly. If the process is still
running ``grace`` seconds later (a computation DuckDB cannot interrupt), the watcher removes the
temporary files of outputs being written and exits the process itself.

>>> import duckdb
>>> con = track(duckdb.connect())
>>> with pending_file("/nonexistent/x.tmp"):
...     "/nonexistent/x.tmp" in _PENDING
True
>>> interrupt_all()  # nothing running: a no-op
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import threading
import time
import weakref
from collections.abc import Iterator
from typing import Any

_CONNECTIONS: weakref.WeakSet[Any] = weakref.WeakSet()
_PENDING: set[str] = set()
_LOCK = threading.Lock()
#: seconds between the signal and the process' own exit when DuckDB has not stopped by then
GRACE = 1.0


def track(con: Any) -> Any:
    """Remember ``con`` (a DuckDB connection) as one to interrupt on a signal; returns it."""
    with _LOCK:
        _CONNECTIONS.add(con)
    return con


def interrupt_all() -> None:
    """Interrupt the running query of every tracked connection (safe from any thread)."""
    with _LOCK:
        connections = list(_CONNECTIONS)
    for con in connections:
        with contextlib.suppress(Exception):
            con.interrupt()


@contextlib.contextmanager
def pending_file(path: str) -> Iterator[None]:
    """Mark ``path`` (an output's temporary file) as one to remove if the process must exit."""
    with _LOCK:
        _PENDING.add(path)
    try:
        yield
    finally:
        with _LOCK:
            _PENDING.discard(path)


def _remove_pending() -> None:
    with _LOCK:
        paths = list(_PENDING)
    for path in paths:
        with contextlib.suppress(OSError):
            os.unlink(path)


@contextlib.contextmanager
def stop_on_signals(grace: float = GRACE) -> Iterator[None]:
    """While the body runs, a SIGINT / SIGTERM (whose Python handler is installed) interrupts
    every tracked connection at once; after ``grace`` seconds without the body ending, temporary
    outputs are removed and the process exits with status 128 + the signal number.

    Only in the main thread (elsewhere the body just runs)."""
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    try:
        previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except ValueError:  # not the main thread
        reader.close()
        writer.close()
        yield
        return
    done = threading.Event()

    def watch() -> None:
        while True:
            try:
                data = reader.recv(64)
            except OSError:
                return
            if done.is_set() or not data:
                return
            signums = [b for b in data if b in (signal.SIGINT, signal.SIGTERM)]
            if not signums:
                continue
            deadline = time.monotonic() + grace
            while time.monotonic() < deadline:
                interrupt_all()  # again: a query may have started after the first interrupt
                if done.wait(0.05):
                    return
            _remove_pending()
            with contextlib.suppress(Exception):
                name = signal.Signals(signums[0]).name
                sys.stderr.write(f"sqlpriv: interrupted ({name}); no output was written\n")
                sys.stderr.flush()
            os._exit(128 + signums[0])

    thread = threading.Thread(target=watch, name="sqlpriv-signals", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        signal.set_wakeup_fd(previous)
        writer.close()  # wakes the watcher (end of stream)
        thread.join(timeout=1)
        reader.close()
