"""The gate's policy options, shared by ``sqlpriv request`` and ``sqlpriv report``, and the verdict
as terminal text (coloured on a terminal; plain when piped or with NO_COLOR set).

>>> from sqlpriv.engine.verdict import Rule, verdict
>>> print("\\n".join(verdict_lines(verdict([Rule("min_k", "review", "smallest class 1 row", "at least 5 rows")]),
...                               "What to do next: coarsen zip.", colour=False)))
verdict: REVIEW (rule min_k: smallest class 1 row; limit: at least 5 rows)
What to do next: coarsen zip.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from sqlpriv.engine.verdict import Verdict

_ANSI = {"pass": "\033[1;32m", "review": "\033[1;33m", "fail": "\033[1;31m"}


def add_policy(p: argparse.ArgumentParser, *, k_help: str = "k of k-anonymity for the joint figures") -> None:
    """--approve, --reject, --k, --max-unique-share, --min-k, --on-violation."""
    p.add_argument("--approve", type=float, default=0.8, help="approve at or above this score (default %(default)s)")
    p.add_argument("--reject", type=float, default=0.2, help="reject below this score (default %(default)s)")
    p.add_argument("--k", type=int, default=5, help=f"{k_help} (default %(default)s)")
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
        "--on-violation",
        choices=("review", "reject"),
        default="review",
        help="what a violated policy rule turns approve into (default %(default)s)",
    )


def policy_options(args: argparse.Namespace) -> dict[str, Any]:
    """The policy keyword arguments of :func:`sqlpriv.assess_request` / :func:`sqlpriv.report`."""
    return dict(
        approve=args.approve,
        reject=args.reject,
        k=args.k,
        max_unique_share=args.max_unique_share,
        min_k=args.min_k,
        on_violation=args.on_violation,
    )


def use_colour(stream: Any = None) -> bool:
    """Colour on a terminal, unless NO_COLOR is set (https://no-color.org)."""
    stream = stream or sys.stdout
    return bool(getattr(stream, "isatty", lambda: False)()) and not os.environ.get("NO_COLOR")


def verdict_lines(v: Verdict, next_line: str, *, colour: bool) -> list[str]:
    """``verdict: STATUS (rule ...)`` (the status coloured) and the what-to-do-next line; control
    characters of column names in them are escaped (a name is data)."""
    from sqlpriv.cli.common import escape_controls

    line, next_line = escape_controls(v.line()), escape_controls(next_line)
    if colour:
        word = v.status.upper()
        line = line.replace(word, f"{_ANSI[v.status]}{word}\033[0m", 1)
    return [f"verdict: {line}", next_line]


__all__ = ["add_policy", "policy_options", "use_colour", "verdict_lines"]
