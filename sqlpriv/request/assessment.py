"""The assessment of one data request: Cave's score, the gate's decision and the exact joint
figures, read from the queries of its plan on first use (docs/measures.md §3).

:func:`sqlpriv.assess_request` plans it (:mod:`sqlpriv.request.measure`); :class:`Assessment` runs the
report query once and explains the decision: which rule fired, and where the product of the
field factors and the joint figures disagree.

>>> g = gate_policy(0.8, 0.2, 5, None, 2, "reject")
>>> g.k, g.min_k, g.on_violation
(5, 2, 'reject')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlpriv.engine import checks
from sqlpriv.engine.analysis import Analysis
from sqlpriv.engine.plan import Plan
from sqlpriv.engine.presentable import Presentable
from sqlpriv.engine.result import Result
from sqlpriv.engine.scales import percent
from sqlpriv.engine.templates import render
from sqlpriv.engine.verdict import Verdict, request_rules, verdict
from sqlpriv.errors import EmptyInputError

DECISIONS = ("approve", "review", "reject")


@dataclass(frozen=True)
class GatePolicy:
    """Cave's thresholds on the score, the k of k-anonymity, and the policy on the joint figures."""

    approve: float = 0.8
    reject: float = 0.2
    k: int = 5
    max_unique_share: float | None = None
    min_k: int | None = None
    on_violation: str = "review"
    max_average_risk: float | None = None  # issue 26: prosecutor average risk, classes / n
    max_population_uniqueness: float | None = None  # issue 26: Zayatz's estimate at sampling_fraction
    sampling_fraction: float | None = None

    def context(self) -> dict[str, Any]:
        """The template arguments of the gate."""
        return dict(
            approve=self.approve,
            reject=self.reject,
            k=self.k,
            max_unique_share=self.max_unique_share,
            min_k=self.min_k,
            on_violation=self.on_violation,
            max_average_risk=self.max_average_risk,
            max_population_uniqueness=self.max_population_uniqueness,
            sampling_fraction=self.sampling_fraction,
        )


@dataclass(frozen=True)
class RequestSpec:
    """What an assessment reports besides its numbers: the fields, weights, groups, names."""

    request: list[str]
    weights: dict[str, float]
    joint_columns: list[str]
    groups: list[list[str]]
    label: str
    tables: Mapping[str, str]


