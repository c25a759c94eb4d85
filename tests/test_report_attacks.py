"""The report's "three criteria" section (issue 43 item 4): one row and one verdict rule per attack
run, from already-computed results (stand-ins for linkability / inference here, the real
singling-out-queries result), and the section in a real report with a synthetic table."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

import sqlpriv
from sqlpriv.report.attacks import attack_rows, three_criteria_html

DATA = Path(__file__).parent / "data"


class StandIn:
    """Any object with the attack API: .risk(confidence_level) -> .value, .ci; .summary(...)."""

    def __init__(self, value, ci, main, control=None):
        self._risk = type("Risk", (), {"value": value, "ci": ci})()
        rows = [("main", 100, int(main * 100), main, 0.05), ("baseline", 100, 1, 0.01, 0.01)]
        if control is not None:
            rows.append(("control", 80, int(control * 80), control, 0.05))
        self._summary = pd.DataFrame(rows, columns=["attack", "n_attacks", "n_success", "rate", "rate_error"])

    def risk(self, confidence_level=0.95):
        return self._risk

    def summary(self, confidence_level=0.95):
        return self._summary


def test_rows_and_one_rule_per_attack_run():
    attacks = {
        "inference": StandIn(0.30, (0.2, 0.4), 0.5, control=0.3),
        "linkability": StandIn(0.01, (0.0, 0.03), 0.02),
        "singling_out_queries": None,  # not run: no row
    }
    rows, v = attack_rows(attacks, max_risk={"inference": 0.1, "linkability": 0.05})
    assert rows["attack"].tolist() == ["linkability", "inference"]  # the criteria's order
    assert rows["status"].tolist() == ["pass", "review"]
    assert rows.set_index("attack").loc["inference", "control_rate"] == 0.3
    assert pd.isna(rows.set_index("attack").loc["linkability", "control_rate"])
    assert v.status == "review" and v.fired.name == "max_inference_risk"
    assert [r.name for r in v.rules] == ["max_linkability_risk", "max_inference_risk"]
    _, ok = attack_rows(attacks, max_risk=0.5)
    assert ok.status == "pass"


def test_section_with_the_real_query_attack_and_stand_ins():
    ori = pd.read_csv(DATA / "anonymeter_adults_ori.csv")
    syn = pd.read_csv(DATA / "anonymeter_adults_syn.csv")
    q = sqlpriv.singling_out_queries(ori, syn, n_attacks=20)
    mpucc = sqlpriv.singling_out(ori, syn, max_cols=1, progress=False)
    page = three_criteria_html(
        {
            "singling_out_queries": q,
            "linkability": StandIn(0.0, (0.0, 0.01), 0.01),
            "inference": StandIn(0.2, (0.1, 0.3), 0.4),
        },
        mpucc=mpucc,
    )
    assert 'id="three-criteria"' in page and 'id="three-criteria-attacks"' in page
    value = float(re.search(r'id="three-criteria-singling_out_queries" data-value="([^"]+)"', page).group(1))
    assert value == pytest.approx(q.risk().value)
    rate = float(re.search(r'id="three-criteria-mpucc" data-value="([^"]+)"', page).group(1))
    assert rate == pytest.approx(float(mpucc.summary().df()["identification_rate"].iloc[0]))
    assert 'data-rule="max_inference_risk"' in page and "REVIEW" in page


def test_report_with_synthetic_shows_the_three_criteria(tmp_path):
    ori = pd.read_csv(DATA / "anonymeter_adults_ori.csv").iloc[:, :6]
    syn = pd.read_csv(DATA / "anonymeter_adults_syn.csv").iloc[:, :6]
    ori.to_csv(tmp_path / "ori.csv", index=False)
    syn.to_csv(tmp_path / "syn.csv", index=False)
    out = sqlpriv.report(
        str(tmp_path / "ori.csv"),
        synthetic=str(tmp_path / "syn.csv"),
        output=tmp_path / "r.html",
        pif=False,
        progress=False,
    )
    page = out.read_text()
    assert 'id="three-criteria"' in page and 'href="#three-criteria"' in page
    expected = sqlpriv.singling_out_queries(str(tmp_path / "ori.csv"), str(tmp_path / "syn.csv"), n_attacks=500).risk()
    value = float(re.search(r'id="three-criteria-singling_out_queries" data-value="([^"]+)"', page).group(1))
    assert value == pytest.approx(expected.value)
    # linkability (first half of the columns against the second) and inference (the last column from
    # the others) on every original record, as the section's note says
    m = re.search(r"Linkability: ([^;]*) against ([^;]*); inference of (\w+) from the other columns", page)
    first, second, secret = m.group(1).split(", "), m.group(2).split(", "), m.group(3)
    assert sorted(first + second) == sorted(ori.columns) and len(first) == 3 and secret == second[-1]
    cols = first + second
    link = sqlpriv.linkability(str(tmp_path / "ori.csv"), str(tmp_path / "syn.csv"), (first, second)).risk()
    inf = sqlpriv.inference(str(tmp_path / "ori.csv"), str(tmp_path / "syn.csv"), cols[:-1], secret).risk()
    for name, want in (("linkability", link), ("inference", inf)):
        got = float(re.search(rf'id="three-criteria-{name}" data-value="([^"]+)"', page).group(1))
        assert got == pytest.approx(want.value)
    assert f"inference of {cols[-1]} from the other columns" in page
