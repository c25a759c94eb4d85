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

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

import duckdb

from sqlpriv.engine.plan import Plan, run
from sqlpriv.engine.templates import render
from sqlpriv.errors import OutputError

if TYPE_CHECKING:  # pandas and pyarrow load on first use: `import sqlpriv` stays fast
    import pandas as pd
    import pyarrow as pa


def file_format(path: str | os.PathLike[str]) -> str:
    """``"csv"`` for a path ending in ``.csv`` (any case), else ``"parquet"``."""
    return "csv" if str(path).lower().endswith(".csv") else "parquet"


class Result:
    """A query over an analysis' intermediate tables.

    ``.df()`` (pandas), ``.arrow()`` (pyarrow), ``.relation`` (DuckDB relation),
    ``.to_parquet(path)`` / ``.to_csv(path)`` (written atomically: to a
    temporary file first, then renamed) and ``.sql`` (the complete script that
    produces it, runnable as-is in the DuckDB shell when the source is a file).
    """

    def __init__(self, plan: Plan, query: str, needs: Sequence[str] = ()) -> None:
        self.plan = plan
        self.query = query
        self.needs = tuple(needs)

    @property
    def sql(self) -> str:
        return self.plan.script(self.needs, self.query)

    @property
    def relation(self) -> duckdb.DuckDBPyRelation:
        self.plan.ensure(self.needs)
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

    def fetchall(self) -> list[tuple]:
        self.plan.ensure(self.needs)
        return run(self.plan.con, self.query).fetchall()

    def _write(self, path: str | os.PathLike[str], fmt: str) -> Path:
        target = Path(path)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        except OSError as exc:
            raise OutputError(f"cannot write {str(target)!r}: {exc.strerror or exc}; choose a writable folder") from None
        os.close(fd)
        try:
            rel = self.relation
            if fmt == "parquet":
                rel.write_parquet(tmp)
            else:
                rel.write_csv(tmp)
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        return target

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
        """Jupyter: the first rows as an HTML table (one LIMIT query; see :mod:`sqlpriv.display`)."""
        from sqlpriv.display import result_html

        return result_html(self)

    def __repr__(self) -> str:
        return f"<sqlpriv.Result {self.query.splitlines()[0][:60]!r}...>"
