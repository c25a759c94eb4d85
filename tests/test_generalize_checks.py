"""The hierarchy checks of ``sqlpriv.generalize`` (issue 28, session gen8): the search tests the
coded hierarchies quickly (generalize/sound.sql) and the patterns' row count, and names problems
only when one is flagged (generalize/checks.sql). The error must be the one the rule gives, found
here by brute force in plain Python (sharing no code with sqlpriv): the first column, in the
order of ``hierarchies=``, with a problem; its uncovered values (sorted, at most 10) before values
listed twice, before labels with two parents (lowest level first, smallest label first)."""

from __future__ import annotations

import random
import re

import pandas as pd
import pytest

import sqlpriv


def _expected(df: pd.DataFrame, tables: dict[str, list[list[str]]]) -> str | None:
    """The message fragment the rule names for these table hierarchies (None: all sound)."""
    for col, rows in tables.items():
        keys = [r[0] for r in rows]
        missing = sorted(set(df[col].astype(str)) - set(keys))[:10]
        if missing:
            return "does not cover these values of the column: " + ", ".join(repr(v) for v in missing)
        twice = sorted(k for k in set(keys) if keys.count(k) > 1)
        if twice:
            return f"{twice[0]!r} is listed more than once"
        for level in range(1, len(rows[0]) - 1):
            parents: dict[str, set[str]] = {}
            for r in rows:
                parents.setdefault(r[level], set()).add(r[level + 1])
            bad = sorted(label for label, p in parents.items() if len(p) > 1)
            if bad:
                return f"{bad[0]!r} at level {level} has more than one parent"
    return None


def _write(tmp_path, name: str, rows: list[list[str]]) -> str:
    path = tmp_path / f"{name}.csv"
    path.write_text("".join(";".join(r) + "\n" for r in rows), encoding="utf-8")
    return str(path)


def _case(rng: random.Random) -> tuple[pd.DataFrame, dict[str, list[list[str]]]]:
    """Three columns of random values, each with a three-level table hierarchy (value, group,
    supergroup, *), with problems injected at random: values left out, a value listed twice, a
    group split over two supergroups."""
    data: dict[str, list[str]] = {}
    tables: dict[str, list[list[str]]] = {}
    for c in "abc":
        values = [f"{c}{i}" for i in range(rng.randint(3, 14))]
        data[c] = [rng.choice(values) for _ in range(40)]
        rows = [[v, f"g{i % 3}", f"s{(i % 3) % 2}", "*"] for i, v in enumerate(values)]
        problem = rng.choice(["none"] * 4 + ["uncovered", "twice", "parents"])
        if problem == "uncovered":
            present = sorted(set(data[c]))
            rows = [
                r for r in rows if r[0] not in rng.sample(present, rng.randint(1, min(12, len(rows) - 1, len(present))))
            ]
        elif problem == "twice":
            rows.append(list(rng.choice(rows)))
        elif problem == "parents":
            r = rng.choice(rows)
            r[2] = "s9"  # its group now has two supergroups (unless it is the group's only value)
        tables[c] = rows
    return pd.DataFrame(data), tables


@pytest.mark.parametrize("seed", range(8))
def test_the_first_problem_in_column_order_is_named(seed, tmp_path):
    rng = random.Random(seed)
    df, tables = _case(rng)
    want = _expected(df, tables)
    hierarchies = {c: _write(tmp_path, c, rows) for c, rows in tables.items()}
    if want is None:
        assert sqlpriv.generalize(df, hierarchies, k=2, suppression_limit=0.5).nodes_evaluated > 0
        return
    with pytest.raises(sqlpriv.HierarchyError) as info:
        sqlpriv.generalize(df, hierarchies, k=2, suppression_limit=0.5)
    assert want in str(info.value)
    col = next(c for c in tables if _expected(df, {c: tables[c]}) is not None)
    assert re.search(f"hierarchy of {col!r}", str(info.value))


def test_every_problem_kind_in_a_later_column(tmp_path):
    """Sound first columns, then each kind of problem in the last one (the quick test must flag
    it: a missed problem would run the search on a broken hierarchy)."""
    df = pd.DataFrame({"a": ["x", "y", "x", "y"], "b": ["p", "q", "r", "p"]})
    good = [["x", "g", "*"], ["y", "g", "*"]]
    cases = {
        "does not cover these values of the column: 'r'": [["p", "m", "n", "*"], ["q", "m", "n", "*"]],
        "'q' is listed more than once": [
            ["p", "m", "n", "*"],
            ["q", "m", "n", "*"],
            ["q", "m", "n", "*"],
            ["r", "o", "n", "*"],
        ],
        "'m' at level 1 has more than one parent": [["p", "m", "n", "*"], ["q", "m", "n2", "*"], ["r", "o", "n", "*"]],
    }
    for i, (message, rows) in enumerate(cases.items()):
        h = {"a": _write(tmp_path, f"a{i}", good), "b": _write(tmp_path, f"b{i}", rows)}
        with pytest.raises(sqlpriv.HierarchyError, match=re.escape(message)):
            sqlpriv.generalize(df, h, k=2)


