"""Options and output shared by every sub-command.

>>> import pandas as pd
>>> print(format_frame(pd.DataFrame({"a": [1.23456789]}), "csv").strip())
a
1.23456789
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pandas loads on first use: the report imports it beside its first SQL
    import pandas as pd

from sqlpriv.cli.json_out import json_key, json_records, print_json
from sqlpriv.errors import SqlprivWarning


def add_source(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", metavar="SOURCE", help="CSV / Parquet / JSON file or glob, or a table name with --db")
    parser.add_argument("--db", metavar="FILE.duckdb", help="read SOURCE as a table of this DuckDB file (read-only)")
    csv = parser.add_argument_group("reading a CSV SOURCE (each option left out is sniffed)")
    csv.add_argument("--delimiter", metavar="CHAR", help="the field delimiter, e.g. ',' or ';'")
    csv.add_argument("--no-header", dest="header", action="store_false", default=None, help="the first line is data")
    csv.add_argument(
        "--null-string",
        action="append",
        metavar="TEXT",
        help="a text read as NULL (repeatable), e.g. --null-string NA for a CSV written by R",
    )
    csv.add_argument(
        "--types", action="append", metavar="COL=TYPE", help="a column's DuckDB type (repeatable), e.g. age=DOUBLE"
    )


def csv_source(args: argparse.Namespace) -> Any:
    """``args.source``, or a :class:`sqlpriv.CsvFile` of it when a CSV reading option was given."""
    from sqlpriv.engine.csv_files import CsvFile
    from sqlpriv.errors import ParameterError

    given = [getattr(args, n, None) for n in ("delimiter", "header", "null_string", "types")]
    if all(v is None for v in given):
        return args.source
    if getattr(args, "db", None):
        raise ParameterError("--delimiter, --no-header, --null-string and --types read a CSV file; not with --db")
    types: dict[str, str] = {}
    for item in args.types or []:
        col, sep, type_ = item.partition("=")
        if not sep or not col.strip() or not type_.strip():
            raise ParameterError(f"--types takes COL=TYPE (e.g. age=DOUBLE), got {item!r}")
        types[col.strip()] = type_.strip()
    return CsvFile(args.source, delimiter=args.delimiter, header=args.header, null_string=args.null_string, types=types)


class ColumnName(str):
    """A column name given in double quotes on the command line: taken literally (never split
    on commas, never read as NAME=EXPR)."""


def split_columns(text: str, quotes: str = "'\"") -> list[str]:
    """One ``-c`` value as a list of column items: split on commas outside parentheses,
    brackets and quotes; a double-quoted item is a literal column name (``""`` is a quote).

    >>> split_columns("a,b, c")
    ['a', 'b', 'c']
    >>> split_columns("zip3=left(zip, 3),age")
    ['zip3=left(zip, 3)', 'age']
    >>> split_columns('"a,b",c'), type(split_columns('"x=1"')[0]).__name__
    (['a,b', 'c'], 'ColumnName')
    >>> split_columns("largest spot's size,area")  # a lone apostrophe is part of the name
    ["largest spot's size", 'area']
    >>> split_columns("a,,b")
    Traceback (most recent call last):
    ...
    ValueError: empty column name in 'a,,b'
    """
    items: list[str] = []
    buf: list[str] = []
    depth, quote_char, i = 0, "", 0
    while i < len(text):
        ch = text[i]
        if quote_char:
            buf.append(ch)
            if ch == quote_char:
                if text[i + 1 : i + 2] == quote_char:  # doubled quote inside quotes
                    buf.append(ch)
                    i += 1
                else:
                    quote_char = ""
        elif ch in quotes:
            quote_char = ch
            buf.append(ch)
        elif ch in "([{":
            depth += 1
            buf.append(ch)
        elif ch in ")]}":
            depth -= 1
            buf.append(ch)
        elif ch == "," and depth <= 0:
            items.append("".join(buf))
            buf = []
        else:
            buf.append(ch)
        i += 1
    if quote_char == "'":  # an apostrophe in a name (largest spot's size), not a SQL string
        return split_columns(text, quotes='"')
    if quote_char:
        raise ValueError(f"unbalanced {quote_char} quote in {text!r}")
    items.append("".join(buf))
    out: list[str] = []
    for raw in items:
        item = raw.strip()
        if not item:
            raise ValueError(f"empty column name in {text!r}")
        if len(item) >= 2 and item[0] == item[-1] == '"' and '"' not in item[1:-1].replace('""', ""):
            out.append(ColumnName(item[1:-1].replace('""', '"')))
        else:
            out.append(item)
    return out


class ColumnsAction(argparse.Action):
    """``-c a,b -c c`` -> ``["a", "b", "c"]`` (repeatable, comma lists; see split_columns)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        try:
            items = split_columns(values)
        except ValueError as exc:
            parser.error(f"{option_string} {values!r}: {exc}")
        current = list(getattr(namespace, self.dest, None) or [])
        setattr(namespace, self.dest, current + items)


