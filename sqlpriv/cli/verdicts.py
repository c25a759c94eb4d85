"""The verdict on the measure summaries (``sqlpriv shapley``, ``pif``, ``singling-out``,
``uniques``, ``risk``, ``disclosure``): each command's policy options, its rules built from the
figures it already computed, and the verdict printed the one way every command prints it.

Without a policy option a command judges by its documented default policy (:data:`DEFAULTS`)
and exits 0 whatever the verdict; with one, it exits as ``sqlpriv request`` does: 0 pass,
3 review, 4 fail (``--on-violation reject`` turns a violated rule into fail).

The verdict is the first thing on stdout with ``--format table``; with ``--format csv`` /
``json`` it goes to stderr (stdout stays machine-readable) and ``json`` also carries it as the
``verdict`` field (``status``, ``rule``, ``rules``, ``next``).

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_rules(p, "shapley")
>>> args = p.parse_args([])
>>> policy(args, "shapley"), given(args, "shapley")
({'max_unique_share': 0.0, 'min_k': 5}, False)
>>> args = p.parse_args(["--min-k", "3"])
>>> policy(args, "shapley"), given(args, "shapley")
({'max_unique_share': None, 'min_k': 3}, True)
>>> args = p.parse_args(["--on-violation", "reject"])  # the default rules, a violation fails
>>> policy(args, "shapley"), given(args, "shapley"), on(args)
({'max_unique_share': 0.0, 'min_k': 5}, True, 'fail')
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pandas loads on first use (sqlpriv report imports it beside its first SQL)
    import pandas as pd

from sqlpriv.cli.policy import use_colour, verdict_lines
from sqlpriv.engine.scales import bits_scale, one_in, percent, share_scale
from sqlpriv.engine.verdict import EXIT_CODES, Rule, Verdict, at_least, at_most, joint_rules, next_action, verdict

#: the options of each command's policy, with their defaults when no policy option is given:
#: the recommended strict policy of the gate (no unique row, k >= 5) on the columns together;
#: no synthetic record singled out; EMA Policy 0070's 0.09 on the average re-identification
#: risk; l >= 2 (no class discloses its sensitive value)
DEFAULTS: dict[str, dict[str, Any]] = {
    "shapley": {"max_unique_share": 0.0, "min_k": 5},
    "uniques": {"max_unique_share": 0.0, "min_k": 5},
    "pif": {"max_unique_share": 0.0, "min_k": 5, "max_pif": None},
    "singling-out": {"max_identification_rate": 0.0, "max_privacy_risk": None},
    "risk": {"max_average_risk": 0.09, "max_population_uniqueness": None},
    "disclosure": {"min_l": 2, "max_t": None},
    # attacks (issue 43): the residual risk against the control (else the success rate)
    "linkability": {"max_risk": 0.05},
    "inference": {"max_risk": 0.05},
    "singling-out-queries": {"max_risk": 0.05},
    # distance-based measures (issue 43 item 5): no exact copy; SDMetrics' baseline protection
    "dcr": {"max_exact_copies": 0.0, "min_dcr_baseline_protection": None},
}

HELP = {
    "max_unique_share": (float, "X", "review when more than X (0..1) of the rows are unique on the columns together"),
    "min_k": (int, "K", "review when the smallest class of the columns together has fewer than K rows"),
    "max_pif": (float, "BITS", "review when the PIF (RIG at --percentile, bits) is above BITS"),
    "max_identification_rate": (
        float,
        "X",
        "review when more than X (0..1) of the synthetic records are singled out",
    ),
    "max_privacy_risk": (float, "X", "review when privacy_risk_score is above X (0..1)"),
    "max_average_risk": (float, "X", "review when the prosecutor average risk (classes / rows) is above X"),
    "max_population_uniqueness": (
        float,
        "X",
        "review when the population uniqueness (Dankar's rule) is above X",
    ),
    "min_l": (int, "L", "review when a class holds fewer than L distinct values of a sensitive column"),
    "max_t": (float, "T", "review when a class's t-closeness distance (0..1) is above T"),
    "max_risk": (float, "X", "review when the attack's risk (residual against --control, else its rate) is above X"),
    "max_exact_copies": (float, "X", "review when more than X (0..1) of the synthetic rows copy an original row"),
    "min_dcr_baseline_protection": (float, "X", "review when SDMetrics' DCRBaselineProtection (0..1) is below X"),
}


def add_rules(p: argparse.ArgumentParser, command: str) -> None:
    """The policy options of ``command`` and ``--on-violation``; the defaults in the help."""
    defaults = DEFAULTS[command]
    shown = ", ".join(f"--{k.replace('_', '-')} {v:g}" for k, v in defaults.items() if v is not None)
    group = p.add_argument_group(
        "verdict policy",
        f"the verdict printed on top; without any of these options: {shown}, and the exit status stays 0; "
        "with one, only the rules given apply (--on-violation alone: the default rules) and the exit status "
        "is 0 pass, 3 review, 4 fail",
    )
    for name in defaults:
        kind, metavar, text = HELP[name]
        group.add_argument(f"--{name.replace('_', '-')}", dest=name, type=kind, metavar=metavar, help=f"policy: {text}")
    group.add_argument(
        "--on-violation",
        choices=("review", "reject"),
        default=None,
        help="what a violated policy rule gives: review (default) or reject (verdict fail, exit 4)",
    )


def given(args: argparse.Namespace, command: str) -> bool:
    """Whether any policy option of ``command`` was given (``--on-violation`` included: the exit
    status then follows the verdict)."""
    return args.on_violation is not None or _rules_given(args, command)


def _rules_given(args: argparse.Namespace, command: str) -> bool:
    return any(getattr(args, k, None) is not None for k in DEFAULTS[command])


def policy(args: argparse.Namespace, command: str) -> dict[str, Any]:
    """The rules in force: the rule options given, or the defaults when none is (``--on-violation``
    alone gates on the default rules)."""
    if not _rules_given(args, command):
        return dict(DEFAULTS[command])
    return {k: getattr(args, k, None) for k in DEFAULTS[command]}


def on(args: argparse.Namespace) -> str:
    """The status a violated rule gives."""
    return "fail" if args.on_violation == "reject" else "review"


def show(v: Verdict, next_line: str, fmt: str) -> None:
    """Print the verdict: on top of stdout for tables, on stderr otherwise."""
    if fmt == "table":
        print("\n".join(verdict_lines(v, next_line, colour=use_colour())) + "\n")
    else:
        for line in verdict_lines(v, next_line, colour=use_colour(sys.stderr)):
            print(f"sqlpriv: {line}", file=sys.stderr)


def payload(v: Verdict, next_line: str) -> dict[str, Any]:
    """The verdict as the ``verdict`` field of ``--format json``."""
    return {**v.to_dict(), "line": v.line(), "next": next_line}


def exit_code(v: Verdict, args: argparse.Namespace, command: str) -> int:
    """0, or with a policy option given the verdict's exit status (0 pass, 3 review, 4 fail)."""
    return EXIT_CODES[v.status] if given(args, command) else 0


