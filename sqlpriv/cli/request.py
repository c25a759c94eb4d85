"""``sqlpriv request``: score a data request and gate it (approve / review / reject).

Exit status: 0 approve, 3 review, 4 reject, 1 runtime error, 2 usage error.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pandas loads on first use (sqlpriv report imports it beside its first SQL)
    import pandas as pd

from sqlpriv.cli import common
from sqlpriv.cli.policy import add_policy, use_colour, verdict_lines
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
    add_policy(p)
    p.add_argument(
        "--weight",
        action="append",
        metavar="COL=X",
        help="manual factor X in [0, 1] that overrides the measured factor of field COL (repeatable)",
    )
    p.add_argument(  # issue 26 (docs/measures.md §9)
        "--max-average-risk",
        type=float,
        metavar="X",
        help="gate policy: review when the prosecutor average risk of the fields together (classes / rows) is above X",
    )
    p.add_argument(
        "--max-population-uniqueness",
        type=float,
        metavar="X",
        help="gate policy: review when Zayatz's estimate of the population share unique on the fields together "
        "is above X (the population is the table / --sampling-fraction)",
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
    p.add_argument("--sampling-fraction", type=float, metavar="F", help="share of the population in the table, (0, 1]")
    p.add_argument(  # issue 46
        "--entity",
        metavar="COL",
        help="gate policy: column identifying the person behind each row (panel data): --min-k counts a class's "
        "distinct entities, not its rows",
    )
    common.add_strategy_and_dropna(p, "column set")
    common.add_output(p, formats=("table", "json"))
    p.set_defaults(run=run)


def _run_on_spark(args: argparse.Namespace, request: list) -> int:
    """--engine spark: the one-row report (score, decision, joint figures) of the single statement."""
    from sqlpriv.request.measure import assess_request

    a = assess_request(
        args.source,
        request,
        approve=args.approve,
        reject=args.reject,
        k=args.k,
        weights=_weights(args.weight) or None,
        dropna=args.dropna,
        max_unique_share=args.max_unique_share,  # the gate policy, in the single statement as on DuckDB
        min_k=args.min_k,
        on_violation=args.on_violation,
        max_average_risk=args.max_average_risk,
        max_population_uniqueness=args.max_population_uniqueness,
        sampling_fraction=args.sampling_fraction,
        # DuckDB-only rules: passed when given, so that Spark refuses them by name
        **{
            n: v
            for n, v in (
                ("sensitive", args.sensitive),
                ("min_l", args.min_l),
                ("max_t", args.max_t),
                ("entity", args.entity),
            )
            if v
        },
        **common.connection_options(args),
    )
    if args.sql:
        common.print_sql(a.sql)
        return 0
    report = a.report().df()
    if args.format == "json":
        common.print_json({"report": common.json_records(report)})
    else:
        common.print_tables(
            [
                (
                    "request report (the gate's one row)",
                    report.T.reset_index().set_axis(["figure", "value"], axis=1).astype(str),
                )
            ],
            "table",
        )
        print(f"\ndecision: {a.decision} (score {a.score:.6g}; approve >= {args.approve:g}, reject < {args.reject:g})")
    sys.stdout.flush()
    return EXIT_CODES[a.decision]


def run(args: argparse.Namespace) -> int:
    from sqlpriv.request.measure import assess_request

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
            max_average_risk=args.max_average_risk,
            max_population_uniqueness=args.max_population_uniqueness,
            sampling_fraction=args.sampling_fraction,
            sensitive=args.sensitive,
            min_l=args.min_l,
            max_t=args.max_t,
            strategy=args.strategy,
            dropna=args.dropna,
            **({"entity": args.entity} if args.entity else {}),
            **common.connection_options(args),
        )
    )
    if args.sql:
        common.print_sql(a.sql)
        return 0
    with warnings.catch_warnings():  # evaluate()'s warnings are part of the report printed below
        warnings.simplefilter("ignore", SqlprivWarning)
        a.evaluate()
    common.dropped_note(a.dropped_rows, a.n)
    if args.format == "json":
        common.print_json(a.to_dict())
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
    # formatted before the frame is built: a column mixing ints and floats would turn 1414590 into 1.41459e+06
    text = [(key, f"{v:,}" if isinstance(v, int) else f"{v:.6g}") for key, v in rows]
    import pandas as pd

    return pd.DataFrame(text, columns=["figure", "value"])


def next_step_for(a: Any) -> str:
    """What to do next, naming the request's most identifying fields (smallest privacy factor first)."""
    from sqlpriv.engine.verdict import next_step
    from sqlpriv.report.verdict import drivers

    return next_step(a.verdict, drivers(a))


def _print_assessment(a: Any, dropna: bool) -> None:
    """The assessment as tables: fields, joint figures, class sizes, warnings and the decision."""
    j = a.joint
    print("\n".join(verdict_lines(a.verdict, next_step_for(a), colour=use_colour())) + "\n")
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
