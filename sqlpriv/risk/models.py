"""Population-uniqueness models solved on a class-size histogram (docs/measures.md §9).

The only input is the frequency of frequencies (``{class size: number of classes}``) that
``risk/histogram.sql`` reads out of the database, and the population size; nothing here sees a
row. Zayatz, Pitman, SNB and Dankar et al.'s rule, as ARX defines them (written afresh), with
their formulas and reference values: docs/measures.md §9. Every estimate is a fraction of the
population; a model that does not converge gives ``nan`` (the caller warns, naming it).

>>> h = {1: 2, 2: 1}
>>> round(zayatz(h, 4, 4.0), 12), round(zayatz(h, 4, 40.0), 6)
(0.5, 0.26)
>>> dankar(h, 4, 4.0)[1]
'zayatz'
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Mapping
from typing import Any

from sqlpriv.errors import SqlprivWarning, caller_stacklevel

Histogram = Mapping[int, int]
Vector = tuple[float, float]

ACCURACY = 1e-6  # ARX's solver accuracy (ARXSolverConfiguration): |objective| below this is a root
ITERATIONS = 1000  # ARX's iterations per start value
START_VALUES = [(a / 100, b / 100) for a in (0, 33, 66, 99) for b in (0, 33, 66, 99)]  # ARX's SNB start grid


def digamma(x: float) -> float:
    """The digamma function (recurrence to x >= 10, then the asymptotic series); nan at the poles
    0, -1, -2, ...

    >>> round(digamma(1.0), 12)  # -Euler's constant
    -0.577215664902
    """
    if not math.isfinite(x) or (x <= 0 and x == math.floor(x)):
        return math.nan
    if x < 0:  # reflection: psi(x) = psi(1 - x) - pi / tan(pi x), tan of the fractional part
        return digamma(1 - x) - math.pi / math.tan(math.pi * (x - math.floor(x)))
    out = 0.0
    while x < 10:
        out -= 1 / x
        x += 1
    x2 = 1 / (x * x)
    series = x2 * (1 / 12 - x2 * (1 / 120 - x2 * (1 / 252 - x2 * (1 / 240 - x2 * (1 / 132)))))
    return out + math.log(x) - 0.5 / x - series


def trigamma(x: float) -> float:
    """The trigamma function; nan at the poles 0, -1, -2, ...

    >>> round(trigamma(1.0), 12)  # pi^2 / 6
    1.644934066848
    """
    if not math.isfinite(x) or (x <= 0 and x == math.floor(x)):
        return math.nan
    if x < 0:  # reflection: psi1(x) = pi^2 / sin^2(pi x) - psi1(1 - x)
        return (math.pi / math.sin(math.pi * (x - math.floor(x)))) ** 2 - trigamma(1 - x)
    out = 0.0
    while x < 10:
        out += 1 / (x * x)
        x += 1
    x2 = 1 / (x * x)
    series = (
        1 / x
        + x2 / 2
        + x2 / x * (1 / 6 - x2 * (1 / 30 - x2 * (1 / 42 - x2 * (1 / 30 - x2 * (5 / 66 - x2 * 691 / 2730)))))
    )
    return out + series


def _summary(histogram: Histogram) -> tuple[int, int, int, int]:
    """(records n, classes u, classes of size 1, classes of size 2)."""
    n = sum(size * count for size, count in histogram.items())
    return n, sum(histogram.values()), histogram.get(1, 0), histogram.get(2, 0)


def zayatz(histogram: Histogram, n: int, population: float) -> float:
    """Zayatz's estimate of the share of the population that is unique."""
    c1 = histogram.get(1, 0)
    if c1 == 0:
        return 0.0
    big = math.floor(population)
    total = 0.0
    for size, count in histogram.items():
        total += count * _ratio_one(size, n, big)
    uniques = c1 * (c1 / total) / (n / population)
    return uniques / population


def _ratio_one(k: int, n: int, big: int) -> float:
    """P_k(1) / P_1(1) for the hypergeometric law (population ``big``, ``k`` marked, ``n`` drawn):
    ``k * prod_{j=1}^{k-1} (big - n - j + 1) / (big - j)``, in logs."""
    if k == 1:
        return 1.0
    if big - n - k + 2 <= 0:
        return 0.0
    log = (
        math.log(k)
        + math.lgamma(big - n + 1)
        - math.lgamma(big - n - k + 2)
        - math.lgamma(big)
        + math.lgamma(big - k + 1)
    )
    return math.exp(log)


