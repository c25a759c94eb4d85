"""What the disclosure family (docs/measures.md §8) shares across its faces and with the request
gate: one sensitive column as the templates take it (name, ordered, hierarchy rows, height,
distance), hierarchies (a mapping or an ARX CSV) as (leaf, level, node) rows, the free headings,
and the single statement (``sql_templates/disclosure/query.sql``) rendered for a relation.

>>> sensitive_spec("pay", True, None)["distance"], free_name("n", ["N", "age"])
('ordered', '_n')
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sqlpriv.engine import checks
from sqlpriv.engine.arx_hierarchy import read_arx_rows
from sqlpriv.engine.output_names import free_heading
from sqlpriv.engine.sandbox import INTEGER_TYPES
from sqlpriv.engine.templates import call
from sqlpriv.errors import ColumnError, ParameterError

#: DuckDB type names whose values are ordered numbers: t-closeness uses the ordered distance
ORDERED_TYPES = (*INTEGER_TYPES, "FLOAT", "DOUBLE", "REAL", "DECIMAL")
#: Spark SQL type names (``simpleString``) of numbers: the ordered distance on Spark
SPARK_NUMBERS = ("tinyint", "smallint", "int", "bigint", "float", "double", "decimal")


PER_ROW_FIGURES = (
    "l_diversity",
    "alpha",
    "t_closeness",
    "delta_disclosure",
    "basic_beta_likeness",
)  # per_row(), per sensitive column


def disclosure_query(
    source: str,
    columns: Sequence[str],
    sensitive: Sequence[str],
    *,
    ordered: Sequence[str] = (),
    hierarchies: Mapping[str, Any] | None = None,
    output: str = "summary",
    bound: float | None = None,
    dialect: str | None = None,
) -> str:
    """The disclosure figures as ONE statement over ``source`` (a relation as SQL text: a quoted
    table name or a subquery): what the dbt tests, Spark and ``sqlpriv sql`` run. ``columns``:
    the quasi-identifiers (plain names); ``ordered``: the sensitive columns measured with the
    ordered distance (numeric ones); ``output``: ``"summary"``, ``"classes"``, ``"failing_l"``
    (classes with l_diversity < ``bound``) or ``"failing_t"`` (t_closeness > ``bound``);
    ``dialect``: ``"spark"`` for Spark SQL.

    >>> import duckdb
    >>> con = duckdb.connect()
    >>> _ = con.execute("create table t as select * from (values (1, 'a'), (1, 'b'), (2, 'a')) v(q, s)")
    >>> con.execute(disclosure_query('"t"', ["q"], ["s"])).fetchall()[0][:3]
    ('s', 'equal', 1)
    """
    output = checks.choice("output", output, ("summary", "classes", "failing_l", "failing_t"))
    qis, names = list(columns), list(sensitive)
    if not qis or not names or {q.lower() for q in qis} & {s.lower() for s in names}:
        raise ColumnError("disclosure_query needs quasi-identifiers and sensitive columns, no column in both")
    marked = {o.lower() for o in ordered}
    sens = [sensitive_spec(n, n.lower() in marked, (hierarchies or {}).get(n)) for n in names]
    meta = {h: free_name(h, qis) for h in ("sensitive", "n")}
    return call(
        "disclosure_query", dialect=dialect, source=source, qis=qis, sens=sens, meta=meta, output=output, bound=bound
    )


def sensitive_spec(name: str, ordered: bool, tree: Any, type_name: str = "") -> dict[str, Any]:
    """One sensitive column as the templates take it: name, ordered, hierarchy rows, height,
    distance, and how its hierarchy's leaves are keyed (:func:`leaf_kind` of its type)."""
    rows, height = hierarchy_rows(name, tree) if tree is not None else ([], 0)
    distance = "hierarchical" if rows else "ordered" if ordered else "equal"
    kind, scale = leaf_kind(type_name)
    spec = {"name": name, "ordered": ordered, "hierarchy": rows, "height": height, "distance": distance}
    return spec | {"leaf_kind": kind, "leaf_scale": scale}


def leaf_kind(type_name: str) -> tuple[str | None, int]:
    """How the leaves of a hierarchy on a column of this type (DuckDB's name or Spark's
    ``simpleString``) are keyed: by value (issue 46), the leaf's text cast to the column's kind of
    value and written back as the engine writes the column (``True`` and ``'true'`` are the boolean
    true, ``Decimal('1.0')`` is the DECIMAL(18,3) 1.000), or as text (None) for every other type.

    >>> leaf_kind("DECIMAL(18,3)"), leaf_kind("boolean"), leaf_kind("int"), leaf_kind("VARCHAR")
    (('decimal', 3), ('boolean', 0), ('bigint', 0), (None, 0))
    """
    text = type_name.strip().lower()
    decimal = re.fullmatch(r"(?:decimal|numeric)\((\d+),\s*(\d+)\)", text)
    if decimal:
        return "decimal", int(decimal.group(2))
    kinds = {"boolean": "boolean", "bool": "boolean", "float": "float", "real": "float", "double": "double"}
    kinds |= dict.fromkeys(("tinyint", "smallint", "int", "integer", "bigint"), "bigint")
    kinds |= dict.fromkeys(("utinyint", "usmallint", "uinteger"), "bigint")
    return kinds.get(text), 0