def ranked(df: pd.DataFrame, by: str, name: str = "column") -> list[str]:
    """The ``name`` column of ``df``, largest ``by`` first, rows with ``by`` > 0 only."""
    import pandas as pd

    rows = df[pd.to_numeric(df[by], errors="coerce").fillna(0) > 0]
    return [str(c) for c in rows.sort_values(by, ascending=False, kind="stable")[name]]


def profile_drivers(args: argparse.Namespace, columns: Any) -> list[str]:
    """The columns by Cave's privacy factor, smallest (most identifying) first: what drives the risk
    in the summaries without a per-column figure of their own (risk, disclosure)."""
    import warnings

    from sqlpriv.cli import common
    from sqlpriv.errors import SqlprivWarning
    from sqlpriv.request.measure import privacy_profile

    if common.engine(args) == "spark":  # no second Spark job for a sentence: the columns as given
        return [next(iter(c)) if isinstance(c, dict) else str(c) for c in columns]

    with warnings.catch_warnings():  # the command has shown its warnings already
        warnings.simplefilter("ignore", SqlprivWarning)
        df = privacy_profile(args.source, columns, **common.connection_options(args)).df()
    return [str(c) for c in df.sort_values("privacy_factor", kind="stable")["column"]]


def on_columns(
    args: argparse.Namespace, command: str, figures: tuple[int, int, int], drivers: list[str], why: str
) -> tuple[Verdict, str]:
    """The verdict on the analysed columns together (shapley, uniques): ``figures`` are rows,
    unique rows and the smallest class; ``drivers`` the columns, most identifying first."""
    pol = policy(args, command)
    n, unique, k = figures
    v = verdict(joint_rules(n, unique, k, max_unique_share=pol["max_unique_share"], min_k=pol["min_k"], on=on(args)))
    return v, next_action(v, drivers, why=why)


def on_pif(
    args: argparse.Namespace, figures: tuple[int, int, int], label: str, pif: float | None, drivers: list[str]
) -> tuple[Verdict, str]:
    """The verdict of ``sqlpriv pif``: the joint rules on its columns and the PIF (bits, with its
    scale) against ``--max-pif`` (shown as advisory when no limit is set; None: --measure csf)."""
    pol = policy(args, "pif")
    n, unique, k = figures
    rules = joint_rules(n, unique, k, max_unique_share=pol["max_unique_share"], min_k=pol["min_k"], on=on(args))
    if pif is not None:
        figure = f"{label} {pif:.4g} bits: {bits_scale(pif)}"
        if pol["max_pif"] is not None:
            rules.append(
                at_most("max_pif", pif, pol["max_pif"], figure, f"at most {pol['max_pif']:g} bits", on=on(args))
            )
        else:
            rules.append(Rule("max_pif", "pass", figure, "none set (--max-pif BITS)", advisory=True))
    v = verdict(rules)
    return v, next_action(v, drivers, why="the largest FIG")


