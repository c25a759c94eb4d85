"""The one result interface every measure returns.

>>> from sqlpriv.engine.connection import connect
>>> from sqlpriv.engine.plan import Plan
>>> r = Result(Plan(connect()), "select 1 as one")
>>> r.df()["one"].tolist()
[1]
>>> r.sql.strip().splitlines()[-1]
'select 1 as one;'
"""

from __future__ import annotations

import atexit
import contextlib
import logging  # noqa: F401  (its fork hook is registered before prefetch_pandas')
import os
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb

from sqlpriv.engine import limits
from sqlpriv.engine.connection import lock_down, refuse_source_output
from sqlpriv.engine.interrupts import pending_file, track
from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.presentable import html_of
from sqlpriv.engine.templates import render
from sqlpriv.errors import OutputError

if TYPE_CHECKING:  # pandas and pyarrow load on first use: `import sqlpriv` stays fast
    import pandas as pd
    import pyarrow as pa


_PREFETCH: list[threading.Thread] = []  # the pandas import started by prefetch_pandas, if any
_PREFETCH_LOCK = threading.Lock()  # analyses may start in several threads (the report's jobs)


def prefetch_pandas() -> None:
    """Start importing pandas in a background daemon thread, unless it is imported (or its
    import was started) already, so that the import overlaps an analysis' statements (DuckDB
    releases the GIL while it computes) instead of delaying the first ``.df()`` by about 0.25 s:
    that call then finds pandas imported, or waits on Python's import lock for the import to
    finish. An import error is left to the real import, which raises it where pandas is needed.
    Before a fork and at exit the import is waited for (:func:`_join_prefetch`), so that no
    child inherits a module lock held by a thread it does not have and no import runs while the
    interpreter shuts down. The fork hook is registered when the import starts, after those of
    the modules pandas imports that register one (logging, concurrent.futures.thread; imported
    first if not yet): fork hooks run in reverse order of registration, logging's holds the lock
    ``getLogger`` (called while pandas imports) needs, and a hook registered during the fork
    would see only its "after" half run.

    >>> prefetch_pandas(); _join_prefetch(); "pandas" in sys.modules
    True
    """

    def load() -> None:
        with contextlib.suppress(Exception):  # the real import (in .df()) raises it again, where it matters
            import pandas  # noqa: F401

    with _PREFETCH_LOCK:
        if "pandas" in sys.modules or _PREFETCH:
            return
        import concurrent.futures.thread  # noqa: F401  (registers its fork hook before ours)

        thread = threading.Thread(target=load, name="sqlpriv-import-pandas", daemon=True)
        _PREFETCH.append(thread)
        if hasattr(os, "register_at_fork"):  # bounded: a fork never waits forever
            os.register_at_fork(before=lambda: _join_prefetch(10.0))
        thread.start()


def _join_prefetch(timeout: float | None = None) -> None:
    """Wait for a background pandas import (:func:`prefetch_pandas`) to finish."""
    for thread in _PREFETCH:
        if thread is not threading.current_thread():
            thread.join(timeout)


atexit.register(_join_prefetch, 30.0)


def check_output(path: str | os.PathLike[str]) -> Path:
    """The output path, checked writable, else one clear OutputError.

    Called before any work starts (the CLI checks every output path it was given first). The
    folder must exist (a missing one is never created: a typo would make folders anywhere), and
    the destination must be absent or a regular file: a symbolic link (``/dev/stdout``), a device,
    a FIFO or a socket is refused, never replaced by the file (an output is renamed into place).

    >>> check_output("/proc/out.parquet")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sqlpriv.errors.OutputError: cannot write '/proc/out.parquet': the folder '/proc' is not writable (...); choose a writable folder
    >>> check_output("/dev/stdout")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sqlpriv.errors.OutputError: cannot write '/dev/stdout': it is a symbolic link; ...
    """
    target = refuse_unsafe_destination(path)
    folder = target.parent
    if target.is_dir():
        raise OutputError(
            f"cannot write {str(target)!r}: it is a folder; give a file name such as {str(target / 'out.parquet')!r}"
        )
    try:  # the only true test of writability (root ignores permission bits)
        fd, probe = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".probe", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise OutputError(
            f"cannot write {str(target)!r}: the folder {str(folder)!r} is not writable ({exc.strerror or exc}); "
            "choose a writable folder"
        ) from None
    return target


