"""What users pass to a generalization, as they pass it (docs/measures.md §7): levels= read back
from the candidate table (NumPy integers), checked against the released rows written here."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv import hierarchy

DF = pd.DataFrame({"age": [31, 32, 33, 34, 41, 45], "sex": list("FFMMFM")})
H = {"age": hierarchy.intervals(5, 10), "sex": {"F": ["*"], "M": ["*"]}}


def test_levels_read_from_the_candidate_table_are_accepted():
    """A row of candidates().df() holds NumPy integers: before, levels= refused them with 'needs
    an integer level 0..3 for 'age', got np.int32(1)'; now they are the levels they say."""
    g = sqlpriv.generalize(DF, H, k=2, evaluate="all")
    cand = g.candidates().df()
    row = cand[(cand["age"] == 1) & (cand["sex"] == 0)].iloc[0]
    levels = {c: row[c] for c in g.columns}
    assert all(isinstance(v, np.integer) for v in levels.values())
    out = g.apply(levels).df()
    assert out["age"].tolist() == ["[30, 35[", "[30, 35[", "[30, 35[", "[30, 35[", "[40, 45[", "[45, 50["]
    assert out["sex"].tolist() == list("FFMMFM")
    assert g.apply(levels).df().equals(g.apply({"age": 1, "sex": 0}).df())
    assert (
        g.compare({"age": np.int64(1), "sex": np.int8(0)}, measures=False)
        .df()
        .equals(g.compare({"age": 1, "sex": 0}, measures=False).df())
    )
    assert "np." not in g.release_sql({"age": np.int64(1), "sex": np.int64(0)})


@pytest.mark.parametrize("bad", [1.0, True, np.bool_(True), "1", 4, -1])
def test_levels_that_are_not_integers_in_range_are_refused(bad):
    g = sqlpriv.generalize(DF, H, k=2)
    with pytest.raises(sqlpriv.ParameterError, match="needs an integer level 0..3 for 'age'"):
        g.apply({"age": bad, "sex": 0})


@pytest.mark.parametrize("kind", ["frame", "csv", "parquet"])
def test_dates_on_text_with_empty_values(tmp_path, kind):
    """Dates held as text with '' for a missing date (a DataFrame after fillna(''), a CSV with a
    quoted empty cell): '' is the key of a missing value, as NULL is, so it stays '' at every
    level below the top; before, dates() cast '' to a date and failed with DuckDB's conversion
    error."""
    df = pd.DataFrame({"d": ["2024-01-05", "", None, "2024-01-09", "2023-12-31", ""], "s": list("aabbaa")})
    source: object = df
    if kind == "csv":
        source = str(tmp_path / "d.csv")
        df.to_csv(source, index=False, quoting=1)  # '' as a quoted empty cell, NULL as an empty one
    elif kind == "parquet":
        source = str(tmp_path / "d.parquet")
        df.to_parquet(source)
    h = {"d": hierarchy.dates("month", "year"), "s": {"a": ["*"], "b": ["*"]}}
    g = sqlpriv.generalize(source, h, k=1)
    want = {
        1: ["2024-01", "", "", "2024-01", "2023-12", ""],
        2: ["2024", "", "", "2024", "2023", ""],
        3: ["*"] * 6,
    }
    for level, labels in want.items():
        assert g.apply({"d": level, "s": 0}).df()["d"].tolist() == labels
        assert [r[0] for r in g.plan.con.execute(g.release_sql({"d": level, "s": 0})).fetchall()] == labels
    # '' and NULL are one class: the two b rows and the three missing dates
    cand = sqlpriv.generalize(source, h, k=3, evaluate="all").candidates().df()
    row = cand[(cand["d"] == 1) & (cand["s"] == 1)].iloc[0]
    assert (int(row["classes"]), int(row["smallest_class"])) == (3, 1)


@pytest.mark.parametrize("spec", ["mask:1.5", "mask:1,2.5", "rare:2.5", "rare:5,10"])
def test_builder_text_that_is_not_what_the_builder_takes_is_refused(spec):
    """The CLI's COL=SPEC text: a mask count or a rare threshold that is not a whole number, or
    two thresholds, was cut to int silently (mask:1.5 masked one character, rare:5,10 took 5)."""
    with pytest.raises(sqlpriv.HierarchyError, match="mask|rare"):
        sqlpriv.generalize(DF, {"age": spec}, k=2)


