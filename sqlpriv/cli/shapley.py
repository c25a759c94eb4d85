"""``sqlpriv shapley``: uniqueness Shapley values of a table's columns."""

from __future__ import annotations

import argparse
import math
from types import SimpleNamespace
from typing import Any

from sqlpriv.cli import common, verdicts


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "shapley",
        help="uniqueness Shapley values per column, per subgroup and per row",
        description="Uniqueness Shapley values (Seiler, Mase & Owen 2023): how much each column "
        "singles people out, globally, per subgroup (--by) and per row (--per-row).",
    )
    common.add_source(p)
    common.add_columns(p)
    p.add_argument(
        "--by", action="append", metavar="EXPR", default=[], help="subgroup column or SQL expression (repeatable)"
    )
    p.add_argument(
        "--per-row", metavar="OUT.parquet", help="write per-row values (Parquet, or CSV if OUT ends in .csv)"
    )
    common.add_key(p)
    p.add_argument("--dropna", action="store_true", help="drop rows with NULL in an analysed column")
    p.add_argument("--method", choices=("auto", "exact", "sample"), default="auto")
    p.add_argument(
        "--samples", type=int, default=None, help="sampled column orders, in whole blocks of d (default: 3 blocks)"
    )
    p.add_argument("--seed", type=int, default=0)
    common.add_output(p)
    verdicts.add_rules(p, "shapley")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import sqlpriv

    result = common.show_warnings(
        lambda: sqlpriv.uniqueness_shapley(
            args.source,
            common.parse_columns(args.columns),
            key=args.key,
            dropna=args.dropna,
            method=args.method,
            samples=args.samples,
            seed=args.seed,
            **common.connection_options(args),
        )
    )
    tables = [("summary", result.summary())] + [(f"by {expr}", result.by(expr)) for expr in args.by]
    per_row = result.per_row() if args.per_row else None
    if args.sql and common.engine(args) == "spark":
        common.print_sql("".join(r.sql for r in [r for _, r in tables] + ([per_row] if per_row else [])))
        return 0
    if args.sql:
        outputs = [(per_row, args.per_row)] if per_row is not None else []
        common.print_sql(result.script(*[r for _, r in tables], *outputs))
        return 0
    frames = [(title, r.df()) for title, r in tables]
    if common.engine(args) == "spark":  # no DuckDB cohort frame: the joint figures from the gate's statement
        analysed = [str(c) for c in frames[0][1]["column"]]
        joint = sqlpriv.assess_request(
            args.source, common.parse_columns(args.columns) or analysed, **common.connection_options(args)
        ).joint
        figures = (int(joint["n"]), int(joint["unique_rows"]), int(joint["smallest_class"]))
        shape: Any = SimpleNamespace(n=figures[0], d=len(analysed))
        dropped = 0
    else:
        shape = result.frame
        figures = common.joint_figures(shape)
        dropped = result.dropped_rows
    if per_row is not None:
        path = per_row.write(args.per_row)
        common.wrote(path, f"per-row Shapley values of {shape.d} columns", shape.n)
    v, next_line = verdicts.on_columns(
        args, "shapley", figures, verdicts.ranked(frames[0][1], "shapley"), "the largest Shapley values"
    )
    verdicts.show(v, next_line, args.format)
    by = {"by": [{"expression": e, "levels": common.json_records(f)} for e, (_, f) in zip(args.by, frames[1:])]}
    if args.format == "json":  # one "by" list, each level table under its expression (not a title as a key)
        frames = frames[:1]
    common.print_tables(
        frames, args.format, {**(by if args.format == "json" else {}), "verdict": verdicts.payload(v, next_line)}
    )
    n = shape.n
    common.dropped_note(dropped, n)
    common.reading(
        f"n = {n:,} rows. How to read: a row is singled out by log2(n) = {math.log2(n):.2f} bits; 'shapley' is each "
        f"column's share of them (bits, averaged over rows; larger = more identifying), 'entropy' the column alone, "
        f"'conditional_entropy' given all the others. {common.uniqueness_line(shape, figures)}.",
        args.format,
    )
    return verdicts.exit_code(v, args, "shapley")
