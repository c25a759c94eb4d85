"""``sqlpriv pif``: personal information factors (CIG, weighted CIG, CSF; FIG, RIG, PIF)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from sqlpriv.cli import common, verdicts
from sqlpriv.engine.scales import bits_scale
from sqlpriv.errors import ParameterError


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "pif",
        help="personal information factors per cell: CIG, weighted CIG, CSF; FIG, RIG, PIF",
        description="Personal information factors (piflib, CSIRO Data61): per cell, what an attacker "
        "who knows all of a person's other values learns from this one (CIG, bits; wCIG) and how "
        "surprising it is (CSF). Without --out prints FIG per column, PIF at --percentile and the "
        "riskiest rows; with --out writes the per-cell values instead.",
    )
    common.add_source(p)
    common.add_columns(p)
    p.add_argument("--measure", choices=("cig", "wcig", "csf"), default="cig", help="per-cell measure (default cig)")
    p.add_argument(
        "--prior",
        action="append",
        default=[],
        metavar="COL=PRIOR.json",
        help="population prior of a column: a JSON object {value: probability} or a list of "
        "[value, probability] pairs (null = NULL); repeatable",
    )
    p.add_argument(
        "--accuracy", action="append", default=[], metavar="COL=A", help="accuracy 0 < A <= 1 of a column; repeatable"
    )
    p.add_argument("--percentile", type=float, default=95.0, help="PIF percentile of RIG (default 95)")
    p.add_argument("--top", type=int, default=10, help="riskiest rows shown in the summary (default 10)")
    p.add_argument("--out", metavar="OUT.parquet", help="write per-cell values (Parquet, or CSV if OUT ends in .csv)")
    p.add_argument(
        "--heatmap", metavar="OUT.png", help="draw a PNG heatmap of the per-cell values (needs sqlpriv[plot])"
    )
    common.add_key(p)
    p.add_argument("--dropna", action="store_true", help="drop rows with NULL in an analysed column")
    common.add_output(p)
    verdicts.add_rules(p, "pif")
    p.set_defaults(run=run)


def _split(item: str, option: str) -> tuple[str, str]:
    column, sep, value = item.rpartition("=")
    if not sep or not column.strip() or not value.strip():
        raise ParameterError(f"{option} expects COL=VALUE, got {item!r}")
    return column.strip(), value.strip()


def read_prior(path: str, column: str) -> dict[Any, float]:
    """A prior from a JSON file: ``{"value": p, ...}`` or ``[[value, p], ...]`` (null for NULL)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ParameterError(f"cannot read the prior file for column {column!r}: {exc}") from None
    except ValueError as exc:
        raise ParameterError(f"the prior file {path!r} for column {column!r} is not valid JSON: {exc}") from None
    if isinstance(data, dict):
        return dict(data)
    if isinstance(data, list) and all(isinstance(e, list) and len(e) == 2 for e in data):
        return {value: q for value, q in data}
    raise ParameterError(
        f"the prior file {path!r} for column {column!r} must hold a JSON object {{value: probability}} "
        "or a list of [value, probability] pairs"
    )


def parse_priors(items: list[str]) -> dict[str, dict[Any, float]] | None:
    priors: dict[str, dict[Any, float]] = {}
    for item in items:
        column, path = _split(item, "--prior")
        priors[column] = read_prior(path, column)
    return priors or None


def parse_accuracies(items: list[str]) -> dict[str, float] | None:
    accuracies: dict[str, float] = {}
    for item in items:
        column, text = _split(item, "--accuracy")
        try:
            accuracies[column] = float(text)
        except ValueError:
            raise ParameterError(
                f"the accuracy of column {column!r} must be a number in (0, 1], got {text!r}"
            ) from None
    return accuracies or None


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The measure's keyword arguments from the command line (the same on DuckDB and Spark)."""
    return dict(
        priors=parse_priors(args.prior),
        accuracies=parse_accuracies(args.accuracy),
        key=args.key,
        dropna=args.dropna,
        **common.connection_options(args),
    )


