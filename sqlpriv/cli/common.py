"""Options and output shared by every sub-command.

>>> import pandas as pd
>>> print(format_frame(pd.DataFrame({"a": [1.23456789]}), "csv").strip())
a
1.23456789
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from typing import Any, Callable

import pandas as pd

from sqlpriv.errors import SqlprivWarning


def add_source(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", metavar="SOURCE", help="CSV / Parquet / JSON file or glob, or a table name with --db")
    parser.add_argument("--db", metavar="FILE.duckdb", help="read SOURCE as a table of this DuckDB file (read-only)")


def add_columns(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-c",
        "--column",
        dest="columns",
        action="append",
        metavar="COL",
        help="analysed column (repeatable; default all). NAME=SQL adds a computed column, e.g. 'age5=age // 5'",
    )


def add_output(parser: argparse.ArgumentParser, formats: tuple[str, ...] = ("table", "csv", "json")) -> None:
    parser.add_argument("--format", choices=formats, default=formats[0], help="output format (default %(default)s)")
    parser.add_argument("--sql", action="store_true", help="print the complete SQL script instead of running it")
    parser.add_argument("--threads", type=int, help="DuckDB threads")
    parser.add_argument("--memory-limit", help="DuckDB memory limit, e.g. 4GB")
    parser.add_argument("--temp-directory", help="where DuckDB may spill when memory is short")
    add_engine(parser)


def add_engine(parser: argparse.ArgumentParser) -> None:
    """``--engine duckdb|spark`` with ``--spark-master`` and ``--spark-conf`` (docs/spark.md)."""
    parser.add_argument("--engine", choices=("duckdb", "spark"), default="duckdb",
                        help="where the SQL runs: DuckDB in-process (default) or Apache Spark (pip install 'sqlpriv[spark]')")
    parser.add_argument("--spark-master", metavar="URL",
                        help="Spark master with --engine spark (default local[*], or what spark-submit set)")
    parser.add_argument("--spark-conf", action="append", default=[], metavar="KEY=VALUE",
                        help="a Spark setting with --engine spark (repeatable), e.g. spark.executor.memory=8g")


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
    for item in args.spark_conf:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ParameterError(f"--spark-conf takes KEY=VALUE, got {item!r}")
        builder = builder.config(key.strip(), value)
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
            raise ParameterError("--db, --threads, --memory-limit and --temp-directory are DuckDB options; "
                                 "with --engine spark use --spark-master and --spark-conf")
        return {"spark": spark_session(args)}
    return {
        "con": args.db,
        "threads": args.threads,
        "memory_limit": args.memory_limit,
        "temp_directory": args.temp_directory,
    }


def format_frame(df: pd.DataFrame, fmt: str) -> str:
    if fmt == "csv":
        return df.to_csv(index=False)
    if fmt == "json":
        return df.to_json(orient="records", indent=2, double_precision=15) + "\n"
    with pd.option_context("display.max_rows", 200, "display.max_columns", 50, "display.width", 200):
        return df.to_string(index=False, float_format=lambda x: f"{x:.4f}") + "\n"


def print_tables(tables: list[tuple[str, pd.DataFrame]], fmt: str) -> None:
    if fmt == "json":
        payload = {title: json.loads(df.to_json(orient="records", double_precision=15)) for title, df in tables}
        print(json.dumps(payload, indent=2))
        return
    for i, (title, df) in enumerate(tables):
        if fmt == "table":
            print(("\n" if i else "") + f"# {title}")
        elif len(tables) > 1:
            print(f"# {title}")
        sys.stdout.write(format_frame(df, fmt))


def show_warnings(fn: Callable[[], Any]) -> Any:
    """Run ``fn``, printing sqlpriv warnings to stderr as one line each."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", SqlprivWarning)
        try:
            return fn()
        finally:
            for w in caught:
                if issubclass(w.category, SqlprivWarning):
                    print(f"sqlpriv: warning: {w.message}", file=sys.stderr)
                else:
                    warnings.showwarning(w.message, w.category, w.filename, w.lineno)