def on_singling_out(args: argparse.Namespace, summary: pd.DataFrame, tree: Any) -> tuple[Verdict, str]:
    """The verdict of ``sqlpriv singling-out``: the share of synthetic records singled out and the
    privacy risk score; the drivers are the columns of the column sets that singled records out."""
    pol = policy(args, "singling-out")
    row = summary.iloc[0]
    total, n_syn = int(row["total_identified"]), int(row["total_syn_records"])
    rate, risk = float(row["identification_rate"]), float(row["privacy_risk_score"])
    rules = []
    if pol["max_identification_rate"] is not None:
        limit = pol["max_identification_rate"]
        rules.append(
            at_most(
                "max_identification_rate",
                rate,
                limit,
                f"{total:,} of {n_syn:,} synthetic records singled out ({percent(rate)}: {share_scale(rate, 'rate')})",
                f"at most {percent(limit)} of the synthetic records" if limit else "no synthetic record singled out",
                on=on(args),
            )
        )
    if pol["max_privacy_risk"] is not None:
        rules.append(
            at_most(
                "max_privacy_risk",
                risk,
                pol["max_privacy_risk"],
                f"privacy_risk_score {risk:.4g}",
                f"at most {pol['max_privacy_risk']:g}",
                on=on(args),
            )
        )
    drivers: list[str] = []
    if total:
        counts: dict[str, int] = {}
        for combo, hits in zip(tree.df()["field_combo"], tree.df()["mpuccs_collision_cnt"]):
            for col in combo:
                counts[str(col)] = counts.get(str(col), 0) + int(hits or 0)
        drivers = [c for c, hits in sorted(counts.items(), key=lambda kv: -kv[1]) if hits]
    v = verdict(rules)
    return v, next_action(v, drivers, why="the columns of the sets that single synthetic records out")


def on_risk(args: argparse.Namespace, figures: dict[str, Any], columns: list[str]) -> tuple[Verdict, str]:
    """The verdict of ``sqlpriv risk``: the prosecutor average risk and the population uniqueness
    (Dankar's rule) against their limits."""
    pol = policy(args, "risk")
    rules = []
    avg = float(figures["prosecutor_average_risk"])
    if pol["max_average_risk"] is not None:
        rules.append(
            at_most(
                "max_average_risk",
                avg,
                pol["max_average_risk"],
                f"prosecutor average risk {avg:.4g} ({one_in(avg)})" if avg else "prosecutor average risk 0",
                f"at most {pol['max_average_risk']:g}",
                on=on(args),
            )
        )
    if pol["max_population_uniqueness"] is not None:
        pu = float(figures["population_uniqueness_dankar"])
        if pu != pu:  # NaN: no model converged; a limit that cannot be checked is a review
            rules.append(
                Rule(
                    "max_population_uniqueness",
                    on(args),
                    "population uniqueness could not be estimated",
                    f"at most {pol['max_population_uniqueness']:g}",
                )
            )
        else:
            rules.append(
                at_most(
                    "max_population_uniqueness",
                    pu,
                    pol["max_population_uniqueness"],
                    f"population uniqueness (Dankar) {percent(pu)}: {share_scale(pu)} in the population",
                    f"at most {percent(pol['max_population_uniqueness'])}",
                    on=on(args),
                )
            )
    v = verdict(rules)
    return v, next_action(v, columns, why="the quasi-identifiers with the smallest privacy factor")


def on_disclosure(args: argparse.Namespace, summary: pd.DataFrame, columns: list[str]) -> tuple[Verdict, str]:
    """The verdict of ``sqlpriv disclosure``: each sensitive column's l-diversity and t-closeness
    against ``--min-l`` / ``--max-t``."""
    pol = policy(args, "disclosure")
    rules = []
    for _, row in summary.iterrows():
        col = row["column"]
        if pol["min_l"] is not None:
            l_value = int(row["l_diversity"])
            rules.append(
                at_least(
                    "min_l",
                    l_value,
                    pol["min_l"],
                    f"{col}: the least diverse class holds {l_value} distinct value{'s' if l_value != 1 else ''}"
                    + (" (its value is disclosed)" if l_value == 1 else ""),
                    f"at least {pol['min_l']} (l-diversity)",
                    on=on(args),
                )
            )
        if pol["max_t"] is not None:
            t_value = float(row["t_closeness"])
            rules.append(
                at_most(
                    "max_t",
                    t_value,
                    pol["max_t"],
                    f"{col}: t-closeness {t_value:.4g}",
                    f"at most {pol['max_t']:g}",
                    on=on(args),
                )
            )
    v = verdict(rules)
    return v, next_action(v, columns, why="the quasi-identifiers with the smallest privacy factor")


__all__ = [
    "DEFAULTS",
    "add_rules",
    "exit_code",
    "given",
    "on",
    "on_columns",
    "on_disclosure",
    "on_pif",
    "on_risk",
    "on_singling_out",
    "payload",
    "policy",
    "profile_drivers",
    "ranked",
    "show",
]