def test_builder_text_is_the_builder():
    for spec, builder in (("mask:1,2", hierarchy.mask(1, 2)), ("rare:3", hierarchy.rare(3))):
        a = sqlpriv.generalize(DF, {"age": spec, "sex": H["sex"]}, k=2, evaluate="all")
        b = sqlpriv.generalize(DF, {"age": builder, "sex": H["sex"]}, k=2, evaluate="all")
        assert a.best == b.best and a.candidates().df().equals(b.candidates().df())


@pytest.mark.parametrize("rows", ["numpy", "series"])
def test_a_dict_hierarchy_of_rows_read_with_pandas(tmp_path, rows):
    """An ARX hierarchy file read with pandas and turned into a dict of rows (NumPy arrays from
    to_numpy(), or Series from iterrows()): the same hierarchy as the file itself. Before, a
    row that was not a list or tuple was one label, its text ("['30-39' '*']", or the Series'
    printout with its index), released as such."""
    path = tmp_path / "age.csv"
    path.write_text(
        "31;30-34;30-39;*\n32;30-34;30-39;*\n33;30-34;30-39;*\n34;30-34;30-39;*\n41;40-44;40-49;*\n45;45-49;40-49;*\n"
    )
    table = pd.read_csv(path, sep=";", header=None, dtype=str)
    if rows == "numpy":
        h = {r[0]: r[1:] for r in table.to_numpy()}
    else:
        h = {r.iloc[0]: r.iloc[1:] for _, r in table.iterrows()}
    by_file = sqlpriv.generalize(DF, {"age": str(path), "sex": H["sex"]}, k=2, evaluate="all")
    by_dict = sqlpriv.generalize(DF, {"age": h, "sex": H["sex"]}, k=2, evaluate="all")
    assert by_dict.best == by_file.best == {"age": 3, "sex": 0}
    assert by_dict.candidates().df().equals(by_file.candidates().df())
    assert by_dict.apply({"age": 1, "sex": 0}).df()["age"].tolist() == ["30-34"] * 4 + ["40-44", "45-49"]


def test_builders_take_numpy_numbers():
    """Widths, bounds, mask counts and rare thresholds computed with NumPy: the builders took
    np.float64 (a float) but refused np.int64(5) as 'not a positive number', np.int64 mask
    counts and rare thresholds alike; now each is the builder of the same Python numbers."""
    cases = [
        (hierarchy.intervals(np.int64(5), np.int64(10), bottom=np.int32(32)), hierarchy.intervals(5, 10, bottom=32)),
        (
            hierarchy.intervals(np.float64(2.5), np.float64(5.0), top=np.float64(44.5)),
            hierarchy.intervals(2.5, 5.0, top=44.5),
        ),
        (hierarchy.mask(np.int64(1)), hierarchy.mask(1)),
        (hierarchy.rare(np.int32(2)), hierarchy.rare(2)),
    ]
    for numpy_made, python_made in cases:
        assert numpy_made == python_made
        assert all(
            type(p) in (int, float, str)
            for p in (*numpy_made.params, numpy_made.bottom, numpy_made.top)
            if p is not None
        )
        a = sqlpriv.generalize(DF, {"age": numpy_made, "sex": H["sex"]}, k=2, evaluate="all")
        b = sqlpriv.generalize(DF, {"age": python_made, "sex": H["sex"]}, k=2, evaluate="all")
        assert a.best == b.best and a.candidates().df().equals(b.candidates().df())
        assert a.sql == b.sql


@pytest.mark.parametrize(
    "make",
    [
        lambda: hierarchy.intervals(float("inf")),
        lambda: hierarchy.intervals(np.bool_(True)),
        lambda: hierarchy.intervals(True),
        lambda: hierarchy.mask(1.5),
        lambda: hierarchy.rare(np.float64(2.5)),
    ],
)
def test_builders_refuse_what_is_no_width_or_count(make):
    with pytest.raises(sqlpriv.HierarchyError):
        make()


def test_cli_refuses_a_column_given_twice(tmp_path, capsys):
    """`--hierarchy age=intervals:5 --hierarchy age=intervals:10`: the second replaced the first
    silently; now exit 2 naming both."""
    from sqlpriv.cli import main

    src = tmp_path / "t.csv"
    DF.to_csv(src, index=False)
    argv = ["anonymize", str(src), "--hierarchy", "age=intervals:5", "--hierarchy", "age=intervals:10", "--k", "2"]
    assert main(argv) == 2
    assert "--hierarchy gives 'age' twice ('intervals:5' and 'intervals:10')" in capsys.readouterr().err
    assert main(argv[:3] + argv[5:]) == 0
