"""The report's sensitive-column section (sqlpriv/report/disclosure.py, docs/measures.md §8):
its key figures and tables equal a pandas brute force and the Python API, through
``sqlpriv.report(..., sensitive=)`` and ``sqlpriv report --sensitive``."""

from __future__ import annotations

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main
from tests.test_report import assert_frames, parse

pytest.importorskip("matplotlib")


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    df = pd.read_csv(sqlpriv.example_path("adult.csv")).head(3000)
    path = tmp_path_factory.mktemp("disclosure") / "adult3k.csv"
    df.to_csv(path, index=False)
    return df, path


def brute(df, qis, s):
    p = df[s].value_counts(normalize=True, dropna=False)
    ls, ts, alphas = [], [], []
    for _, g in df.groupby(qis, dropna=False):
        q = g[s].value_counts(normalize=True, dropna=False)
        ls.append(len(q))
        alphas.append(q.max())
        ts.append(0.5 * (q.reindex(p.index, fill_value=0.0) - p).abs().sum())
    return min(ls), max(ts), max(alphas)


def test_report_section_equals_brute_force(data, tmp_path):
    df, path = data
    qis = ["sex", "race", "relationship"]
    out = sqlpriv.report(
        str(path), [*qis, "Salary"], sensitive="Salary", output=tmp_path / "r.html", pif=False, progress=False
    )
    p = parse(out)
    assert p.sections[-1] == "disclosure"
    l_min, t_max, alpha = brute(df, qis, "Salary")
    assert int(p.kpis["disclosure_l"]) == l_min
    assert abs(float(p.kpis["disclosure_t"]) - t_max) < 1e-9
    assert abs(float(p.kpis["disclosure_alpha"]) - alpha) < 1e-9
    api = sqlpriv.attribute_disclosure(str(path), qis, sensitive="Salary")
    assert_frames(p.frame("disclosure-summary"), api.summary().df(), ["l_diversity", "t_closeness", "alpha", "k"])


def test_report_cli_sensitive(data, tmp_path):
    df, path = data
    out = tmp_path / "cli.html"
    code = main(
        [
            "report",
            str(path),
            "-c",
            "sex,race,occupation",
            "--sensitive",
            "occupation",
            "-o",
            str(out),
            "--no-pif",
            "--no-progress",
        ]
    )
    assert code == 0
    p = parse(out)
    assert "disclosure" in p.sections
    l_min, t_max, _ = brute(df, ["sex", "race"], "occupation")
    assert int(p.kpis["disclosure_l"]) == l_min and abs(float(p.kpis["disclosure_t"]) - t_max) < 1e-9


def test_worst_classes_sort_on_the_figures_when_a_quasi_identifier_is_named_like_one(tmp_path):
    """A quasi-identifier named l_diversity (the figure's heading is then _l_diversity) must not
    be what the section sorts the classes that disclose most by."""
    from sqlpriv.report.disclosure import disclosure_section

    df = pd.DataFrame(
        {
            "l_diversity": [1, 1, 2, 2, 2, 3, 3, 3, 4, 4],
            "t_closeness": [9, 9, 8, 8, 8, 7, 7, 7, 6, 6],
            "s": ["a", "a", "a", "b", "c", "a", "b", "b", "c", "c"],
        }
    )
    path = tmp_path / "section.html"
    path.write_text(disclosure_section(df, None, "s", {}), encoding="utf-8")
    shown = parse(path).frame("disclosure-classes")
    assert shown["_l_diversity"].tolist() == [1, 1, 2, 3]  # the figure, fewest distinct values first
    assert shown["l_diversity"].tolist() == [4, 1, 3, 2]  # the classes' own values; ties: largest t first
    assert shown["_t_closeness"].tolist()[:2] == pytest.approx([0.7, 0.6])  # (c, c) and (a, a) against .4 .3 .3
