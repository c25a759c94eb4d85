"""``sqlpriv sql``: SQL for the DuckDB shell.

``sqlpriv sql macros > sqlpriv.sql`` writes every helper macro as a
``CREATE OR REPLACE MACRO`` statement (``.read sqlpriv.sql`` in the shell);
``sqlpriv sql COMMAND ARGS...`` prints the complete script of any measure command
(the same as ``sqlpriv COMMAND ARGS... --sql``).
"""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "sql",
        help="print SQL for the DuckDB shell: the macro pack, or any command's script",
        description="Print SQL for the DuckDB shell. 'sqlpriv sql macros' writes every helper macro; "
        "'sqlpriv sql shapley SOURCE ...' prints the script that 'sqlpriv shapley SOURCE ... --sql' prints.",
    )
    p.add_argument("what", metavar="macros|COMMAND", help="'macros', or a measure command such as shapley")
    p.add_argument("args", nargs=argparse.REMAINDER, help="the command's arguments")
    p.add_argument("--temp", action="store_true", help="with 'macros': create TEMP macros (session-only)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from sqlpriv.cli import main
    from sqlpriv.engine import macros
    from sqlpriv.errors import ParameterError

    if args.what == "macros":
        print(macros.script(temp=args.temp), end="")
        return 0
    if args.what == "sql":
        raise ParameterError("'sqlpriv sql sql' is not a command; use 'sqlpriv sql macros' or 'sqlpriv sql shapley ...'")
    extra = [] if "--sql" in args.args else ["--sql"]
    return main([args.what, *args.args, *extra])