COLUMNS_HELP = (
    "analysed column; repeat -c or give a comma list (-c a,b -c c); default all. NAME=SQL adds a computed "
    "column, e.g. 'age5=age // 5' (commas inside parentheses stay in the expression). A name that contains "
    "a comma or '=': put it in double quotes, -c '\"a,b\"'"
)


def add_columns(parser: argparse.ArgumentParser, *, required: bool = False, help: str = COLUMNS_HELP) -> None:
    parser.add_argument(
        "-c",
        "--column",
        dest="columns",
        action=ColumnsAction,
        metavar="COL[,COL...]",
        required=required,
        help=help,
    )
    parser.set_defaults(_parser=parser)


def add_output(parser: argparse.ArgumentParser, formats: tuple[str, ...] = ("table", "csv", "json")) -> None:
    parser.add_argument("--format", choices=formats, default=formats[0], help="output format (default %(default)s)")
    parser.add_argument("--sql", action="store_true", help="print the complete SQL script instead of running it")
    add_duckdb_options(parser)
    add_engine(parser)


def add_duckdb_options(parser: argparse.ArgumentParser) -> None:
    """``--threads``, ``--memory-limit`` and ``--temp-directory`` (see :func:`connection_options`)."""
    parser.add_argument("--threads", type=int, help="DuckDB threads")
    parser.add_argument("--memory-limit", help="DuckDB memory limit, e.g. 4GB")
    parser.add_argument("--temp-directory", help="where DuckDB may spill when memory is short")


def add_key(parser: argparse.ArgumentParser) -> None:
    """``--key``: the key column carried into per-row output."""
    parser.add_argument("--key", help="key column carried into per-row output (default: 0-based row position)")


def add_strategy_and_dropna(parser: argparse.ArgumentParser, counted: str) -> None:
    """``--strategy`` (how the ``counted`` are counted) and ``--dropna`` of the request measures."""
    parser.add_argument(
        "--strategy",
        choices=("auto", "union", "grouping_sets"),
        default="auto",
        help=f"one GROUP BY per {counted}, or one GROUPING SETS pass (default: by source type)",
    )
    parser.add_argument(
        "--dropna",
        action="store_true",
        help="leave out rows with NULL in an analysed column (default: NULL is a category)",
    )


def add_engine(parser: argparse.ArgumentParser) -> None:
    """``--engine duckdb|spark`` with ``--spark-master`` and ``--spark-conf`` (docs/spark.md)."""
    parser.add_argument(
        "--engine",
        choices=("duckdb", "spark"),
        default="duckdb",
        help="where the SQL runs: DuckDB in-process (default) or Apache Spark (pip install 'sqlpriv[spark]')",
    )
    parser.add_argument(
        "--spark-master",
        metavar="URL",
        help="Spark master with --engine spark (default local[*], or what spark-submit set)",
    )
    parser.add_argument(
        "--spark-conf",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a Spark setting with --engine spark (repeatable), e.g. spark.executor.memory=8g",
    )


# Spark settings for --engine spark unless --spark-conf says otherwise (docs/spark.md): no
# console progress bars on the terminal the results are printed to
SPARK_DEFAULTS = {"spark.ui.showConsoleProgress": "false"}


def local_cores(master: str) -> int:
    """The worker threads of a local Spark master: ``local`` 1, ``local[4]`` 4, ``local[*]`` all.

    >>> local_cores("local[2]"), local_cores("local"), local_cores("local[3,2]")
    (2, 1, 3)
    """
    inner = master[len("local[") : -1] if master.startswith("local[") else "1"
    first = inner.split(",")[0].strip()
    return int(first) if first.isdigit() else (os.cpu_count() or 2)


def spark_session(args: argparse.Namespace) -> Any:
    """The SparkSession for ``--engine spark``: pyspark imported only here."""
    from sqlpriv.errors import ParameterError

    try:
        from pyspark import SparkConf
        from pyspark.sql import SparkSession
    except ImportError:
        raise ParameterError("--engine spark needs pyspark (and Java 17+): pip install 'sqlpriv[spark]'") from None
    builder = SparkSession.builder.appName("sqlpriv")
    master = args.spark_master or (None if SparkConf().contains("spark.master") else "local[*]")
    if master:
        builder = builder.master(master)
    settings = dict(SPARK_DEFAULTS)
    if master and master.startswith("local"):  # few cores: a few shuffle partitions, not 200 (docs/spark.md)
        settings["spark.sql.shuffle.partitions"] = str(2 * local_cores(master))
    for item in args.spark_conf:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ParameterError(f"--spark-conf takes KEY=VALUE, got {item!r}")
        settings[key.strip()] = value
    for key, value in settings.items():
        builder = builder.config(key, value)
    session = builder.getOrCreate()
    session.sparkContext.setLogLevel("ERROR")
    return session


