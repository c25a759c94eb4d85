"""``sqlpriv report``: one self-contained HTML privacy report (every measure, charts and numbers)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from sqlpriv.cli import common
from sqlpriv.cli.policy import add_policy, policy_options, use_colour, verdict_lines
from sqlpriv.engine.verdict import EXIT_CODES, Verdict

EPILOG = """exit status (as sqlpriv request):
  0  pass    the verdict on top of the report passes (the gate would approve)
  3  review  Cave's score is between --reject and --approve, or a policy rule
             (--max-unique-share, --min-k) is violated
  4  fail    the score is below --reject, or a rule is violated with --on-violation reject
  1  runtime error, 2 usage error; the report is written in every case but 1 and 2.
  In a script that only wants the report: sqlpriv report ... -o r.html || [ $? -ge 3 ]
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "report",
        help="write an offline HTML privacy report: profile, Shapley, PIF, singling-out, request gate",
        description="Write one self-contained HTML file (inline SVG charts, no network) with the overview, "
        "privacy profile, uniqueness Shapley values (per column, per row, per --by subgroup), personal "
        "information factors, and with --synthetic the singling-out risk, with --request the gate's decision. "
        "Needs the plotting extra: pip install 'sqlpriv[plot]'.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    common.add_source(p)
    common.add_columns(p)
    p.add_argument(
        "--by", action="append", metavar="EXPR", default=[], help="subgroup column or SQL expression (repeatable)"
    )
    p.add_argument(
        "--synthetic", metavar="SYN", help="synthetic counterpart of SOURCE (same columns): adds singling-out risk"
    )
    p.add_argument(
        "--request",
        action=common.ColumnsAction,
        metavar="COL",
        help="a field of a data request (repeatable, or a comma list as -c; NAME=EXPR allowed; a name that "
        "contains a comma or '=': in double quotes, --request '\"a=b\"')",
    )
    p.add_argument(  # issue 26
        "--risk",
        nargs="?",
        const=1.0,
        type=float,
        metavar="F",
        help="add the re-identification risk section; F: the sampling fraction (default 1, the table is the population)",
    )
    p.add_argument(
        "-o", "--output", required=True, metavar="REPORT.html", help="where to write the report (atomically)"
    )
    p.add_argument("--title", help="the report's title")
    add_policy(p, k_help="k of the joint figures and the request")
    p.add_argument(
        "--sensitive",
        action="append",
        metavar="COL",
        help="a sensitive column: adds the l-diversity / t-closeness section",
    )
    p.add_argument("--max-cols", type=int, default=3, help="largest column set examined for singling out (default 3)")
    p.add_argument("--rows", type=int, default=200, help="rows in the per-row Shapley view (default 200)")
    p.add_argument("--scatter-column", help="column of the subgroup scatter (default: the one varying most)")
    p.add_argument(
        "--method", choices=("auto", "exact", "sample"), default="auto", help="Shapley method (default auto)"
    )
    p.add_argument("--no-pif", action="store_true", help="leave out the personal information factors")
    p.add_argument(
        "--hierarchy",
        action="append",
        metavar="COL=SPEC",
        help="a quasi-identifier's hierarchy, as sqlpriv anonymize takes it (repeatable): adds the 'What to do' "
        "section, the least-loss generalization meeting --k",
    )
    p.add_argument(
        "--suppression-limit",
        type=float,
        default=0.05,
        metavar="SHARE",
        help="with --hierarchy: share of rows the generalization may suppress (default 0.05)",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar (also: SQLPRIV_PROGRESS=0)")
    common.add_duckdb_options(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import sqlpriv
    from sqlpriv.report.build import keeping_assessment

    with keeping_assessment() as kept:
        path = common.show_warnings(
            lambda: sqlpriv.report(
                args.source,
                common.parse_columns(args.columns),
                by=args.by,
                synthetic=args.synthetic,
                request=common.parse_columns(args.request),
                sensitive=args.sensitive,
                output=args.output,
                title=args.title,
                **policy_options(args),
                max_cols=args.max_cols,
                rows=args.rows,
                scatter_column=args.scatter_column,
                method=args.method,
                pif=not args.no_pif,
                risk=None if args.risk is None else {"sampling_fraction": args.risk},
                progress=False if args.no_progress else None,
                hierarchies=_hierarchies(args.hierarchy),
                suppression_limit=args.suppression_limit,
                **common.connection_options(args),
            )
        )
    print(f"sqlpriv: wrote the report to {path}", file=sys.stderr)
    # the report's own assessment, not computed again (unless sqlpriv.report was replaced, as tests do)
    v, next_line = _verdict(kept[0], bool(args.request)) if kept else _verdict_again(args)
    print("\n".join(verdict_lines(v, next_line, colour=use_colour())))
    return EXIT_CODES[v.status]


def _verdict(a: Any, request: bool) -> tuple[Verdict, str]:
    """The verdict of the report's first section (the gate's policy on the request, or on the
    analysed columns together) and what to do next, from the assessment it was computed from."""
    from sqlpriv.engine.verdict import next_step
    from sqlpriv.report.verdict import drivers

    return a.verdict, next_step(a.verdict, drivers(a), request=request)


def _verdict_again(args: argparse.Namespace) -> tuple[Verdict, str]:
    """The report's verdict computed again (the gate's policy on the request, or on the analysed
    columns together), when the report did not hand its assessment over."""
    import warnings

    import sqlpriv
    from sqlpriv.errors import SqlprivWarning

    opts = common.connection_options(args)
    fields = common.parse_columns(args.request) or common.parse_columns(args.columns)
    with warnings.catch_warnings():  # already shown while the report was written
        warnings.simplefilter("ignore", SqlprivWarning)
        if not fields:
            fields = sqlpriv.uniqueness_shapley(args.source, **opts).columns
        return _verdict(sqlpriv.assess_request(args.source, fields, **policy_options(args), **opts), bool(args.request))


def _hierarchies(items: list[str] | None) -> dict[str, str] | None:
    """``--hierarchy COL=SPEC`` items as the report's ``hierarchies`` (None: no "What to do" section)."""
    from sqlpriv.cli.anonymize import split_hierarchy
    from sqlpriv.errors import ParameterError

    if not items:
        return None
    out: dict[str, str] = {}
    for item in items:
        col, sep, spec = split_hierarchy(item)
        if not sep or not col or not spec or col in out:
            raise ParameterError(
                f"--hierarchy takes COL=SPEC once per column (e.g. age=intervals:5,10,20), got {item!r}"
            )
        out[col] = spec
    return out
