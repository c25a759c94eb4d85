"""The verdict (issue 23 item 3): the gate's policy evaluated into pass / review / fail with the rule
that fired, on top of the report and the CLI summaries, the report taking the request's policy
options. Oracle: the gate's own decision (the SQL) and brute-force joint figures in pandas."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sqlpriv
from sqlpriv.cli import main
from sqlpriv.cli.policy import verdict_lines
from sqlpriv.engine.scales import bits_scale, percent, share_scale
from sqlpriv.engine.verdict import Rule, verdict
from sqlpriv.errors import ParameterError

ADULT = "examples/data/adult.csv"
STATUS = {"approve": "pass", "review": "review", "reject": "fail"}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    max_unique_share=st.one_of(st.none(), st.sampled_from([0.0, 0.05, 0.3, 1.0])),
    min_k=st.one_of(st.none(), st.integers(1, 4)),
    on_violation=st.sampled_from(["review", "reject"]),
    thresholds=st.sampled_from([(0.8, 0.2), (0.5, 0.4), (0.99, 0.9), (0.1, 0.0)]),
)
def test_the_verdict_is_the_gates_decision_and_names_the_rule(seed, max_unique_share, min_k, on_violation, thresholds):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({"a": rng.integers(0, 4, 30), "b": rng.integers(0, 3, 30)})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a = sqlpriv.assess_request(
            df,
            ["a", "b"],
            approve=thresholds[0],
            reject=thresholds[1],
            max_unique_share=max_unique_share,
            min_k=min_k,
            on_violation=on_violation,
        )
        v = a.verdict
    assert v.status == STATUS[a.decision]
    sizes = df.groupby(["a", "b"]).size()  # brute-force joint figures
    unique_share = float((sizes == 1).sum()) / len(df)
    broken = set()
    if max_unique_share is not None and unique_share > max_unique_share:
        broken.add("max_unique_share")
    if min_k is not None and int(sizes.min()) < min_k:
        broken.add("min_k")
    assert {r.name for r in v.rules if r.status != "pass" and r.name != "score" and not r.advisory} == broken
    if v.fired is not None:
        assert v.fired.status == v.status
        assert v.fired.name == "score" or v.fired.name in a.rule
    assert a.to_dict()["verdict"]["status"] == v.status
    exact = [r for r in v.rules if r.name == "exact_factor"]
    assert exact and exact[0].advisory and exact[0].status == STATUS[a.joint["decision"]]


def test_rules_compose_and_refuse_unknown_statuses():
    v = verdict(
        [Rule("score", "pass", "Cave score 0.9", "approve at or above 0.8")],
        [Rule("l_diversity", "fail", "2 distinct diagnoses", "at least 3"), Rule("x", "review", "f", "l")],
    )
    assert (v.status, v.fired.name) == ("fail", "l_diversity")
    assert verdict([Rule("a", "review", "f", "l", advisory=True)]).status == "pass"
    with pytest.raises(ParameterError, match="pass, review, fail"):
        Rule("a", "maybe", "f", "l")
    lines = verdict_lines(v, "next", colour=True)
    assert "\033[1;31mFAIL\033[0m" in lines[0] and "rule l_diversity" in lines[0]
    assert "\033[" not in verdict_lines(v, "next", colour=False)[0]


def test_figures_have_scales():
    assert bits_scale(18) == "a row's values carry as much as 1 in 262,144"
    assert share_scale(0.1) == "about 1 row in 10 is unique"
    assert percent(0.00003) == "0.003%" and percent(0.25) == "25.0%"


def _verdict_box(path) -> tuple[str, str, list[tuple[str, str]], str]:
    text = open(path, encoding="utf-8").read()
    box = text[text.index('<section id="verdict"') : text.index("</section>", text.index('<section id="verdict"'))]
    assert text.index('<section id="verdict"') < text.index('<section id="overview"')  # on top
    status = re.search(r'id="verdict-status" data-rule="([^"]*)">([A-Z]+)<', box)
    rules = re.findall(r'data-rule="([^"]+)" data-status="([^"]+)"', box)
    nxt = re.search(r'id="next-step">([^<]*)<', box)[1]
    return status[2].lower(), status[1], rules, nxt


def test_the_strict_policy_shows_review_in_the_report_as_in_the_cli(tmp_path, capsys):
    """The README's adult request (age, sex) under the strict policy: review in the CLI (exit 3),
    review on top of the report, in the `sqlpriv report` summary, the same rule that fired."""
    strict = ["--max-unique-share", "0", "--min-k", "5"]
    assert main(["request", ADULT, "-c", "age", "-c", "sex", *strict]) == 3
    out = capsys.readouterr().out
    assert out.startswith("verdict: REVIEW (rule max_unique_share:") and "decision: review" in out
    html = tmp_path / "adult.html"
    argv = ["report", ADULT, "-c", "age,sex,race", "--request", "age", "--request", "sex", *strict]
    assert main([*argv, "-o", str(html), "--no-pif", "--no-progress"]) == 3  # review, as request exits
    summary = capsys.readouterr().out
    assert summary.startswith("verdict: REVIEW (rule max_unique_share:")
    assert "What to do next: coarsen or drop age, sex" in summary
    status, fired, rules, nxt = _verdict_box(html)
    assert (status, fired) == ("review", "max_unique_share")
    assert dict(rules)["min_k"] == "review" and dict(rules)["score"] == "pass"
    assert nxt.startswith("What to do next: coarsen or drop age, sex")
    df = pd.read_csv(ADULT)
    unique = int((df.groupby(["age", "sex"]).size() == 1).sum())  # brute force
    assert f"{unique:,} of {len(df):,} rows unique" in open(html, encoding="utf-8").read()


def test_the_report_shows_the_exact_figures_verdict_next_to_caves_score_by_default(tmp_path):
    df = pd.DataFrame({"id": range(40), "g": [0, 1] * 20})  # Cave approves g; the exact figures are an id's
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        path = sqlpriv.report(df, ["id", "g"], output=tmp_path / "r.html", pif=False, progress=False)
    status, fired, rules, nxt = _verdict_box(path)
    assert dict(rules)["exact_factor"] == "fail" and "score" in dict(rules)
    assert status == "fail" and fired == "score"  # product 0.0 * ... : Cave rejects an id too
    assert "id" in nxt
