"""The verdict on every CLI summary, and the exit statuses it gives (issue 23 items 1-2).

Each measure summary (shapley, uniques, pif, singling-out, risk, disclosure) prints a verdict
line first (stderr and the JSON ``verdict`` field with csv / json), judged by its documented
default policy (exit 0) or by the policy options given (exit 0 pass, 3 review, 4 fail, as
``sqlpriv request``); ``sqlpriv report`` exits by its verdict. Oracles: the joint figures,
l-diversity and average risk counted in pandas here; the PIF read from the command's own table.
"""

from __future__ import annotations

import io
import json
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main
from sqlpriv.cli.verdicts import DEFAULTS

EXIT = {"pass": 0, "review": 3, "fail": 4}

FLARE_CSV = Path(__file__).resolve().parents[1] / "examples" / "data" / "flare.csv"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def joint(df: pd.DataFrame, cols: list[str]) -> tuple[float, int]:
    """Share of rows unique on ``cols`` together and the smallest class (brute force)."""
    sizes = df.groupby(cols, dropna=False).size()
    return float((sizes == 1).sum()) / len(df), int(sizes.min())


def expected(share: float, smallest: int, max_unique_share: float | None, min_k: int | None, on: str = "review"):
    bad = (max_unique_share is not None and share > max_unique_share) or (min_k is not None and smallest < min_k)
    return on if bad else "pass"


FLARE = pd.read_csv(FLARE_CSV)


@pytest.mark.parametrize("command", ["shapley", "uniques"])
@pytest.mark.parametrize(
    "cols,policy",
    [
        (["class", "area"], []),  # the default: the strict policy, exit 0 whatever the verdict
        (["class", "area"], ["--max-unique-share", "0.01"]),
        (["class", "area", "activity"], ["--min-k", "2"]),
        (["class", "area", "activity"], ["--min-k", "2", "--on-violation", "reject"]),
        (["class", "area"], ["--on-violation", "reject"]),  # alone: the default rules, failing
    ],
)
def test_columns_verdict_matches_brute_force(capsys, command, cols, policy):
    share, smallest = joint(FLARE, cols)
    opts = dict(zip(policy[::2], policy[1::2]))
    if set(opts) - {"--on-violation"}:
        mus = float(opts["--max-unique-share"]) if "--max-unique-share" in opts else None
        mk = int(opts["--min-k"]) if "--min-k" in opts else None
    else:
        mus, mk = DEFAULTS[command]["max_unique_share"], DEFAULTS[command]["min_k"]
    want = expected(share, smallest, mus, mk, "fail" if opts.get("--on-violation") == "reject" else "review")
    code, out, _ = run(capsys, command, FLARE_CSV, "-c", ",".join(cols), *policy)
    first = out.splitlines()[0]
    assert first.startswith(f"verdict: {want.upper()}"), first
    assert "\033[" not in out  # plain when not a terminal
    assert out.splitlines()[1].startswith("What to do next:")
    assert code == (EXIT[want] if policy else 0)
    code, js, err = run(capsys, command, FLARE_CSV, "-c", ",".join(cols), *policy, "--format", "json")
    payload = json.loads(js)
    assert payload["verdict"]["status"] == want and payload["summary"]  # the tables are still there
    assert f"sqlpriv: verdict: {want.upper()}" in err
    if want != "pass":
        assert payload["verdict"]["rule"] in ("max_unique_share", "min_k")
        # the drivers: the columns named in "what to do next" are analysed columns
        named = payload["verdict"]["next"].split("coarsen or drop ")[1].split(" (")[0].split(", ")
        assert set(named) <= set(cols)
    if policy:
        return
    _, csv, err = run(capsys, command, FLARE_CSV, "-c", ",".join(cols), *policy, "--format", "csv")
    assert "verdict" not in csv and "verdict:" in err
    pd.read_csv(io.StringIO(csv))  # stdout stays a CSV


def test_share_figure_has_a_scale(capsys):
    share, _ = joint(FLARE, ["class", "area"])
    _, out, _ = run(capsys, "shapley", FLARE_CSV, "-c", "class,area")
    assert f"about 1 row in {round(1 / share):,} is unique" in out.splitlines()[0]


