"""``sqlpriv sql``: SQL for the DuckDB shell.

``sqlpriv sql macros > sqlpriv.sql`` writes every helper macro as a
``CREATE OR REPLACE MACRO`` statement (``.read sqlpriv.sql`` in the shell);
``sqlpriv sql COMMAND ARGS...`` prints the complete script of any measure command
(the same as ``sqlpriv COMMAND ARGS... --sql``); ``sqlpriv sql query MEASURE SOURCE -c ...``
prints the single statement a dbt model of that measure runs (planned without reading the
data, so it stays valid as the data changes), after the macros and the source view.

>>> from sqlpriv.cli.sql import QUERIES
>>> sorted(QUERIES)[:3]
['cig', 'csf', 'profile']
>>> ALIASES["report"]  # the request gate's one-row report, not the HTML report
'request-report'
"""

from __future__ import annotations

import argparse
import os
from typing import Any, Callable

# measure -> (template macro, fixed arguments, arguments taken from the options)
QUERIES: dict[str, tuple[str, dict[str, Any], tuple[str, ...]]] = {
    "shapley": ("shapley_query", {"output": "per_row"}, ("key",)),
    "shapley-summary": ("shapley_query", {"output": "summary"}, ()),
    "shapley-by": ("shapley_query", {"output": "by"}, ("by",)),
    "cig": ("pif_query", {"measure": "cig"}, ("key",)),
    "wcig": ("pif_query", {"measure": "wcig"}, ("key",)),
    "csf": ("pif_query", {"measure": "csf"}, ("key",)),
    "profile": ("request_profile_query", {}, ()),
    "request-report": (
        "request_report_query",
        {},
        ("approve", "reject", "k", "max_unique_share", "min_k", "on_violation"),
    ),
    "small-classes": ("request_small_classes", {}, ("k",)),
}
#: former names still accepted (with a note): ``report`` was the request gate's one-row report,
#: easy to take for the HTML report of ``sqlpriv report``
ALIASES = {"report": "request-report"}


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "sql",
        help="print SQL for the DuckDB shell: the macro pack, any command's script, or one measure as one query",
        description="Print SQL for the DuckDB shell. 'sqlpriv sql macros' writes every helper macro; "
        "'sqlpriv sql shapley SOURCE ...' prints the script that 'sqlpriv shapley SOURCE ... --sql' prints; "
        "'sqlpriv sql query MEASURE SOURCE -c COL ...' prints one measure as the single statement its dbt "
        f"model runs (MEASURE: {', '.join(QUERIES)}).",
    )
    p.add_argument(
        "what", metavar="macros|query|COMMAND", help="'macros', 'query', or a measure command such as shapley"
    )
    p.add_argument("args", nargs=argparse.REMAINDER, help="the command's arguments")
    p.add_argument("--temp", action="store_true", help="with 'macros': create TEMP macros (session-only)")
    p.set_defaults(run=run)


def query_parser() -> argparse.ArgumentParser:
    from sqlpriv.cli import common

    p = argparse.ArgumentParser(prog="sqlpriv sql query", description="One measure as one SQL statement.")
    p.add_argument("measure", choices=sorted([*QUERIES, *ALIASES]))
    common.add_source(p)
    common.add_columns(
        p,
        required=True,
        help="analysed column; repeat -c or give a comma list (-c a,b -c c); "
        "plain names (a name with a comma in double quotes: -c '\"a,b\"')",
    )
    p.add_argument("--key", help="row key column of per-row measures (default: the 0-based position as 'row')")
    p.add_argument("--by", help="subgroup column or SQL expression (shapley-by), e.g. 'age < 32'")
    p.add_argument("--k", type=int, help="smallest allowed class size (request-report, small-classes; default 5)")
    p.add_argument("--approve", type=float, help="approve threshold (request-report; default 0.8)")
    p.add_argument("--reject", type=float, help="reject threshold (request-report; default 0.2)")
    p.add_argument(
        "--max-unique-share", type=float, metavar="X", help="gate policy (request-report): share of unique rows allowed"
    )
    p.add_argument("--min-k", type=int, metavar="K", help="gate policy (request-report): smallest class allowed")
    p.add_argument("--on-violation", choices=("review", "reject"), help="gate policy (request-report; default review)")
    common.add_engine(p)
    return p


