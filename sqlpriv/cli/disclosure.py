"""``sqlpriv disclosure``: l-diversity, t-closeness and the other attribute-disclosure figures of
sensitive columns given the quasi-identifiers (docs/measures.md §8)."""

from __future__ import annotations

import argparse

from sqlpriv.cli import common, verdicts


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "disclosure",
        help="l-diversity, t-closeness, delta-disclosure, beta-likeness of sensitive columns",
        description="What a class of rows sharing the quasi-identifiers' values (-c) discloses of each "
        "sensitive column (-s): l-diversity (distinct, entropy, recursive), (alpha,k)-anonymity, "
        "t-closeness, delta-disclosure and beta-likeness, one row per sensitive column.",
    )
    common.add_source(p)
    common.add_columns(p, help="quasi-identifiers (default: every column that is not sensitive)")
    p.add_argument(
        "-s",
        "--sensitive",
        action="append",
        required=True,
        metavar="COL",
        help="a sensitive column (repeatable, or comma-separated)",
    )
    p.add_argument(
        "--hierarchy",
        action="append",
        default=[],
        metavar="COL=FILE",
        help="an ARX hierarchy CSV (value;level1;...) for a sensitive column: hierarchical t-closeness",
    )
    p.add_argument("--classes", metavar="OUT", help="write the per-class figures (Parquet, or CSV if OUT ends in .csv)")
    p.add_argument("--per-row", metavar="OUT", help="write each row's class figures (Parquet, or CSV)")
    p.add_argument("--dropna", action="store_true", help="drop rows with NULL in an analysed column")
    p.add_argument(  # issue 46
        "--entity",
        metavar="COL",
        help="column identifying the person behind each row (panel data): a person's repeated rows count once",
    )
    common.add_key(p)
    common.add_output(p)
    verdicts.add_rules(p, "disclosure")
    p.set_defaults(run=run)


def _hierarchies(items: list[str]) -> dict[str, str]:
    from sqlpriv.errors import ParameterError

    out = {}
    for item in items:
        col, sep, path = item.partition("=")
        if not sep or not col or not path:
            raise ParameterError(
                f"--hierarchy takes COL=FILE, e.g. --hierarchy occupation=occupation.csv; got {item!r}"
            )
        out[col] = path
    return out


def run(args: argparse.Namespace) -> int:
    from sqlpriv.disclosure.measure import attribute_disclosure

    sensitive = [s.strip() for item in args.sensitive for s in item.split(",") if s.strip()]
    result = common.show_warnings(
        lambda: attribute_disclosure(
            args.source,
            common.parse_columns(args.columns),
            sensitive=sensitive,
            hierarchies=_hierarchies(args.hierarchy) or None,
            key=args.key,
            dropna=args.dropna,
            **({"entity": args.entity} if args.entity else {}),
            **common.connection_options(args),
        )
    )
    summary = result.summary()
    common.dropped_note(result.dropped_rows, result.n)
    files = [
        (result.classes(), args.classes, "per-class disclosure figures"),
        (result.per_row(), args.per_row, "per-row class figures"),
    ]
    outputs = [(r, path) for r, path, _ in files if path]
    if args.sql:
        common.print_sql(result.script(summary, *outputs))
        return 0
    for r, path, what in files:
        if path:
            common.wrote(r.write(path), what)
    frame = summary.df()
    drivers = verdicts.profile_drivers(args, common.parse_columns(args.columns) or result.columns)
    v, next_line = verdicts.on_disclosure(args, frame, drivers)
    verdicts.show(v, next_line, args.format)
    common.print_tables([("summary", frame)], args.format, {"verdict": verdicts.payload(v, next_line)})
    common.reading(
        f"n = {result.n:,} rows in classes of the quasi-identifiers {', '.join(result.columns)}. How to read: "
        "l_diversity is the fewest distinct sensitive values in a class (1: some class discloses its value); "
        "alpha the largest share of one value in a class; t_closeness the largest distance (0 to 1) between a "
        "class's distribution and the whole table's; delta_disclosure and the beta-likeness figures bound how "
        "much a class multiplies the odds of a value (docs/measures.md §8).",
        args.format,
    )
    return verdicts.exit_code(v, args, "disclosure")
