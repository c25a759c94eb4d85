"""Issue 46 (second helper): ``dropna=`` for risk, disclosure, uniques and singling out equals the
measure on the table with the NULL rows removed by pandas (an independent filter), and reports the
rows it left out; the CLI's ``--dropna`` where the command exists."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.errors import EmptyInputError

DF = pd.DataFrame(
    {
        "age": [30, 30, None, 40, 40, 40, 50, None, 30, 50],
        "zip": ["a", "a", "b", None, "b", "b", "c", "c", "a", "c"],
        "pay": [1.0, 2.0, 1.0, 1.0, None, 2.0, 3.0, 1.0, 1.0, 3.0],
    }
)


def _quiet(fn, *args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kw)


def test_risk_dropna_equals_pandas_filter():
    r = _quiet(sqlpriv.reidentification_risk, DF, ["age", "zip"], dropna=True)
    kept = DF.dropna(subset=["age", "zip"]).reset_index(drop=True)
    oracle = kept.groupby(["age", "zip"]).size()
    assert r.dropped_rows == 3 and r.n == len(kept) == 7
    assert sorted(x[1] for x in r.per_row().fetchall()) == sorted(
        int(oracle[(a, z)]) for a, z in zip(kept["age"], kept["zip"])
    )
    s = dict(_quiet(lambda: r.summary().fetchall_pairs()))
    assert s["classes"] == len(oracle)
    assert _quiet(sqlpriv.reidentification_risk, DF, ["age", "zip"]).dropped_rows == 0


def test_disclosure_dropna_equals_pandas_filter():
    r = _quiet(sqlpriv.attribute_disclosure, DF, ["age"], sensitive="pay", dropna=True)
    kept = DF.dropna(subset=["age", "pay"])
    assert r.dropped_rows == 3 and r.n == len(kept)
    got = {row["age"]: row["l_diversity"] for _, row in r.classes().df().iterrows()}
    assert got == {a: g["pay"].nunique() for a, g in kept.groupby("age")}


def test_uniques_dropna_equals_pandas_filter():
    r = _quiet(sqlpriv.sample_uniques, DF, ["age", "zip"], dropna=True)
    kept = DF.dropna(subset=["age", "zip"]).reset_index(drop=True)
    assert r.dropped_rows == 3 and r.n == len(kept)
    base = _quiet(sqlpriv.sample_uniques, kept, ["age", "zip"])
    assert [str(m) for m in r.per_row().df()["msus"]] == [str(m) for m in base.per_row().df()["msus"]]
    assert r.summary().fetchall() == base.summary().fetchall()


def test_dropna_leaving_nothing_is_refused():
    df = pd.DataFrame({"a": [None, None], "b": [1, 2]})
    with pytest.raises(EmptyInputError, match="dropna=True leaves nothing"):
        sqlpriv.reidentification_risk(df, ["a"], dropna=True)


@pytest.mark.parametrize(
    ("command", "extra"),
    [("risk", ["-c", "age,zip"]), ("disclosure", ["-c", "age", "-s", "pay"]), ("uniques", ["-c", "age,zip"])],
)
def test_cli_dropna(tmp_path, capsys, command, extra):
    from sqlpriv.cli import main

    path = tmp_path / "t.csv"
    DF.to_csv(path, index=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        main([command, str(path), *extra, "--dropna", "--format", "json"])
    err = capsys.readouterr().err
    assert "--dropna left out 3 of 10 rows" in err


def test_singling_out_dropna_equals_pandas_filter(tmp_path, capsys):
    ori = DF[["age", "zip"]]
    syn = pd.DataFrame({"age": [30, None, 40, 50, 60, 30], "zip": ["a", "b", None, "c", "d", "b"]})
    r = sqlpriv.singling_out(ori, syn, dropna=True, progress=False)
    base = sqlpriv.singling_out(ori.dropna(), syn.dropna(), progress=False)
    assert r.null_rows == {"ori": 3, "syn": 2} and r.dropped_rows == 2 and r.n == 4
    assert r.summary().fetchall() == base.summary().fetchall()
    assert sqlpriv.singling_out(ori, syn, progress=False).null_rows == {"ori": 0, "syn": 0}
    from sqlpriv.cli import main

    ori.to_csv(tmp_path / "o.csv", index=False)
    syn.to_csv(tmp_path / "s.csv", index=False)
    main(["singling-out", str(tmp_path / "o.csv"), str(tmp_path / "s.csv"), "--dropna", "--quiet"])
    assert "--dropna left out 3 original and 2 synthetic rows" in capsys.readouterr().err
