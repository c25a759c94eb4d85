"""Issue 23's first-hour papercuts (Why 4), one test each; every one failed on the code before."""

from __future__ import annotations

import warnings
from typing import ClassVar

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main
from sqlpriv.errors import ColumnError, SqlprivWarning


def test_the_product_warning_names_caves_own_decision_not_the_policys():
    # product 0.95 * 0.75 = 0.7125: Cave approves; g, h together: 20 classes of 2, exact factor 0.5: review
    df = pd.DataFrame({"g": [0] * 20 + [1] * 20, "h": list(range(10)) * 4})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a = sqlpriv.assess_request(df, ["g", "h"], approve=0.6, reject=0.1, min_k=5)
        text = " ".join(a.warnings)
    assert a.decision == "review" and a.score_decision == "approve"
    assert f"is {a.score:.4g} (Cave's thresholds alone: approve), but the exact" in text
    assert f"({a.decision}), but" not in text


def test_a_weight_for_a_column_not_requested_is_refused_not_dropped():
    df = pd.DataFrame({"a": [1, 2, 3], "b": [1, 1, 2]})
    with pytest.raises(ColumnError, match="'b', which is a column of the source but not a requested field"):
        sqlpriv.assess_request(df, ["a"], weights={"b": 0.5})


def test_the_singling_out_reading_defines_privacy_risk_score(tmp_path, capsys):
    df = pd.DataFrame({"a": [1, 2, 3, 3], "b": ["x", "y", "y", "z"]})
    df.to_csv(tmp_path / "o.csv", index=False)
    df.to_csv(tmp_path / "s.csv", index=False)
    assert main(["singling-out", str(tmp_path / "o.csv"), str(tmp_path / "s.csv"), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "privacy_risk_score is 1 - overall_protection" in out
    assert "weighted_identification_rate weighs each record by how few columns suffice" in out


def test_the_reports_identifier_warning_offers_no_key_and_comes_once(tmp_path):
    pytest.importorskip("matplotlib")
    df = pd.DataFrame({"id": range(30), "g": [0, 1, 2] * 10})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sqlpriv.report(df, output=tmp_path / "r.html", progress=False)
    texts = [str(w.message) for w in caught if issubclass(w.category, SqlprivWarning)]
    about_id = [t for t in texts if "'id' looks like an identifier" in t]
    assert len(about_id) == 1 and "--key" not in about_id[0] and "key=" not in about_id[0]


def test_the_reports_singling_out_section_uses_the_analysed_columns(tmp_path):
    pytest.importorskip("matplotlib")
    ori = pd.DataFrame({"a": [1, 2, 3, 4] * 5, "b": list(range(20)), "c": [0, 1] * 10})
    syn = ori.sample(frac=1, random_state=0).reset_index(drop=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        path = sqlpriv.report(ori, ["a", "c"], synthetic=syn, output=tmp_path / "r.html", progress=False, pif=False)
        computed = sqlpriv.report(
            ori, ["a", {"c2": "c * 2"}], synthetic=syn, output=tmp_path / "e.html", progress=False, pif=False
        )
    text = path.read_text(encoding="utf-8")
    section = text[text.index('<section id="singling-out"') :]
    assert "examined (exhaustive search) on a, c." in section  # not b, which singles out every row
    other = computed.read_text(encoding="utf-8")
    assert "Computed columns (NAME=EXPR) are not applied to the synthetic table" in other


def test_dropna_says_how_many_rows_it_left_out(tmp_path, capsys):
    pd.DataFrame({"a": [1, None, 3, None, 5], "b": [1, 1, 2, 2, 2]}).to_csv(tmp_path / "n.csv", index=False)
    assert main(["shapley", str(tmp_path / "n.csv"), "--dropna"]) == 0
    assert "--dropna left out 2 of 5 rows (40.0%)" in capsys.readouterr().err
    assert main(["request", str(tmp_path / "n.csv"), "-c", "a", "--dropna"]) in (0, 3, 4)
    assert "--dropna left out 2 of 5 rows (40.0%)" in capsys.readouterr().err


def test_small_shares_are_not_rounded_to_zero_and_one_row_is_singular(tmp_path, capsys):
    df = pd.DataFrame({"a": [0] * 1999 + [1]})
    df.to_csv(tmp_path / "one.csv", index=False)
    assert main(["shapley", str(tmp_path / "one.csv")]) == 0
    assert "1 of the 2,000 rows (0.05%) is unique on the 1 analysed columns" in capsys.readouterr().out


def test_the_joint_figures_print_counts_as_integers():
    from sqlpriv.cli.request import _joint_table

    class A:
        dropped_rows = 0
        joint: ClassVar[dict[str, float]] = {
            "n": 1_414_590,
            "classes": 3,
            "smallest_class": 1,
            "rows_below_k": 2,
            "share_below_k": 1.4e-6,
            "unique_rows": 1,
            "share_unique": 7.1e-7,
            "guess_probability": 2e-6,
            "privacy_factor": 0.5,
        }

    values = dict(_joint_table(A(), False).values.tolist())
    assert values["n"] == "1,414,590" and values["unique_rows"] == "1"


def test_measure_objects_print_their_key_figures_in_a_plain_repl():
    df = pd.DataFrame({"a": [1, 2, 3, 3], "b": [1, 1, 2, 2]})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        objects = [
            sqlpriv.uniqueness_shapley(df),
            sqlpriv.information_factors(df),
            sqlpriv.cig(df),
            sqlpriv.sample_uniques(df),
            sqlpriv.singling_out(df, df, progress=False),
        ]
        for obj in objects:
            text = repr(obj)
            assert "object at 0x" not in text and text.startswith(f"<sqlpriv.{type(obj).__name__} ")
            assert "rows=4" in text or "records=4" in text
        assert "PIF_95 means=a row's values carry as much as 1 in" in repr(objects[2])
        assert "verdict=FAIL (rule score" in repr(sqlpriv.assess_request(df, ["a", "b"]))


def test_small_classes_takes_expressions_and_a_column_called_class_size():
    df = pd.DataFrame({"age": [31, 35, 38, 44, 52], "class_size": ["s", "s", "s", "m", "m"]})
    got = sqlpriv.small_classes(df, [{"decade": "age // 10 * 10"}, "class_size"], k=2).df()
    want = df.assign(decade=df.age // 10 * 10).groupby(["decade", "class_size"]).size()  # brute force
    want = want[want < 2]
    assert list(got.columns) == ["decade", "class_size", "_class_size"]
    assert sorted(map(tuple, got.values.tolist())) == sorted((d, c, n) for (d, c), n in want.items())
    assert "small_classes" in sqlpriv.__all__ and "expression" in sqlpriv.small_classes.__doc__


def test_sql_query_request_report_is_named_for_the_request(capsys):
    """`sqlpriv sql query report` printed the request gate's one-row report, easily taken for the
    HTML report: it is now `request-report`; `report` still works, with a note naming the new name."""
    from sqlpriv.cli.sql import ALIASES, QUERIES

    argv = ["examples/data/flare.csv", "-c", "class,area", "--min-k", "5"]
    assert main(["sql", "query", "request-report", *argv]) == 0
    new = capsys.readouterr()
    assert main(["sql", "query", "report", *argv]) == 0
    old = capsys.readouterr()
    assert old.out == new.out and "sqlpriv_request_report" not in new.err
    assert "is now 'sql query request-report'" in old.err and "HTML report is 'sqlpriv report'" in old.err
    assert "report" not in QUERIES and ALIASES == {"report": "request-report"}
