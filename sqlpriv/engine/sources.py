"""Turn what the user points at into a named DuckDB view, and resolve analysed columns.

A source is a file path or glob (CSV, Parquet, JSON), a pandas DataFrame, a
pyarrow Table, a DuckDB relation, or a table/view name on ``con``.

>>> import duckdb, pandas as pd
>>> con = duckdb.connect()
>>> src = resolve_source(pd.DataFrame({"a b": [1, 2], "c": ["x", "y"]}), con)
>>> [c.name for c in resolve_columns(src, ["a b", {"c1": "left(c, 1)"}])]
['a b', 'c1']
"""

from __future__ import annotations

import os
import threading
import warnings
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Union

import duckdb

from sqlpriv.engine import checks
from sqlpriv.engine.cache import source_version
from sqlpriv.engine.connection import allow_source, attached_relation, lock_down
from sqlpriv.engine.csv_files import CsvFile, check_csv_columns
from sqlpriv.engine.floor_division import floor_division_warning
from sqlpriv.engine.hygiene import hold_until_planned
from sqlpriv.engine.limits import fields_allowed
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.reserved import refuse_reserved
from sqlpriv.engine.sandbox import check_scalar_expression, parse, qualified_heads
from sqlpriv.engine.sandbox import read_columns as read_expression_columns
from sqlpriv.engine.source_messages import frame_names, unreadable_frame
from sqlpriv.engine.source_names import RENAMED, header_names, refuse_duplicate_names
from sqlpriv.engine.source_paths import checked_glob, looks_like_path, reader_for
from sqlpriv.engine.templates import quote, render
from sqlpriv.errors import ColumnError, ParameterError, SourceError, SqlprivWarning, caller_stacklevel

ColumnsArg = Union[None, str, Mapping[str, str], Sequence[Union[str, Mapping[str, str]]]]


def fresh_name(con: duckdb.DuckDBPyConnection, base: str, suffix: str = "") -> str:
    """:func:`sqlpriv.engine.names.temp_name` on ``con``."""
    return temp_name(base, con, suffix)


@dataclass
class Source:
    """A resolved source: a view (or table) name on ``con`` plus how it was made."""

    con: duckdb.DuckDBPyConnection
    name: str  # unquoted view/table name
    label: str  # what the user passed, for messages
    statements: list[str] = field(default_factory=list)  # SQL that creates the view
    comment: str = ""  # for sources that cannot be re-created by SQL (DataFrames)
    columns: list[tuple[str, str]] = field(default_factory=list)  # (name, DuckDB type)
    parquet: str | None = None  # the Parquet file or glob the view reads as is (positions from file row numbers)
    stored: bool = False  # a DuckDB table, view or relation: its text columns may carry a collation
    frozen: bool = False  # read once into a temp table (a database's view or relation): cannot change unseen

    def __post_init__(self) -> None:
        # on a user's connection: what the call made is dropped if it is refused before any plan
        hold_until_planned(self.con, self)

    @property
    def ref(self) -> str:
        """The quoted name to select from."""
        return quote(self.name)

    def column_names(self) -> list[str]:
        return [name for name, _ in self.columns]


@dataclass(frozen=True)
class ColumnSpec:
    """One analysed column: its output name and the SQL expression computing it."""

    name: str
    expr: str  # SQL over the source's columns (a quoted identifier for plain columns)
    is_expression: bool = False