class Assessment(Presentable, Analysis):
    """The assessment of one data request (docs/measures.md §3).

    Attributes: ``score`` (product of the field factors, weights overriding measured
    factors), ``decision`` (``"approve"``, ``"review"`` or ``"reject"``), ``joint`` (exact
    figures of the requested columns together: ``columns``, ``n``, ``classes``,
    ``smallest_class``, ``rows_below_k``, ``share_below_k``, ``unique_rows``,
    ``share_unique``, ``guess_probability``, ``privacy_factor``, ``score``, ``decision``),
    ``warnings`` (list of messages where the product and the joint figures disagree),
    ``rule`` / ``score_decision`` / ``violated_rules`` / ``reason`` (the gate policy: which
    rule decided), ``policy``, ``groups`` (fields scored together),
    ``request`` (field names), ``weights``, ``approve``, ``reject``, ``k``, ``n`` (rows
    assessed), ``dropped_rows`` (rows left out by ``dropna=True``).
    ``fields()``, ``uniqueness()`` and ``report()`` return :class:`sqlpriv.Result`.
    """

    disclosure: Any = None  # the sensitive-column rules min_l / max_t (sqlpriv/request/disclosure.py)
    entity_rule: Any = None  # min_k counted in entities (sqlpriv/request/entity.py)

    def __init__(self, plan: Plan, queries: Mapping[str, str], spec: RequestSpec, gate: GatePolicy) -> None:
        self.plan = plan
        self.gate = gate
        self.request = spec.request
        self.weights = spec.weights
        self.groups = spec.groups
        self._fields = Result(plan, queries["fields"], ["sizes"])
        self._report = Result(plan, queries["report"], ["sizes"])
        self._uniqueness = Result(plan, queries["uniqueness"], ["sizes"])
        self._label = spec.label
        self._t = spec.tables
        self._joint_columns = spec.joint_columns
        self._evaluated = False
        self.identifier_messages: list[str] | None = None  # assess_request warns during the call

    @property
    def approve(self) -> float:
        return self.gate.approve

    @property
    def reject(self) -> float:
        return self.gate.reject

    @property
    def k(self) -> int:
        return self.gate.k

    @property
    def policy(self) -> dict[str, Any]:
        """The gate policy on the joint figures: max_unique_share, min_k, on_violation."""
        return {
            "max_unique_share": self.gate.max_unique_share,
            "min_k": self.gate.min_k,
            "on_violation": self.gate.on_violation,
            "max_average_risk": self.gate.max_average_risk,
            "max_population_uniqueness": self.gate.max_population_uniqueness,
            "sampling_fraction": self.gate.sampling_fraction,
            **(self.disclosure.policy if self.disclosure is not None else {}),
            **({"entity": self.entity_rule.entity} if self.entity_rule is not None else {}),
        }

    @property
    def columns(self) -> list[str]:
        """The requested fields, in order."""
        return list(self.request)

    def evaluate(self) -> Assessment:
        """Run the queries (once) and fill ``score``, ``decision``, ``joint``, ``warnings``.

        Every figure calls it on first use; ``.sql`` and ``script()`` never do.
        """
        if self._evaluated:
            return self
        import pandas as pd

        row = self._report.df().iloc[0]
        if row["n"] is None or pd.isna(row["n"]):
            before = row["rows_before_dropna"]
            if before is not None and not pd.isna(before) and before > 0:
                raise EmptyInputError(
                    f"every one of the {int(before)} rows of {self._label} has a NULL in a requested field, "
                    "so dropna=True leaves nothing; use dropna=False (NULL is then a category)"
                )
            raise EmptyInputError(f"{self._label} has no rows; there is nothing to assess")
        self._dropped_rows = int(row["rows_before_dropna"]) - int(row["n"])
        self._score = float(row["score"])
        self._decision = str(row["decision"])
        self._rule = str(row["rule"])
        self._score_decision = str(row["score_decision"])
        self._violated = [r for r in str(row["violated_rules"] or "").split(", ") if r]
        self._joint: dict[str, Any] = {
            "columns": self._joint_columns,
            "n": int(row["n"]),
            "classes": int(row["classes"]),
            "smallest_class": int(row["smallest_class"]),
            "rows_below_k": int(row["rows_below_k"]),
            "share_below_k": float(row["share_below_k"]),
            "unique_rows": int(row["unique_rows"]),
            "share_unique": float(row["share_unique"]),
            "guess_probability": float(row["guess_probability"]),
            "privacy_factor": float(row["joint_factor"]),
            "score": float(row["joint_score"]),
            "decision": str(row["joint_decision"]),
        }
        self._field_rows = records(self._fields.df())
        self._warnings = self._identifier_warnings() + self._compose_warnings()
        rules = [r for r in (self.entity_rule, self.disclosure) if r is not None]
        if rules:  # min_k in entities (request/entity.py), min_l / max_t on sensitive columns (disclosure.py)
            from sqlpriv.request.disclosure import apply

            found = [f for r in rules for f in r.check()]
            if self.entity_rule is not None:
                self._joint["smallest_class_entities"] = self.entity_rule.smallest
            self._disclosure_reasons = dict(found)
            self._decision, self._rule = apply(
                self._decision, self._rule, self._violated, found, self.gate.on_violation
            )
        self._evaluated = True
        return self

    @property
    def score(self) -> float:
        """Product of the field factors (weights overriding measured factors)."""
        return self.evaluate()._score

    @property
    def decision(self) -> str:
        """``"approve"``, ``"review"`` or ``"reject"``."""
        return self.evaluate()._decision

    @property
    def rule(self) -> str:
        """The rule that decided: ``"score"`` (Cave's thresholds on the score), or the gate policy
        rule(s) that changed it, ``"max_unique_share"`` and/or ``"min_k"``."""
        return self.evaluate()._rule

    @property
    def score_decision(self) -> str:
        """Cave's decision on the score alone, before the gate policy."""
        return self.evaluate()._score_decision

    @property
    def violated_rules(self) -> list[str]:
        """The gate policy rules the joint figures violate (whether or not they changed the decision)."""
        return list(self.evaluate()._violated)

    @property
    def reason(self) -> str:
        """One sentence: the decision and the rule that fired."""
        j = self.joint
        if self.rule == "score":
            text = f"{self.decision}: score {self.score:.4g} (approve >= {self.approve:g}, reject < {self.reject:g})"
        else:
            parts = []
            if "max_unique_share" in self.rule:
                parts.append(
                    f"max_unique_share: {j['share_unique']:.2%} of rows ({j['unique_rows']:,} of "
                    f"{j['n']:,}) are unique, above {self.policy['max_unique_share']:.2%}"
                )
            if "min_k" in self.rule and self.entity_rule is None:  # with entity: its own sentence below
                parts.append(
                    f"min_k: the smallest class has {j['smallest_class']:,} rows, below {self.policy['min_k']}"
                )
            for rule in ("max_average_risk", "max_population_uniqueness"):  # issue 26 (docs/measures.md §9)
                if rule in self.rule:
                    parts.append(f"{rule}: above {self.policy[rule]:g}")
            parts += [t for r, t in getattr(self, "_disclosure_reasons", {}).items() if r in self.rule]
            text = (
                f"{self.decision} by rule {'; '.join(parts)} (the score {self.score:.4g} alone gives "
                f"{self.score_decision})"
            )
        return text

    @property
    def joint(self) -> dict[str, Any]:
        """Exact figures of the requested (unweighted) fields together."""
        return self.evaluate()._joint

    @property
    def warnings(self) -> list[str]:
        """Where the product and the joint figures disagree."""
        return self.evaluate()._warnings

    @property
    def n(self) -> int:
        """Rows assessed (after ``dropna``)."""
        return self.joint["n"]

    @property
    def dropped_rows(self) -> int:
        """Rows left out because of a NULL in a requested field (``dropna=True``; else 0)."""
        return self.evaluate()._dropped_rows

    @property
    def sql(self) -> str:
        """The complete script (macros, source, class sizes, the three report queries)."""
        return self.script(self._fields, self._report, self._uniqueness)

    def fields(self) -> Result:
        """One row per requested field: ``field``, ``expression``, ``source_columns``,
        ``factor_before`` (product of the measured factors of the source columns it reads),
        ``factor_after`` (measured factor of the field as requested), ``weight``, ``factor``
        (the field's own factor: ``weight`` if given, else ``factor_after``), ``probability``,
        ``shannons``, ``harts``, ``values``, ``categories``, ``scored_with`` (the fields scored
        jointly with it: those reading a common source column) and ``group_factor`` (the exact
        factor of that tuple of fields, the one the score multiplies)."""
        return self._fields

    def report(self) -> Result:
        """The verdict in one row: score, decision and the joint figures."""
        return self._report

    def uniqueness(self) -> Result:
        """Class-size histogram of the joint columns: ``class_size`` (1, 2, ..., k-1, >=k),
        ``classes``, ``rows``, ``class_share``, ``row_share``."""
        return self._uniqueness

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-ready Python values."""
        return {
            "request": list(self.request),
            "n": self.n,
            "dropped_rows": self.dropped_rows,
            "score": self.score,
            "decision": self.decision,
            "thresholds": {"approve": self.approve, "reject": self.reject},
            "policy": dict(self.policy),
            "rule": self.rule,
            "score_decision": self.score_decision,
            "violated_rules": self.violated_rules,
            "reason": self.reason,
            "groups": [list(g) for g in self.groups],
            "k": self.k,
            "weights": dict(self.weights),
            "fields": self.evaluate()._field_rows,
            "joint": dict(self.joint),
            "uniqueness": records(self._uniqueness.df()),
            "warnings": list(self.warnings),
            "verdict": self.verdict.to_dict(),
        }

    @property
    def verdict(self) -> Verdict:
        """The policy's verdict (:class:`sqlpriv.engine.verdict.Verdict`): pass / review / fail (the
        decision approve / review / reject), the rule that fired, every rule evaluated."""
        return verdict(request_rules(self))

    def _identifier_warnings(self) -> list[str]:
        """Requested fields whose categories (nearly) equal the rows: identifiers (sqlpriv/engine/identifiers.py)."""
        from sqlpriv.engine.identifiers import REQUEST_ADVICE, warn_identifiers

        if self.identifier_messages is not None:  # said already, during assess_request
            return list(self.identifier_messages)
        self.plan.ensure(["sizes"])
        weighted = [name for name in self.request if name in self.weights]
        return warn_identifiers(
            self.plan.con,
            render("request/categories.sql", t=self._t),
            self._joint["n"],
            self.request,
            advice=REQUEST_ADVICE,
            skip=weighted,
            stacklevel=4,
        )

    def _compose_warnings(self) -> list[str]:
        out: list[str] = []
        j, score, decision = self._joint, self._score, self._decision
        cols = ", ".join(j["columns"]) or "(no unweighted field)"
        scored = self._score_decision  # Cave's decision on the product alone, before the policy
        if j["decision"] != scored:
            direction = "more" if j["score"] < score else "less"
            out.append(
                f"the product of the field factors is {score:.4g} (Cave's thresholds alone: {scored}), but the exact "
                f"factor of {cols} together gives {j['score']:.4g} ({j['decision']}): the product assumes "
                f"independent fields, and in this data the combination is {direction} identifying than it says"
            )
        if scored == "approve" and j["rows_below_k"] > 0:
            out.append(
                f"the product approves, but {j['rows_below_k']:,} of {j['n']:,} rows ({percent(j['share_below_k'])}) "
                f"are in classes smaller than k={self.k} on {cols}, and {j['unique_rows']:,} "
                f"({percent(j['share_unique'])}) {'is' if j['unique_rows'] == 1 else 'are'} unique"
                + ("" if decision == "approve" else f" (the gate's policy: {decision})")
            )
        for f in self._field_rows:
            before, after = f["factor_before"], f["factor_after"]
            if f["expression"] is not None and before is not None and after < before - 1e-12:
                out.append(
                    f"field {f['field']!r} = {f['expression']} has factor {after:.4g}, lower than the "
                    f"{before:.4g} of {', '.join(f['source_columns'])}: by Cave's measure this expression "
                    "makes the field more identifying, not less"
                )
        return out


def plain(value: Any) -> Any:
    """A pandas cell as a JSON-ready value: numpy scalars/arrays to Python, NA/NaN to None."""
    if hasattr(value, "tolist"):  # numpy scalars and arrays
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    import pandas as pd

    if value is None or pd.isna(value):
        return None
    return value


def records(df: Any) -> list[dict[str, Any]]:
    return [{k: plain(v) for k, v in row.items()} for row in df.to_dict("records")]


def gate_policy(approve: Any, reject: Any, k: Any, max_unique_share: Any, min_k: Any, on_violation: Any) -> GatePolicy:
    """The gate's arguments checked (:mod:`sqlpriv.engine.checks`) as one :class:`GatePolicy`."""
    approve, reject = checks.thresholds(approve, reject)
    max_unique_share, min_k, on_violation = checks.gate_policy(max_unique_share, min_k, on_violation)
    return GatePolicy(approve, reject, checks.anonymity_k(k), max_unique_share, min_k, on_violation)


__all__ = ["DECISIONS", "Assessment", "GatePolicy", "RequestSpec", "gate_policy", "plain", "records"]