def _newton(f: Callable[[Vector], Vector], start: Vector, ok: Callable[[Vector], bool]) -> Vector | None:
    """A root of ``f`` by damped Newton steps (forward-difference Jacobian) from ``start``; None
    when it leaves the domain ``ok`` or ends with a residual above ``ACCURACY``."""
    x, y = start
    stalled = 0
    for _ in range(ITERATIONS):
        try:
            fx, fy = f((x, y))
            if not (math.isfinite(fx) and math.isfinite(fy)):
                return None
            if abs(fx) < ACCURACY * 1e-6 and abs(fy) < ACCURACY * 1e-6:
                break
            hx, hy = 1e-7 * (1 + abs(x)), 1e-7 * (1 + abs(y))
            a1, b1 = f((x + hx, y))
            c1, d1 = f((x, y + hy))
        except (ValueError, ZeroDivisionError, OverflowError):
            return None
        j11, j21 = (a1 - fx) / hx, (b1 - fy) / hx
        j12, j22 = (c1 - fx) / hy, (d1 - fy) / hy
        det = j11 * j22 - j12 * j21
        if det == 0 or not math.isfinite(det):
            return None
        dx = (fx * j22 - fy * j12) / det
        dy = (fy * j11 - fx * j21) / det
        norm = math.hypot(fx, fy)
        step = _damped(f, ok, (x, y), (dx, dy), norm)
        if step is None:  # no step lowers the residual: the root (to rounding) or a dead end
            break
        (x, y), after = step
        stalled = stalled + 1 if after > norm / 2 else 0
        if stalled >= 5 or (abs(dx) < 1e-13 * (1 + abs(x)) and abs(dy) < 1e-13 * (1 + abs(y))):
            break  # rounding noise: Newton no longer halves the residual
    if not ok((x, y)):
        return None
    try:
        fx, fy = f((x, y))
    except (ValueError, ZeroDivisionError, OverflowError):
        return None
    return (x, y) if abs(fx) < ACCURACY and abs(fy) < ACCURACY else None


def _damped(
    f: Callable[[Vector], Vector], ok: Callable[[Vector], bool], at: Vector, d: Vector, norm: float
) -> tuple[Vector, float] | None:
    """The Newton step ``at - s * d`` with the largest ``s`` in 1, 1/2, 1/4, ... that stays in the
    domain and lowers the residual, with its residual; None after 40 halvings."""
    s = 1.0
    for _ in range(40):
        x = (at[0] - s * d[0], at[1] - s * d[1])
        if ok(x):
            try:
                fx, fy = f(x)
            except (ValueError, ZeroDivisionError, OverflowError):
                fx = fy = math.nan
            if math.isfinite(fx) and math.isfinite(fy) and math.hypot(fx, fy) < norm:
                return x, math.hypot(fx, fy)
        s /= 2
    return None


def pitman_equations(histogram: Histogram) -> Callable[[Vector], Vector]:
    """The two likelihood equations of Pitman's sampling formula in (theta, alpha), with the
    sums in closed form (digamma), as ARX's ``ModelPitman`` writes them."""
    n, u, _, _ = _summary(histogram)
    others = [(size, count) for size, count in histogram.items() if size != 1]

    def f(v: Vector) -> Vector:
        t, a = v
        o1 = (digamma(u + t / a) - digamma(t / a + 1)) / a  # sum_{i=1}^{u-1} 1 / (t + i a)
        o2 = digamma(n + t) - digamma(t + 1)  # sum_{i=1}^{n-1} 1 / (t + i)
        o3 = ((u - 1) - t * o1) / a  # sum_{i=1}^{u-1} i / (t + i a)
        o4 = sum(count * (digamma(size - a) - digamma(1 - a)) for size, count in others)
        return o1 - o2, o3 - o4

    return f


def pitman(histogram: Histogram, n: int, population: float) -> float:
    """Pitman's estimate of the share of the population that is unique (nan: no convergence)."""
    _, u, c1, c2 = _summary(histogram)
    if c1 == 0:
        return 0.0
    c2 = c2 or 1  # ARX's initial guess overestimates when there is no class of size 2
    c = c1 * (c1 - 1) / c2
    denominator = 2 * c1 * u + c1 * c - n * c
    if denominator == 0:
        return math.nan
    t = (n * u * c - c1 * (n - 1) * (2 * u + c)) / denominator
    a = (t * (c1 - n) + (n - 1) * c1) / (n * u)
    root = _newton(pitman_equations(histogram), (t, a), lambda v: v[0] >= 0 and v[1] != 0)
    if root is None:
        return math.nan
    t, a = root
    if t + a <= 0:
        return math.nan
    try:
        uniques = math.exp(math.lgamma(t + 1) - math.lgamma(t + a) + a * math.log(population))
    except (ValueError, OverflowError):
        return math.nan
    return uniques / population if 0 <= uniques <= population else math.nan