def test_pif_verdict_and_max_pif(capsys):
    cols = ["class", "area", "activity"]
    _, js, _ = run(capsys, "pif", FLARE_CSV, "-c", ",".join(cols), "--format", "json")
    payload = json.loads(js)
    pif = payload["pif_at_percentile"][0]["pif"]  # JSON schema 2 (issue 46)
    rules = {r["name"]: r for r in payload["verdict"]["rules"]}
    assert rules["max_pif"]["advisory"] and f"1 in {round(2.0**pif):,}" in rules["max_pif"]["figure"]
    share, smallest = joint(FLARE, cols)
    assert payload["verdict"]["status"] == expected(share, smallest, 0.0, 5)
    for limit in (pif / 2, pif * 2 + 0.1):  # the PIF against --max-pif, deciding
        code, js, _ = run(capsys, "pif", FLARE_CSV, "-c", ",".join(cols), "--max-pif", limit, "--format", "json")
        want = "review" if pif > limit else "pass"
        assert json.loads(js)["verdict"]["status"] == want and code == EXIT[want]


def test_singling_out_verdict(capsys, tmp_path):
    rng = np.random.default_rng(3)
    ori = pd.DataFrame({"a": rng.integers(0, 4, 60), "b": rng.integers(0, 5, 60), "c": rng.integers(0, 3, 60)})
    twice = pd.concat([ori, ori], ignore_index=True)  # every row twice: nothing is unique anywhere
    for name, frame in (("ori", ori), ("twice", twice)):
        frame.to_csv(tmp_path / f"{name}.csv", index=False)
    sizes = ori.groupby(["a", "b", "c"]).size()
    assert (sizes == 1).any()  # the original against itself singles its unique rows out
    code, out, _ = run(
        capsys, "singling-out", tmp_path / "ori.csv", tmp_path / "ori.csv", "--quiet", "--max-identification-rate", 0
    )
    assert out.startswith("verdict: REVIEW (rule max_identification_rate:") and code == 3
    code, out, _ = run(
        capsys,
        "singling-out",
        tmp_path / "twice.csv",
        tmp_path / "twice.csv",
        "--quiet",
        "--max-identification-rate",
        0,
    )
    assert out.startswith("verdict: PASS") and code == 0
    code, js, _ = run(capsys, "singling-out", tmp_path / "ori.csv", tmp_path / "ori.csv", "--quiet", "--format", "json")
    v = json.loads(js)["verdict"]
    assert code == 0 and v["status"] == "review"  # the default policy; no option given: exit 0
    assert v["next"].startswith("What to do next: coarsen or drop ")


@pytest.mark.parametrize("limit", [None, 0.005, 0.5])
def test_risk_verdict_is_the_average_risk_against_the_limit(capsys, limit):
    cols = ["class", "area", "activity"]
    average = FLARE.groupby(cols).ngroups / len(FLARE)  # prosecutor average risk: classes / rows
    policy = [] if limit is None else ["--max-average-risk", limit]
    code, js, _ = run(capsys, "risk", FLARE_CSV, "-c", ",".join(cols), *policy, "--format", "json")
    want = "review" if average > (DEFAULTS["risk"]["max_average_risk"] if limit is None else limit) else "pass"
    verdict = json.loads(js)["verdict"]
    assert verdict["status"] == want
    # the drivers: Cave's privacy factor per column, 1 - mean over its classes of 1 / class size, smallest first
    factor = {c: 1 - (1 / FLARE.groupby(c).size()).mean() for c in cols}
    ranked = ", ".join(sorted(cols, key=lambda c: factor[c]))
    assert ranked in verdict["next"]
    assert code == (0 if limit is None else EXIT[want])


