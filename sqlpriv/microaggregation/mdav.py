"""MDAV's rounds as plan steps (docs/measures.md, microaggregation), on either engine's plan: a
DuckDB :class:`~sqlpriv.engine.plan.Plan` or a :class:`~sqlpriv.engine.spark.plan.SparkPlan`
rendering in the ``spark`` dialect (docs/spark.md, "Searches: rounds as Spark statements").

The state table (pos, z0.., g) is made once (microaggregation/start.sql); each round's groups
(microaggregation/round.sql) are written into it by microaggregation/assign.sql, whose
``sqlpriv.assign_rows`` is an UPDATE in place on DuckDB and, on Spark (no UPDATE), the table of
that name replaced by a select of itself joined to the round's rows. DuckDB runs several rounds per
statement (a recursive CTE); Spark one (its recursive CTEs take no aggregate or sort over the
recursive reference, and its plans inline every CTE, so rounds unrolled in one statement would
grow the plan with each round). The rounds, their groups' numbers and their tie rule (the smaller
position) are the same, so both engines give the same groups.
"""

from __future__ import annotations

from typing import Any

from sqlpriv.engine.templates import create_table, current_dialect, quote, render, spark_quote

BATCH_ROWS = 2_000_000  # ungrouped rows one DuckDB statement of MDAV rounds may carry (all its rounds together)


def q(name: str) -> str:
    """A state table's quoted name in the dialect being rendered.

    >>> q("t")
    '"t"'
    """
    return spark_quote(name) if current_dialect() == "spark" else quote(name)


def state(plan: Any, prefix: str, ref: str, names: list[str], by: list[str], aggr: int, n: int) -> str:
    """The final MDAV state of ``ref`` on the columns ``names`` (``n`` rows): within each stratum of
    ``by`` when given (:func:`strata`), else one run of :func:`rounds`; returns its table's name."""
    return strata(plan, prefix, ref, names, by, aggr) if by else rounds(plan, prefix, ref, names, aggr, n)[0]


def strata(plan: Any, prefix: str, ref: str, names: list[str], by: list[str], aggr: int) -> str:
    """MDAV within each stratum: the rows numbered by stratum once (microaggregation/strata.sql),
    each stratum's rounds run alone, their groups in one table (microaggregation/groups.sql)."""
    table = f"{prefix}_strata"
    plan.add(table, [create_table(table, render("microaggregation/strata.sql", source=ref, columns=names, strata=by))])
    plan.ensure([table])
    sizes = plan.rows(render("microaggregation/sizes.sql", relation=q(table)))
    states, offsets, groups = [], [], 0
    for sid, size in sizes:
        name, count = rounds(plan, f"{prefix}_s{sid}", q(table), names, aggr, int(size), int(sid), (table,))
        states.append(name)
        offsets.append(groups)
        groups += count
    name = f"{prefix}_groups"
    body = render("microaggregation/groups.sql", relations=states, offsets=offsets)
    plan.add(name, [create_table(name, body)], deps=states)
    plan.ensure([name])
    return name


def rounds(
    plan: Any,
    prefix: str,
    ref: str,
    names: list[str],
    aggr: int,
    n: int,
    stratum: int | None = None,
    deps: tuple[str, ...] = (),
) -> tuple[str, int]:
    """MDAV as one plan step: the state table, then each batch of rounds (microaggregation/assign.sql)
    and the last group (microaggregation/rest.sql) applied to it; the number of rounds follows from
    ``n`` and ``aggr`` alone. Returns the state table and its number of groups."""
    table = f"{prefix}_0"
    start = render("microaggregation/start.sql", source=ref, columns=names, stratum=stratum)
    statements = [create_table(table, start)]
    d, left, group = len(names), n, 0
    one = current_dialect() == "spark"  # one round per statement there (module docstring)
    while left >= 2 * aggr:
        both = left >= 3 * aggr
        # rounds of two groups while at least 3 x aggr rows stay ungrouped; a batch holds at most
        # BATCH_ROWS ungrouped rows over all its rounds (the recursive CTE keeps each round's rows)
        batch = max(1, min((left - 3 * aggr) // (2 * aggr) + 1, BATCH_ROWS // left)) if both and not one else 1
        sql = render("microaggregation/assign.sql", table=table, d=d, aggr=aggr, first=group, both=both, rounds=batch)
        statements.append(sql)
        group += (2 if both else 1) * batch
        left -= (2 if both else 1) * aggr * batch
    if left:
        statements.append(render("microaggregation/rest.sql", table=table, d=d, first=group))
        group += 1
    plan.add(table, statements, deps=deps)
    plan.ensure([table])
    return table, group
