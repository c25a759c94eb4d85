"""Linkability (anonymeter's attack, exact on every target): can the synthetic table link two
halves of a person's record? (docs/measures.md, "Linkability").

The attacker holds two tables about the same people, one with the columns ``aux_cols[0]``, one
with ``aux_cols[1]``. For each target record, its ``n_neighbors`` nearest synthetic records are
found on each column set (:mod:`sqlpriv.attacks.neighbours`); the target is linked when the two
neighbour sets share a record. The same attack on the control records (never used to make the
synthetic table) gives the control rate; the random-guess baseline draws two sets of
``n_neighbors`` synthetic rows per target.

>>> import pandas as pd
>>> ori = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0], "b": ["x", "y", "z", "w"]})
>>> r = linkability(ori, ori, aux_cols=(["a"], ["b"]))
>>> r.n_success, r.n_attacks
(4, 4)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sqlpriv.attacks.inputs import Tables, column_list, prepare, sample_positions, targets
from sqlpriv.attacks.neighbours import nearest
from sqlpriv.attacks.outcome import AttackOutcome
from sqlpriv.attacks.spark_plan import plan_result, spark_prepare
from sqlpriv.engine import checks
from sqlpriv.engine.spark.plan import SparkPlan
from sqlpriv.engine.spark.run import wants_spark
from sqlpriv.engine.templates import create_table, render, use_dialect
from sqlpriv.errors import ParameterError


def linkability(
    original: Any,
    synthetic: Any,
    aux_cols: tuple[Any, Any],
    *,
    control: Any = None,
    n_neighbors: int = 1,
    n_attacks: int | None = None,
    seed: int = 0,
    ties: bool = False,
    con: Any = None,
    spark: Any = None,
) -> AttackOutcome:
    """Run the linkability attack on every original record (or ``n_attacks`` drawn with ``seed``)
    and on every control record (at most ``n_attacks`` of them); return the counts, risk and rows.

    ``ties=True`` counts every synthetic record at the k-th distance as a neighbour (else ties
    go to the smaller distance, then the smaller synthetic row position). A Spark DataFrame, or
    ``spark=`` (a SparkSession, with table names or files), runs the attack on Spark
    (:mod:`sqlpriv.attacks.spark`: every record, counts and risk only, in one statement; with
    ``n_attacks`` or ``ties=True``, the DuckDB plan as Spark statements,
    :mod:`sqlpriv.attacks.spark_plan`, with ``.per_row()``).
    """
    cols_a, cols_b = _aux_sets(aux_cols)
    k = checks.positive_int("n_neighbors", n_neighbors)
    on_spark = wants_spark(original, spark)
    if on_spark and n_attacks is None and not ties:  # every record: the single statement
        return _on_spark(original, synthetic, (cols_a, cols_b), control, k, n_attacks, seed, ties, spark)
    with use_dialect("spark" if on_spark else "duckdb"):
        if on_spark:  # sampled targets or ties: the DuckDB plan as Spark statements
            tables = spark_prepare(original, synthetic, control, cols_a + cols_b, spark)
        else:
            tables = prepare(original, synthetic, control, cols_a + cols_b, con)
        return _on_plan(tables, cols_a, cols_b, k, n_attacks, seed, ties)


def _on_plan(
    tables: Tables, cols_a: list[str], cols_b: list[str], k: int, n_attacks: int | None, seed: int, ties: bool
) -> AttackOutcome:
    """The attack as a plan of SQL statements (DuckDB, or Spark: :mod:`sqlpriv.attacks.spark_plan`)."""
    k = min(k, tables.n_syn)  # anonymeter caps it at the synthetic rows too
    rng = np.random.default_rng(seed)
    positions = sample_positions(tables.n_ori, n_attacks, rng, "original")
    main = _attack(tables, tables.ori, positions, cols_a, cols_b, k, ties, f"{tables.prefix}_link_main")
    ctl = None
    if tables.ctl is not None:
        n_ctl = None if n_attacks is None else min(int(n_attacks), tables.n_ctl)
        ctl = _attack(
            tables,
            tables.ctl,
            sample_positions(tables.n_ctl, n_ctl, rng, "control"),
            cols_a,
            cols_b,
            k,
            ties,
            f"{tables.prefix}_link_control",
        )
    n_main, s_main = _counts(tables, main)
    n_ctl_, s_ctl = _counts(tables, ctl) if ctl else (None, None)
    baseline = int(rng.binomial(n_main, baseline_probability(tables.n_syn, k)))
    rows = plan_result(
        tables.plan, render("attacks/per_row.sql", main=main, control=ctl), [s for s in (main, ctl) if s]
    )
    return AttackOutcome(
        "linkability", n_main, s_main, baseline, n_ctl_, s_ctl, rows,
        {"aux_cols": (cols_a, cols_b), "n_neighbors": k, "ties": ties, "seed": seed, "main": main, "control": ctl,
         "dialect": "spark" if isinstance(tables.plan, SparkPlan) else "duckdb"},
    )  # fmt: skip


def _on_spark(
    original: Any, synthetic: Any, cols: tuple[list[str], list[str]], control: Any, k: int, n_attacks: Any, seed: int,
    ties: bool, spark: Any,
) -> AttackOutcome:  # fmt: skip
    """The attack on Spark (:mod:`sqlpriv.attacks.spark`); the baseline drawn as on DuckDB."""
    from sqlpriv.attacks.spark import spark_link_counts

    c = spark_link_counts(
        original, synthetic, cols, control=control, k=k, n_attacks=n_attacks, ties=ties, spark=spark
    )  # fmt: skip
    baseline = int(np.random.default_rng(seed).binomial(c["n"], baseline_probability(c["n_syn"], c["k"])))
    details = {"aux_cols": cols, "n_neighbors": c["k"], "ties": False, "seed": seed, "engine": "spark"}
    details["query"] = c["query"]

    def later() -> AttackOutcome:  # .per_row(): the plan as Spark statements, on demand
        with use_dialect("spark"):
            tables = spark_prepare(original, synthetic, control, cols[0] + cols[1], spark)
            return _on_plan(tables, cols[0], cols[1], k, None, seed, False)

    details["later"] = later
    return AttackOutcome("linkability", c["n"], c["s"], baseline, c["n_c"], c["s_c"], None, details)


def _aux_sets(aux_cols: Any) -> tuple[list[str], list[str]]:
    if isinstance(aux_cols, str) or len(aux_cols) != 2:
        raise ParameterError(f"aux_cols must be two lists of column names, (cols_a, cols_b); got {aux_cols!r}")
    cols_a, cols_b = column_list(aux_cols[0], "aux_cols[0]"), column_list(aux_cols[1], "aux_cols[1]")
    both = [c for c in cols_a if c in cols_b]
    if both:
        raise ParameterError(f"the two auxiliary column sets must not overlap; both name {both!r}")
    return cols_a, cols_b


def _attack(
    tables: Tables,
    table: str,
    positions: list[int] | None,
    cols_a: list[str],
    cols_b: list[str],
    k: int,
    ties: bool,
    name: str,
) -> str:
    plan = tables.plan
    tgt = targets(tables, table, positions, f"{name}_targets")
    a = nearest(plan, tgt, tables.syn, cols_a, tables.numeric(cols_a), k, name=f"{name}_a", ties=ties)
    b = nearest(plan, tgt, tables.syn, cols_b, tables.numeric(cols_b), k, name=f"{name}_b", ties=ties)
    body = render("attacks/links.sql", scaled_a=a.scaled, nn_a=a.neighbours, scaled_b=b.scaled, nn_b=b.neighbours)
    plan.add(name, [create_table(name, body)], deps=[a.step, b.step])
    plan.ensure([name])
    return name


def _counts(tables: Tables, table: str) -> tuple[int, int]:
    rows = tables.plan.rows(render("attacks/successes.sql", table=table, flag="linked"))
    n, s = rows[0] if rows else (0, 0)
    return int(n), int(s)


def baseline_probability(n_synthetic: int, k: int) -> float:
    """The chance that two sets of ``k`` synthetic rows, each drawn uniformly without replacement,
    share a row: ``1 - C(n - k, k) / C(n, k)`` (anonymeter's random linkability attack, whose
    successes are binomial with this probability; we draw them with the seed).

    >>> round(baseline_probability(10, 1), 12), round(baseline_probability(4, 2), 6)
    (0.1, 0.833333)
    """
    miss = 1.0
    for i in range(k):
        miss *= max(n_synthetic - k - i, 0) / (n_synthetic - i)
    return 1.0 - miss
