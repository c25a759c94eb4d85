"""The rounds of local suppression as SQL statements (docs/measures.md, local suppression): each
round is one ``CREATE TABLE`` of the next state (suppress/round.sql) from the previous,
declared as a plan step and run at once; the loop stops when no pattern is below k on any
protected key subset. The exact mode's assignment, solved on the patterns in Python
(:mod:`sqlpriv.suppress.exact`), becomes one state table built from numbers only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlpriv.engine.plan import Plan
from sqlpriv.engine.templates import create_table, current_dialect, quote, render, spark_quote
from sqlpriv.errors import ExecutionError
from sqlpriv.suppress import exact

Protect = Sequence[tuple[tuple[int, ...], int]]


def q(name: str) -> str:
    """A round table's quoted name in the dialect being rendered (DuckDB or Spark).

    >>> q("t")
    '"t"'
    """
    return spark_quote(name) if current_dialect() == "spark" else quote(name)


def greedy(plan: Plan, start: str, protect: Protect, ns: int, nk: int, order: list[int], rule: str, prefix: str) -> str:
    """Run rounds from the state table ``start`` until every subset in ``protect`` is k-anonymous
    under wildcard semantics; returns the final state table's name. ``rule``: "sdcmicro" or
    "greedy" (suppress/round.sql); each round's class sizes are one table (:func:`_sizes`), read by
    the check and the round; the greedy rule defers patterns for the first 2 x
    (keys in the subset) rounds of a subset, then acts on all (at most that many more rounds)."""
    state, count = start, 0
    for subset, k in protect:
        for r in range(3 * len(subset) + 1):
            count += 1
            sizes = _sizes(plan, state, subset, ns, f"{prefix}_{rule}_sizes_{count}")
            if int(plan.rows(render("suppress/packed_check.sql", relation=q(sizes), k=int(k)))[0][0]) == 0:
                break
            body = render(
                "suppress/round.sql",
                relation=q(state),
                sizes=q(sizes),
                subset=list(subset),
                ns=ns,
                nk=nk,
                k=k,
                order=order,
                rule=rule,
                defer=rule == "greedy" and r < 2 * len(subset),
            )
            name = f"{prefix}_{rule}_{count}"
            plan.add(name, [create_table(name, body)], deps=[state, sizes])
            plan.ensure([name])
            state = name
        else:
            raise ExecutionError("local suppression did not converge; this is a sqlpriv bug, please report it")
    return state


def _sizes(plan: Plan, state: str, subset: Sequence[int], ns: int, name: str) -> str:
    """The class sizes of ``state`` on ``subset`` kept as the table ``name`` (suppress/sizes.sql):
    read by the round's check and by the round, computed once, its patterns one table before them
    (Spark plans a CTE again at every reference: a round that inlined them ran them many times)."""
    pats, args = f"{name}_patterns", dict[str, Any](relation=q(state), subset=list(subset), ns=ns)
    statements = [
        create_table(pats, render("suppress/sizes.sql", **args, output="patterns")),
        create_table(name, render("suppress/sizes.sql", **args, prio=True, patterns=q(pats))),
    ]
    plan.add(name, statements, deps=[state])
    plan.ensure([name])
    return name


def exact_state(plan: Plan, start: str, protect: Protect, ns: int, prefix: str, limit: int) -> str:
    """Solve the exact mode on the patterns of ``start`` and store the assignment as a state table."""
    rows = plan.rows(render("suppress/patterns.sql", relation=q(start)))
    nk = len(rows[0]) - 3 - ns if rows else 0
    patterns = [(tuple(r[1 : 1 + ns]), tuple(r[1 + ns : 1 + ns + nk]), int(r[-1])) for r in rows]
    chosen = exact.solve(patterns, protect, limit)
    pids = [int(rows[p][0]) for p, _, _ in chosen]
    values = [(pid, mask, count) for pid, (_, mask, count) in zip(pids, chosen)]
    name = f"{prefix}_exact"
    body = render("suppress/assign.sql", relation=q(start), values=values, ns=ns, nk=nk)
    plan.add(name, [create_table(name, body)], deps=[start])
    plan.ensure([name])
    return name


def total(plan: Plan, state: str) -> int:
    """Cells suppressed in ``state``."""
    query = render("suppress/check.sql", relation=q(state), subset=[], ns=0, output="total")
    return int(plan.rows(query)[0][0])


def reached(plan: Plan, state: str, nk: int, ns: int, prefix: str) -> Any:
    """The smallest wildcard class size on all keys (the k reached)."""
    sizes = _sizes(plan, state, range(nk), ns, f"{prefix}_sizes_reached")
    return plan.rows(render("suppress/packed_check.sql", relation=q(sizes), output="reached"))[0][0]


def packing(categories: Sequence[int]) -> tuple[list[int], list[int]] | None:
    """Each key's shift and field bits when the keys' dense ranks (0 for NULL, 1..categories) fit
    one 62-bit integer, key 0 highest (suppress/code.sql); None when they do not.

    >>> packing([3, 1, 4])
    ([4, 3, 0], [48, 8, 7])
    """
    widths = [int(c).bit_length() for c in categories]
    if sum(widths) > 62:
        return None
    shifts = [sum(widths[j + 1 :]) for j in range(len(widths))]
    return shifts, [((1 << w) - 1) << s for w, s in zip(widths, shifts)]


def packed_greedy(
    plan: Plan, start: str, protect: Protect, ns: int, nk: int, order: list[int], pack: Any, prefix: str
) -> str:
    """:func:`greedy`'s "greedy" rule with every pattern's values packed into one integer
    (suppress/code.sql, suppress/packed_round.sql): the same rounds and the same cells, joins and
    groups on integers; each round's class sizes are one table, read by the check and the round."""
    shifts, fms = pack
    state = f"{prefix}_code"
    plan.add(
        state,
        [create_table(state, render("suppress/code.sql", relation=q(start), nk=nk, shifts=shifts))],
        deps=[start],
    )
    count = 0
    for subset, k in protect:
        for r in range(3 * len(subset) + 1):
            count += 1
            sizes = _packed_sizes(plan, state, subset, ns, fms, f"{prefix}_sizes_{count}")
            query = render("suppress/packed_check.sql", relation=q(sizes), k=int(k))
            if int(plan.rows(query)[0][0]) == 0:
                break
            body = render(
                "suppress/packed_round.sql",
                relation=q(state),
                patterns=q(sizes),
                subset=list(subset),
                ns=ns,
                nk=nk,
                k=k,
                order=order,
                fms=fms,
                defer=r < 2 * len(subset),
            )
            name = f"{prefix}_greedy_{count}"
            plan.add(name, [create_table(name, body)], deps=[state, sizes])
            plan.ensure([name])
            state = name
        else:
            raise ExecutionError("local suppression did not converge; this is a sqlpriv bug, please report it")
    return state


def _packed_sizes(plan: Plan, state: str, subset: Sequence[int], ns: int, fms: list[int], name: str) -> str:
    pats, args = f"{name}_patterns", dict[str, Any](relation=q(state), subset=list(subset), ns=ns, fms=fms)
    statements = [
        create_table(pats, render("suppress/packed_sizes.sql", **args, output="patterns")),
        create_table(name, render("suppress/packed_sizes.sql", **args, patterns=q(pats))),
    ]
    plan.add(name, statements, deps=[state])
    plan.ensure([name])
    return name


def packed_reached(plan: Plan, state: str, nk: int, ns: int, fms: list[int], prefix: str) -> Any:
    """The smallest wildcard class size on all keys of a packed state (the k reached)."""
    sizes = _packed_sizes(plan, state, range(nk), ns, fms, f"{prefix}_sizes_all")
    return plan.rows(render("suppress/packed_check.sql", relation=q(sizes), output="reached"))[0][0]
