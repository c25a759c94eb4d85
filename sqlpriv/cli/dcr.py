"""``sqlpriv dcr``: distance-based measures of a synthetic table (docs/measures.md §11.6):
SDMetrics' DCR and its baseline and overfitting protections, NNDR, synthcity's identifiability
and the share of exact copies; a verdict on the copies and the baseline protection."""

from __future__ import annotations

import argparse
from typing import Any

from sqlpriv.cli import common, verdicts


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "dcr",
        help="distance to closest record (SDMetrics), NNDR, identifiability (synthcity), exact copies",
        description="For every synthetic record, its distance to the closest and second closest original "
        "record (SDMetrics' mean per-column distance); prints the median DCR, DCRBaselineProtection, "
        "DCROverfittingProtection (with --control as the holdout), identifiability and the share of exact copies.",
    )
    p.add_argument(
        "original", metavar="ORIGINAL", help="the original table: CSV / Parquet / JSON file, or a table with --db"
    )
    p.add_argument("synthetic", metavar="SYNTHETIC", help="the synthetic table made from ORIGINAL")
    p.add_argument("--control", metavar="HOLDOUT", help="original records NOT used to make SYNTHETIC (overfitting)")
    p.add_argument("--db", metavar="FILE.duckdb", help="read the tables from this DuckDB file (read-only)")
    p.add_argument("--columns", metavar="COLS", help="comma-separated columns (default: every column)")
    p.add_argument("--seed", type=int, default=0, help="seed of the random baseline rows (default 0)")
    p.add_argument(
        "--per-row", metavar="OUT", help="write the per-synthetic-row table (Parquet, or CSV if OUT ends in .csv)"
    )
    p.add_argument(
        "--format", choices=("table", "csv", "json"), default="table", help="output format (default %(default)s)"
    )
    p.add_argument("--sql", action="store_true", help="print the SQL script (DuckDB shell) of the per-row table")
    common.add_duckdb_options(p)
    verdicts.add_rules(p, "dcr")
    p.set_defaults(run=run_dcr)


def run_dcr(args: argparse.Namespace) -> int:
    from sqlpriv.attacks.dcr import dcr
    from sqlpriv.engine.connection import connect
    from sqlpriv.engine.verdict import at_least, at_most, verdict

    con = connect(args.db, threads=args.threads, memory_limit=args.memory_limit, temp_directory=args.temp_directory)
    columns = common.split_columns(args.columns) if args.columns else None
    out = dcr(args.original, args.synthetic, control=args.control, columns=columns, seed=args.seed, con=con)
    if args.sql:
        common.print_sql(out.sql)
        return 0
    if args.per_row:
        common.wrote(out.per_row().write(args.per_row), "per-synthetic-row rows", out.n_synthetic)
    policy, f = verdicts.policy(args, "dcr"), out.figures
    rules: list[Any] = []
    if policy["max_exact_copies"] is not None:
        share, limit = f["exact_copy_share"] or 0.0, policy["max_exact_copies"]
        figure = f"exact copies {share:.4f} of the synthetic rows"
        rules.append(at_most("max_exact_copies", share, limit, figure, f"at most {limit:g}", on=verdicts.on(args)))
    protection = f["dcr_baseline_protection"]
    if policy["min_dcr_baseline_protection"] is not None and protection is not None:
        limit = policy["min_dcr_baseline_protection"]
        figure = f"DCRBaselineProtection {protection:.4f}"
        rules.append(
            at_least(
                "min_dcr_baseline_protection", protection, limit, figure, f"at least {limit:g}", on=verdicts.on(args)
            )
        )
    v = verdict(rules)
    next_line = (
        "nothing to do: the synthetic rows keep their distance"
        if v.status == "pass"
        else "make the synthetic table less faithful to single records (drop exact copies, add noise)"
    )
    verdicts.show(v, next_line, args.format)
    common.print_tables([("summary", out.summary())], args.format, {"verdict": verdicts.payload(v, next_line)})
    common.reading(
        "How to read: DCR = mean per-column distance (0..1) of a synthetic row to its closest original row; "
        "the protections are SDMetrics' scores (1 = as far as random data / not closer to the training rows than "
        "to the holdout); identifiability = share of original rows closer to a synthetic row than to any other.",
        args.format,
    )
    return verdicts.exit_code(v, args, "dcr")