def engine(args: argparse.Namespace) -> str:
    return getattr(args, "engine", "duckdb")


def parse_columns(items: list[str] | None) -> list[Any] | None:
    """``["a", "age5=age // 5"]`` -> ``["a", {"age5": "age // 5"}]``."""
    if not items:
        return None
    out: list[Any] = []
    for item in items:
        if isinstance(item, ColumnName):
            out.append(str(item))
            continue
        name, sep, expr = item.partition("=")
        if sep and name.strip() and expr.strip() and not name.strip().endswith(("<", ">", "!")):
            out.append({name.strip(): expr.strip()})
        else:
            out.append(item)
    return out


def connection_options(args: argparse.Namespace) -> dict[str, Any]:
    if engine(args) == "spark":
        from sqlpriv.errors import ParameterError

        if args.db or args.threads or args.memory_limit or args.temp_directory:
            raise ParameterError(
                "--db, --threads, --memory-limit and --temp-directory are DuckDB options; "
                "with --engine spark use --spark-master and --spark-conf"
            )
        return {"spark": spark_session(args)}
    return {
        "con": args.db,
        "threads": args.threads,
        "memory_limit": args.memory_limit,
        "temp_directory": args.temp_directory,
    }


_CONTROLS = frozenset(
    {
        *range(0x00, 0x20),
        0x7F,
        *range(0x80, 0xA0),
        0x061C,
        0x200E,
        0x200F,
        *range(0x202A, 0x202F),
        *range(0x2066, 0x206A),
    }
)