OPTION_DEFAULTS = {"k": 5, "approve": 0.8, "reject": 0.2, "on_violation": "review"}


def query_script(argv: list[str]) -> str:
    """Macros + source view + the measure's single-statement query, for ``sqlpriv sql query``
    (with ``--engine spark``: the source view and the query in Spark SQL)."""
    from sqlpriv.cli import common

    args = query_parser().parse_args(argv)
    if args.measure in ALIASES:
        import sys

        print(
            f"sqlpriv: note: 'sql query {args.measure}' is now 'sql query {ALIASES[args.measure]}' (the request "
            "gate's one-row report; the HTML report is 'sqlpriv report')",
            file=sys.stderr,
        )
        args.measure = ALIASES[args.measure]
    _check_options(args)
    return _spark_script(args) if common.engine(args) == "spark" else _duckdb_script(args)


def _check_options(args: argparse.Namespace) -> None:
    """Refuse options the measure does not take or that are out of range; fill in the defaults."""
    from sqlpriv.errors import ParameterError

    options = QUERIES[args.measure][2]
    unused = [
        name
        for name in ("key", "by", "k", "approve", "reject", "max_unique_share", "min_k", "on_violation")
        if getattr(args, name) is not None and name not in options
    ]
    if unused:
        raise ParameterError(
            f"{', '.join('--' + n.replace('_', '-') for n in unused)} does not apply to {args.measure} "
            f"(it takes {', '.join('--' + n for n in options) or 'no options'})"
        )
    for name, value in OPTION_DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if "by" in options and not (args.by or "").strip():
        raise ParameterError("shapley-by needs --by COLUMN_OR_EXPRESSION, e.g. --by 'age < 32'")
    checks: dict[str, Callable[[], bool]] = {
        "k": lambda: args.k >= 1,
        "approve": lambda: 0 <= args.reject <= args.approve <= 1,
        "reject": lambda: 0 <= args.reject <= args.approve <= 1,
        "max_unique_share": lambda: args.max_unique_share is None or 0 <= args.max_unique_share <= 1,
        "min_k": lambda: args.min_k is None or args.min_k >= 1,
    }
    for name in options:
        if name in checks and not checks[name]():
            raise ParameterError(
                f"--{name.replace('_', '-')} is out of range (k >= 1; 0 <= reject <= approve <= 1; "
                "0 <= max-unique-share <= 1; min-k >= 1)"
            )


def _check_names(args: argparse.Namespace, names: list[str], key: str | None) -> None:
    """The column count the measure needs, and a key that is not an analysed column."""
    from sqlpriv.errors import ColumnError, ParameterError

    if key is not None and key in names:
        raise ColumnError(f"column {key!r} is both --key and an analysed column; drop one of them")
    if args.measure.startswith("shapley") and len(names) > 12:
        raise ParameterError(
            f"{len(names)} columns: the single statement is exact (2^d column subsets per row) and stops at 12; "
            "use 'sqlpriv shapley --method sample' for more columns"
        )
    if args.measure in ("cig", "wcig", "csf") and len(names) < 2:
        raise ParameterError("information factors need at least 2 columns (each is measured given the others)")


def _params(args: argparse.Namespace, key: str | None, by: str | None) -> dict[str, Any]:
    params: dict[str, Any] = {name: getattr(args, name) for name in QUERIES[args.measure][2]}
    if "key" in params:
        params["key"] = key
    if "by" in params:
        params["by"] = by
    return params


