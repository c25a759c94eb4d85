"""``sqlpriv request``: score a data request and gate it (approve / review / reject).

Exit status: 0 approve, 3 review, 4 reject, 1 runtime error, 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from typing import Any

import pandas as pd

from sqlpriv.cli import common
from sqlpriv.errors import ParameterError, SqlprivWarning

EXIT_CODES = {"approve": 0, "review": 3, "reject": 4}

EPILOG = """exit status:
  0  approve  the score is at or above --approve (and no gate policy rule is violated)
  3  review   the score is below --approve and at or above --reject, or a policy rule
              (--max-unique-share, --min-k) is violated
  4  reject   the score is below --reject (or a rule is violated with --on-violation reject)
  1  runtime error (unreadable source, unknown column, DuckDB failure)
  2  usage error (bad option values: thresholds outside [0, 1] or --approve < --reject,
     no -c given, weights outside [0, 1], k < 1)
  With --sql the script is printed and nothing is assessed (exit 0).

The score is the product of the fields' privacy factors (Cave 2023; --weight overrides a
measured factor); fields that read a common source column are scored together, by the exact
factor of their tuple. The report also gives the exact figures of the requested fields
together (equivalence classes, smallest class, rows below k, unique rows). By default they
only warn; the gate policy makes them decide: --max-unique-share X sends the request to
review (or reject, --on-violation reject) when more than X of the rows are unique on the
requested fields, --min-k K when the smallest class has fewer than K rows. The decision line
names the rule that fired. Recommended strict policy, gating a release in CI:

  sqlpriv request examples/data/adult.csv -c age,sex,race,occupation \\
      --max-unique-share 0 --min-k 5 --format json > request.json || status=$?
