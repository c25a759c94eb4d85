"""``sqlpriv suppress``: local suppression to k-anonymity under wildcard semantics (sdcMicro's
``localSuppression``; docs/measures.md, local suppression)."""

from __future__ import annotations

import argparse

from sqlpriv.cli import common, verdicts


def _ints(text: str) -> list[int]:
    try:
        return [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected whole numbers separated by commas, got {text!r}") from None


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "suppress",
        help="local suppression: blank a few key cells until every record's class has k records",
        description="Blank key cells of SOURCE (NULL) until every record's class on the keys COLUMNS, a NULL "
        "matching any value, has at least k records (sdcMicro's localSuppression); prints the cells suppressed "
        "per key and a verdict, writes the released table with --out, prints its SQL (the starting patterns, "
        "each round this data needed, the table) with --sql. With --engine spark the rounds run as Spark "
        "statements (docs/spark.md; --method exact is DuckDB only).",
    )
    common.add_source(p)
    common.add_columns(p, required=True, help="the key columns (quasi-identifiers) whose cells may be blanked")
    p.add_argument("-k", type=int, default=2, help="the smallest class size to reach (default 2)")
    p.add_argument("--importance", type=_ints, metavar="R,R,...", help="rank of each key, 1 = most important")
    p.add_argument("--combs", type=_ints, metavar="N,N,...", help="make every subset of N keys k-anonymous")
    p.add_argument("--strata", metavar="COL[,COL...]", help="columns within whose values k-anonymity holds")
    p.add_argument(
        "--method",
        choices=("auto", "exact", "greedy", "sdcmicro"),
        default="auto",
        help="exact (fewest cells, small inputs), greedy, sdcmicro (sdcMicro's rule), auto (default)",
    )
    p.add_argument("--max-suppressed", type=int, metavar="N", help="budget: at most N cells (an error beyond)")
    p.add_argument(
        "--max-share",
        type=float,
        metavar="X",
        help="policy: review when more than X (0..1) of the key cells are blanked",
    )
    p.add_argument("--out", metavar="OUT", help="write the released table (Parquet, or CSV if OUT ends in .csv)")
    p.add_argument("--per-row", metavar="OUT", help="write the cells suppressed per record")
    p.add_argument("--format", choices=("table", "csv", "json"), default="table", help="output format")
    p.add_argument("--sql", action="store_true", help="print the SQL script of the released table")
    common.add_duckdb_options(p)
    common.add_engine(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from sqlpriv.engine.verdict import Rule, at_least, at_most, verdict
    from sqlpriv.suppress import local_suppression

    keys = common.parse_columns(args.columns) or []
    strata = [s.strip() for s in args.strata.split(",")] if args.strata else None
    result = local_suppression(
        args.source,
        keys,
        k=args.k,
        importance=args.importance,
        combs=args.combs,
        strata=strata,
        method=args.method,
        max_suppressed=args.max_suppressed,
        **common.connection_options(args),
    )
    released, summary = result.released(), result.summary()
    if args.sql and common.engine(args) == "spark":  # Spark writes --out itself: the rounds and the queries
        common.print_sql(result.plan.script(released.needs, [released.query, summary.query]))
        return 0
    if args.sql:
        items = [(released, args.out) if args.out else released, summary]
        common.print_sql(result.script(*items))
        return 0
    for option, res, what in (
        (args.out, released, "released table"),
        (args.per_row, result.per_row(), "per-row cells"),
    ):
        if option:
            common.wrote(res.write(option), what, result.n)
    table = summary.df()
    share = result.suppressed / max(1, result.n * len(result.columns))
    rules = [
        at_least(
            "k",
            result.k_reached,
            min(result.k),
            f"k reached {result.k_reached:g}",
            f"at least {min(result.k)}",
            on="fail",
        )
    ]
    if args.max_share is not None:
        rules.append(
            at_most(
                "max_share", share, args.max_share, f"{share:.1%} of key cells blanked", f"at most {args.max_share:g}"
            )
        )
    else:
        rules.append(
            Rule("cells", "pass", f"{result.suppressed:,} cells blanked ({share:.1%})", "none set", advisory=True)
        )
    v = verdict(rules)
    next_line = (
        "release the table written with --out"
        if v.status == "pass"
        else "recode the keys first (sqlpriv anonymize) or lower k"
    )
    verdicts.show(v, next_line, args.format)
    common.print_tables([("suppressed", table)], args.format, {"verdict": verdicts.payload(v, next_line)})
    common.reading(
        f"n = {result.n:,} rows; {result.suppressed:,} cells blanked by the {result.method} method; k reached "
        f"{result.k_reached:g} counting a blank as matching any value (sdcMicro's rule).",
        args.format,
    )
    return verdicts.EXIT_CODES[v.status] if args.max_share is not None else 0
