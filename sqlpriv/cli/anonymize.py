"""``sqlpriv anonymize``: the least-loss generalization that meets a policy (docs/measures.md §7)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from sqlpriv.cli import common

EXIT_NO_NODE = 3  # no lattice node meets the policy


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "anonymize",
        help="generalize quasi-identifiers to meet k-anonymity with least loss (ARX-style)",
        description="Search the lattice of generalization levels for the node of least loss that meets "
        f"the policy; write the released table. Exit {EXIT_NO_NODE} when no node meets it.",
    )
    common.add_source(p)
    p.add_argument(
        "--hierarchy",
        action="append",
        required=True,
        metavar="COL=SPEC",
        help="COL=FILE.csv (ARX: value;level1;...), COL=intervals:5,10,20, COL=mask:1,2,3, COL=dates:month,year, COL=rare:N",
    )
    p.add_argument("--k", type=int, default=2)
    p.add_argument("--suppression-limit", type=float, default=0.0, metavar="SHARE")
    p.add_argument("--max-unique-share", type=float, default=None, metavar="SHARE")
    p.add_argument("--metric", default="loss", choices=["loss", "discernibility", "aecs", "precision", "entropy"])
    p.add_argument("-o", "--out", metavar="OUT", help="write the released table (Parquet, or CSV if OUT ends in .csv)")
    p.add_argument("--candidates", metavar="CSV", help="write every evaluated node with its metrics")
    common.add_output(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from sqlpriv.engine.result import check_output
    from sqlpriv.errors import ParameterError
    from sqlpriv.generalize import generalize

    hierarchies: dict[str, str] = {}
    for item in args.hierarchy:
        col, sep, spec = item.partition("=")
        if not sep or not col or not spec:
            raise ParameterError(f"--hierarchy takes COL=SPEC (e.g. age=intervals:5,10,20), got {item!r}")
        if col in hierarchies:  # the later one silently replaced the first
            raise ParameterError(
                f"--hierarchy gives {col!r} twice ({hierarchies[col]!r} and {spec!r}); give each column once"
            )
        hierarchies[col] = spec
    for path in (args.out, args.candidates):
        if path:
            check_output(path)
    g = generalize(
        args.source,
        hierarchies,
        k=args.k,
        suppression_limit=args.suppression_limit,
        max_unique_share=args.max_unique_share,
        metric=args.metric,
        **common.connection_options(args),
    )
    if args.candidates:
        common.wrote(g.candidates().write(args.candidates), "candidate nodes")
    if not g.meets_policy:
        print(
            f"sqlpriv: no generalization meets the policy ({g.policy.describe()}); "
            "raise --suppression-limit, lower --k or give hierarchies more levels",
            file=sys.stderr,
        )
        return EXIT_NO_NODE
    if args.sql:
        common.print_sql(g.apply().sql)
        return 0
    if args.out:
        common.wrote(g.apply().write(args.out), "released table", g.n)
    common.print_tables([("best node", _best_frame(g)), ("before / after", g.compare().df())], args.format)
    return 0


def _best_frame(g: Any) -> Any:
    import pandas as pd

    return pd.DataFrame([{**(g.best or {}), str(g.metric): str(g.best_score)}])
