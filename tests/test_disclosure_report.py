"""The report's sensitive-column section (sqlpriv/disclosure_report.py, docs/measures.md §8):
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
