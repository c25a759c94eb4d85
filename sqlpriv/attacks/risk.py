"""The risk of an attack from its success counts: Wilson score rates, residual risk, intervals.

An attack (linkability, inference, singling out by queries) ends in three counts: the successes
on the original table's targets, on the control table's targets and of a random-guess baseline.
This module turns them into the figures anonymeter reports (its ``stats/confidence.py``): each
rate is the Wilson score centre with its half-width at a confidence level; with a control table
the risk is the residual ``(a - c) / (1 - c)`` with the error propagated from both rates; the
value and its interval are clipped to [0, 1]. One difference from anonymeter: the main and the
control attacks may have different numbers of targets (every original record, every control
record), so each rate has its own ``n``. Definitions: docs/measures.md §10.1 ("Attack risk").

>>> r = evaluate(n_attacks=1000, n_success=120, n_baseline=10, n_control=1000, n_control_success=60)
>>> round(r.risk().value, 6), [round(x, 6) for x in r.risk().ci]
(0.0637, [0.03764, 0.089759])
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

from sqlpriv.errors import ParameterError


@dataclass(frozen=True)
class PrivacyRisk:
    """A risk in [0, 1] with its confidence interval ``ci = (low, high)``.

    >>> PrivacyRisk(0.25, (0.2, 0.3)).ci
    (0.2, 0.3)
    """

    value: float
    ci: tuple[float, float]


@dataclass(frozen=True)
class SuccessRate:
    """A success rate (the Wilson centre) and the half-width of its interval.

    >>> SuccessRate(0.5, 0.1).to_risk()
    PrivacyRisk(value=0.5, ci=(0.4, 0.6))
    """

    value: float
    error: float

    def to_risk(self) -> PrivacyRisk:
        """The rate as a risk: value and interval clipped to [0, 1]."""
        return PrivacyRisk(_clip(self.value), (_clip(self.value - self.error), _clip(self.value + self.error)))


def _clip(x: float) -> float:
    return min(max(x, 0.0), 1.0)


def probit(confidence_level: float) -> float:
    """The two-sided standard normal quantile of a confidence level.

    >>> round(probit(0.95), 6)
    1.959964
    """
    if not 0.0 < confidence_level < 1.0:
        raise ParameterError(f"confidence_level must be between 0 and 1 (exclusive); got {confidence_level!r}")
    return NormalDist().inv_cdf(0.5 * (1.0 + confidence_level))


def success_rate(n_total: int, n_success: int, confidence_level: float = 0.95) -> SuccessRate:
    """The Wilson score estimate of a Bernoulli rate (Wilson 1927) and its half-width.

    >>> s = success_rate(100, 0)
    >>> round(s.value, 6), round(s.error, 6)
    (0.018497, 0.018497)
    """
    if n_total <= 0:
        raise ParameterError(f"an attack needs at least one target; got {n_total}")
    if not 0 <= n_success <= n_total:
        raise ParameterError(f"successes must be between 0 and the {n_total} targets; got {n_success}")
    z = probit(confidence_level)
    z2 = z * z
    denominator = n_total + z2
    rate = (n_success + 0.5 * z2) / denominator
    error = (z / denominator) * math.sqrt(n_success * (n_total - n_success) / n_total + 0.25 * z2)
    return SuccessRate(rate, error)


def residual_success(attack: SuccessRate, control: SuccessRate) -> SuccessRate:
    """The excess of the attack's rate over the control's, relative to the control's failures.

    Not clipped (negative where the control is the easier target); the error is propagated from
    both rates to first order. Undefined (ParameterError) when the control rate is 1.

    >>> r = residual_success(SuccessRate(0.5, 0.0), SuccessRate(0.2, 0.0))
    >>> round(r.value, 12)
    0.375
    """
    if control.value >= 1.0:
        raise ParameterError("the control attack succeeds on every target: the residual risk is undefined")
    margin = 1.0 - control.value
    value = (attack.value - control.value) / margin
    d_attack = 1.0 / margin
    d_control = (attack.value - 1.0) / margin**2
    error = math.sqrt((attack.error * d_attack) ** 2 + (control.error * d_control) ** 2)
    return SuccessRate(value, error)


@dataclass(frozen=True)
class Evaluation:
    """The success counts of one attack and the rates and risk they give.

    ``n_control`` and ``n_control_success`` are None without a control table.

    >>> e = evaluate(n_attacks=10, n_success=5, n_baseline=1)
    >>> e.control_rate is None, round(e.attack_rate.value, 6)
    (True, 0.5)
    """

    n_attacks: int
    n_success: int
    n_baseline: int
    n_control: int | None
    n_control_success: int | None
    confidence_level: float
    attack_rate: SuccessRate
    baseline_rate: SuccessRate
    control_rate: SuccessRate | None

    def risk(self, baseline: bool = False) -> PrivacyRisk:
        """The privacy risk: residual against the control where there is one, else the attack's
        rate; ``baseline=True`` gives the random-guess attacker's rate instead."""
        if baseline:
            return self.baseline_rate.to_risk()
        if self.control_rate is None:
            return self.attack_rate.to_risk()
        return residual_success(self.attack_rate, self.control_rate).to_risk()


def evaluate(
    n_attacks: int,
    n_success: int,
    n_baseline: int,
    n_control: int | None = None,
    n_control_success: int | None = None,
    confidence_level: float = 0.95,
) -> Evaluation:
    """Rates and risk of an attack from its counts (anonymeter's ``EvaluationResults``).

    ``n_control`` defaults to ``n_attacks`` when only ``n_control_success`` is given (anonymeter
    attacks as many control targets as original ones).

    >>> round(evaluate(200, 50, 2, n_control_success=20).risk().value, 6)
    0.164907
    """
    if n_control_success is not None and n_control is None:
        n_control = n_attacks
    control = None
    if n_control is not None:
        if n_control_success is None:
            raise ParameterError("n_control is given without n_control_success")
        control = success_rate(n_control, n_control_success, confidence_level)
    return Evaluation(
        n_attacks=n_attacks,
        n_success=n_success,
        n_baseline=n_baseline,
        n_control=n_control,
        n_control_success=n_control_success,
        confidence_level=confidence_level,
        attack_rate=success_rate(n_attacks, n_success, confidence_level),
        baseline_rate=success_rate(n_attacks, n_baseline, confidence_level),
        control_rate=control,
    )
