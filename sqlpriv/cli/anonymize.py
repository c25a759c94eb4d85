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
    common.add_columns(  # issue 46: as the other commands take them
        p,
        help="quasi-identifier to generalize; repeat -c or give a comma list (-c a,b); each needs a --hierarchy; "
        "default: every --hierarchy column. A name that contains a comma or '=': in double quotes, -c '\"a,b\"'",
    )
    p.add_argument(
        "--key",
        help="row key column (as the other commands take it): it must exist and is never generalized; the released "
        "table keeps every column, the key too",
    )
    p.add_argument(  # issue 46
        "--entity",
        metavar="COL",
        help="column identifying the person behind each row (panel data): --k and --suppression-limit count "
        "distinct entities, not rows",
    )
    p.add_argument(
        "--hierarchy",
        action="append",
        required=True,
        metavar="COL=SPEC",
        help="COL=FILE.csv (ARX: value;level1;...), COL=intervals:5,10,20, COL=mask:1,2,3, COL=dates:month,year, COL=rare:N, "
        "COL=equidistant:8,4 / logEqui:N / equalAmount:N (sdcMicro globalRecode breaks)",
    )
    p.add_argument(
        "--k", type=int, default=2, help="every released class holds at least K rows (k-anonymity; default 2)"
    )
    p.add_argument(
        "--suppression-limit",
        type=float,
        default=0.0,
        metavar="SHARE",
        help="share of rows that may be suppressed (left out) to meet the policy, in [0, 1] (default 0)",
    )
    p.add_argument(
        "--max-unique-share",
        type=float,
        default=None,
        metavar="SHARE",
        help="at most this share of released rows unique on the quasi-identifiers together (default: no limit)",
    )
    p.add_argument("--metric", default="loss", choices=["loss", "discernibility", "aecs", "precision", "entropy"])
    p.add_argument(
        "--suppression",
        default="records",
        choices=["records", "cells"],
        help="how the records still at risk at a node are treated: 'records' suppresses them whole (up to "
        "--suppression-limit; the default), 'cells' blanks a few of their key cells (local suppression, k "
        "under wildcard semantics; metric loss only)",
    )
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
        col, sep, spec = split_hierarchy(item)
        if not sep or not col or not spec:
            raise ParameterError(f"--hierarchy takes COL=SPEC (e.g. age=intervals:5,10,20), got {item!r}")
        if col in hierarchies:  # the later one silently replaced the first
            raise ParameterError(
                f"--hierarchy gives {col!r} twice ({hierarchies[col]!r} and {spec!r}); give each column once"
            )
        hierarchies[col] = spec
    hierarchies = quasi_identifiers(common.parse_columns(getattr(args, "columns", None)), hierarchies, args.key)
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
        suppression=args.suppression,
        **({"key": args.key} if args.key else {}),
        **({"entity": args.entity} if args.entity else {}),
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


def quasi_identifiers(columns: list[Any] | None, hierarchies: dict[str, str], key: str | None) -> dict[str, str]:
    """The hierarchies of the quasi-identifiers ``-c`` names (all of them without ``-c``): each
    named column needs a ``--hierarchy`` and each ``--hierarchy`` a named column; the key is
    never one of them.

    >>> quasi_identifiers(["age", "zip"], {"zip": "mask:1", "age": "intervals:5"}, None)
    {'age': 'intervals:5', 'zip': 'mask:1'}
    >>> quasi_identifiers(None, {"age": "intervals:5"}, "age")
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: --key 'age' is also a quasi-identifier (it has a --hierarchy); a key is carried as it is, never generalized: choose another key
    """
    from sqlpriv.errors import ParameterError

    if columns is not None:
        exprs = [c for c in columns if not isinstance(c, str)]
        if exprs:
            raise ParameterError(
                f"anonymize releases the source's own columns: -c takes column names here, not NAME=SQL ({exprs[0]!r})"
            )
        lacking = [c for c in columns if c not in hierarchies]
        if lacking:
            raise ParameterError(
                f"-c names {', '.join(map(repr, lacking))} without a --hierarchy; give each quasi-identifier one, "
                "e.g. --hierarchy age=intervals:5,10"
            )
        extra = [c for c in hierarchies if c not in columns]
        if extra:
            raise ParameterError(
                f"--hierarchy for {', '.join(map(repr, extra))}, which -c does not name; add it to -c or drop its "
                "--hierarchy"
            )
        hierarchies = {c: hierarchies[c] for c in columns}
    if key is not None and key in hierarchies:
        raise ParameterError(
            f"--key {key!r} is also a quasi-identifier (it has a --hierarchy); a key is carried as it is, never "
            "generalized: choose another key"
        )
    return hierarchies


def _best_frame(g: Any) -> Any:
    import pandas as pd

    score = g.best_score  # loss: the per-column losses, a list (JSON: an array of numbers, not a string)
    if score is not None and not isinstance(score, str):
        score = [float(x) for x in score] if hasattr(score, "__len__") else float(score)
    return pd.DataFrame([{**(g.best or {}), str(g.metric): score}])


def split_hierarchy(item: str) -> tuple[str, str, str]:
    """``COL=SPEC`` as (COL, "=", SPEC); a COL in double quotes (as ``-c`` takes it, ``""`` a quote)
    may hold commas and ``=``.

    >>> split_hierarchy('"zip,code"=mask:1,2'), split_hierarchy("age=intervals:5,10")
    (('zip,code', '=', 'mask:1,2'), ('age', '=', 'intervals:5,10'))
    >>> split_hierarchy('"a""b=c"=rare:2')
    ('a"b=c', '=', 'rare:2')
    """
    if item.startswith('"'):
        i = 1
        while i < len(item):
            if item[i] == '"':
                if item[i + 1 : i + 2] == '"':
                    i += 2
                    continue
                name, rest = item[1:i].replace('""', '"'), item[i + 1 :]
                return (name, "=", rest[1:]) if rest.startswith("=") else (name, "", rest)
            i += 1
    return item.partition("=")
