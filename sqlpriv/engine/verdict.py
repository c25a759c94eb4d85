"""The verdict: a policy's rules evaluated into pass / review / fail, with the rule that fired.

A :class:`Rule` is one check of one figure against one limit, with its own status; a
:class:`Verdict` is a list of rules, and its status is the worst status of its deciding rules
(advisory rules are shown next to it but decide nothing). Every family can add rules
(population risk, l-diversity, generalization, ...): build them with :class:`Rule` and pass
them to :func:`verdict` together with the gate's (:func:`request_rules`).

The gate's rules come from an assessment (:func:`sqlpriv.assess_request`): Cave's thresholds on
the score, and the policy on the exact joint figures (``max_unique_share``, ``min_k``, each
turning a violation into ``on_violation``). The exact joint factor's own decision is shown as
an advisory rule, so a report always says what the exact figures would decide. Presentation
(colours, HTML) lives in the report and the CLI; this module only decides.

>>> v = verdict([
...     Rule("score", "pass", "Cave score 0.91", "approve at or above 0.8"),
...     Rule("min_k", "review", "smallest class 1 row", "at least 5 rows"),
...     Rule("exact_factor", "fail", "exact joint factor 0.04", "reject below 0.2", advisory=True),
... ])
>>> v.status, v.fired.name
('review', 'min_k')
>>> v.line()
'REVIEW (rule min_k: smallest class 1 row; limit: at least 5 rows)'
>>> verdict([]).status
'pass'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlpriv.engine.scales import class_scale, percent, share_scale
from sqlpriv.errors import ParameterError

#: the statuses, mildest first
STATUSES = ("pass", "review", "fail")
#: the request gate's decisions as statuses
FROM_DECISION = {"approve": "pass", "review": "review", "reject": "fail"}


@dataclass(frozen=True)
class Rule:
    """One rule of a policy, evaluated: ``name``, ``status`` (pass / review / fail), the
    ``figure`` it read (as text, with its value) and the ``limit`` it holds it to; an
    ``advisory`` rule is shown but does not change the verdict."""

    name: str
    status: str
    figure: str
    limit: str
    advisory: bool = False

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ParameterError(f"a rule's status is one of {', '.join(STATUSES)}, got {self.status!r}")

    def text(self) -> str:
        """``rule NAME: FIGURE; limit: LIMIT``."""
        return f"rule {self.name}: {self.figure}; limit: {self.limit}"


@dataclass(frozen=True)
class Verdict:
    """The rules of a policy and what they decide (:func:`verdict`)."""

    rules: tuple[Rule, ...] = field(default_factory=tuple)

    @property
    def deciding(self) -> list[Rule]:
        return [r for r in self.rules if not r.advisory]

    @property
    def status(self) -> str:
        """The worst status of the deciding rules (``"pass"`` when there are none)."""
        return max((r.status for r in self.deciding), key=STATUSES.index, default="pass")

    @property
    def fired(self) -> Rule | None:
        """The first deciding rule with the verdict's status (None when every rule passes)."""
        if self.status == "pass":
            return None
        return next(r for r in self.deciding if r.status == self.status)

    def line(self) -> str:
        """One line: ``REVIEW (rule min_k: ...)``, or ``PASS (every rule passes: a, b)``."""
        if self.fired is None:
            names = ", ".join(r.name for r in self.deciding) or "no rule"
            return f"PASS (every rule passes: {names})"
        return f"{self.status.upper()} ({self.fired.text()})"

    def to_dict(self) -> dict[str, Any]:
        """``status``, ``rule`` (the one that fired, or None) and every rule as a dict."""
        return {
            "status": self.status,
            "rule": self.fired.name if self.fired else None,
            "rules": [
                {"name": r.name, "status": r.status, "figure": r.figure, "limit": r.limit, "advisory": r.advisory}
                for r in self.rules
            ],
        }

    def __repr__(self) -> str:
        return f"<Verdict {self.line()}>"


def verdict(*groups: Iterable[Rule]) -> Verdict:
    """A verdict over every rule in ``groups`` (one list per family that contributes rules)."""
    return Verdict(tuple(r for group in groups for r in group))