def _table_exists(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    try:
        con.execute(render("engine/exists.sql", relation=quote(name)))
        return True
    except duckdb.Error:
        return False


NEW_LINES = ("\\n", "\\r\\n", "\\r")  # as sniff_csv writes them (escaped), as read_csv's new_line= takes them
#: what :func:`sniffed_csv` found per file version (path, size, modification time, inode:
#: :func:`sqlpriv.engine.cache.source_version`), so a file read again in this process (another
#: call, another family) is not sniffed again; a few recent files only
_SNIFFED: OrderedDict[Hashable, dict[str, Any] | None] = OrderedDict()
_SNIFFED_FILES = 16
_SNIFFED_LOCK = threading.Lock()


def sniffed_csv(con: duckdb.DuckDBPyConnection, path: str) -> dict[str, Any] | None:
    """What DuckDB's CSV sniffer finds in the file at ``path`` (its dialect, header, columns and
    date formats: the options of the ``read_csv`` call it would make), for
    ``engine/source_view.sql`` to pin: a view that auto-detects sniffs the file again each time
    it is bound (its creation, the describe, every query: about 60 ms CPU each on adult's
    2.5 MB), a pinned one reads a one-row sample (4 ms) and keeps the unpinned view's row
    estimate, so the same plans. None where the sniffer fails or reports something else than
    plain single characters, or no usable newline: then the view auto-detects, as before.

    >>> import duckdb, os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "t.csv")
    >>> _ = open(path, "w").write("a;b\\n1;x\\n2;y\\n")
    >>> csv = sniffed_csv(duckdb.connect(), path)
    >>> csv["delim"], csv["header"], csv["columns"]
    (';', True, [('a', 'BIGINT'), ('b', 'VARCHAR')])
    """
    version = source_version(path)
    with _SNIFFED_LOCK:
        known = version is not None and version in _SNIFFED
        if known:
            _SNIFFED.move_to_end(version)
            found = _SNIFFED[version]
    if not known:
        found = _sniff(con, path)
        if version is not None:
            with _SNIFFED_LOCK:
                _SNIFFED[version] = found
                while len(_SNIFFED) > _SNIFFED_FILES:
                    _SNIFFED.popitem(last=False)
    return None if found is None else {**found, "columns": list(found["columns"])}


def _sniff(con: duckdb.DuckDBPyConnection, path: str) -> dict[str, Any] | None:
    """:func:`sniffed_csv` without the cache: one sniff_csv query."""
    try:
        row = con.execute(render("engine/sniff_csv.sql"), [path]).fetchone()
    except duckdb.Error:
        return None
    if row is None:
        return None
    delim, quote_char, escape, new_line, comment, skip, header, columns, dateformat, timestampformat, user = row
    chars = ["" if c == "(empty)" else c for c in (delim, quote_char, escape, comment)]
    plain = all(isinstance(c, str) and len(c) <= 1 for c in chars) and bool(chars[0])
    if not plain or new_line not in NEW_LINES or user or not columns or not isinstance(skip, int):
        return None
    return {
        "delim": chars[0],
        "quote": chars[1],
        "escape": chars[2],
        "comment": chars[3],
        "new_line": new_line,
        "skip": skip,
        "header": bool(header),
        "columns": [(str(c["name"]), str(c["type"])) for c in columns],
        "dateformat": dateformat,
        "timestampformat": timestampformat,
    }


def _describe(con: duckdb.DuckDBPyConnection, ref: str, label: str) -> list[tuple[str, str]]:
    try:
        rows = con.execute(render("engine/describe.sql", relation=ref)).fetchall()
    except duckdb.Error as exc:
        raise SourceError(f"cannot read {label}: {str(exc).splitlines()[0]}") from None
    return [(row[0], row[1]) for row in rows]


def resolve_source(source: Any, con: duckdb.DuckDBPyConnection, *, name: str | None = None) -> Source:
    """Make ``source`` selectable on ``con`` as a temp view and describe its columns.

    Columns whose type string embeds text from the data (ENUM labels, also nested) are cast to
    VARCHAR in one more view first, so no label reaches SQL text through a type name. In the same
    view the text columns of a DuckDB table, view or relation are compared byte for byte
    (``COLLATE c``): ``COLLATE NOCASE`` (NOACCENT, ICU) would group 'Ann', 'ANN' and 'ann' as one
    value, which a release still shows as three. A collation is not in the type DuckDB describes,
    so every VARCHAR column of such a source is read this way (files and DataFrames carry none).
    A :class:`~sqlpriv.engine.csv_files.CsvFile` is read with its options.
    """
    src = _enums_as_text(_bind_source(source.relation(con) if isinstance(source, CsvFile) else source, con, name=name))
    refuse_reserved(src.column_names(), src.label)
    return src


def _enums_as_text(src: Source) -> Source:
    hostile = [name for name, type_ in src.columns if "ENUM(" in type_.upper()]
    binary = [name for name, type_ in src.columns if src.stored and type_.upper() == "VARCHAR"]
    if not hostile and not binary:
        return src
    view = fresh_name(src.con, "sqlpriv_source", "_text")
    view = f"{view}_text"
    stmt = render("engine/text_view.sql", view=view, relation=src.ref, columns=hostile, binary=binary)
    src.con.execute(stmt)
    out = Source(src.con, view, src.label, statements=[*src.statements, stmt], comment=src.comment, frozen=src.frozen)
    out.columns = _describe(src.con, out.ref, src.label)
    return out


def _bind_source(source: Any, con: duckdb.DuckDBPyConnection, *, name: str | None = None, sniff: bool = True) -> Source:
    view = name or fresh_name(con, "sqlpriv_source")
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    if isinstance(source, str):
        if not looks_like_path(source):
            attached = attached_relation(con, source)
            if attached is not None:
                return _bind_attached(con, view, source, *attached)
        if not looks_like_path(source) and _table_exists(con, source):
            if _is_view(con, source):  # a view is evaluated again at each scan: read it once
                return _frozen(con, view, quote(source), f"view {source!r}", [])
            return Source(con, source, f"table {source!r}", columns=_describe(con, quote(source), source), stored=True)
        path = source
        magic = checked_glob(path)
        allow_source(con, path)
        reader = reader_for(path)
        csv = sniffed_csv(con, path) if sniff and reader == "read_csv" and not magic else None
        stmt = render("engine/source_view.sql", view=view, reader=reader, path=path, csv=csv)
        try:
            con.execute(stmt)
        except duckdb.Error as exc:
            if csv is None:
                raise SourceError(f"cannot read {path!r}: {str(exc).splitlines()[0]}") from None
            return _bind_source(source, con, name=view, sniff=False)
        src = Source(con, view, repr(path), statements=[stmt], parquet=path if reader == "read_parquet" else None)
        # a pinned view's columns are the sniffed ones (tests/test_sources_pinned_csv.py): no describe
        src.columns = list(csv["columns"]) if csv is not None else _describe(con, src.ref, repr(path))
        check_csv_columns(con, src.ref, src.label, src.columns, reader)  # a ragged line; numbers read as text
        if any(RENAMED.search(name) for name in src.column_names()):  # x_1: maybe a repeated x renamed
            files = header_names(con, reader, path, csv)
            for file, names in files:  # each file's own header (a glob repeats names across files)
                refuse_duplicate_names(names, repr(file) if len(files) > 1 else repr(path))
        return src
    if isinstance(source, duckdb.DuckDBPyRelation):
        refuse_duplicate_names([str(n) for n in source.columns], "a DuckDB relation")
        label = "a DuckDB relation"
        over = fresh_name(con, "sqlpriv_relation")
        try:
            source.to_view(over, replace=True)
            con.execute(render("engine/exists.sql", relation=quote(over)))
        except duckdb.Error:
            con.register(view, source.to_arrow_table())
        else:  # a relation is a query evaluated again at each scan (a view, random()): read it once
            try:
                return _frozen(con, view, quote(over), label, [])
            finally:
                con.execute(render("engine/drop_view.sql", view=over))
    else:
        module = type(source).__module__.split(".")[0]
        if module not in ("pandas", "pyarrow", "polars"):
            raise SourceError(
                f"cannot use a {type(source).__name__} as a source; pass a file path, a pandas "
                "DataFrame, a pyarrow Table, a DuckDB relation, or a table name with con="
            )
        label = f"a {module} {type(source).__name__}"
        refuse_duplicate_names(frame_names(source), label)
        try:
            con.register(view, source)
        except duckdb.Error as exc:  # a dtype DuckDB cannot scan (period, interval, complex, sparse)
            raise SourceError(unreadable_frame(source, label, exc)) from None
    src = Source(
        con,
        view,
        label,
        comment=f"-- source: {label}, registered on the connection as {quote(view)}",
        stored=isinstance(source, duckdb.DuckDBPyRelation),
    )
    src.columns = _describe(con, src.ref, label)
    return src


def _bind_attached(
    con: duckdb.DuckDBPyConnection, view: str, source: str, attach: str, ref: str, stored: str
) -> Source:
    """A table or view of the attached ``.duckdb`` file as a temp view over its qualified name.

    The connection is locked down FIRST: a view (or a macro it calls) in a crafted file is bound
    only once no file outside the allowed paths can be opened, so it can neither read another
    file nor turn that file's content into column names.
    """
    lock_down(con)
    return _frozen(con, view, ref, f"table {source!r}", [attach])


def _frozen(con: duckdb.DuckDBPyConnection, view: str, ref: str, label: str, before: list[str]) -> Source:
    """The relation ``ref`` (a table or view of a database, a relation's view) read ONCE into the
    temp table ``view`` (engine/attached_view.sql), which the search, the figures and the release
    all read: nothing read from a user's database can change between two reads (a crafted view
    calling ``current_query()``, ``random()`` or the time returns one set of rows, measured and
    released alike). ``before``: the statements a printed script runs first (the attach)."""
    stmt = render("engine/attached_view.sql", view=view, relation=ref)
    try:
        con.execute(stmt)
    except duckdb.Error as exc:
        raise SourceError(f"cannot read {label} of the database: {str(exc).splitlines()[0]}") from None
    src = Source(con, view, label, statements=[*before, stmt], stored=True, frozen=True)
    src.columns = _describe(con, src.ref, label)
    return src


def _is_view(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    """True when ``name`` on a user's connection is a view (read from the catalog, nothing bound)."""
    try:
        row = con.execute(render("engine/is_view.sql"), [name]).fetchone()
    except duckdb.Error:
        return False
    return bool(row and row[0])


class NamedColumns(Protocol):
    """What a column lookup reads from a source of either engine: its label and column names."""

    label: str

    def column_names(self) -> list[str]: ...


def source_column(src: NamedColumns, name: str) -> str:
    """The column of ``src`` that ``name`` means (:func:`sqlpriv.engine.checks.match_column`)."""
    return checks.match_column(src.column_names(), name, src.label)


def resolve_columns(src: Source, columns: ColumnsArg, *, exclude: Sequence[str] = ()) -> list[ColumnSpec]:
    """Validate ``columns`` (names and ``{name: expression}`` entries) against ``src``.

    ``None`` means every source column except those in ``exclude``.
    """
    if columns is None:
        specs = [ColumnSpec(n, quote(n)) for n in src.column_names() if n not in exclude]
    else:
        items: list[Any] = [columns] if isinstance(columns, (str, Mapping)) else list(columns)
        check_request_size(items, len(src.column_names()))
        specs = []
        for item in items:
            if isinstance(item, str):
                real = source_column(src, item)
                specs.append(ColumnSpec(real, quote(real)))
            elif isinstance(item, Mapping):
                for out_name, expr in item.items():
                    if not isinstance(out_name, str) or not isinstance(expr, str) or not expr.strip():
                        raise ColumnError(
                            f"column expression entries must map a name to SQL text, got {out_name!r}: {expr!r}"
                        )
                    check_scalar_expression(expr, src.column_names(), what=f"column expression {out_name!r}")
                    specs.append(ColumnSpec(out_name, f"({expr})", is_expression=True))
            else:
                raise ColumnError(f"columns entries must be names or {{name: expression}} mappings, got {item!r}")
    if not specs:
        raise ColumnError(f"no columns to analyse in {src.label}; pass columns=[...]")
    refuse_reserved([spec.name for spec in specs], "the request")
    seen: set[str] = set()
    for spec in specs:
        if spec.name.lower() in seen:
            raise ColumnError(f"column {spec.name!r} is listed twice; give each analysed column a distinct name")
        seen.add(spec.name.lower())
    for spec in specs:
        if spec.is_expression:
            check_expression(src, spec.expr, what=f"column expression {spec.name!r}")
    return specs


def check_request_size(items: Sequence[Any], width: int | None = None) -> None:
    """Refuse an explicit list of more fields than :func:`~sqlpriv.engine.limits.fields_allowed`
    (MAX_FIELDS, or the table's ``width`` when larger: naming all its columns is as no list).

    >>> check_request_size(["a"] * 129)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: the column list names 129 fields; at most 128 are allowed in one list (sqlpriv.engine.limits.MAX_FIELDS, or the table's column count when it has more): split it into several calls
    """
    count, allowed = sum(len(item) if isinstance(item, Mapping) else 1 for item in items), fields_allowed(width)
    if count > allowed:
        raise ParameterError(
            f"the column list names {count} fields; at most {allowed} are allowed in one list "
            "(sqlpriv.engine.limits.MAX_FIELDS, or the table's column count when it has more): split it into several calls"
        )


def check_expression(src: Source, expr: str, *, what: str) -> str:
    """Bind ``expr`` against the source; return its DuckDB type or raise ColumnError.

    ``expr`` must first pass the sandbox (:mod:`sqlpriv.engine.sandbox`): a scalar expression
    over the source's columns only, else :class:`~sqlpriv.errors.UnsafeExpressionError`.
    Binding only describes the query; nothing is executed.
    """
    check_scalar_expression(expr, src.column_names(), what=what)
    if src.name.lower() in qualified_heads(expr):  # a column named as its table: DuckDB reads the table's
        raise ColumnError(
            f"{what} {expr!r} is ambiguous: {src.name!r} is both the table and one of its columns, and "
            f"DuckDB reads {src.name}.x as the table's column x; rename the column or use struct_extract()"
        )
    try:
        row = src.con.execute(render("engine/describe.sql", relation=src.ref, expr=expr)).fetchone()
    except duckdb.Error as exc:
        raise ColumnError(
            f"{what} {expr!r} is not valid SQL over {src.label}: {str(exc).splitlines()[0]}; "
            "available columns: " + ", ".join(repr(n) for n in src.column_names())
        ) from None
    if row is None:
        raise ColumnError(f"{what} {expr!r} gives no type over {src.label}; give a scalar SQL expression")
    if "//" in expr:  # DuckDB's // does not floor a DOUBLE: age // 5 would coarsen nothing
        types = {name.lower(): kind for name, kind in src.columns}
        message = floor_division_warning(parse(expr), types, str(row[1]), what, expr)
        if message:
            warnings.warn(message, SqlprivWarning, stacklevel=caller_stacklevel())
    return str(row[1])


def read_columns(src: Source, spec: ColumnSpec) -> list[str]:
    """The source columns a field reads, in order of first use: its own column, or the columns
    an expression's references resolve to (:func:`sqlpriv.engine.sandbox.read_columns`: a struct
    path ``p.pid`` reads ``p``), confirmed by DuckDB's binder: the expression must bind over a
    relation that holds only those columns, else it is refused (it would read something else).

    >>> import duckdb, pandas as pd
    >>> con = duckdb.connect()
    >>> src = resolve_source(pd.DataFrame({"p": [{"pid": 1, "id": 2}], "id": [3], "pid": [4]}), con)
    >>> read_columns(src, ColumnSpec("x", "(p.pid // 100 + p.id)", True))
    ['p']
    """
    if not spec.is_expression:
        return [spec.name]
    names = read_expression_columns(spec.expr, src.column_names())
    try:
        src.con.execute(render("engine/bind_columns.sql", relation=src.ref, columns=names, expr=spec.expr))
    except duckdb.Error as exc:
        raise ColumnError(
            f"field {spec.name!r}: cannot tell which columns {spec.expr!r} reads "
            f"({str(exc).splitlines()[0]}); refer to the source's columns by name"
        ) from None
    return names
