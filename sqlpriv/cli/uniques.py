"""``sqlpriv uniques``: minimal sample uniques (SUDA) of one table."""

from __future__ import annotations

import argparse

from sqlpriv.cli import common, verdicts


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "uniques",
        help="minimal sample uniques of a table (SUDA)",
        description="For each record, the smallest column sets on which it is unique in its own table "
        "(minimal sample uniques); prints a per-column summary.",
    )
    common.add_source(p)
    common.add_columns(p)
    p.add_argument("--max-cols", type=int, metavar="K", help="largest column set examined (default: all columns)")
    p.add_argument(
        "--dis-fraction",
        type=float,
        default=0.01,
        metavar="F",
        help="sampling fraction the DIS-SUDA scores assume (sdcMicro's DisFraction; default 0.01)",
    )
    p.add_argument(
        "--entity",
        metavar="COL",
        help="column identifying the person behind each row (panel data): unique means no other person shares it",
    )
    p.add_argument("--dropna", action="store_true", help="drop rows with NULL in an analysed column")
    common.add_key(p)
    p.add_argument(
        "--out", metavar="OUT", help="write per-row minimal sample uniques (Parquet, or CSV if OUT ends in .csv)"
    )
    common.add_output(p)
    verdicts.add_rules(p, "uniques")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from sqlpriv.singling_out.uniques import sample_uniques

    result = common.show_warnings(
        lambda: sample_uniques(
            args.source,
            common.parse_columns(args.columns),
            max_cols=args.max_cols,
            dis_fraction=args.dis_fraction,
            key=args.key,
            entity=args.entity,
            dropna=args.dropna,
            **common.connection_options(args),
        )
    )
    summary = result.summary()
    common.dropped_note(result.dropped_rows, result.n)
    per_row = result.per_row() if args.out else None
    if args.sql:
        extra = [(per_row, args.out)] if per_row is not None else []
        common.print_sql(result.script(summary, result.dis_suda(), *extra))
        return 0
    if per_row is not None:
        path = per_row.write(args.out)
        common.wrote(path, "per-row minimal sample uniques", result.n)
    frame = summary.df()
    figures = common.joint_figures(result.frame)
    v, next_line = verdicts.on_columns(
        args, "uniques", figures, verdicts.ranked(frame, "records"), "the columns in the most minimal sample uniques"
    )
    verdicts.show(v, next_line, args.format)
    tables = [("summary", frame)]
    if args.format != "csv":  # CSV stays one table (the per-column summary)
        tables.append(("dis_suda", result.dis_suda().df()))
    common.print_tables(tables, args.format, {"verdict": verdicts.payload(v, next_line)})
    common.reading(
        f"n = {result.n:,} rows. How to read: a row's minimal sample unique is a smallest column set on which no "
        "other row shares its values; 'records' counts the rows with one that contains the column (larger = the "
        f"column singles out more rows). {common.uniqueness_line(result.frame, figures)}.",
        args.format,
    )
    return verdicts.exit_code(v, args, "uniques")
