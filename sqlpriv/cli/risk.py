"""``sqlpriv risk``: re-identification risk as release teams report it (docs/measures.md §9)."""

from __future__ import annotations

import argparse

from sqlpriv.cli import common, verdicts


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "risk",
        help="re-identification risk: prosecutor/journalist/marketer, population uniqueness, weighted risk",
        description="Prosecutor, journalist and marketer risk, population uniqueness (Pitman, Zayatz, SNB, "
        "Dankar's rule) and, with sampling weights, sdcMicro's individual, global and household risk of the "
        "quasi-identifiers COLUMNS; prints the summary (figure, value, note).",
    )
    common.add_source(p)
    common.add_columns(p)
    size = p.add_mutually_exclusive_group()
    size.add_argument(
        "--sampling-fraction", type=float, metavar="F", help="share of the population in the table, in (0, 1]"
    )
    size.add_argument("--population-size", type=float, metavar="N", help="size of the population sampled")
    p.add_argument("--weight", metavar="COL", help="column of sampling weights (people a record stands for)")
    p.add_argument("--household", metavar="COL", help="household identifier column (household risk)")
    p.add_argument(
        "--threshold", type=float, default=0.2, metavar="T", help="a record is at risk above this risk (default 0.2)"
    )
    p.add_argument(
        "--entity",
        metavar="COL",
        help="column identifying the person behind each row (panel data): class sizes count distinct entities",
    )
    p.add_argument(
        "--missing",
        choices=("category", "wildcard"),
        default="category",
        help="a NULL is one more value (category, default) or matches any value (wildcard: a suppressed cell)",
    )
    p.add_argument("--dropna", action="store_true", help="drop rows with NULL in an analysed column")
    common.add_key(p)
    p.add_argument("--per-row", metavar="OUT", help="write the per-row risk (Parquet, or CSV if OUT ends in .csv)")
    common.add_output(p)
    verdicts.add_rules(p, "risk")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from sqlpriv.risk.measure import reidentification_risk

    result = common.show_warnings(
        lambda: reidentification_risk(
            args.source,
            common.parse_columns(args.columns),
            sampling_fraction=args.sampling_fraction,
            population_size=args.population_size,
            weight=args.weight,
            household=args.household,
            threshold=args.threshold,
            key=args.key,
            entity=args.entity,
            dropna=args.dropna,
            **({"missing": args.missing} if args.missing != "category" else {}),
            **common.connection_options(args),
        )
    )
    summary = common.show_warnings(result.summary)
    common.dropped_note(result.dropped_rows, result.n)
    per_row = result.per_row() if args.per_row else None
    if args.sql:
        common.print_sql(result.script(summary, *([(per_row, args.per_row)] if per_row is not None else [])))
        return 0
    if per_row is not None:
        path = per_row.write(args.per_row)
        common.wrote(path, "per-row risk", result.n)
    table = summary.df()
    figures = dict(zip(table["figure"], table["value"]))
    drivers = verdicts.profile_drivers(args, common.parse_columns(args.columns) or result.columns)
    v, next_line = verdicts.on_risk(args, figures, drivers)
    verdicts.show(v, next_line, args.format)
    common.print_tables([("summary", table)], args.format, {"verdict": verdicts.payload(v, next_line)})
    common.reading(
        f"n = {result.n:,} rows, {int(figures['classes']):,} classes. How to read: prosecutor risk assumes the "
        "attacker knows the person is in the table (1 / class size), journalist risk only that they are in the "
        "population (1 / estimated population class size); population_uniqueness_* estimate the share of the "
        "population that is unique on these columns (dankar: the model Dankar et al.'s rule picks). Population "
        f"size assumed: {result.population_size:,.0f}.",
        args.format,
    )
    return verdicts.exit_code(v, args, "risk")
