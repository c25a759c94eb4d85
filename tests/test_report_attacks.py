"""The report's "three criteria" section (issue 43 item 4): one row and one verdict rule per attack
run, from already-computed results (stand-ins for linkability / inference here, the real
singling-out-queries result), and the section in a real report with a synthetic table."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
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


def _copy_share(ori: pd.DataFrame, syn: pd.DataFrame) -> float:
    """Brute force: the share of synthetic rows equal to some original row on every column (NaN = NaN)."""
    merged = syn.merge(ori.drop_duplicates(), how="left", on=list(syn.columns), indicator=True)
    return float((merged["_merge"] == "both").mean())


def test_dcr_row_is_the_exact_copy_share_with_its_rule():
    """Issue 43: DCR has a row in the three criteria, its figure the share of synthetic rows copying
    an original row, its rule (max_exact_copies, default 0 as `sqlpriv dcr`) in the verdict."""
    rng = np.random.default_rng(3)
    ori = pd.DataFrame({"x": rng.integers(0, 50, 60).astype(float), "c": rng.choice(list("abc"), 60)})
    syn = pd.DataFrame({"x": rng.integers(0, 50, 40).astype(float) + 0.5, "c": rng.choice(list("abc"), 40)})
    syn.iloc[:7] = ori.iloc[[0, 5, 5, 9, 11, 20, 30]].to_numpy()  # 7 copies, one original copied twice
    share = _copy_share(ori, syn)
    assert share == pytest.approx(7 / 40)
    result = sqlpriv.dcr(ori, syn, baseline=False, identifiability=False)
    rows, v = attack_rows({"linkability": StandIn(0.01, (0.0, 0.03), 0.02)}, dcr=result)
    assert rows["attack"].tolist() == ["linkability", "dcr"]
    row = rows.set_index("attack").loc["dcr"]
    assert row["risk"] == pytest.approx(share, abs=1e-12) and row["n_attacks"] == 40 and row["status"] == "review"
    assert v.status == "review" and v.fired.name == "max_exact_copies"
    _, ok = attack_rows({}, dcr=result, max_exact_copies=0.2)
    assert ok.status == "pass"
    clean = sqlpriv.dcr(ori, syn.iloc[7:], baseline=False, identifiability=False)
    assert _copy_share(ori, syn.iloc[7:]) == 0.0
    rows, v = attack_rows({}, dcr=clean)
    assert rows["risk"].tolist() == [0.0] and v.status == "pass"
    page = three_criteria_html({}, dcr=result)
    got = float(re.search(r'id="three-criteria-dcr" data-value="([^"]+)"', page).group(1))
    assert got == pytest.approx(share) and 'data-rule="max_exact_copies"' in page


def test_report_with_synthetic_has_the_dcr_row(tmp_path):
    ori = pd.read_csv(DATA / "anonymeter_adults_ori.csv").iloc[:, :6]
    syn = pd.read_csv(DATA / "anonymeter_adults_syn.csv").iloc[:, :6]
    syn.iloc[:25] = ori.iloc[:25].to_numpy()  # a leak: 25 copied records
    ori.to_csv(tmp_path / "ori.csv", index=False)
    syn.to_csv(tmp_path / "syn.csv", index=False)
    page = sqlpriv.report(
        str(tmp_path / "ori.csv"), synthetic=str(tmp_path / "syn.csv"), output=tmp_path / "r.html", pif=False,
        progress=False,
    ).read_text()  # fmt: skip
    share = _copy_share(pd.read_csv(tmp_path / "ori.csv"), pd.read_csv(tmp_path / "syn.csv"))
    assert share >= 25 / len(syn)
    got = float(re.search(r'id="three-criteria-dcr" data-value="([^"]+)"', page).group(1))
    assert got == pytest.approx(share, abs=1e-12)
    assert 'data-rule="max_exact_copies"' in page and "Distance to closest record (SDMetrics" in page
