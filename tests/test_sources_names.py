"""Column names a file or relation repeats, ignoring case (issue: hunt-c, 2026-11-25).

DuckDB makes repeated names unique as it reads (``a`` and ``A`` become ``a`` and ``A_1``), and
DuckDB names are case-insensitive, so ``columns=["A"]`` measured the column ``a``: a silently
wrong number. A DataFrame with such names was already refused; files and relations now are too,
naming the names. Legitimate names that end in ``_1`` still work, with the right numbers.
"""

from __future__ import annotations

import math

import duckdb
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import sqlpriv
from sqlpriv.errors import ColumnError

# column a is constant, A is unique on 4 rows: H(a) = 0, H(A) = 2 bits
HEADER = "a,A,b\n1,1,x\n1,2,y\n1,3,y\n1,4,x\n"


def _write_parquet(path, names: list[str]) -> None:
    """Columns names[0] (constant 1), names[1] (0..3) and b, written by pyarrow as named (DuckDB's
    own COPY would write a repeated name already renamed)."""
    table = pa.table([pa.array([1, 1, 1, 1]), pa.array([0, 1, 2, 3]), pa.array([0, 1, 0, 1])], names=[*names, "b"])
    pq.write_table(table, path)


@pytest.mark.parametrize("measure", ["shapley", "profile", "cig"])
def test_csv_with_names_repeated_ignoring_case_is_refused(tmp_path, measure):
    path = tmp_path / "t.csv"
    path.write_text(HEADER)
    with pytest.raises(ColumnError, match="'a/A'.*more than once|more than once.*'a/A'"):
        if measure == "shapley":
            sqlpriv.uniqueness_shapley(str(path), ["A", "b"]).summary().df()
        elif measure == "profile":
            sqlpriv.privacy_profile(str(path), ["A"]).df()
        else:
            sqlpriv.cig(str(path), ["A", "b"]).df()


def test_csv_with_an_exact_repeated_name_is_refused_as_a_frame_is(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("a,a\n1,2\n3,4\n")
    with pytest.raises(ColumnError, match="more than once"):
        sqlpriv.uniqueness_shapley(str(path))
    with pytest.raises(ColumnError, match="more than once"):
        sqlpriv.uniqueness_shapley(pd.DataFrame([[1, 2], [3, 4]], columns=["a", "a"]))


def test_parquet_json_glob_and_relation_with_repeated_names_are_refused(tmp_path):
    _write_parquet(tmp_path / "t.parquet", ["a", "A"])
    with pytest.raises(ColumnError, match="'a/A'"):
        sqlpriv.uniqueness_shapley(str(tmp_path / "t.parquet"), ["A", "b"])
    (tmp_path / "t.json").write_text('{"a": 1, "A": 1, "b": 0}\n{"a": 1, "A": 2, "b": 1}\n')
    with pytest.raises(ColumnError, match="more than once"):
        sqlpriv.privacy_profile(str(tmp_path / "t.json"), ["A"])
    folder = tmp_path / "parts"
    folder.mkdir()
    (folder / "p1.csv").write_text("A_1,b\n1,x\n2,y\n")  # a legitimate name A_1 in the first file
    (folder / "p2.csv").write_text("a,A,b\n1,3,x\n1,4,y\n")
    with pytest.raises(ColumnError, match="p2.csv.*'a/A'"):
        sqlpriv.privacy_profile(str(folder / "*.csv"))
    rel = duckdb.connect().sql("select 1 as a, i as A, i % 2 as b from range(4) t(i)")
    with pytest.raises(ColumnError, match="DuckDB relation.*'a/A'"):
        sqlpriv.uniqueness_shapley(rel, ["A", "b"])


def test_legitimate_names_ending_in_a_number_keep_their_numbers(tmp_path):
    # score is constant-ish, score_1 unique: each file type gives H(score_1) = 2 bits, not H(score)
    df = pd.DataFrame({"score": [1, 1, 1, 2], "score_1": [1, 2, 3, 4]})
    df.to_csv(tmp_path / "t.csv", index=False)
    _write_parquet(tmp_path / "t.parquet", ["score", "score_1"])
    df.to_json(tmp_path / "t.json", orient="records", lines=True)
    for path in ("t.csv", "t.parquet", "t.json"):
        out = sqlpriv.privacy_profile(str(tmp_path / path), ["score_1"]).df()
        assert out["column"].tolist() == ["score_1"]
        assert out["categories"].tolist() == [4], path
        assert math.isclose(out["shannons"].iloc[0], 0.0)  # log2 of counts of 1
    s = sqlpriv.uniqueness_shapley(str(tmp_path / "t.csv"), ["score", "score_1"]).summary().df()
    assert abs(s["entropy"].iloc[1] - 2.0) < 1e-12


def test_a_glob_of_files_with_names_ending_in_a_number_is_not_refused(tmp_path):
    # every file of a glob has the same header: the names repeat across files, not within one
    frames = [pd.DataFrame({"q_1": [1, 2, 2], "q_2": ["x", "y", "y"]}), pd.DataFrame({"q_1": [3], "q_2": ["x"]})]
    for i, frame in enumerate(frames):
        frame.to_csv(tmp_path / f"part{i}.csv", index=False)
        frame.to_parquet(tmp_path / f"part{i}.parquet", index=False)
    whole = pd.concat(frames, ignore_index=True)
    expected = sqlpriv.privacy_profile(whole).df()
    for pattern in ("part*.csv", "part*.parquet"):
        got = sqlpriv.privacy_profile(str(tmp_path / pattern)).df()
        pd.testing.assert_frame_equal(got, expected)
