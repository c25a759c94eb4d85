"""Sources, columns, keys and bad input: one clear sqlpriv error each, inputs untouched."""

from __future__ import annotations

import hashlib

import duckdb
import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import sqlpriv
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError, SourceError, SqlprivWarning
from tests.conftest import FLARE_CSV

SMALL = pd.DataFrame({"a": [1, 1, 2, 2, 3], "b": ["x", "y", "x", "x", None], "k": [10, 11, 12, 13, 14]})
# values computed by hand from the definition: d = 2, n = 5
#   row0 (1,x): N(a)=2, N(b)=3, N(ab)=1 -> phi_a = .5*(log5-log3... ) checked via the oracle below
from tests.shapley_oracle import shapley_per_row

EXPECTED = np.array(shapley_per_row([(1, "x"), (1, "y"), (2, "x"), (2, "x"), (3, None)]))


def values(result, names=("a", "b")):
    return result.per_row().df()[list(names)].to_numpy(float)


def sha(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


@pytest.mark.parametrize(
    "make",
    [
        lambda tmp: SMALL,
        lambda tmp: pa.Table.from_pandas(SMALL),
        lambda tmp: (SMALL.to_csv(tmp / "s.csv", index=False), str(tmp / "s.csv"))[1],
        lambda tmp: (SMALL.to_parquet(tmp / "s.parquet"), str(tmp / "s.parquet"))[1],
        lambda tmp: (SMALL.to_json(tmp / "s.json", orient="records"), str(tmp / "s.json"))[1],
        lambda tmp: (SMALL.to_parquet(tmp / "p1.parquet"), str(tmp / "p*.parquet"))[1],
    ],
    ids=["pandas", "arrow", "csv", "parquet", "json", "glob"],
)
def test_every_source_kind_gives_the_same_numbers(tmp_path, make):
    r = sqlpriv.uniqueness_shapley(make(tmp_path), ["a", "b"])
    assert np.abs(values(r) - EXPECTED).max() < 1e-12


def test_relation_table_and_database_file(tmp_path):
    con = duckdb.connect()
    con.register("small_df", SMALL)
    con.execute("create table small as select * from small_df")
    rel = con.sql("select * from small")
    assert np.abs(values(sqlpriv.uniqueness_shapley(rel, ["a", "b"], con=con)) - EXPECTED).max() < 1e-12
    assert np.abs(values(sqlpriv.uniqueness_shapley("small", ["a", "b"], con=con)) - EXPECTED).max() < 1e-12
    db = tmp_path / "s.duckdb"
    with duckdb.connect(str(db)) as c:
        c.register("small_df", SMALL)
        c.execute("create table small as select * from small_df")
    before = sha(db)
    assert np.abs(values(sqlpriv.uniqueness_shapley("small", ["a", "b"], con=str(db))) - EXPECTED).max() < 1e-12
    assert sha(db) == before


def test_key_column_and_input_order():
    out = sqlpriv.uniqueness_shapley(SMALL, ["a", "b"], key="k").per_row().df()
    assert list(out.columns) == ["k", "a", "b"]
    assert out["k"].tolist() == [10, 11, 12, 13, 14]
    assert np.abs(out[["a", "b"]].to_numpy() - EXPECTED).max() < 1e-12


def test_key_that_is_also_analysed_is_refused_and_unwritable_output_is_one_error(tmp_path):
    with pytest.raises(ColumnError, match="both the key and an analysed column"):
        sqlpriv.uniqueness_shapley(SMALL, ["a", "b"], key="a")
    (tmp_path / "file").write_text("x")
    with pytest.raises(sqlpriv.OutputError, match="cannot write"):
        sqlpriv.uniqueness_shapley(SMALL, ["a", "b"]).per_row().to_parquet(tmp_path / "file" / "phi.parquet")


def test_input_order_survives_parallel_execution():
    rng = np.random.default_rng(0)
    n = 300_000
    df = pd.DataFrame({"id": np.arange(n), "x": rng.integers(0, 50, n), "y": rng.integers(0, 50, n)})
    out = sqlpriv.uniqueness_shapley(df, ["x", "y"], key="id", threads=2).per_row().df()
    assert (out["id"].to_numpy() == np.arange(n)).all()
    sizes = df.groupby(["x", "y"])["x"].transform("size").to_numpy()
    assert np.abs(out[["x", "y"]].sum(axis=1).to_numpy() - np.log2(n / sizes)).max() < 1e-9


def test_column_expressions_equal_precomputed_columns():
    df = pd.DataFrame(
        {"age": [23, 37, 41, 58, 62, 23, 37], "zip": ["27514", "27516", "27514", "28001", "28002", "27599", "27516"]}
    )
    r = sqlpriv.uniqueness_shapley(df, [{"age10": "age // 10"}, {"zip3": "left(zip, 3)"}])
    pre = pd.DataFrame({"age10": df["age"] // 10, "zip3": df["zip"].str[:3]})
    r2 = sqlpriv.uniqueness_shapley(pre)
    assert np.allclose(values(r, ["age10", "zip3"]), values(r2, ["age10", "zip3"]), atol=1e-12)


def test_odd_column_names_work():
    names = ['my "col"', "with space", "ünïcödé", "select", "group", "w", "k0", "level", "n"]
    df = pd.DataFrame({n: [i % (j + 2) for i in range(12)] for j, n in enumerate(names)})
    r = sqlpriv.uniqueness_shapley(df)
    out = r.per_row().df()
    assert list(out.columns) == ["row"] + names
    assert r.summary().df()["column"].tolist() == names
    by = r.by('"select" > 0').df()
    assert by["_n"].sum() == 12
    per_row = out.set_index("row")
    by_w = r.by("w").df()
    assert list(by_w.columns[:3]) == ["_level", "_n", "share"]
    for _, level in by_w.iterrows():
        mask = (df["w"] == level["_level"]).to_numpy()
        assert np.abs(per_row.loc[mask, names].mean().to_numpy() - level[names].to_numpy(float)).max() < 1e-9


def test_dropna_reports_dropped_rows():
    r = sqlpriv.uniqueness_shapley(SMALL, ["a", "b"], dropna=True)
    assert r.dropped_rows == 1 and r.n == 4
    out = r.per_row().df()
    assert out["row"].tolist() == [0, 1, 2, 3]
    expected = np.array(shapley_per_row([(1, "x"), (1, "y"), (2, "x"), (2, "x")]))
    assert np.abs(out[["a", "b"]].to_numpy() - expected).max() < 1e-12
    assert r.by("a").df()["n"].sum() == 4


def test_missing_column_names_it_and_lists_available():
    with pytest.raises(ColumnError, match=r"'nope'.*available columns: 'a', 'b', 'k'"):
        sqlpriv.uniqueness_shapley(SMALL, ["a", "nope"])


def test_bad_expression_names_it():
    with pytest.raises(ColumnError, match=r"column expression 'z'.*available columns"):
        sqlpriv.uniqueness_shapley(SMALL, ["a", {"z": "no_such + 1"}])
    r = sqlpriv.uniqueness_shapley(SMALL, ["a", "b"])
    with pytest.raises(ColumnError, match="subgroup expression"):
        r.by("missing_col > 2")


def test_empty_table():
    with pytest.raises(EmptyInputError, match="no rows"):
        sqlpriv.uniqueness_shapley(SMALL.iloc[:0], ["a", "b"])
    with pytest.raises(EmptyInputError, match="dropna"):
        sqlpriv.uniqueness_shapley(pd.DataFrame({"a": [None, None], "b": [1, 2]}), dropna=True)


def test_single_row_warns_and_gives_zeros():
    with pytest.warns(SqlprivWarning, match="single row"):
        r = sqlpriv.uniqueness_shapley(SMALL.iloc[:1], ["a", "b"])
    assert values(r).tolist() == [[0.0, 0.0]]


def test_constant_column_is_zero_not_nan():
    df = SMALL.assign(c=7)
    out = sqlpriv.uniqueness_shapley(df, ["a", "b", "c"]).per_row().df()
    assert (out["c"] == 0.0).all()
    assert np.abs(out[["a", "b"]].to_numpy() - EXPECTED).max() < 1e-12


def test_continuous_float_column_warns_with_a_bucketing_hint():
    rng = np.random.default_rng(1)
    df = pd.DataFrame({"income": rng.normal(50_000, 10_000, 5000), "g": rng.integers(0, 2, 5000)})
    with pytest.warns(SqlprivWarning, match=r"'income'.*distinct values.*round"):
        sqlpriv.uniqueness_shapley(df)


def test_too_many_columns_for_exact_mode():
    df = pd.DataFrame({f"c{j}": [0, 1] * 3 for j in range(21)})
    with pytest.raises(ParameterError, match="too many for exact mode"):
        sqlpriv.uniqueness_shapley(df, method="exact")


def test_missing_and_unparsable_files(tmp_path):
    with pytest.raises(SourceError, match="does not exist"):
        sqlpriv.uniqueness_shapley(str(tmp_path / "nope.csv"))
    with pytest.raises(SourceError, match="no file matches"):
        sqlpriv.uniqueness_shapley(str(tmp_path / "*.parquet"))
    bad = tmp_path / "bad.parquet"
    bad.write_text("this is not parquet")
    with pytest.raises(SourceError, match="cannot read"):
        sqlpriv.uniqueness_shapley(str(bad))
    (tmp_path / "x.xlsx").write_text("a,b")
    with pytest.raises(SourceError, match="extension"):
        sqlpriv.uniqueness_shapley(str(tmp_path / "x.xlsx"))
    with pytest.raises(SourceError, match="cannot use a list"):
        sqlpriv.uniqueness_shapley([1, 2, 3])
    with pytest.raises(SourceError, match="does not exist"):
        sqlpriv.uniqueness_shapley(SMALL, con=str(tmp_path / "no.duckdb"))


def test_source_file_is_never_modified(tmp_path):
    path = tmp_path / "flare.csv"
    path.write_bytes(FLARE_CSV.read_bytes())
    before = sha(path)
    r = sqlpriv.uniqueness_shapley(str(path), ["class", "area"])
    r.per_row().to_parquet(tmp_path / "out.parquet")
    r.by("C > 0").df()
    assert sha(path) == before


def test_outputs_are_written_atomically(tmp_path):
    r = sqlpriv.uniqueness_shapley(SMALL, ["a", "b"])
    target = tmp_path / "sub" / "phi.parquet"
    target.parent.mkdir()  # a missing folder is refused, never made (issue 46)
    r.per_row().to_parquet(target)
    r.summary().to_csv(tmp_path / "summary.csv")
    assert pd.read_parquet(target).shape == (5, 3)
    assert pd.read_csv(tmp_path / "summary.csv")["column"].tolist() == ["a", "b"]
    assert not [p for p in target.parent.iterdir() if p.name.endswith(".tmp")]
    with pytest.raises(Exception):
        sqlpriv.uniqueness_shapley(SMALL, ["a", {"bad": "1 / 'x'"}]).per_row().to_parquet(tmp_path / "never.parquet")
    assert not (tmp_path / "never.parquet").exists()


def test_result_interface():
    r = sqlpriv.uniqueness_shapley(SMALL, ["a", "b"]).summary()
    assert r.arrow().num_rows == 2
    assert r.relation.columns == ["column", "entropy", "conditional_entropy", "shapley"]
    assert "create or replace temp macro sqlpriv_shapley_weight" in r.sql


def test_connection_options(tmp_path):
    r = sqlpriv.uniqueness_shapley(SMALL, ["a", "b"], threads=1, memory_limit="500MB", temp_directory=str(tmp_path))
    con = r.frame.plan.con
    assert con.execute("select current_setting('threads')").fetchone()[0] == 1
    with pytest.raises(ParameterError, match="connection option"):
        sqlpriv.uniqueness_shapley(SMALL, ["a", "b"], memory_limit="lots")
