"""Reading a CSV file the way its writer meant: :class:`CsvFile` names the reading options
(delimiter, header, the text that means NULL, column types) that DuckDB's sniffer would guess,
and two checks on a CSV read with the sniffer's guesses: a file that came out as one column whose
name holds the delimiter (a ragged line makes the sniffer give up on the dialect), and a column
that is numbers but for a few tokens (R writes ``NA`` for missing), read as text: a warning that
names the tokens and the option to pass.

>>> import duckdb, os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "r.csv")
>>> _ = open(path, "w").write("age,sex\\n23,M\\nNA,F\\n31,F\\n")
>>> con = duckdb.connect()
>>> rel = CsvFile(path, null_string="NA").relation(con)
>>> rel.types[0], rel.fetchall()[1]
(BIGINT, (None, 'F'))
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import duckdb

from sqlpriv.engine.connection import allow_source
from sqlpriv.engine.templates import render
from sqlpriv.errors import ParameterError, SourceError, SqlprivWarning, caller_stacklevel

#: rows of a CSV source the numeric-text check reads (its first ones)
NUMERIC_TEXT_SAMPLE = 100_000
#: a text column is flagged when most of its sampled values read as numbers and the others are at
#: most this many distinct tokens
NUMERIC_TEXT_TOKENS = 3


@dataclass(frozen=True)
class CsvFile:
    """A CSV file with its reading options, usable wherever a source is: ``delimiter`` (one
    character), ``header`` (True / False; None: sniffed), ``null_string`` (a text, or a list of
    texts, read as NULL, e.g. R's ``"NA"``) and ``types`` (``{column: DuckDB type}``, e.g.
    ``{"age": "DOUBLE"}``); every option left out is sniffed. The CLI's ``--delimiter``,
    ``--no-header``, ``--null-string`` and ``--types COL=TYPE`` make one."""

    path: str
    delimiter: str | None = None
    header: bool | None = None
    null_string: str | Sequence[str] | None = None
    types: Mapping[str, str] = field(default_factory=dict)

    def options(self) -> dict[str, Any]:
        """The keyword arguments of DuckDB's ``read_csv`` for these options (checked)."""
        out: dict[str, Any] = {}
        if self.delimiter is not None:
            if not isinstance(self.delimiter, str) or len(self.delimiter) != 1:
                raise ParameterError(f"delimiter must be one character, got {self.delimiter!r}")
            out["sep"] = self.delimiter
        if self.header is not None:
            out["header"] = bool(self.header)
        if self.null_string is not None:
            nulls = [self.null_string] if isinstance(self.null_string, str) else list(self.null_string)
            out["na_values"] = [str(v) for v in nulls]
        if self.types:
            out["dtype"] = {str(k): str(v) for k, v in self.types.items()}
        return out

    def relation(self, con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyRelation:
        """The file read on ``con`` with these options (one clear error where DuckDB cannot)."""
        path = os.fspath(self.path)
        if not os.path.isfile(path):
            raise SourceError(f"file {path!r} does not exist")
        allow_source(con, path)
        try:
            return con.read_csv(path, **self.options())
        except duckdb.Error as exc:
            raise SourceError(f"cannot read {path!r} with these CSV options: {str(exc).splitlines()[0]}") from None


def check_csv_columns(
    con: duckdb.DuckDBPyConnection, ref: str, label: str, columns: list[tuple[str, str]], reader: str = "read_csv"
) -> None:
    """Refuse a CSV read as one column whose name holds a delimiter; warn for each text column
    whose first rows are numbers but for a few tokens (named, with the option that reads them).
    Nothing for another ``reader`` (Parquet, JSON)."""
    if reader != "read_csv":
        return
    names = [name for name, _ in columns]
    if len(names) == 1 and any(ch in names[0] for ch in ",;\t|"):
        raise SourceError(
            f"{label} was read as one column named {names[0]!r}: a line has another number of fields than "
            "the header, so its delimiter could not be found; fix that line, or name the delimiter "
            "(--delimiter ',' on the command line, sqlpriv.CsvFile(path, delimiter=',') in Python)"
        )
    text = [name for name, type_ in columns if type_.upper() == "VARCHAR"]
    if not text:
        return
    try:
        row = con.execute(render("engine/numeric_text.sql", relation=ref, columns=text, sample=NUMERIC_TEXT_SAMPLE))
        figures = row.fetchone() or ()
    except duckdb.Error:
        return  # a probe: the measure reports any real problem reading the file
    for j, name in enumerate(text):
        numbers, others, tokens = figures[3 * j : 3 * j + 3]
        if others and numbers > others and len(tokens or []) <= NUMERIC_TEXT_TOKENS:
            listed = ", ".join(repr(t) for t in tokens)
            warnings.warn(
                f"column {name!r} of {label} looks numeric but was read as text because of {listed} "
                f"({others:,} of {numbers + others:,} values read); a numeric measure (t-closeness's ordered "
                f"distance, intervals) treats it as text: read {listed} as NULL with --null-string "
                f"(Python: sqlpriv.CsvFile(path, null_string=...)), or give its type with --types {name}=DOUBLE",
                SqlprivWarning,
                stacklevel=caller_stacklevel(),
            )


__all__ = ["NUMERIC_TEXT_SAMPLE", "NUMERIC_TEXT_TOKENS", "CsvFile", "check_csv_columns"]