def check_leaves(name: str, kind: str | None, canonical: list[tuple[Any, Any]], values: set[Any]) -> None:
    """The one check of both engines that every value of a sensitive column has a leaf, and that
    leaves keyed by value name each value once: ``canonical`` pairs each leaf as given with the
    text the engine writes for it (:func:`leaf_kind`), ``values`` are the column's values as text."""
    bad = sorted({str(given) for given, text in canonical if given is not None and text is None})
    if bad:
        raise ParameterError(
            f"the hierarchy of {name!r} has leaves that are no {kind} values: {bad[:5]}; key it by the column's values"
        )
    seen: dict[Any, Any] = {}
    for given, text in canonical:
        if text in seen and seen[text] != given:
            raise ParameterError(
                f"the hierarchy of {name!r} names the value {text!r} twice ({seen[text]!r} and {given!r}); "
                "give each value one entry"
            )
        seen[text] = given
    missing = sorted(values - set(seen), key=str)
    if missing:
        raise ParameterError(
            f"the hierarchy of {name!r} has no entry for {len(missing)} of its values, e.g. "
            f"{missing[:5]}; give every value its generalisations"
        )


def sensitive_names(sensitive: Any, columns: list[str], label: str) -> list[str]:
    """The sensitive columns' real names (both engines' check): one clear error for no name, a
    name that is not text, a column the source lacks or a column named twice.

    >>> sensitive_names("Diagnosis", ["age", "diagnosis"], "t")
    ['diagnosis']
    >>> sensitive_names(["diagnosis", "DIAGNOSIS"], ["age", "diagnosis"], "t")
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ColumnError: sensitive names a column twice: ['diagnosis', 'diagnosis']; name each sensitive column once
    """
    names = [sensitive] if isinstance(sensitive, str) else list(sensitive) if sensitive is not None else []
    if not names or not all(isinstance(s, str) for s in names):
        raise ParameterError(
            f"sensitive must name one or more columns, e.g. sensitive=['diagnosis'], got {sensitive!r}"
        )
    found = [checks.match_column(columns, s, label) for s in names]
    if len({s.lower() for s in found}) < len(found):
        raise ColumnError(f"sensitive names a column twice: {found}; name each sensitive column once")
    return found


def sensitive_hierarchies(names: list[str], hierarchies: Mapping[str, Any] | None) -> dict[str, Any]:
    """The hierarchies keyed by the real name of their sensitive column (both engines' check):
    one clear error for a mapping that is not one, or a hierarchy under a column that is not
    sensitive (a misspelling was ignored before).

    >>> sensitive_hierarchies(["Diagnosis"], {"diagnosis": {"flu": ["infection"]}})
    {'Diagnosis': {'flu': ['infection']}}
    >>> sensitive_hierarchies(["diagnosis"], {"diagnsis": {}})
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: hierarchies names 'diagnsis', which is not a sensitive column (['diagnosis'])
    """
    if hierarchies is not None and not isinstance(hierarchies, Mapping):
        raise ParameterError(f"hierarchies must map a sensitive column to its hierarchy, got {hierarchies!r}")
    given = {}
    for col, tree in (hierarchies or {}).items():
        real = checks.lookup_column(names, col)
        if real is None:
            raise ParameterError(f"hierarchies names {col!r}, which is not a sensitive column ({names})")
        given[real] = tree
    return given


def free_name(heading: str, taken: Sequence[str]) -> str:
    """``heading``, or ``_heading``, ``__heading``... while a name in ``taken`` has it."""
    return free_heading(heading, taken)


def hierarchy_rows(name: str, tree: Any) -> tuple[list[tuple[Any, int, str]], int]:
    """(leaf, level, node) rows of a hierarchy, and its height H (the root's level)."""
    if isinstance(tree, (str, Path)):
        tree = read_arx_hierarchy(Path(tree))
    if not isinstance(tree, Mapping) or not tree:
        raise ParameterError(
            f"the hierarchy of {name!r} must map each value to its generalisations, e.g. "
            "{'flu': ['respiratory', '*'], 'hiv': ['viral', '*']}, or be an ARX hierarchy CSV path"
        )
    paths = {leaf: [levels] if isinstance(levels, str) else list(levels) for leaf, levels in tree.items()}
    depths = {len(p) for p in paths.values()}
    if len(depths) != 1 or 0 in depths:
        raise ParameterError(
            f"every value in the hierarchy of {name!r} needs the same number of levels (1 or more); got {sorted(depths)}"
        )
    depth = depths.pop()
    if len({str(p[-1]) for p in paths.values()}) > 1:
        paths = {leaf: [*p, "*"] for leaf, p in paths.items()}
        depth += 1
    rows = []
    for leaf, levels in paths.items():
        text = None if leaf is None else str(leaf)
        for level, _node in enumerate(levels[:-1], start=1):  # the root (level H) adds nothing
            # the node is its path to the root, encoded injectively (a JSON list: no separator a
            # label could contain merges two distinct nodes)
            rows.append((text, level, json.dumps([str(x) for x in levels[level - 1 :]])))
    if depth == 1:
        rows = []  # a flat hierarchy is the equal distance
    return rows, depth


def read_arx_hierarchy(path: Path) -> dict[str, list[str]]:
    """An ARX hierarchy CSV as ``{value: [level1, level2, ...]}``, read by the one reader every
    family uses (:func:`sqlpriv.engine.arx_hierarchy.read_arx_rows`: separator, quoting, BOM,
    duplicates, nesting)."""
    return {row[0]: list(row[1:]) for row in read_arx_rows(path)}