def refuse_unsafe_destination(path: str | os.PathLike[str]) -> Path:
    """``path`` as a Path when it may be written by renaming a new file into place: its folder
    exists (none is created) and it is absent, a regular file or a folder; else one OutputError
    (a symbolic link, a device, a FIFO or a socket would be replaced, not written through).

    >>> refuse_unsafe_destination("/nonexistent/dir/x.parquet")
    Traceback (most recent call last):
    ...
    sqlpriv.errors.OutputError: cannot write '/nonexistent/dir/x.parquet': the folder '/nonexistent/dir' does not exist; create it first (sqlpriv does not create folders) or choose an existing folder
    """
    target = Path(path)
    if target.is_symlink() or (target.exists() and not target.is_file() and not target.is_dir()):
        kind = "a symbolic link" if target.is_symlink() else "a special file (a device, FIFO or socket)"
        raise OutputError(
            f"cannot write {str(target)!r}: it is {kind}; sqlpriv writes a new regular file and renames it into "
            "place, which would replace it: give the path of a regular file"
        )
    if not target.parent.is_dir():
        raise OutputError(
            f"cannot write {str(target)!r}: the folder {str(target.parent)!r} does not exist; create it first "
            "(sqlpriv does not create folders) or choose an existing folder"
        )
    return target


def arrow_reader(rel: Any) -> Any:
    """A relation's rows as a stream of Arrow record batches (duckdb 2: ``to_arrow_reader``; 1.x:
    ``fetch_record_batch``), or the stream of any object with ``to_arrow_reader()``."""
    return rel.to_arrow_reader() if hasattr(rel, "to_arrow_reader") else rel.fetch_record_batch()


def write_stream(rel: Any, path: str, fmt: str, target: str | None = None) -> None:
    """Write a relation's rows to ``path`` with DuckDB's own writer, on a separate connection.

    The analysis' connection is locked down (no file access); its rows are streamed as Arrow
    batches into a fresh in-memory connection that runs one fixed ``COPY`` to ``path`` only.
    An error the stream itself raised (``rel.error``: a later chunk's query, or a source that
    changed between chunks) is raised as it is; a failure of the writer is one OutputError
    naming ``target`` (the file asked for; default ``path``).
    """
    reader = arrow_reader(rel)
    writer = track(duckdb.connect())
    try:
        writer.execute(render("engine/settings.sql", progress_bar=False))
        writer.register("sqlpriv_result", reader)
        writer.execute(render("engine/copy_to.sql", query="select * from sqlpriv_result", path=path, fmt=fmt))
    except duckdb.Error as exc:
        cause = getattr(rel, "error", None)
        if cause is not None:
            raise cause from None
        raise OutputError(f"cannot write {target or path!r}: {str(exc).splitlines()[0]}") from None
    finally:
        writer.close()


def file_format(path: str | os.PathLike[str]) -> str:
    """``"csv"`` for a path ending in ``.csv`` (any case), else ``"parquet"``."""
    return "csv" if str(path).lower().endswith(".csv") else "parquet"


class Result:
    """A query over an analysis' intermediate tables: the result surface of
    :mod:`sqlpriv.engine.surface` on DuckDB.

    ``.df()`` (pandas), ``.arrow()`` (pyarrow), ``.relation`` (DuckDB relation),
    ``.to_parquet(path)`` / ``.to_csv(path)`` (written atomically: to a
    temporary file first, then renamed) and ``.sql`` (the complete script that
    produces it, runnable as-is in the DuckDB shell when the source is a file).
    """

    def __init__(
        self, plan: Plan, query: str, needs: Sequence[str] = (), verify: Callable[[str, str], None] | None = None
    ) -> None:
        self.plan = plan
        self.query = query
        self.needs = tuple(needs)
        #: a check of the file as written (its path and format), run before it is renamed into
        #: place: it raises to refuse the file (nothing is written then)
        self.verify = verify

    @property
    def sql(self) -> str:
        return self.plan.script(self.needs, self.query)

    @property
    def relation(self) -> duckdb.DuckDBPyRelation:
        self.plan.ensure(self.needs)
        lock_down(self.plan.con)
        try:
            return self.plan.con.sql(self.query)
        except duckdb.Error:
            run(self.plan.con, self.query)  # re-raise as a sqlpriv error
            raise

    def df(self) -> pd.DataFrame:
        self.plan.ensure(self.needs)
        return run(self.plan.con, self.query).df()

    def arrow(self) -> pa.Table:
        rel = self.relation
        fetch = getattr(rel, "to_arrow_table", None) or rel.arrow  # duckdb 2 / 1.x
        return fetch()

    def fetchall(self) -> list[tuple[Any, ...]]:
        self.plan.ensure(self.needs)
        return run(self.plan.con, self.query).fetchall()

    def _write(self, path: str | os.PathLike[str], fmt: str) -> Path:
        refuse_source_output(self.plan.con, path)
        target = check_output(path)
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        except OSError as exc:
            raise OutputError(
                f"cannot write {str(target)!r}: {exc.strerror or exc}; choose a writable folder"
            ) from None
        os.close(fd)
        try:
            with pending_file(tmp):
                write_stream(self._stream(), tmp, fmt, target=str(target))
                if self.verify is not None:
                    self.verify(tmp, fmt)
                refuse_unsafe_destination(target)  # made a link or a device since: never replaced
                os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        return target

    def _stream(self) -> Any:
        """What ``to_parquet``/``to_csv`` stream from: an object with ``to_arrow_reader()`` (the relation)."""
        return self.relation

    def to_parquet(self, path: str | os.PathLike[str]) -> Path:
        """Write the result to a Parquet file atomically; returns the path."""
        return self._write(path, "parquet")

    def to_csv(self, path: str | os.PathLike[str]) -> Path:
        """Write the result to a CSV file (with header) atomically; returns the path."""
        return self._write(path, "csv")

    def write(self, path: str | os.PathLike[str]) -> Path:
        """Write atomically as CSV if ``path`` ends in ``.csv``, else as Parquet."""
        return self._write(path, file_format(path))

    def copy_sql(self, path: str | os.PathLike[str]) -> str:
        """The ``COPY ... TO path`` statement that writes this result from a printed script."""
        return render("engine/copy_to.sql", query=self.query, path=str(path), fmt=file_format(path))

    def _repr_html_(self) -> str:
        """Jupyter: the first rows as an HTML table (one LIMIT query), as the presentation layer
        registered it (:mod:`sqlpriv.engine.presentable`, filled by :mod:`sqlpriv.report.display`)."""
        return html_of(self)

    def close(self) -> None:
        """Drop what the analysis made on a connection passed as ``con=`` (:meth:`Plan.close`)."""
        self.plan.close()

    def __enter__(self) -> Result:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<sqlpriv.Result {self.query.splitlines()[0][:60]!r}...>"


