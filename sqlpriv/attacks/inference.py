"""Inference (anonymeter's attack, exact on every target): can the synthetic table reveal a
person's secret from what else is known about them? (docs/measures.md, "Inference").

For each target record, the nearest synthetic record on the auxiliary columns
(:mod:`sqlpriv.attacks.neighbours`; ties to the smaller synthetic row position) gives its
secret as the guess. A guess is right when it equals the secret (both NULL counts as equal), or,
for a numeric secret (``regression``), when ``|guess - secret| / (guess + 1e-12) <= tolerance``
(anonymeter's rule: divided by the guess itself). The random-guess baseline takes a uniformly
drawn synthetic row's secret; its successes are drawn with the seed from the exact odds per
secret value. ``groups()`` gives the rates per secret value (anonymeter's ``risk_for_groups``).

>>> import pandas as pd
>>> ori = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0], "s": ["x", "y", "x", "y"]})
>>> syn = pd.DataFrame({"a": [1.1, 2.1, 3.1, 4.1], "s": ["x", "y", "y", "y"]})
>>> r = inference(ori, syn, ["a"], "s")
>>> r.n_success, r.n_attacks
(3, 4)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sqlpriv.attacks.inputs import Tables, column_list, is_numeric, prepare, sample_positions, targets
from sqlpriv.attacks.neighbours import nearest
from sqlpriv.attacks.outcome import AttackOutcome
from sqlpriv.attacks.risk import Evaluation, evaluate
from sqlpriv.attacks.spark_plan import plan_result, spark_prepare
from sqlpriv.engine import checks
from sqlpriv.engine.spark.plan import SparkPlan
from sqlpriv.engine.spark.run import wants_spark
from sqlpriv.engine.templates import create_table, render, use_dialect
from sqlpriv.errors import ParameterError


class InferenceOutcome(AttackOutcome):
    """An inference attack's outcome; ``groups()`` adds the rates per secret value."""

    def groups(self, confidence_level: float = 0.95) -> dict[Any, Evaluation]:
        """Per secret value of the targets: the main (and control) attack's counts on the targets
        holding it, as anonymeter's ``risk_for_groups``; ``.risk()`` of each. The baseline counts the
        random guesser's successes on the group's targets (anonymeter repeats the whole baseline)."""
        d = self.details
        planned = self.planned()
        if isinstance(planned, InferenceOutcome):  # Spark's single statement: the plan, run now
            return planned.groups(confidence_level)
        with use_dialect(d["dialect"]):  # "spark": the plan's tables live on Spark (spark_plan.py)
            query = render("attacks/groups.sql", main=d["main"], control=d["control"])
        out = {}
        for value, n, s, n_c, s_c in d["plan"].rows(query):
            control = (int(n_c or 0), int(s_c or 0)) if d["control"] is not None else (None, None)
            if control[0] == 0:
                control = (None, None)
            base = d["baseline"].get(value, 0)
            out[value] = evaluate(int(n), int(s), base, control[0], control[1], confidence_level)
        return out


def inference(
    original: Any,
    synthetic: Any,
    aux_cols: Any,
    secret: str,
    *,
    control: Any = None,
    n_attacks: int | None = None,
    seed: int = 0,
    regression: bool | None = None,
    tolerance: float = 0.05,
    con: Any = None,
    spark: Any = None,
) -> InferenceOutcome:
    """Run the inference attack of ``secret`` from ``aux_cols`` on every original record (or
    ``n_attacks`` drawn with ``seed``) and every control record (at most ``n_attacks``).

    ``regression`` (default: whether the secret's type is numeric) judges a guess by the relative
    tolerance instead of equality. A Spark DataFrame, or ``spark=`` (a SparkSession, with table
    names or files), runs the attack on Spark (:mod:`sqlpriv.attacks.spark`: every record, counts
    and risk, in one statement; with ``n_attacks``, the DuckDB plan as Spark statements,
    :mod:`sqlpriv.attacks.spark_plan`, with ``.per_row()`` and ``.groups()``).
    """
    aux = column_list(aux_cols, "aux_cols")
    if not isinstance(secret, str):
        raise ParameterError(f"secret must be one column name; got {secret!r}")
    if secret in aux:
        raise ParameterError(f"the secret {secret!r} is also an auxiliary column; the attacker cannot know it")
    tol = checks.finite_number("tolerance", tolerance, minimum=0.0)
    on_spark = wants_spark(original, spark)
    if on_spark and n_attacks is None:  # a Spark DataFrame or spark=: every record, the single statement
        return _on_spark(original, synthetic, aux, secret, control, n_attacks, seed, regression, tol, spark)
    with use_dialect("spark" if on_spark else "duckdb"):
        if on_spark:  # sampled targets: the DuckDB plan as Spark statements (spark_plan.py)
            tables = spark_prepare(original, synthetic, control, [*aux, secret], spark)
        else:
            tables = prepare(original, synthetic, control, [*aux, secret], con)
        return _on_plan(tables, aux, secret, n_attacks, seed, regression, tol)


