"""The ``sqlpriv`` command line. Each sub-command lives in its own module here
and exposes ``register(subparsers)``; this file only discovers and dispatches.

Exit status: 0 success, 1 runtime error (bad data, DuckDB failure), 2 usage
error; commands that gate (``request``, ``report``, and the measure summaries given a
policy option: ``sqlpriv/cli/verdicts.py``) exit 0 pass, 3 review, 4 fail.

>>> args = build_parser().parse_args(["shapley", "people.csv", "-c", "age", "--by", "age < 32"])
>>> args.command, args.columns, args.by
('shapley', ['age'], ['age < 32'])
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import pkgutil
import signal
import sys
from collections.abc import Iterator, Sequence

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


OUTPUT_OPTIONS = ("per_row", "out")  # options naming a file the command writes
WRITTEN_OPTIONS = (*OUTPUT_OPTIONS, "details", "tree", "output")  # every option naming a file written
SOURCE_ARGUMENTS = ("source", "original", "synthetic", "db")  # arguments naming a file the command reads


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse an output path that cannot be written, or that is (or is inside) a source, before
    any work starts."""
    if getattr(args, "sql", False):
        return  # --sql prints a script; nothing is written
    from sqlpriv.engine.connection import check_not_source
    from sqlpriv.engine.result import check_output

    sources = [s for s in (getattr(args, name, None) for name in SOURCE_ARGUMENTS) if isinstance(s, str)]
    sources += _input_files(args)
    for name in WRITTEN_OPTIONS:
        path = getattr(args, name, None)
        if isinstance(path, str) and path:
            check_not_source(path, sources)
            if name in OUTPUT_OPTIONS:
                check_output(path)


def _input_files(args: argparse.Namespace) -> list[str]:
    """Every file the command reads besides its sources: each option value (or the FILE of a
    COL=FILE value: a hierarchy, a prior) that names an existing file, so that no output can
    overwrite an input."""
    found: list[str] = []
    for name, value in vars(args).items():
        if name in WRITTEN_OPTIONS or name in SOURCE_ARGUMENTS:
            continue
        for item in value if isinstance(value, list) else [value]:
            if not isinstance(item, str) or not item:
                continue
            for text in {item, item.partition("=")[2]}:
                if text and os.path.lexists(text) and not os.path.isdir(text):
                    found.append(text)
    return found


def _printable(text: str) -> str:
    """``text`` with terminal control characters (from the data: escape sequences, carriage
    returns, ...) escaped, newlines and tabs kept."""
    from sqlpriv.cli.common import escape_controls

    return escape_controls(text, keep="\n\t")


@contextlib.contextmanager
def _terminate_cleanly() -> Iterator[list[int]]:
    """Turn SIGTERM into an exception while a command runs (as SIGINT already is), so that
    DuckDB interrupts the query and an output being written, still under its temporary name,
    is removed instead of left half-written. Yields the list of signals received."""
    received: list[int] = []

    def handler(signum: int, frame: object) -> None:
        received.append(signum)
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        raise SystemExit(128 + signum)

    previous: dict[int, object] = {}
    try:
        for sig in (signal.SIGTERM, signal.SIGINT):
            if signal.getsignal(sig) is not signal.SIG_IGN:
                previous[sig] = signal.signal(sig, handler)
    except ValueError:  # not the main thread
        yield received
        return
    try:
        yield received
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)  # type: ignore[arg-type]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``sqlpriv`` console script."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:  # reported by the sub-command's own parser (its usage line), exit 2
        sub = getattr(args, "_parser", parser)
        hint = "; name several columns with -c a,b or repeat -c (-c a -c b)" if getattr(args, "columns", None) else ""
        sub.error(f"unrecognized arguments: {' '.join(extra)}{hint}")
    from sqlpriv.engine.interrupts import stop_on_signals

    try:
        _check_outputs(args)
        if isinstance(getattr(args, "source", None), str):  # --delimiter, --null-string, --types: a CsvFile
            from sqlpriv.cli.common import csv_source

            args.source = csv_source(args)
        with _terminate_cleanly() as received, stop_on_signals():
            try:
                code = args.run(args)
            except (KeyboardInterrupt, SystemExit, RuntimeError, SqlprivError) as exc:
                # a signal interrupts DuckDB (sqlpriv.engine.interrupts): its error may come first
                signum = received[0] if received else (signal.SIGINT if isinstance(exc, KeyboardInterrupt) else None)
                if signum is None:
                    raise
                print(f"sqlpriv: interrupted ({signal.Signals(signum).name}); no output was written", file=sys.stderr)
                return 128 + int(signum)
    except ParameterError as exc:
        print(f"sqlpriv: error: {_printable(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except SqlprivError as exc:
        print(f"sqlpriv: error: {_printable(str(exc))}", file=sys.stderr)
        return EXIT_RUNTIME
    except BrokenPipeError:
        return 0
    return int(code or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