def request_rules(a: Any) -> list[Rule]:
    """The gate's rules for an assessment ``a`` (:class:`sqlpriv.Assessment`): Cave's score, the
    policy on the joint figures when set, and the exact joint factor's decision (advisory)."""
    j, policy = a.joint, a.policy
    on = FROM_DECISION[policy["on_violation"]]
    rules = [
        Rule(
            "score",
            FROM_DECISION[a.score_decision],
            f"Cave score {a.score:.4g} ({a.score_decision})",
            f"approve at or above {a.approve:g}, reject below {a.reject:g}",
        )
    ]
    if policy["max_unique_share"] is not None:
        bad = "max_unique_share" in a.violated_rules  # as the gate's SQL judged it
        rules.append(
            Rule(
                "max_unique_share",
                on if bad else "pass",
                f"{j['unique_rows']:,} of {j['n']:,} rows unique ({percent(j['share_unique'])})",
                f"at most {percent(policy['max_unique_share'])} of rows unique"
                if policy["max_unique_share"]
                else "no row unique",
            )
        )
    if policy["min_k"] is not None:
        bad = "min_k" in a.violated_rules
        rules.append(
            Rule(
                "min_k",
                on if bad else "pass",
                f"smallest class {j['smallest_class']:,} row{'s' if j['smallest_class'] != 1 else ''}",
                f"at least {policy['min_k']} rows (k-anonymity)",
            )
        )
    rules += _other_request_rules(a, on)
    rules.append(
        Rule(
            "exact_factor",
            FROM_DECISION[j["decision"]],
            f"exact joint factor {j['privacy_factor']:.4g} ({j['decision']})",
            f"Cave's thresholds on the exact figures: approve at or above {a.approve:g}, reject below {a.reject:g}",
            advisory=True,
        )
    )
    return rules


def _other_request_rules(a: Any, on: str) -> list[Rule]:
    """The gate's re-identification risk (``max_average_risk``, ``max_population_uniqueness``) and
    sensitive-column (``min_l``, ``max_t``) rules that are set, judged as the gate judged them."""
    j, policy, violated = a.joint, a.policy, a.violated_rules
    texts = {
        "max_average_risk": (
            lambda x: f"prosecutor average risk {j['guess_probability']:.4g} (classes / rows)",
            lambda x: f"at most {x:g}",
        ),
        "max_population_uniqueness": (
            lambda x: (
                "population uniqueness (Zayatz) "
                + ("above" if "max_population_uniqueness" in violated else "within")
                + " the limit"
            ),
            lambda x: f"at most {x:g} of the population unique",
        ),
        "min_l": (
            lambda x: (
                "a class holds "
                + ("fewer" if "min_l" in violated else "no fewer")
                + f" than {x} distinct sensitive values"
            ),
            lambda x: f"at least {x} distinct values of each sensitive column per class (l-diversity)",
        ),
        "max_t": (
            lambda x: (
                "a class's sensitive distribution is "
                + ("farther" if "max_t" in violated else "no farther")
                + f" than {x:g} from the table's"
            ),
            lambda x: f"t-closeness at most {x:g}",
        ),
    }
    rules = []
    for name, (figure, limit) in texts.items():
        x = policy.get(name)
        if x is not None:
            rules.append(Rule(name, on if name in violated else "pass", figure(x), limit(x)))
    return rules


def at_most(name: str, value: float, limit: float, figure: str, limit_text: str, *, on: str = "review") -> Rule:
    """A rule that ``value`` stays at or below ``limit`` (a violation gives ``on``).

    >>> at_most("max_average_risk", 0.12, 0.09, "average risk 0.12", "at most 0.09").status
    'review'
    """
    return Rule(name, on if value > limit else "pass", figure, limit_text)


def at_least(name: str, value: float, limit: float, figure: str, limit_text: str, *, on: str = "review") -> Rule:
    """A rule that ``value`` stays at or above ``limit`` (a violation gives ``on``).

    >>> at_least("min_k", 1, 5, "smallest class 1 row", "at least 5 rows", on="fail").status
    'fail'
    """
    return Rule(name, on if value < limit else "pass", figure, limit_text)


