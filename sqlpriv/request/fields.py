"""A data request's fields: which source columns each reads, which are scored together, and
the column sets one counting pass must cover (docs/measures.md §3).

A field is a column or an expression over columns (Cave's anonymity functions). Fields
that read a common source column are scored together, by the exact factor of their tuple;
every column, the joint set of the unweighted fields and each group of fields is one set of
the class-size histogram that ``request/sizes.sql`` counts in one step.

>>> field_groups([{"sources": [{"name": "zip"}], "weight": None}, {"sources": [{"name": "zip"}], "weight": None}])
[[0, 1]]
"""

from __future__ import annotations

from typing import Any

from sqlpriv.engine import checks
from sqlpriv.engine.sources import ColumnSpec, Source
from sqlpriv.engine.sources import read_columns as engine_read_columns
from sqlpriv.engine.templates import quote


def read_columns(src: Source, spec: ColumnSpec) -> list[str]:
    """The source columns a field reads, in order of first use, as DuckDB's binder resolves them
    (:func:`sqlpriv.engine.sources.read_columns`: a struct path ``p.pid`` reads ``p``, never a
    top-level ``pid``)."""
    return engine_read_columns(src, spec)


def check_weights(weights: Any, specs: list[ColumnSpec], src: Source) -> dict[str, float]:
    """Map each weight to a requested field; a weight for anything else is refused (never dropped)."""
    return checks.request_weights(weights, [s.name for s in specs], src.column_names(), src.label)


def field_groups(fields: list[dict[str, Any]]) -> list[list[int]]:
    """Fields scored together: unweighted fields that read a common source column (transitively)
    form one group; a weighted field, or one reading no column, is a group of its own. Groups in
    order of their first field.

    >>> field_groups([{"sources": [{"name": "id"}], "weight": None}, {"sources": [{"name": "age"}], "weight": None},
    ...                {"sources": [{"name": "id"}], "weight": None}, {"sources": [{"name": "id"}], "weight": 0.9}])
    [[0, 2], [1], [3]]
    """
    parent = list(range(len(fields)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[str, int] = {}
    for i, f in enumerate(fields):
        if f["weight"] is not None:
            continue
        for s in f["sources"]:
            if s["name"] in owner:
                a, b = find(owner[s["name"]]), find(i)
                parent[max(a, b)] = min(a, b)
            else:
                owner[s["name"]] = i
    groups: dict[int, list[int]] = {}
    for i in range(len(fields)):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def column_sets(d: int, multi: list[list[int]]) -> tuple[list[dict[str, Any]], dict[tuple[int, ...], int]]:
    """The sets of the class-size histogram: one per analysed column (j = its index) and one per
    distinct multi-column member list (j = -1 for the first, then -3, -4, ...; -2 is dropna's
    row count), larger sets first, as GROUPING() labelling needs. Returns the sets and a map
    from each member tuple to its j.

    >>> sets, of = column_sets(3, [[0, 1], [0, 1, 2], [0, 1]])
    >>> [(s["j"], s["members"]) for s in sets], of[(0, 1)]
    ([(-3, [0, 1, 2]), (-1, [0, 1]), (0, [0]), (1, [1]), (2, [2])], -1)
    """
    of: dict[tuple[int, ...], int] = {(j,): j for j in range(d)}
    multi_sets: list[dict[str, Any]] = []
    next_j = -3
    for members in multi:
        key = tuple(members)
        if not key or key in of:
            continue
        j = -1 if not multi_sets and -1 not in of.values() else next_j
        if j != -1:
            next_j -= 1
        of[key] = j
        multi_sets.append({"j": j, "members": list(members)})
    multi_sets.sort(key=lambda s: -len(s["members"]))
    return multi_sets + [{"j": j, "members": [j]} for j in range(d)], of


def set_layout(
    d: int, joint_members: list[int], groups: list[list[int]]
) -> tuple[list[dict[str, Any]], int, list[dict[str, Any]]]:
    """The column sets to count (each column, the joint set of the unweighted fields, each group of
    fields that read a common column), the joint set's id, and each group with its set."""
    sets, set_of = column_sets(d, [joint_members] + [g for g in groups if len(g) > 1])
    joint_j = set_of[tuple(joint_members)] if joint_members else -1
    if not joint_members:  # every field weighted: the joint set is empty (the whole table is one class)
        sets.insert(0, {"j": -1, "members": []})
    group_rows = [{"g": g, "j": set_of[tuple(members)], "fields": members} for g, members in enumerate(groups)]
    return sets, joint_j, group_rows


def request_fields(
    src: Source, specs: list[ColumnSpec], weights: dict[str, float]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The analysed expressions (the fields, then each raw source column a field reads that is
    not itself requested) and, per field, its sources and weight."""
    analysed: list[dict[str, Any]] = [{"alias": f"a{i}", "expr": s.expr} for i, s in enumerate(specs)]
    raw_index = {s.name: i for i, s in enumerate(specs) if not s.is_expression}
    fields: list[dict[str, Any]] = []
    for i, s in enumerate(specs):
        sources = []
        for col in read_columns(src, s):
            if col not in raw_index:
                raw_index[col] = len(analysed)
                analysed.append({"alias": f"a{len(analysed)}", "expr": quote(col)})
            sources.append({"name": col, "j": raw_index[col]})
        fields.append(
            {
                "name": s.name,
                "expression": s.expr[1:-1] if s.is_expression else None,
                "j": i,
                "sources": sources,
                "weight": weights.get(s.name),
            }
        )
    return analysed, fields


__all__ = ["check_weights", "column_sets", "field_groups", "read_columns", "request_fields", "set_layout"]