@pytest.mark.parametrize(
    "policy", [[], ["--min-l", "2"], ["--min-l", "1"], ["--max-t", "0.05", "--on-violation", "reject"]]
)
def test_disclosure_verdict_is_l_diversity_against_the_limit(capsys, policy):
    qi, sensitive = ["class", "area"], ["C", "M"]
    lowest = {s: int(FLARE.groupby(qi)[s].nunique().min()) for s in sensitive}  # l-diversity, brute force
    code, out, _ = run(capsys, "disclosure", FLARE_CSV, "-c", ",".join(qi), "-s", ",".join(sensitive), *policy)
    if "--max-t" in policy:
        t = pd.read_csv(
            io.StringIO(
                run(capsys, "disclosure", FLARE_CSV, "-c", ",".join(qi), "-s", ",".join(sensitive), "--format", "csv")[
                    1
                ]
            )
        )
        want = "fail" if (t["t_closeness"] > 0.05).any() else "pass"
    else:
        min_l = int(policy[1]) if policy else DEFAULTS["disclosure"]["min_l"]
        want = "review" if min(lowest.values()) < min_l else "pass"
    assert out.startswith(f"verdict: {want.upper()}")
    assert code == (EXIT[want] if policy else 0)


def test_request_verdict_carries_the_risk_and_sensitive_rules():
    """Before: the decision was review by max_average_risk / min_l while the verdict said PASS."""
    cols = ["class", "area"]
    average = FLARE.groupby(cols).ngroups / len(FLARE)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a = sqlpriv.assess_request(str(FLARE_CSV), cols, max_average_risk=average / 2, sensitive=["C"], min_l=2)
    rules = {r.name: r.status for r in a.verdict.rules}
    lowest = int(FLARE.groupby(cols)["C"].nunique().min())
    assert rules["max_average_risk"] == "review"
    assert rules["min_l"] == ("review" if lowest < 2 else "pass")
    assert a.verdict.status == {"approve": "pass", "review": "review", "reject": "fail"}[a.decision] == "review"


def test_report_exits_by_its_verdict(capsys, tmp_path, monkeypatch):
    """`sqlpriv report` exited 0 on review; now 0 pass, 3 review, 4 fail, as `sqlpriv request`."""
    pytest.importorskip("matplotlib")
    df = pd.DataFrame({"g": [0, 1] * 20, "h": [0, 0, 1, 1] * 10})
    src = tmp_path / "t.csv"
    df.to_csv(src, index=False)
    # Cave's factor of g: 1 - mean over classes of 1/size = 1 - 1/20 = 0.95: approve
    base = ["report", src, "-c", "g", "-o", tmp_path / "r.html", "--no-pif", "--no-progress"]
    assert run(capsys, *base)[0] == 0 and (tmp_path / "r.html").exists()
    monkeypatch.setattr(sqlpriv, "report", lambda *a, **k: tmp_path / "r.html")  # the verdict alone from here
    assert run(capsys, *base, "--min-k", 30)[0] == 3  # classes of 20 rows
    assert run(capsys, *base, "--min-k", 30, "--on-violation", "reject")[0] == 4
    code, out, _ = run(capsys, *base, "--approve", 0.99)
    assert code == 3 and out.startswith("verdict: REVIEW (rule score:")


def test_colour_only_on_a_terminal(capsys, monkeypatch):
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    tty = Tty()
    monkeypatch.setattr(sys, "stdout", tty)
    assert main(["uniques", str(FLARE_CSV), "-c", "class,area"]) == 0
    assert tty.getvalue().startswith("verdict: \033[1;33mREVIEW\033[0m")
    monkeypatch.setenv("NO_COLOR", "1")
    tty.seek(0)
    tty.truncate()
    assert main(["uniques", str(FLARE_CSV), "-c", "class,area"]) == 0
    assert tty.getvalue().startswith("verdict: REVIEW")


def test_column_names_in_the_verdict_cannot_drive_the_terminal(capsys, tmp_path):
    evil = "zip\x1b[2J\x07x"  # ESC and BEL (a CR in a name is refused: tests/test_attacks.py)
    pd.DataFrame({evil: range(10), "b": [0, 1] * 5}).to_parquet(tmp_path / "e.parquet")
    code, out, _ = run(capsys, "shapley", tmp_path / "e.parquet")
    assert code == 0 and out.startswith("verdict: REVIEW")
    head = "\n".join(out.splitlines()[:2])
    assert "\x1b" not in head and "\r" not in head and "zip\\x1b[2J\\x07x" in head