def escape_controls(text: str, keep: str = "") -> str:
    r"""``text`` with control characters escaped as ``\xNN`` / ``\uNNNN`` (C0 and C1 controls,
    DEL, bidirectional overrides), so that data printed on a terminal cannot move the cursor,
    rewrite earlier lines or reorder text; characters in ``keep`` stay as they are.

    >>> escape_controls("a\x1b[2Jb\rc\u202ed")
    'a\\x1b[2Jb\\x0dc\\u202ed'
    >>> escape_controls("x\ny", keep="\n")
    'x\ny'
    """
    if not any(ord(ch) in _CONTROLS for ch in text):
        return text
    return "".join(
        ch
        if ord(ch) not in _CONTROLS or ch in keep
        else (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
        for ch in text
    )


def _escaped_frame(df: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``df`` whose text cells and column names have their control characters escaped."""
    out = df.rename(columns=lambda c: escape_controls(c) if isinstance(c, str) else c)
    for col in range(out.shape[1]):
        series = out.iloc[:, col]
        if series.dtype == object or str(series.dtype).startswith(("string", "str")):
            out.isetitem(col, series.map(lambda v: escape_controls(v) if isinstance(v, str) else v))
    return out


def format_frame(df: pd.DataFrame, fmt: str) -> str:
    if fmt == "table" or (fmt == "csv" and sys.stdout.isatty()):
        df = _escaped_frame(df)
    if fmt == "csv":
        return df.to_csv(index=False)
    if fmt == "json":
        return df.to_json(orient="records", indent=2, double_precision=15) + "\n"
    import pandas as pd

    with pd.option_context("display.max_rows", 200, "display.max_columns", 50, "display.width", 200):
        return df.to_string(index=False, float_format=lambda x: f"{x:.4f}") + "\n"


def print_tables(
    tables: Sequence[tuple[str, pd.DataFrame] | tuple[str, pd.DataFrame, str]],
    fmt: str,
    extra: dict[str, Any] | None = None,
) -> None:
    """The tables in ``fmt``; with json, one object of them (each under its key: the third item of
    its tuple, else :func:`json_key` of its title) plus the fields in ``extra`` (the verdict)."""
    if fmt == "json":
        payload = {(entry[2] if len(entry) > 2 else json_key(entry[0])): json_records(entry[1]) for entry in tables}
        print_json({**payload, **(extra or {})})
        return
    for i, (title, df, *_) in enumerate(tables):
        if fmt == "table":
            print(("\n" if i else "") + f"# {escape_controls(title)}")
        elif len(tables) > 1:
            print(f"# {escape_controls(title)}")
        sys.stdout.write(format_frame(df, fmt))


#: the first line of every DuckDB script sqlpriv prints
SHELL_HEADER = "-- generated by sqlpriv; run with: duckdb < this_file.sql"
#: what follows it in a printed script: the shell stops at the first error (a guard's, when the data
#: changed since the script was printed) instead of running every later statement into
#: "table ... does not exist"
BAIL = "-- .bail on: the DuckDB shell stops at the first error (a guard's) instead of running on\n.bail on"


def shell_script(text: str) -> str:
    r"""A DuckDB script as printed for the shell: ``.bail on`` after its header line (a Spark
    script, or any other text, is returned as it is).

    >>> print(shell_script(SHELL_HEADER + "\nselect 1;\n"), end="")
    -- generated by sqlpriv; run with: duckdb < this_file.sql
    -- .bail on: the DuckDB shell stops at the first error (a guard's) instead of running on
    .bail on
    select 1;
    """
    if not text.startswith(SHELL_HEADER + "\n") or "\n.bail on\n" in text:
        return text
    head, _, rest = text.partition("\n")
    return f"{head}\n{BAIL}\n{rest}"


def print_sql(text: str) -> None:
    """Print a ``--sql`` script (:func:`shell_script`)."""
    print(shell_script(text), end="")


def wrote(path: Any, what: str, rows: int | None = None) -> None:
    """Confirm on stderr a file an option wrote: ``sqlpriv: wrote per-row values (1,066 rows) to phi.parquet``."""
    size = f" ({rows:,} rows)" if rows is not None else ""
    print(escape_controls(f"sqlpriv: wrote {what}{size} to {path}"), file=sys.stderr)


def reading(text: str, fmt: str) -> None:
    """The closing line of a summary: how to read it. On stdout after a table; on stderr with
    --format csv / json, so machine-readable output stays clean. Control characters of the data
    (a column name, a label) are escaped: user text never reaches the terminal raw."""
    text = escape_controls(text, keep="\n")
    if fmt == "table":
        print(f"\n{text}")
    else:
        print(f"sqlpriv: {text}", file=sys.stderr)


def joint_figures(frame: Any) -> tuple[int, int, int]:
    """Rows, rows unique on the analysed columns together and the smallest class, from the
    patterns of a cohort frame (engine/pattern_uniqueness.sql)."""
    from sqlpriv.engine.templates import call, render, use_dialect

    frame.plan.ensure(["patterns"])
    # a Spark frame's plan reads Spark SQL (sqlpriv.engine.spark.cohorts)
    with use_dialect(getattr(frame, "dialect", "duckdb")):
        query = render("engine/pattern_uniqueness.sql", patterns=call("quote", name=frame.names["patterns"]))
    n, unique, k = frame.plan.rows(query)[0]
    return int(n), int(unique), int(k)


def uniqueness_line(frame: Any, figures: tuple[int, int, int] | None = None) -> str:
    """The share of rows unique on the analysed columns together and their k-anonymity
    (:func:`joint_figures`, or ``figures`` when already computed)."""
    n, unique, k = figures or joint_figures(frame)
    from sqlpriv.engine.scales import percent

    return (
        f"{unique:,} of the {n:,} rows ({percent(unique / n)}) {'is' if unique == 1 else 'are'} unique on the "
        f"{frame.d} analysed columns together; their k-anonymity (smallest class) is {k:,}"
    )


def dropped_note(dropped: int, kept: int) -> None:
    """Say on stderr how many rows --dropna left out (nothing when none)."""
    from sqlpriv.engine.scales import percent

    if dropped:
        total = dropped + kept
        print(
            f"sqlpriv: --dropna left out {dropped:,} of {total:,} rows ({percent(dropped / total)}) with a NULL "
            "in an analysed column; the figures are on the other rows",
            file=sys.stderr,
        )


def show_warnings(fn: Callable[[], Any]) -> Any:
    """Run ``fn``, printing sqlpriv warnings to stderr as one line each; other warnings (pyspark's
    FutureWarning, ...) are shown as Python shows them, once the recording has ended (re-issued
    while recording, each would be recorded again, in the list being read: a loop without end).

    >>> import warnings
    >>> show_warnings(lambda: warnings.warn("x", FutureWarning) or 1)
    1
    """
    caught: list[warnings.WarningMessage] = []
    try:
        with warnings.catch_warnings(record=True) as recorded:
            warnings.simplefilter("always", SqlprivWarning)
            try:
                return fn()
            finally:
                caught = list(recorded)
    finally:
        for w in caught:
            if issubclass(w.category, SqlprivWarning):
                print(f"sqlpriv: warning: {escape_controls(str(w.message), keep=chr(10))}", file=sys.stderr)
            else:
                warnings.showwarning(w.message, w.category, w.filename, w.lineno, w.file, w.line)
