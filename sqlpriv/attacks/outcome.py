"""What an attack returns: its success counts with the risk they give, a summary and the per-target rows.

>>> o = AttackOutcome("linkability", n_attacks=100, n_success=30, n_baseline=1)
>>> round(o.risk().value, 6), list(o.summary()["attack"])
(0.307399, ['main', 'baseline'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlpriv.attacks.risk import Evaluation, PrivacyRisk, evaluate
from sqlpriv.engine.templates import render, use_dialect

if TYPE_CHECKING:
    import pandas as pd

    from sqlpriv.engine.result import Result


@dataclass(frozen=True, repr=False)
class AttackOutcome:
    """Success counts of one attack (``kind``): ``n_attacks`` targets of the original table and
    ``n_success`` of them attacked successfully, ``n_baseline`` successes of the random-guess
    attacker on as many targets, and, with a control table, ``n_control`` targets and
    ``n_control_success``. ``rows`` is the per-target :class:`sqlpriv.Result` (None in a bare outcome)."""

    kind: str
    n_attacks: int
    n_success: int
    n_baseline: int
    n_control: int | None = None
    n_control_success: int | None = None
    rows: Result | None = field(default=None, compare=False)
    details: dict[str, Any] = field(default_factory=dict, compare=False)

    def evaluation(self, confidence_level: float = 0.95) -> Evaluation:
        """The rates (Wilson score centre and half-width) and the risk at ``confidence_level``."""
        return evaluate(
            self.n_attacks, self.n_success, self.n_baseline, self.n_control, self.n_control_success, confidence_level
        )

    def risk(self, confidence_level: float = 0.95, baseline: bool = False) -> PrivacyRisk:
        """The privacy risk (``.value``, ``.ci``): residual against the control attack where there
        is one, else the attack's success rate; ``baseline=True``: the random guesser's rate."""
        return self.evaluation(confidence_level).risk(baseline=baseline)

    def summary(self, confidence_level: float = 0.95) -> pd.DataFrame:
        """One row per attack kind (main, baseline, control): ``n_attacks``, ``n_success``,
        ``rate`` (Wilson centre) and ``rate_error`` (half-width at ``confidence_level``)."""
        import pandas as pd

        e = self.evaluation(confidence_level)
        rows: list[tuple[str, int | None, int | None, float, float]] = [
            ("main", self.n_attacks, self.n_success, e.attack_rate.value, e.attack_rate.error),
            ("baseline", self.n_attacks, self.n_baseline, e.baseline_rate.value, e.baseline_rate.error),
        ]
        if e.control_rate is not None:
            rows.append(("control", self.n_control, self.n_control_success, e.control_rate.value, e.control_rate.error))
        return pd.DataFrame(rows, columns=["attack", "n_attacks", "n_success", "rate", "rate_error"])

    def per_row(self) -> Result:
        """The targets, one row each (``attack``: main or control; ``target``: the record's
        0-based row position in its table), with the synthetic records the attack went through."""
        if self.rows is None:
            planned = self.planned()
            if planned is not None:
                return planned.per_row()
            from sqlpriv.errors import ParameterError

            raise ParameterError("this outcome was built from counts only; it has no per-target rows")
        return self.rows

    def planned(self) -> AttackOutcome | None:
        """The same attack run as its plan of statements (once, then kept), for an outcome of
        Spark's single statement (``details["later"]``, docs/spark.md): its per-target rows live on
        Spark, its counts equal this outcome's. None for any other outcome."""
        later = self.details.get("later")
        if later is None:
            return None
        if "planned" not in self.details:
            self.details["planned"] = later()
        planned: AttackOutcome = self.details["planned"]
        return planned

    @property
    def sql(self) -> str:
        """The SQL script (DuckDB shell) of the attack: every step, then the success counts per
        attack kind (main, control), then the per-target rows."""
        if self.rows is None and "query" in self.details:  # Spark's single statement
            query: str = self.details["query"]
            return query
        rows = self.per_row()
        flag = "linked" if self.kind == "linkability" else "success"
        with use_dialect(self.details.get("dialect", "duckdb")):  # "spark": a plan run by Spark (spark_plan.py)
            counts = render("attacks/counts.sql", main=self.details["main"], control=self.details["control"], flag=flag)
        return rows.plan.script(rows.needs, [counts, rows.query])

    def __repr__(self) -> str:
        r = self.risk()
        return (
            f"<sqlpriv {self.kind}: risk {r.value:.4f} [{r.ci[0]:.4f}, {r.ci[1]:.4f}]; "
            f"{self.n_success}/{self.n_attacks} targets, baseline {self.n_baseline}"
            + (f", control {self.n_control_success}/{self.n_control}>" if self.n_control is not None else ">")
        )