def _duckdb_script(args: argparse.Namespace) -> str:
    from sqlpriv.engine import macros
    from sqlpriv.engine.connection import connect, script_source
    from sqlpriv.engine.sources import check_expression, resolve_columns, resolve_source, source_column
    from sqlpriv.engine.templates import call, quote
    from sqlpriv.errors import ParameterError

    if args.spark_master or args.spark_conf:
        raise ParameterError("--spark-master and --spark-conf go with --engine spark")
    con = connect(args.db)
    src = resolve_source(args.source, con)
    specs = resolve_columns(src, args.columns)
    if any(s.is_expression for s in specs):
        raise ParameterError("sqlpriv sql query takes plain column names; add computed columns to the source first")
    names = [s.name for s in specs]
    key = source_column(src, args.key) if args.key is not None else None
    by = None
    if args.by is not None:
        by = quote(args.by) if args.by in src.column_names() else args.by
        check_expression(src, by, what="subgroup expression")
    _check_names(args, names, key)
    macro, fixed, _ = QUERIES[args.measure]
    query = call(macro, source=src.ref, columns=names, **fixed, **_params(args, key, by))
    parts = [
        "-- generated by sqlpriv; run with: duckdb < this_file.sql",
        "-- macros",
        macros.script(temp=True).rstrip(),
    ]
    parts += ["-- source"] + [s + ";" for s in script_source(con, src.statements)]
    parts += [f"-- {args.measure}: one statement (the query of the dbt macro)", query + ";"]
    return "\n".join(parts) + "\n"


def _spark_script(args: argparse.Namespace) -> str:
    """The Spark SQL: a temporary view over a file SOURCE (a table name is used as it is), then
    the measure's single statement rendered for Spark (docs/spark.md)."""
    from sqlpriv.cli import common
    from sqlpriv.engine.source_paths import reader_for
    from sqlpriv.engine.sources import source_column
    from sqlpriv.engine.spark import run as engine
    from sqlpriv.errors import ParameterError

    if args.db:
        raise ParameterError("--db is a DuckDB option; with --engine spark, SOURCE is a file or a Spark table name")
    spark = common.spark_session(args)
    src = engine.resolve_source(args.source, spark)
    src, names = engine.resolve_columns(src, [str(c) for c in args.columns])
    key = source_column(src, args.key) if args.key is not None else None
    by = None
    if args.by is not None:
        by = engine.quote(args.by) if args.by in src.column_names() else args.by
        engine.check_expression(src, by, what="subgroup expression")
    _check_names(args, names, key)
    parts = ["-- generated by sqlpriv for Spark SQL; run with: spark-sql -f this_file.sql"]
    ref = src.ref
    if src.comment:  # a file: a view any Spark SQL session can create
        path = args.source if "://" in args.source else os.path.abspath(args.source)
        ref = engine.quote("sqlpriv_source")
        view = engine.render_query(
            "engine_spark_file_view",
            name="sqlpriv_source",
            reader=reader_for(args.source),
            path=path,
            sep="\t" if ".tsv" in args.source.lower() else ",",
        )
        parts += ["-- source", view + ";"]
    macro, fixed, _ = QUERIES[args.measure]
    query = engine.render_query(macro, source=ref, columns=names, **fixed, **_params(args, key, by))
    parts += [f"-- {args.measure}: one statement (the query of the dbt macro)", query + ";"]
    return "\n".join(parts) + "\n"


def run(args: argparse.Namespace) -> int:
    from sqlpriv.cli import main
    from sqlpriv.engine import macros
    from sqlpriv.errors import ParameterError

    if args.what == "macros":
        print(macros.script(temp=args.temp), end="")
        return 0
    if args.what == "query":
        print(query_script(args.args), end="")  # one statement, no guard: no .bail on (plain SQL)
        return 0
    if args.what == "sql":
        raise ParameterError(
            "'sqlpriv sql sql' is not a command; use 'sqlpriv sql macros' or 'sqlpriv sql shapley ...'"
        )
    extra = [] if "--sql" in args.args else ["--sql"]
    return main([args.what, *args.args, *extra])
