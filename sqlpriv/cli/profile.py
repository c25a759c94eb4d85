"""``sqlpriv profile``: Cave's privacy profile, one row per column."""

from __future__ import annotations

import argparse

from sqlpriv.cli import common


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "profile",
        help="privacy factor of every column (Cave 2023)",
        description="Privacy profile (Cave 2023): per column, the privacy factor (1/K) sum (1 - 1/f_c) over "
        "its K categories of counts f_c, the probability 1 - factor, shannons, harts, values and "
        "categories. A unique ID scores 0, a constant column 1 - 1/n. Estimate a request as the "
        "product of its fields' factors; gate it with 'sqlpriv request'.",
    )
    common.add_source(p)
    common.add_columns(p)
    common.add_strategy_and_dropna(p, "column")
    common.add_output(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from sqlpriv.request.measure import privacy_profile

    result = common.show_warnings(
        lambda: privacy_profile(
            args.source,
            common.parse_columns(args.columns),
            strategy=args.strategy,
            dropna=args.dropna,
            **common.connection_options(args),
        )
    )
    if args.sql:
        common.print_sql(result.sql)
        return 0
    frame = result.df()
    common.print_tables([("privacy profile", frame)], args.format)
    common.reading(
        f"n = {int(frame['values'].max()):,} rows. How to read: privacy_factor is Cave's factor of the column alone, "
        "0 for an identifier (every value unique), near 1 when every value is shared by many rows; a request scores "
        "the product of its fields' factors, and 'sqlpriv request' adds the exact figures of the fields together.",
        args.format,
    )
    return 0