def test_a_null_parent_beside_a_label_is_accepted_as_before():
    """Expression levels may be NULL; a label whose parents are one label and NULL passes the
    named check (count(distinct) skips NULL), though the quick test over the codes flags it."""
    df = pd.DataFrame({"n": [1, 2, 3, 12, 13, 14]})
    h = {"n": ["n // 10 * 10", "case when n = 1 then null else 'all' end"]}
    g = sqlpriv.generalize(df, h, k=3, evaluate="all")
    assert len(g.candidates().df()) == 4 and g.meets_policy


@pytest.mark.parametrize(
    "column,spec,typed",
    [
        ("age_text", sqlpriv.hierarchy.intervals(5, 10), "VARCHAR"),
        ("flag", sqlpriv.hierarchy.intervals(5), "BOOLEAN"),
        ("seen", sqlpriv.hierarchy.intervals(5), "TIMESTAMP"),
        ("age", sqlpriv.hierarchy.dates("month", "year"), "BIGINT"),
    ],
)
def test_a_builder_on_a_column_of_the_wrong_type_is_named(column, spec, typed):
    """intervals() on text, a boolean or a timestamp, dates() on a number: one HierarchyError
    naming the column, its type and the hierarchy before any query, where DuckDB's binder or
    conversion error named neither (numbers stored as text are a CSV's usual case)."""
    df = pd.DataFrame(
        {
            "age_text": ["30", "31", "45", "46"],
            "flag": [True, False, True, False],
            "seen": pd.to_datetime(["2024-01-05", "2024-01-09", "2024-03-01", "2024-02-01"]),
            "age": [30, 31, 45, 46],
        }
    )
    with pytest.raises(
        sqlpriv.HierarchyError, match=rf"the hierarchy of '{column}' \(.*\) computes on .*'{column}' is {typed};"
    ):
        sqlpriv.generalize(df, {column: spec}, k=2)


def test_builders_on_the_types_they_compute_on_are_accepted():
    """The same builders on numbers (integer, decimal, double), dates, timestamps, text holding
    dates and a column of missing values only: accepted, labels as the builders write them."""
    df = pd.DataFrame(
        {
            "n": [30, 31, 45, 46],
            "x": [30.5, 31.0, 45.0, None],
            "day": pd.to_datetime(["2024-01-05", "2024-01-09", "2024-03-01", "2024-02-01"]).date,
            "text_day": ["2024-01-05", "2024-01-09", "2024-03-01", "2024-02-01"],
            "none": [None] * 4,
        }
    )
    g = sqlpriv.generalize(df, {"n": sqlpriv.hierarchy.intervals(10), "x": sqlpriv.hierarchy.intervals(10)}, k=1)
    out = g.apply({"n": 1, "x": 1}).df()
    assert out["n"].tolist() == ["[30, 40[", "[30, 40[", "[40, 50[", "[40, 50["]
    assert out["x"].tolist() == ["[30, 40[", "[30, 40[", "[40, 50[", ""]
    for column in ("day", "text_day"):
        g = sqlpriv.generalize(df, {column: sqlpriv.hierarchy.dates("month")}, k=1)
        assert g.apply({column: 1}).df()[column].tolist() == ["2024-01", "2024-01", "2024-03", "2024-02"]
    g = sqlpriv.generalize(df, {"none": sqlpriv.hierarchy.intervals(5)}, k=1)
    assert g.apply({"none": 1}).df()["none"].tolist() == [""] * 4


def test_integers_held_as_floats_are_named_as_such():
    """An integer column with a missing value is float in pandas, its values '39.0' where an ARX
    hierarchy lists '39': the error says so and how to give the column as integers, with which
    the same hierarchy covers it."""
    df = pd.DataFrame({"age": [39, 50, None, 39, 50, 38]})
    h = {"39": ["30-39", "*"], "38": ["30-39", "*"], "50": ["50-59", "*"], "": ["", "*"]}
    with pytest.raises(sqlpriv.HierarchyError) as err:
        sqlpriv.generalize(df, {"age": h}, k=1)
    message = str(err.value)
    assert "does not cover these values of the column: '38.0', '39.0', '50.0'" in message
    assert "whole numbers as decimals ('38.0' where the hierarchy lists '38')" in message
    assert "df['age'].astype('Int64')" in message
    g = sqlpriv.generalize(df.astype({"age": "Int64"}), {"age": h}, k=1)
    assert g.apply({"age": 1}).df()["age"].tolist() == ["30-39", "50-59", "", "30-39", "50-59", "30-39"]
    with pytest.raises(sqlpriv.HierarchyError) as err:  # a value missing for another reason: no such hint
        sqlpriv.generalize(pd.DataFrame({"age": [39.0, 41.0]}), {"age": {"39.0": ["*"]}}, k=1)
    assert "'41.0'" in str(err.value) and "decimals" not in str(err.value)


def test_a_hierarchy_of_floats_for_an_integer_column_is_named_as_such():
    """The other way round: a dict hierarchy built from floats ({39.0: ...}) for an integer column."""
    df = pd.DataFrame({"age": [39, 50, 38]})
    with pytest.raises(sqlpriv.HierarchyError) as err:
        sqlpriv.generalize(df, {"age": {39.0: ["30-39"], 38.0: ["30-39"], 50.0: ["50-59"]}}, k=1)
    assert "the hierarchy lists whole numbers as decimals ('38.0' where the column holds '38'" in str(err.value)