"""


def _weights(items: list[str] | None) -> dict[str, float]:
    out: dict[str, float] = {}
    for item in items or []:
        name, sep, value = item.rpartition("=")
        if not sep or not name.strip():
            raise ParameterError(f"--weight takes COL=X with X in [0, 1], got {item!r}")
        try:
            out[name.strip()] = float(value)
        except ValueError:
            raise ParameterError(f"--weight {item!r}: {value!r} is not a number in [0, 1]") from None
    return out


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "request",
        help="score a data request; exit 0 approve, 3 review, 4 reject",
        description="Assess a data request (Cave 2023): the product of the requested fields' privacy "
        "factors, an approve / review / reject decision, and the exact joint figures of the "
        "requested fields (k-anonymity, unique rows).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    common.add_source(p)
    common.add_columns(p)
    p.add_argument("--approve", type=float, default=0.8, help="approve at or above this score (default %(default)s)")
    p.add_argument("--reject", type=float, default=0.2, help="reject below this score (default %(default)s)")
    p.add_argument("--k", type=int, default=5, help="k of k-anonymity for the joint figures (default %(default)s)")
    p.add_argument(
        "--weight",
        action="append",
        metavar="COL=X",
        help="manual factor X in [0, 1] that overrides the measured factor of field COL (repeatable)",
    )
    p.add_argument(
        "--max-unique-share",
        type=float,
        metavar="X",
        help="gate policy: review (see --on-violation) when more than X (0..1) of the rows are unique "
        "on the requested fields together (strict: 0)",
    )
    p.add_argument(
        "--min-k",
        type=int,
        metavar="K",
        help="gate policy: review (see --on-violation) when the smallest class of the requested fields "
        "together has fewer than K rows (strict: 5)",
    )
    p.add_argument(
        "--sensitive",
        action="append",
        metavar="COL",
        help="gate policy: a sensitive column the rules --min-l / --max-t apply to (repeatable)",
    )
    p.add_argument(
        "--min-l",
        type=int,
        metavar="L",
        help="gate policy: review when a class of the requested fields holds fewer than L distinct values "
        "of a sensitive column (l-diversity)",
    )
    p.add_argument(
        "--max-t",
        type=float,
        metavar="T",
        help="gate policy: review when a class's distribution of a sensitive column is farther than T "
        "(0..1) from the whole table's (t-closeness)",
    )
    p.add_argument(
        "--on-violation",
        choices=("review", "reject"),
        default="review",
        help="what a violated policy rule turns approve into (default %(default)s)",
    )
    common.add_strategy_and_dropna(p, "column set")
    common.add_output(p, formats=("table", "json"))
    p.set_defaults(run=run)


def _run_on_spark(args: argparse.Namespace, request: list) -> int:
    """--engine spark: the one-row report (score, decision, joint figures) of the single statement."""
    from sqlpriv.request import assess_request

    a = assess_request(
        args.source,
        request,
        approve=args.approve,
        reject=args.reject,
        k=args.k,
        weights=_weights(args.weight) or None,
        dropna=args.dropna,
        **common.connection_options(args),
    )
    if args.sql:
        print(a.sql, end="")
        return 0
    report = a.report().df()
    if args.format == "json":
        print(report.to_json(orient="records", indent=2, double_precision=15))
    else:
        common.print_tables(
            [("report", report.T.reset_index().set_axis(["figure", "value"], axis=1).astype(str))], "table"
        )
        print(f"\ndecision: {a.decision} (score {a.score:.6g}; approve >= {args.approve:g}, reject < {args.reject:g})")
    sys.stdout.flush()
    return EXIT_CODES[a.decision]


def run(args: argparse.Namespace) -> int:
    from sqlpriv.request import assess_request

    request = common.parse_columns(args.columns)
    if not request:
        raise ParameterError("the request is empty: name the requested fields with -c COL (repeatable)")
    if common.engine(args) == "spark":
        return _run_on_spark(args, request)
    a = common.show_warnings(
        lambda: assess_request(
            args.source,
            request,
            approve=args.approve,
            reject=args.reject,
            k=args.k,
            weights=_weights(args.weight),
            max_unique_share=args.max_unique_share,
            min_k=args.min_k,
            on_violation=args.on_violation,
            sensitive=args.sensitive,
            min_l=args.min_l,
            max_t=args.max_t,
            strategy=args.strategy,
            dropna=args.dropna,
            **common.connection_options(args),
        )
    )
    if args.sql:
        print(a.sql, end="")
        return 0
    with warnings.catch_warnings():  # evaluate()'s warnings are part of the report printed below
        warnings.simplefilter("ignore", SqlprivWarning)
        a.evaluate()
    if args.format == "json":
        print(json.dumps(a.to_dict(), indent=2))
    else:
        _print_assessment(a, args.dropna)
    sys.stdout.flush()
    return EXIT_CODES[a.decision]


def _joint_table(a: Any, dropna: bool) -> pd.DataFrame:
    """The joint figures of the unweighted fields, as (figure, value) text rows."""
    j = a.joint
    figures = ["n", "classes", "smallest_class", "rows_below_k", "share_below_k", "unique_rows", "share_unique"]
    figures += ["guess_probability", "privacy_factor"]
    rows = [("dropped_rows", a.dropped_rows)] * dropna + [(key, j[key]) for key in figures]
    joint = pd.DataFrame(rows, columns=["figure", "value"])
    joint["value"] = [str(v) if isinstance(v, int) else f"{v:.6g}" for v in joint["value"].tolist()]
    return joint


def _print_assessment(a: Any, dropna: bool) -> None:
    """The assessment as tables: fields, joint figures, class sizes, warnings and the decision."""
    j = a.joint
    fields = a.fields().df()
    for col in ("expression", "weight"):
        fields[col] = ["" if v is None or v != v else v for v in fields[col].tolist()]
    common.print_tables(
        [
            ("fields", fields),
            (f"joint figures of {', '.join(j['columns']) or '(no unweighted field)'}", _joint_table(a, dropna)),
            (f"class sizes (k = {a.k})", a.uniqueness().df()),
        ],
        "table",
    )
    for w in a.warnings:
        print(f"\nwarning: {w}")
    print(
        f"\ndecision: {a.decision} (rule {a.rule}; score {a.score:.6g}; approve >= {a.approve:g}, "
        f"reject < {a.reject:g}; exact joint score {j['score']:.6g} would give {j['decision']})"
    )
    if a.rule != "score":
        print(f"rule: {a.reason}")
