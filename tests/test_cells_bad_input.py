"""Issue 44 item 7, the cell treatments' bad inputs one by one: a key both suppressed and
microaggregated, a non-numeric column to microaggregate, k (aggr) larger than the table or a
stratum, a budget no suppression meets (saying how close the best gets). Each is one error naming
what is wrong and what to do; the source table and the user's connection are left as found; the
CLI writes no output and exits 2."""

from __future__ import annotations

import gc
import itertools

import duckdb
import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main
from sqlpriv.errors import ColumnError, ParameterError

ROWS = [(1, "x", 1.0, "p"), (1, "y", 2.0, "p"), (2, "x", 3.0, "p"), (2, "y", 4.0, "p"), (3, "x", 5.0, "p")]
ROWS += [(3, "y", 6.0, "p"), (1, "x", 7.0, "q")]


@pytest.fixture
def con():
    c = duckdb.connect()
    c.execute("create table t (a integer, b varchar, x double, s varchar)")
    c.executemany("insert into t values (?, ?, ?, ?)", ROWS)
    yield c
    c.close()


def _as_found(con) -> None:
    """The source holds its rows and nothing of a method was left on the connection."""
    assert con.execute("select * from t order by rowid").fetchall() == ROWS
    assert [r[0] for r in con.execute("select table_name from duckdb_tables()").fetchall()] == ["t"]
    assert con.execute("select count(*) from duckdb_views() where not internal").fetchone()[0] == 0


def test_a_suppressed_key_cannot_also_be_microaggregated(con):
    table = pd.DataFrame(ROWS, columns=["a", "b", "x", "s"])
    released = sqlpriv.local_suppression(table, ["a", "b", "x"], k=3).df()  # its own connection
    blanked = int(released["x"].isna().sum())
    assert blanked > 0  # the oracle: x did lose cells to suppression
    for method in ("mdav", "onedims"):
        with pytest.raises(ColumnError) as err:
            sqlpriv.microaggregate(released, ["x"], aggr=2, method=method, con=con)
        message = str(err.value)
        assert message.startswith(f"{blanked} row(s) have a NULL in the columns to microaggregate")
        assert f"NULL cells per column: x ({blanked})" in message
        assert (
            "microaggregate the numeric keys first, then run sqlpriv.local_suppression with the other keys" in message
        )
    del err  # the traceback holds the call's frames: the DataFrame's view goes with them
    gc.collect()
    _as_found(con)


def test_a_non_numeric_column_is_named_with_what_to_do(con):
    with pytest.raises(ColumnError, match=r"column 'b' is VARCHAR, not numeric: microaggregation needs numbers; leave"):
        sqlpriv.microaggregate("t", ["x", "b"], con=con)
    with pytest.raises(ColumnError, match="not numeric: top and bottom coding needs numbers"):
        sqlpriv.top_bottom_code("t", "b", top=1, con=con)
    _as_found(con)


def test_k_or_aggr_larger_than_the_table_or_a_stratum(con):
    with pytest.raises(ParameterError, match=r"k=8 is larger than the table \(7 rows\): .*lower k or merge strata"):
        sqlpriv.local_suppression("t", ["a", "b"], k=8, con=con)
    with pytest.raises(ParameterError, match=r"k=2 is larger than its smallest stratum \(1 rows\)"):
        sqlpriv.local_suppression("t", ["a", "b"], k=2, strata="s", con=con)
    with pytest.raises(ParameterError, match=r"aggr=8 is larger than the table \(7 rows\); lower aggr"):
        sqlpriv.microaggregate("t", ["x"], aggr=8, con=con)
    # stratum q has one row: before, its value was released unchanged (a group of 1 < aggr)
    for method in ("mdav", "onedims"):
        with pytest.raises(ParameterError, match=r"aggr=2 is larger than the smallest stratum of s \(1 rows\)"):
            sqlpriv.microaggregate("t", ["x"], aggr=2, strata="s", method=method, con=con)
    _as_found(con)
    table = pd.DataFrame(ROWS, columns=["a", "b", "x", "s"])
    released = sqlpriv.microaggregate(table, ["x"], aggr=1, strata="s").df()  # aggr 1 fits every stratum
    assert released["x"].tolist() == [r[2] for r in ROWS]


def _min_cells_brute_force(rows: list[tuple], keys: int, k: int) -> int:
    """The fewest cells whose blanking makes every row's class (a blank matching any value) >= k:
    every subset of the cells, by size."""
    cells = [(i, j) for i in range(len(rows)) for j in range(keys)]
    for size in range(len(cells) + 1):
        for chosen in itertools.combinations(cells, size):
            v = [list(r[:keys]) for r in rows]
            for i, j in chosen:
                v[i][j] = None
            ok = all(
                sum(all(a[j] is None or b[j] is None or a[j] == b[j] for j in range(keys)) for b in v) >= k for a in v
            )
            if ok:
                return size
    raise AssertionError("unreachable: blanking every cell reaches k <= n")


def test_a_budget_no_suppression_meets_says_how_close_it_gets(con, tmp_path, capsys):
    rows = [r[:2] for r in ROWS]
    least = _min_cells_brute_force(rows, 2, 3)
    table = pd.DataFrame(ROWS, columns=["a", "b", "x", "s"])
    r = sqlpriv.local_suppression(table, ["a", "b"], k=3)  # auto: the exact mode on this small table
    assert r.suppressed == least > 0
    with pytest.raises(ParameterError) as err:
        sqlpriv.local_suppression("t", ["a", "b"], k=3, max_suppressed=least - 1, con=con)
    assert str(err.value) == (
        f"no suppression within the budget of {least - 1} cells was found: the best found suppresses {least} "
        "(1 over); raise max_suppressed, lower k, or recode the keys first (sqlpriv.generalize)"
    )
    assert sqlpriv.local_suppression(table, ["a", "b"], k=3, max_suppressed=least).suppressed == least
    assert con.execute("select * from t order by rowid").fetchall() == ROWS
    # the CLI: exit 2, the same sentence, no output file
    path, out = tmp_path / "t.csv", tmp_path / "released.csv"
    pd.DataFrame(ROWS, columns=["a", "b", "x", "s"]).to_csv(path, index=False)
    code = main(["suppress", str(path), "-c", "a,b", "-k", "3", "--max-suppressed", str(least - 1), "--out", str(out)])
    assert code == 2 and not out.exists()
    assert f"the best found suppresses {least} (1 over)" in capsys.readouterr().err
    code = main(["microaggregate", str(path), "-c", "x", "--aggr", "2", "--strata", "s", "--out", str(out)])
    assert code == 2 and not out.exists()
    assert "larger than the smallest stratum of s (1 rows)" in capsys.readouterr().err
    assert np.isfinite(pd.read_csv(path)["x"]).all()  # the source file as written