def _run_on_spark(args: argparse.Namespace, measures: Any) -> int:
    """--engine spark: the per-row measure, written by Spark with --out (or printed with --sql)."""
    result = getattr(measures, args.measure)(args.source, common.parse_columns(args.columns), **_options(args))
    if args.sql:
        common.print_sql(result.sql)
        return 0
    if not args.out:
        raise ParameterError(
            "with --engine spark, sqlpriv pif writes the per-row values: add --out OUT.parquet "
            "(FIG, PIF and the top rows are computed on DuckDB)"
        )
    path = result.write(args.out)
    print(f"sqlpriv: wrote {args.measure} to {path} (with Spark)", file=sys.stderr)
    return 0


def run(args: argparse.Namespace) -> int:
    from sqlpriv.pif import measure as measures

    if args.top < 1:
        raise ParameterError(f"--top must be a positive integer, got {args.top}")
    if common.engine(args) == "spark":
        return _run_on_spark(args, measures)
    factors = common.show_warnings(
        lambda: measures.information_factors(args.source, common.parse_columns(args.columns), **_options(args))
    )
    result = factors.measure(args.measure)
    pif_result = measures.pif_query(result, args.percentile)
    fig_result = measures.fig(result)
    top = measures.top_rows(result, args.top)
    if args.sql:
        if args.heatmap:
            print("sqlpriv: warning: --heatmap is ignored with --sql", file=sys.stderr)
        script = factors.script((result, args.out)) if args.out else factors.script(fig_result, pif_result, top)
        common.print_sql(script)
        return 0
    if args.out:
        path = result.write(args.out)
        print(
            f"sqlpriv: wrote {args.measure} for {factors.n:,} rows x {len(factors.columns)} columns to {path}",
            file=sys.stderr,
        )
    if args.heatmap:
        from sqlpriv.plot.heatmap import heatmap

        heatmap(result, args.heatmap)
        print(f"sqlpriv: wrote heatmap to {args.heatmap}", file=sys.stderr)
    if not args.out:
        return _print_summary(args, factors, fig_result, pif_result, top)
    return 0


def _print_summary(args: argparse.Namespace, factors: Any, fig_result: Any, pif_result: Any, top: Any) -> int:
    """FIG per column, PIF at the percentile and the top rows, with how to read them."""
    label = f"PIF_{args.percentile:g}"
    summary = pif_result.df()
    summary.insert(0, "percentile", args.percentile)
    summary.insert(0, "measure", args.measure)
    summary = summary.rename(columns={"pif": label})
    fig_frame = fig_result.df()
    pif_bits = float(summary[label].iloc[0]) if args.measure != "csf" else None
    v, next_line = verdicts.on_pif(
        args, common.joint_figures(factors.frame), label, pif_bits, verdicts.ranked(fig_frame, "fig")
    )
    verdicts.show(v, next_line, args.format)
    json_summary = summary.rename(columns={label: "pif"})  # JSON: a stable key, the percentile beside it
    common.print_tables(
        [
            (f"FIG: sum of {args.measure} per column", fig_frame, "fig_per_column"),
            (
                f"{label}: {args.percentile:g}th percentile of RIG ({args.measure})",
                json_summary if args.format == "json" else summary,
                "pif_at_percentile",
            ),
            (f"the {args.top} rows with the largest RIG", top.df(), "top_rows"),
        ],
        args.format,
        {"verdict": verdicts.payload(v, next_line)},
    )
    if factors.dropped_rows:
        print(f"sqlpriv: {factors.dropped_rows:,} rows with NULLs were dropped (--dropna)", file=sys.stderr)
    common.reading(
        f"n = {factors.n:,} rows x {len(factors.columns)} columns. How to read: {args.measure} of a cell is what "
        f"an attacker who knows the row's other values learns from this one "
        f"({'bits' if args.measure != 'csf' else 'change in the probability of the value'}); RIG sums a row, FIG a "
        f"column; {label} is the RIG that {args.percentile:g}% of the rows stay below (larger = riskier)"
        + (
            f": {float(summary[label].iloc[0]):.4g} bits, {bits_scale(float(summary[label].iloc[0]))}."
            if args.measure != "csf"
            else "."
        ),
        args.format,
    )
    return verdicts.exit_code(v, args, "pif")
