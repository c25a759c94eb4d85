"""``sqlpriv linkability`` and ``sqlpriv inference``: anonymeter's attacks on a synthetic table,
exact on every record (docs/measures.md, "Attacks"); a verdict on the risk (``--max-risk``)."""

from __future__ import annotations

import argparse
from typing import Any

from sqlpriv.cli import common, verdicts


def _tables(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "original", metavar="ORIGINAL", help="the original table: CSV / Parquet / JSON file, or a table with --db"
    )
    p.add_argument("synthetic", metavar="SYNTHETIC", help="the synthetic table made from ORIGINAL")
    p.add_argument("--control", metavar="CONTROL", help="original records NOT used to make SYNTHETIC (residual risk)")
    p.add_argument("--db", metavar="FILE.duckdb", help="read the tables from this DuckDB file (read-only)")


def _common(p: argparse.ArgumentParser, command: str) -> None:
    p.add_argument(
        "--n-attacks", type=int, metavar="N", help="attack N records drawn with --seed (default: every record)"
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the drawn targets and of the baseline (default 0)")
    p.add_argument("--confidence-level", type=float, default=0.95, help="of the intervals (default 0.95)")
    p.add_argument("--per-row", metavar="OUT", help="write the per-target rows (Parquet, or CSV if OUT ends in .csv)")
    p.add_argument(
        "--format", choices=("table", "csv", "json"), default="table", help="output format (default %(default)s)"
    )
    p.add_argument("--sql", action="store_true", help="print the complete SQL script (DuckDB shell) of the attack")
    common.add_duckdb_options(p)
    common.add_engine(p)
    verdicts.add_rules(p, command)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "linkability",
        help="linkability attack (anonymeter's): can SYNTHETIC link two halves of an original record?",
        description="For every original record, its nearest synthetic records on the columns --aux-a and on "
        "--aux-b; the record is linked when they share one. Prints the main, baseline and control rates and the risk.",
    )
    _tables(p)
    p.add_argument(
        "--aux-a", required=True, metavar="COLS", help="comma-separated columns of the first auxiliary table"
    )
    p.add_argument("--aux-b", required=True, metavar="COLS", help="comma-separated columns of the second")
    p.add_argument("--n-neighbors", type=int, default=1, metavar="K", help="neighbours per column set (default 1)")
    p.add_argument("--ties", action="store_true", help="count every synthetic record tied at the K-th distance")
    _common(p, "linkability")
    p.set_defaults(run=run_linkability)
    q = subparsers.add_parser(
        "inference",
        help="inference attack (anonymeter's): can SYNTHETIC reveal --secret from --aux?",
        description="For every original record, the secret of its nearest synthetic record on --aux is the "
        "guess. Prints the main, baseline and control rates and the risk.",
    )
    _tables(q)
    q.add_argument("--aux", required=True, metavar="COLS", help="comma-separated columns the attacker knows")
    q.add_argument("--secret", required=True, metavar="COL", help="the column the attacker guesses")
    q.add_argument(
        "--regression", choices=("auto", "yes", "no"), default="auto", help="judge guesses by relative tolerance"
    )
    q.add_argument("--tolerance", type=float, default=0.05, help="relative tolerance of a numeric guess (default 0.05)")
    _common(q, "inference")
    q.set_defaults(run=run_inference)


def run_linkability(args: argparse.Namespace) -> int:
    from sqlpriv.attacks.linkability import linkability

    outcome = linkability(
        args.original,
        args.synthetic,
        aux_cols=(common.split_columns(args.aux_a), common.split_columns(args.aux_b)),
        control=args.control,
        n_neighbors=args.n_neighbors,
        n_attacks=args.n_attacks,
        seed=args.seed,
        ties=args.ties,
        **_connection(args),
    )
    return _report(args, outcome, "linkability")


def run_inference(args: argparse.Namespace) -> int:
    from sqlpriv.attacks.inference import inference

    outcome = inference(
        args.original,
        args.synthetic,
        common.split_columns(args.aux),
        args.secret,
        control=args.control,
        n_attacks=args.n_attacks,
        seed=args.seed,
        regression={"auto": None, "yes": True, "no": False}[args.regression],
        tolerance=args.tolerance,
        **_connection(args),
    )
    return _report(args, outcome, "inference")


def _connection(args: argparse.Namespace) -> dict[str, Any]:
    """``con=`` (DuckDB), or ``spark=`` with ``--engine spark`` (the single statement, docs/spark.md;
    ``--per-row`` and ``--n-attacks`` run the attack's plan as Spark statements)."""
    if common.engine(args) == "spark":
        return common.connection_options(args)  # refuses the DuckDB options, opens the session
    from sqlpriv.engine.connection import connect

    options = {"threads": args.threads, "memory_limit": args.memory_limit, "temp_directory": args.temp_directory}
    return {"con": connect(args.db, **options)}


def _report(args: argparse.Namespace, outcome: Any, command: str) -> int:
    if args.sql:
        if outcome.details.get("engine") == "spark":  # the Spark SQL statement over the tables' temp views
            print(outcome.details["query"].rstrip() + ";")
        else:
            common.print_sql(outcome.sql)
        return 0
    if args.per_row:
        path = outcome.per_row().write(args.per_row)
        common.wrote(path, "per-target rows", outcome.n_attacks + (outcome.n_control or 0))
    risk = outcome.risk(confidence_level=args.confidence_level)
    limit = verdicts.policy(args, command)["max_risk"]
    from sqlpriv.engine.verdict import at_most, verdict

    rules = []
    if limit is not None:
        figure = f"{command} risk {risk.value:.4f} [{risk.ci[0]:.4f}, {risk.ci[1]:.4f}]"
        rules.append(at_most("max_risk", risk.value, limit, figure, f"at most {limit:g}", on=verdicts.on(args)))
    v = verdict(rules)
    next_line = (
        "nothing to do: the risk is within the limit"
        if v.status == "pass"
        else f"make the synthetic table less faithful to single records ({command})"
    )
    verdicts.show(v, next_line, args.format)
    summary = outcome.summary(confidence_level=args.confidence_level)
    import pandas as pd

    figures = pd.DataFrame(
        [("risk", risk.value), ("risk_ci_low", risk.ci[0]), ("risk_ci_high", risk.ci[1])], columns=["figure", "value"]
    )
    common.print_tables(
        [("summary", summary), ("risk", figures)], args.format, {"verdict": verdicts.payload(v, next_line)}
    )
    common.reading(
        f"How to read: main = the attack on the original records, control = the same attack on records the "
        f"synthetic table was not made from, baseline = a random guesser; the risk is (main - control) / "
        f"(1 - control) with its {args.confidence_level:g} interval (without a control: the main rate).",
        args.format,
    )
    return verdicts.exit_code(v, args, command)