def snb_classes(histogram: Histogram, pi: float) -> float:
    """ARX's estimate of the number of non-empty population classes for the SNB model
    (``ModelSNB.estimateNonEmptyEquivalenceClasses``, its per-size ``- 1`` included). ARX's
    ``(1 - pi)^f (1 + pi)^f`` is taken as the one power ``(1 - pi^2)^f``: ``(1 + pi)^f`` alone
    overflows on a large class (pi = 1 from f = 1024, pi = 0.1 from f ~ 7,500)."""
    _, u, c1, _ = _summary(histogram)
    v1 = v2 = v3 = v4 = 0.0
    for size, count in sorted(histogram.items()):
        w = (1 - pi) ** size * count
        v1 += size * pi * pi * (1 - pi * pi) ** (size - 1) * count
        v2 += (1 - pi * pi) ** size * count - 1
        v3 += w
        v4 += size * pi * (1 - pi) ** (size - 1) * count
    if v2 == 0 or v4 == 0:
        return math.nan
    return u + c1 * (v1 / v2) * (v3 / v4) ** 2


def snb_equations(k: float, pi: float, c1: int, c2: int) -> Callable[[Vector], Vector]:
    """The SNB model's two moment equations in (a, b): expected classes of size 1 and 2."""

    def f(v: Vector) -> Vector:
        a, b = v
        d = (1 - pi) * (1 - b)
        e1 = k * pi * math.pow(b / (1 - d), a) * (a * d / (1 - d) + 1) - c1
        e2 = k * a * math.pow(b, a) * pi * pi * (1 - b) / 2 * math.pow(1 - d, a + 2) * (2 - (1 - a) * d) - c2
        return e1, e2

    return f


def snb(histogram: Histogram, n: int, population: float) -> float:
    """The SNB estimate of the share of the population that is unique (nan: no convergence)."""
    _, _, c1, c2 = _summary(histogram)
    if c1 == 0:
        return 0.0
    pi = n / population
    k = snb_classes(histogram, pi)
    if not math.isfinite(k):
        return math.nan
    equations = snb_equations(k, pi, c1, c2)
    for start in START_VALUES:
        root = _newton(equations, start, lambda v: v[1] > 0 and math.isfinite(v[0]))
        if root is not None:
            a, b = root
            uniques = k * math.pow(b, a)
            if math.isfinite(uniques):
                return uniques / population
    return math.nan


def _valid(x: float) -> bool:
    return not math.isnan(x) and x != 0


def dankar(histogram: Histogram, n: int, population: float) -> tuple[float, str, dict[str, float]]:
    """Dankar et al.'s decision rule: (estimate, the model it picked, every model's estimate)."""
    models = {
        "pitman": pitman(histogram, n, population),
        "zayatz": zayatz(histogram, n, population),
        "snb": snb(histogram, n, population),
    }
    if histogram.get(1, 0) == 0:
        return 0.0, "none", models
    if n / population <= 0.1:
        if _valid(models["pitman"]):
            return models["pitman"], "pitman", models
        return models["zayatz"], "zayatz", models
    if _valid(models["snb"]) and models["snb"] <= models["zayatz"]:
        return models["snb"], "snb", models
    return models["zayatz"], "zayatz", models


def solve(histogram: Histogram, n: int, population: float, stacklevel: int = 2) -> dict[str, Any]:
    """Every model's estimate, ``dankar`` and ``dankar_model``; a
    :class:`~sqlpriv.SqlprivWarning` names each model that did not converge (its value is nan),
    unless the table is its own population (no sampling fraction: there is nothing to estimate)
    or has one row.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("error")
    ...     solve({1: 1}, 1, 10.0)["dankar_model"], solve({1: 2, 2: 1}, 4, 4.0)["dankar_model"]
    ('zayatz', 'zayatz')
    """
    value, picked, models = dankar(histogram, n, population)
    for name, estimate in models.items():
        if math.isnan(estimate) and population > n > 1:
            warnings.warn(
                f"the {name} population-uniqueness model did not converge on this class-size histogram; "
                f"population_uniqueness_{name} is NaN (Dankar's rule falls back to another model)",
                SqlprivWarning,
                stacklevel=caller_stacklevel(),
            )
    return {**models, "dankar": value, "dankar_model": picked}
