"""``sqlpriv singling-out``: synthetic records singled out by column sets also unique in the original."""

from __future__ import annotations

import argparse
import sys

from sqlpriv.cli import common, verdicts


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "singling-out",
        help="singling-out risk of a synthetic table (mpUCCs, docs/measures.md §4)",
        description="Find synthetic records whose values on some column set are unique in the synthetic "
        "table and also unique in the original (exhaustive search, or PETsARD 1.10.1 parity).",
    )
    p.add_argument(
        "original", metavar="ORIGINAL", help="original table: CSV / Parquet / JSON file, or a table with --db"
    )
    p.add_argument("synthetic", metavar="SYNTHETIC", help="synthetic table with the same columns")
    p.add_argument("--db", metavar="FILE.duckdb", help="read ORIGINAL/SYNTHETIC as tables of this DuckDB file")
    common.add_columns(
        p,
        help="analysed column, in both tables; repeat -c or give a comma list (-c a,b -c c); "
        "default all. Plain names (a name with a comma in double quotes: -c '\"a,b\"')",
    )
    p.add_argument("--mode", choices=("exhaustive", "petsard"), default="exhaustive")
    p.add_argument("--max-cols", type=int, metavar="K", help="largest column set examined (default: all columns)")
    p.add_argument("--min-entropy-delta", type=float, default=0.0, metavar="X")
    p.add_argument("--field-decay-factor", type=float, default=0.5, metavar="X")
    p.add_argument("--renyi-alpha", type=float, default=2.0, metavar="X")
    p.add_argument(
        "--numeric-precision", type=int, metavar="N", help="decimals floats are rounded to (default: detected)"
    )
    p.add_argument("--datetime-precision", metavar="UNIT", help="floor timestamps to D, H, T, s, ms, us or ns")
    p.add_argument("--no-baseline", action="store_true", help="skip the baseline protection metrics")
    p.add_argument("--details", metavar="OUT", help="write per-record details (Parquet, or CSV if OUT ends in .csv)")
    p.add_argument("--tree", metavar="OUT", help="write the search tree (Parquet, or CSV if OUT ends in .csv)")
    p.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    p.add_argument("--dropna", action="store_true", help="drop the rows of both tables with NULL in an analysed column")
    common.add_output(p)
    verdicts.add_rules(p, "singling-out")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from sqlpriv.singling_out.measure import singling_out

    result = common.show_warnings(
        lambda: singling_out(
            args.original,
            args.synthetic,
            mode=args.mode,
            columns=args.columns,
            max_cols=args.max_cols,
            min_entropy_delta=args.min_entropy_delta,
            field_decay_factor=args.field_decay_factor,
            renyi_alpha=args.renyi_alpha,
            numeric_precision=args.numeric_precision,
            datetime_precision=args.datetime_precision,
            calculate_baseline=not args.no_baseline,
            progress=not args.quiet and not args.sql,
            dropna=args.dropna,
            **common.connection_options(args),
        )
    )
    nulls = result.null_rows
    if nulls["ori"] or nulls["syn"]:
        print(
            f"sqlpriv: --dropna left out {nulls['ori']:,} original and {nulls['syn']:,} synthetic rows with a NULL "
            "in an analysed column; the figures are on the other rows",
            file=sys.stderr,
        )
    if not args.quiet and not args.sql:  # the deduplication log (petsard parity mode only)
        dup = result.duplicates
        removed = (
            f"removed {dup['ori']:,} duplicate original and {dup['syn']:,} duplicate synthetic records (PETsARD "
            "parity); "
            if result.mode == "petsard"
            else ""
        )
        print(f"sqlpriv: {removed}search order: {', '.join(result.columns)}", file=sys.stderr)
    summary = result.summary()
    outputs = [(path, r) for path, r in ((args.details, result.details()), (args.tree, result.tree())) if path]
    if args.sql:
        common.print_sql(result.script(summary, *[(r, path) for path, r in outputs]))
        return 0
    frame = summary.df()
    for path, r in outputs:
        written = r.write(path)
        if path == args.details:
            common.wrote(written, "per-record details", int(frame["total_identified"].iloc[0]))
        else:
            common.wrote(written, "the search tree")
    v, next_line = verdicts.on_singling_out(args, frame, result.tree())
    verdicts.show(v, next_line, args.format)
    common.print_tables([("summary", frame)], args.format, {"verdict": verdicts.payload(v, next_line)})
    common.reading(
        f"n = {result.n_ori:,} original and {result.n_syn:,} synthetic "
        f"{'distinct records' if result.mode == 'petsard' else 'rows'}, {len(result.columns)} columns. "
        "How to read: total_identified synthetic records occur in exactly one row of the synthetic table and one "
        "row of the original on some column set (singled out); identification_rate is their share; "
        "privacy_risk_score is 1 - overall_protection, that share measured against the baseline (the chance of "
        "a random guess on all columns; 0 = none singled out); weighted_identification_rate weighs each record "
        "by how few columns suffice.",
        args.format,
    )
    return verdicts.exit_code(v, args, "singling-out")