def _on_plan(
    tables: Tables, aux: list[str], secret: str, n_attacks: int | None, seed: int, regression: bool | None, tol: float
) -> InferenceOutcome:
    """The attack as a plan of SQL statements (DuckDB, or Spark: :mod:`sqlpriv.attacks.spark_plan`)."""
    if regression is None:
        regression = is_numeric(tables.types[secret])
    rng = np.random.default_rng(seed)
    positions = sample_positions(tables.n_ori, n_attacks, rng, "original")
    ctl_pos = None
    if tables.ctl is not None:
        n_ctl = None if n_attacks is None else min(int(n_attacks), tables.n_ctl)
        ctl_pos = sample_positions(tables.n_ctl, n_ctl, rng, "control")
    main, ctl = _attacks(tables, positions, ctl_pos, aux, secret, bool(regression), tol)
    n_main, s_main = _counts(tables, main)
    n_c, s_c = _counts(tables, ctl) if ctl else (None, None)
    baseline, by_value = _baseline(tables, f"{main}_targets", secret, bool(regression), tol, rng)
    query = render("attacks/per_row.sql", main=main, control=ctl)
    rows = plan_result(tables.plan, query, [s for s in (main, ctl) if s])
    details = {"aux_cols": aux, "secret": secret, "regression": bool(regression), "tolerance": tol, "seed": seed}
    details |= {"main": main, "control": ctl, "plan": tables.plan, "baseline": by_value}
    details["dialect"] = "spark" if isinstance(tables.plan, SparkPlan) else "duckdb"
    return InferenceOutcome("inference", n_main, s_main, baseline, n_c, s_c, rows, details)


def _on_spark(
    original: Any, synthetic: Any, aux: list[str], secret: str, control: Any, n_attacks: Any, seed: int,
    regression: bool | None, tol: float, spark: Any,
) -> InferenceOutcome:  # fmt: skip
    """The attack on Spark (:mod:`sqlpriv.attacks.spark`); the baseline drawn as on DuckDB."""
    from sqlpriv.attacks.spark import spark_infer_counts

    c = spark_infer_counts(
        original, synthetic, aux, secret, control=control, n_attacks=n_attacks, regression=regression, tolerance=tol,
        spark=spark,
    )  # fmt: skip
    rng, by_value = np.random.default_rng(seed), {}
    for value, n_value, n_right in c["odds"]:
        by_value[value] = int(rng.binomial(int(n_value), min(1.0, int(n_right) / c["n_syn"])))
    details = {"aux_cols": aux, "secret": secret, "regression": c["regression"], "tolerance": tol, "seed": seed}
    details |= {"engine": "spark", "query": c["query"], "baseline": by_value}

    def later() -> InferenceOutcome:  # .per_row() and .groups(): the plan as Spark statements, on demand
        with use_dialect("spark"):
            tables = spark_prepare(original, synthetic, control, [*aux, secret], spark)
            return _on_plan(tables, aux, secret, None, seed, c["regression"], tol)

    details["later"] = later
    return InferenceOutcome("inference", c["n"], c["s"], sum(by_value.values()), c["n_c"], c["s_c"], None, details)


def _attacks(
    tables: Tables,
    positions: list[int] | None,
    ctl_positions: list[int] | None,
    aux: list[str],
    secret: str,
    regression: bool,
    tol: float,
) -> tuple[str, str | None]:
    """The main attack (and the control attack) as per-target tables: one nearest-neighbour search
    over the targets of both, tagged, each scaled by its own ranges (what two searches would give)."""
    plan, prefix = tables.plan, f"{tables.prefix}_infer"
    names = [f"{prefix}_main"] + ([f"{prefix}_control"] if tables.ctl is not None else [])
    tgts = [targets(tables, tables.ori, positions, f"{names[0]}_targets")]
    if tables.ctl is not None:
        tgts.append(targets(tables, tables.ctl, ctl_positions, f"{names[1]}_targets"))
    tagged = f"{prefix}_targets"
    plan.add(tagged, [create_table(tagged, render("attacks/tagged.sql", tables=tgts))], deps=tgts)
    nn = nearest(plan, tagged, tables.syn, aux, tables.numeric(aux), 1, name=f"{prefix}_nn", group=True)
    for g, (name, tgt) in enumerate(zip(names, tgts)):
        body = render(
            "attacks/guesses.sql", scaled=nn.scaled, nn=nn.neighbours, targets=tgt, synthetic=tables.syn,
            secret=secret, regression=regression, tolerance=tol, group=g,
        )  # fmt: skip
        plan.add(name, [create_table(name, body)], deps=[nn.step, tgt])
    plan.ensure(names)
    return names[0], names[1] if len(names) > 1 else None


def _counts(tables: Tables, table: str) -> tuple[int, int]:
    rows = tables.plan.rows(render("attacks/successes.sql", table=table, flag="success"))
    n, s = rows[0] if rows else (0, 0)
    return int(n), int(s)


def _baseline(
    tables: Tables, tgt: str, secret: str, regression: bool, tol: float, rng: np.random.Generator
) -> tuple[int, dict[Any, int]]:
    """Successes of the random guesser: per secret value of the targets, a binomial draw with the
    exact odds that a uniformly drawn synthetic row's secret is a right guess."""
    query = render(
        "attacks/guess_odds.sql", targets=tgt, synthetic=tables.syn, secret=secret, regression=regression, tolerance=tol
    )
    by_value = {}
    for value, n, n_right in tables.plan.rows(query):
        by_value[value] = int(rng.binomial(int(n), min(1.0, int(n_right) / tables.n_syn)))
    return sum(by_value.values()), by_value
