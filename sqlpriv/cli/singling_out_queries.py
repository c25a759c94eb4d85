"""``sqlpriv singling-out-queries``: anonymeter's singling-out attack by queries on a synthetic table."""

from __future__ import annotations

import argparse
from typing import Any

from sqlpriv.cli import common, verdicts
from sqlpriv.engine.verdict import Verdict, at_most, next_action, verdict


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "singling-out-queries",
        help="singling-out risk by queries (anonymeter's attack, docs/measures.md 'Attacks')",
        description="Build queries that single out one synthetic record (univariate: rare values; multivariate: "
        "N columns of a record), count in SQL how many single out one ORIGINAL record, against a control table "
        "and random guesses; prints anonymeter's risk with its interval. Beside 'sqlpriv singling-out' (exact "
        "mpUCCs): report both.",
    )
    p.add_argument(
        "original", metavar="ORIGINAL", help="original table: CSV / Parquet / JSON file, or a table with --db"
    )
    p.add_argument("synthetic", metavar="SYNTHETIC", help="synthetic table with the same columns")
    p.add_argument("--control", metavar="CONTROL", help="control table: real records the generator never saw")
    p.add_argument("--db", metavar="FILE.duckdb", help="read the tables as tables of this DuckDB file")
    p.add_argument("--mode", choices=("univariate", "multivariate"), default="univariate")
    p.add_argument("--n-attacks", type=int, default=500, metavar="N", help="queries to make (default 500)")
    p.add_argument("--n-cols", type=int, default=3, metavar="K", help="columns per multivariate query (default 3)")
    p.add_argument("--seed", type=int, default=0, help="the same seed, the same queries (default 0)")
    p.add_argument(
        "--draw",
        choices=("numpy", "sql"),
        default="numpy",
        help="how the queries are drawn: numpy (anonymeter's draw, default) or sql (the seeded SQL draw the dbt "
        "model sqlpriv.singling_out_queries_risk runs: the same queries as dbt; DuckDB only)",
    )
    p.add_argument("--confidence-level", type=float, default=0.95, metavar="P", help="of the intervals (default 0.95)")
    p.add_argument("--queries", metavar="OUT", help="write every query and what it matched (Parquet, or CSV)")
    common.add_output(p)
    verdicts.add_rules(p, "singling-out-queries")
    p.set_defaults(run=run)


def on_risk(args: argparse.Namespace, risk: Any, has_control: bool) -> tuple[Verdict, str]:
    """The verdict: the risk (residual over the control where there is one) at most ``--max-risk``."""
    pol = verdicts.policy(args, "singling-out-queries")
    rules = []
    if pol["max_risk"] is not None:
        what = "residual singling-out risk over the control" if has_control else "singling-out rate (no control)"
        rules.append(
            at_most(
                "max_risk",
                risk.value,
                pol["max_risk"],
                f"{what} {risk.value:.4g} (interval {risk.ci[0]:.4g} to {risk.ci[1]:.4g})",
                f"at most {pol['max_risk']:g}",
                on=verdicts.on(args),
            )
        )
    v = verdict(rules)
    return v, next_action(v, [], why="the columns of the queries that single records out")


def run(args: argparse.Namespace) -> int:
    from sqlpriv.attacks.singling_out_queries import singling_out_queries

    options = common.connection_options(args)
    result = common.show_warnings(
        lambda: singling_out_queries(
            args.original,
            args.synthetic,
            control=args.control,
            mode=args.mode,
            n_attacks=args.n_attacks,
            n_cols=args.n_cols,
            seed=args.seed,
            draw=args.draw,
            **options,
        )
    )
    if args.sql:
        common.print_sql(result.sql)
        return 0
    if args.queries:
        from sqlpriv.engine.result import check_output

        target = check_output(args.queries)
        frame = result.queries()
        tmp = target.with_name(f".{target.name}.tmp")
        (frame.to_csv(tmp, index=False) if target.suffix.lower() == ".csv" else frame.to_parquet(tmp, index=False))
        tmp.replace(target)
        common.wrote(target, "the queries", len(frame))
    risk = result.risk(args.confidence_level)
    summary = result.summary(args.confidence_level)
    v, next_line = on_risk(args, risk, result.n_control is not None)
    verdicts.show(v, next_line, args.format)
    common.print_tables([("summary", summary)], args.format, {"verdict": verdicts.payload(v, next_line)})
    common.reading(
        f"{result.n_queries:,} {result.mode} queries (asked for {result.n_requested:,}, seed {result.seed}, "
        f"{result.draw} draw), "
        f"{result.n_original:,} distinct original records. How to read: main is the share of the queries built "
        "from the synthetic table that single out exactly one original record; control the same on the control "
        "table (what the population alone gives away); baseline random guesses. The risk is "
        f"(main - control) / (1 - control) with a control, else main: {risk.value:.4g} "
        f"[{risk.ci[0]:.4g}, {risk.ci[1]:.4g}].",
        args.format,
    )
    return verdicts.exit_code(v, args, "singling-out-queries")
