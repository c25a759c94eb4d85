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
    p.add_argument("--strategy", choices=("auto", "union", "grouping_sets"), default="auto",
                   help="one GROUP BY per column, or one GROUPING SETS pass (default: by source type)")
    p.add_argument("--dropna", action="store_true",
                   help="leave out rows with NULL in an analysed column (default: NULL is a category)")
    common.add_output(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from sqlpriv.request import privacy_profile

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
        print(result.sql, end="")
        return 0
    common.print_tables([("privacy profile", result.df())], args.format)
    return 0