def position_chunks(frame: Any) -> list[tuple[int, int]]:
    """The input-position ranges ``(lo, hi)`` (hi exclusive) of an analysis' per-row chunks:
    ``limits.PER_ROW_CHUNK`` positions each, over every row of the source (``frame.n_source``:
    rows that ``dropna`` left out keep their positions).

    >>> from types import SimpleNamespace
    >>> position_chunks(SimpleNamespace(n_source=20_000_001))
    [(0, 8000000), (8000000, 16000000), (16000000, 20000001)]
    """
    size, n = limits.PER_ROW_CHUNK, int(frame.n_source)
    return [(lo, min(n, lo + size)) for lo in range(0, n, size)]


class ChunkedResult(Result):
    """A per-row :class:`Result` whose file writers stream ``chunks``: queries over consecutive
    ranges of input positions (:func:`position_chunks`), each sorted on its own and run one after
    the other, so that writing a large output never holds (and sorts) all of its rows at once.
    ``.df()``, ``.arrow()`` and ``.relation`` run the whole ``query``. The chunks may read
    other steps than the query (``chunk_needs``, default ``needs``): information factors' files
    pack the rows on the fly, while their in-memory results share a per-row codes table.

    >>> from sqlpriv.engine.connection import connect
    >>> r = ChunkedResult(Plan(connect()), "select 1 as x", (), ["select 1 as x", "select 2 as x"])
    >>> import tempfile, os, pyarrow.parquet as pq
    >>> path = os.path.join(tempfile.mkdtemp(), "out.parquet")
    >>> pq.read_table(r.to_parquet(path))["x"].to_pylist()
    [1, 2]
    """

    def __init__(
        self,
        plan: Plan,
        query: str,
        needs: Sequence[str],
        chunks: Sequence[str],
        chunk_needs: Sequence[str] | None = None,
    ) -> None:
        super().__init__(plan, query, needs)
        self.chunks = list(chunks)
        self.chunk_needs = tuple(needs if chunk_needs is None else chunk_needs)

    def _stream(self) -> Any:
        return _ChunkStream(self) if self.chunks else self.relation


class _ChunkStream:
    """``to_arrow_reader()`` over the chunk queries of a :class:`ChunkedResult`, run one after the other."""

    def __init__(self, result: ChunkedResult) -> None:
        self.result = result
        self.error: BaseException | None = None  # what a later chunk raised (write_stream re-raises it)

    def to_arrow_reader(self) -> Any:
        import pyarrow as pa

        plan = self.result.plan
        plan.ensure(self.result.chunk_needs)
        first = arrow_reader(Result(plan, self.result.chunks[0]).relation)

        def batches() -> Any:
            yield from first
            for query in self.result.chunks[1:]:
                try:
                    chunk = arrow_reader(Result(plan, query).relation)
                except Exception as exc:  # the writer only sees "the stream failed": keep the cause
                    self.error = exc
                    raise
                yield from chunk

        return pa.RecordBatchReader.from_batches(first.schema, batches())
