"""The ``sqlpriv`` command line. Each sub-command lives in its own module here
and exposes ``register(subparsers)``; this file only discovers and dispatches.

Exit status: 0 success, 1 runtime error (bad data, DuckDB failure), 2 usage
error; commands that gate (``request``) document their own codes.

>>> args = build_parser().parse_args(["shapley", "people.csv", "-c", "age", "--by", "age < 32"])
>>> args.command, args.columns, args.by
('shapley', ['age'], ['age < 32'])
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from typing import Sequence

from sqlpriv.errors import ParameterError, SqlprivError

EXIT_RUNTIME = 1
EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    from sqlpriv import __version__

    parser = argparse.ArgumentParser(
        prog="sqlpriv",
        description="Measure how identifying the columns of a table are, inside DuckDB.",
    )
    parser.add_argument("--version", action="version", version=f"sqlpriv {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    package = importlib.import_module(__name__)
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name.startswith("_") or info.name == "common":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "register"):
            module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``sqlpriv`` console script."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:  # reported by the sub-command's own parser (its usage line), exit 2
        sub = getattr(args, "_parser", parser)
        hint = "; name several columns with -c a,b or repeat -c (-c a -c b)" if getattr(args, "columns", None) else ""
        sub.error(f"unrecognized arguments: {' '.join(extra)}{hint}")
    try:
        code = args.run(args)
    except ParameterError as exc:
        print(f"sqlpriv: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except SqlprivError as exc:
        print(f"sqlpriv: error: {exc}", file=sys.stderr)
        return EXIT_RUNTIME
    except BrokenPipeError:
        return 0
    return int(code or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