def joint_rules(
    n: int,
    unique_rows: int,
    smallest_class: int,
    *,
    max_unique_share: float | None,
    min_k: int | None,
    on: str = "review",
) -> list[Rule]:
    """The gate's rules on the exact joint figures of columns together (``max_unique_share``,
    ``min_k``), for the summaries that have them without a request (shapley, uniques, pif).

    >>> [r.status for r in joint_rules(100, 3, 1, max_unique_share=0.05, min_k=5)]
    ['pass', 'review']
    """
    rules = []
    share = unique_rows / n if n else 0.0
    if max_unique_share is not None:
        rules.append(
            at_most(
                "max_unique_share",
                share,
                max_unique_share,
                f"{unique_rows:,} of {n:,} rows unique ({percent(share)}: {share_scale(share)})",
                f"at most {percent(max_unique_share)} of rows unique" if max_unique_share else "no row unique",
                on=on,
            )
        )
    if min_k is not None:
        rules.append(
            at_least(
                "min_k",
                smallest_class,
                min_k,
                f"smallest class {smallest_class:,} row{'s' if smallest_class != 1 else ''} ({class_scale(smallest_class)})",
                f"at least {min_k} rows (k-anonymity)",
                on=on,
            )
        )
    return rules


def next_step(v: Verdict, drivers: Sequence[str], *, request: bool = True) -> str:
    """One line: what to do next, naming the columns that drive the risk (most first);
    ``request=False`` (a report on columns, no data request): no request to send to a reviewer.

    >>> next_step(verdict([Rule("min_k", "review", "f", "l")]), ["zip"], request=False)
    'What to do next: coarsen or drop zip (the columns that single out the most rows); then re-run with the same policy.'
    """
    cols = ", ".join(drivers[:3])
    if v.status == "pass":
        advisory = [r for r in v.rules if r.advisory and r.status != "pass"]
        if advisory and cols:
            return (
                f"What to do next: nothing is required by this policy, but the exact figures say "
                f"{advisory[0].status}; {cols} drive the risk (set --max-unique-share / --min-k to gate on them)."
            )
        return "What to do next: nothing is required by this policy; keep this report with the release."
    where = f"coarsen or drop {cols} (the columns that single out the most rows)" if cols else "coarsen the fields"
    review = ", or send the request to a reviewer" if request else ""
    return f"What to do next: {where}{review}; then re-run with the same policy."


def next_action(v: Verdict, drivers: Sequence[str], *, why: str = "the columns that single out the most rows") -> str:
    """What to do next after a measure's summary (not a request): ``drivers`` are the columns that
    drive the risk, most first, and ``why`` says what makes them drivers.

    >>> next_action(verdict([Rule("min_k", "review", "f", "l")]), ["zip", "age"])
    'What to do next: coarsen or drop zip, age (the columns that single out the most rows), then re-run with the same policy.'
    >>> next_action(verdict([Rule("min_k", "pass", "f", "l")]), ["zip"])
    'What to do next: nothing is required by this policy; zip drives the risk most (the columns that single out the most rows).'
    """
    cols = ", ".join(drivers[:3])
    if v.status == "pass":
        if cols:
            verb = "drives" if len(drivers[:3]) == 1 else "drive"
            return f"What to do next: nothing is required by this policy; {cols} {verb} the risk most ({why})."
        return "What to do next: nothing is required by this policy."
    where = f"coarsen or drop {cols} ({why})" if cols else "coarsen the columns"
    return f"What to do next: {where}, then re-run with the same policy."


#: exit statuses of a verdict, the convention of ``sqlpriv request`` (0 approve, 3 review, 4 reject)
EXIT_CODES = {"pass": 0, "review": 3, "fail": 4}

__all__ = [
    "EXIT_CODES",
    "FROM_DECISION",
    "STATUSES",
    "Rule",
    "Verdict",
    "at_least",
    "at_most",
    "joint_rules",
    "next_action",
    "next_step",
    "request_rules",
    "verdict",
]
