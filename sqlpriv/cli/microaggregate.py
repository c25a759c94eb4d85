"""``sqlpriv microaggregate``: MDAV microaggregation of numeric columns (sdcMicro's
``microaggregation(method = "mdav")``; docs/measures.md, cells)."""

from __future__ import annotations

import argparse

from sqlpriv.cli import common


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "microaggregate",
        help="MDAV microaggregation: replace numeric columns by their group's mean (groups of at least aggr rows)",
        description="Group the rows of SOURCE by MDAV on the numeric COLUMNS (standardised) into groups of at "
        "least --aggr rows and replace each value by its group's mean or median; prints sdcMicro's IL1s, the "
        "groups and the smallest group, writes the table with --out, prints its SQL (one statement per round) "
        "with --sql.",
    )
    common.add_source(p)
    common.add_columns(p, required=True, help="the numeric columns to microaggregate together")
    p.add_argument("--aggr", type=int, default=3, help="the group size (default 3)")
    p.add_argument("--measure", choices=("mean", "median"), default="mean", help="what replaces the values")
    p.add_argument(
        "--method", choices=("mdav", "onedims"), default="mdav", help="mdav (default) or onedims: each column alone"
    )
    p.add_argument(
        "--strata", action="append", default=[], metavar="COL", help="microaggregate within each stratum (repeatable)"
    )
    p.add_argument("--out", metavar="OUT", help="write the released table (Parquet, or CSV if OUT ends in .csv)")
    p.add_argument("--format", choices=("table", "csv", "json"), default="table", help="output format")
    p.add_argument("--sql", action="store_true", help="print the SQL script of the released table")
    common.add_engine(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import pandas as pd

    from sqlpriv.microaggregation import microaggregate

    columns = [str(c) for c in common.parse_columns(args.columns) or []]
    on_spark = common.engine(args) == "spark"
    if on_spark and args.db:
        from sqlpriv.errors import ParameterError

        raise ParameterError("--db is a DuckDB option; with --engine spark use --spark-master and --spark-conf")
    where = {"spark": common.spark_session(args)} if on_spark else {"con": args.db}
    result = microaggregate(
        args.source,
        columns,
        aggr=args.aggr,
        measure=args.measure,
        strata=args.strata or None,
        method=args.method,
        **where,
    )
    released = result.released()
    if args.sql and on_spark:
        common.print_sql(released.sql)  # Spark writes --out itself: the SQL is the released table's
        return 0
    if args.sql:
        common.print_sql(
            released.plan.script(released.needs, released.copy_sql(args.out) if args.out else released.query)
        )
        return 0
    if args.out:
        common.wrote(released.write(args.out), "microaggregated table", int(result.spec["n"]))
    figures = result.il1s()
    table = pd.DataFrame({"figure": list(figures), "value": list(figures.values())})
    common.print_tables([("microaggregation", table)], args.format)
    common.reading(
        f"{figures['groups']:,} groups of at least {args.aggr} rows; IL1s sums |x - x'| / (sd(x) sqrt 2) over the "
        "cells (sdcMicro's dUtility): 0 is no change.",
        args.format,
    )
    return 0
