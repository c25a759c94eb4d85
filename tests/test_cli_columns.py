"""Column lists on the command line (issue 15, items 5 and 7): ``-c`` takes repetition and
comma lists (``-c a,b -c c``) in every command, a name that really contains a comma is
reachable in double quotes, usage mistakes exit 2 with the sub-command's usage, and
singling-out / sample uniques choose their columns."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pandas as pd
import pytest

from sqlpriv.cli import main
from sqlpriv.cli.common import parse_columns, split_columns
from sqlpriv.singling_out import sample_uniques, singling_out
from tests.conftest import FLARE_CSV


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse usage errors
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def same(a, b) -> bool:
    """Equal JSON documents, floats to 1e-9 (parallel sums may differ in the last digit)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        return a == pytest.approx(b, rel=1e-9, abs=1e-12)
    return a == b


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    d = tmp_path_factory.mktemp("pair")
    ori = pd.DataFrame({"a": [1, 2, 2, 3, 4, 4], "b": list("xyzzyx"), "c": [0, 0, 1, 1, 0, 1], "w": range(6)})
    syn = pd.DataFrame({"a": [1, 2, 3, 3, 4, 2], "b": list("xyyzxx"), "c": [0, 1, 1, 1, 0, 0], "w": range(10, 16)})
    ori.to_csv(d / "ori.csv", index=False)
    syn.to_csv(d / "syn.csv", index=False)
    return d / "ori.csv", d / "syn.csv", ori, syn


ONE_SOURCE = [
    ("shapley", []),
    ("pif", []),
    ("profile", []),
    ("request", []),
    ("uniques", []),
]


@pytest.mark.parametrize("command,extra", ONE_SOURCE)
def test_comma_lists_equal_repetition(command, extra):
    src = str(FLARE_CSV)
    code1, out1, _ = cli(command, src, "-c", "class", "-c", "area", "-c", "activity", "--format", "json", *extra)
    code2, out2, _ = cli(command, src, "-c", "class,area", "-c", "activity", "--format", "json", *extra)
    code3, out3, _ = cli(command, src, "-c", "class, area,activity", "--format", "json", *extra)
    assert code1 == code2 == code3 and code1 in (0, 3, 4)
    assert out1.strip() and same(json.loads(out1), json.loads(out2)) and same(json.loads(out1), json.loads(out3))


def test_comma_lists_in_singling_out_and_sql_query(pair):
    ori, syn, _, _ = pair
    a = cli("singling-out", str(ori), str(syn), "-c", "a", "-c", "b", "--quiet", "--format", "json")
    b = cli("singling-out", str(ori), str(syn), "-c", "a,b", "--quiet", "--format", "json")
    assert a[0] == b[0] == 0 and same(json.loads(a[1]), json.loads(b[1]))
    q1 = cli("sql", "query", "profile", str(FLARE_CSV), "-c", "class", "-c", "area")
    q2 = cli("sql", "query", "profile", str(FLARE_CSV), "-c", "class,area")
    assert q1[0] == q2[0] == 0 and q1[1] == q2[1]


def test_expression_commas_stay_in_the_expression():
    assert split_columns("zip3=left(zip, 3), age") == ["zip3=left(zip, 3)", "age"]
    assert parse_columns(split_columns("a5=age // 5,sex")) == [{"a5": "age // 5"}, "sex"]
    code, out, _ = cli("request", str(FLARE_CSV), "-c", "c2=least(C, 2),area", "--format", "json")
    assert code in (0, 3, 4) and '"c2"' in out and '"area"' in out


def test_a_name_with_a_comma_or_equals_sign_is_reachable_in_double_quotes(tmp_path):
    path = tmp_path / "odd.csv"
    pd.DataFrame({"a,b": [1, 1, 2, 2], "x=1": [1, 2, 1, 2], "c": [0, 0, 0, 1]}).to_csv(path, index=False)
    code, out, err = cli("profile", str(path), "-c", '"a,b"', "-c", '"x=1",c', "--format", "csv")
    assert code == 0, err
    frame = pd.read_csv(io.StringIO(out))
    assert frame["column"].tolist() == ["a,b", "x=1", "c"]
    # a doubled quote inside the quotes is a quote
    assert split_columns('"say ""hi"""') == ['say "hi"']


@pytest.mark.parametrize(
    "argv,message",
    [
        (["shapley", str(FLARE_CSV), "-c", "class", "area"], "unrecognized arguments: area"),
        (["pif", str(FLARE_CSV), "-c", "class,,area"], "empty column name"),
        (["profile", str(FLARE_CSV), "-c", ""], "empty column name"),
        (["request", str(FLARE_CSV), "-c", '"class'], "unbalanced"),
        (["uniques", str(FLARE_CSV), "-c", "class", "area", "C"], "unrecognized arguments"),
    ],
)
def test_usage_mistakes_exit_2_with_the_subcommand_usage(argv, message):
    code, _, err = cli(*argv)
    assert code == 2
    assert message in err
    assert f"usage: sqlpriv {argv[0]}" in err  # the sub-command's usage, not the top-level one


def test_synopsis_shows_comma_lists():
    _, _, err = cli("shapley", str(FLARE_CSV), "-c", "class", "area")
    assert "-c COL[,COL...]" in err


# ---------------------------------------------------------------- item 7: choosing columns


def test_singling_out_columns_equal_dropping_the_others_first(pair):
    _, _, ori, syn = pair
    chosen = singling_out(ori, syn, columns=["a", "b"], progress=False)
    dropped = singling_out(ori[["a", "b"]], syn[["a", "b"]], progress=False)
    assert chosen.columns and sorted(chosen.columns) == ["a", "b"]
    pd.testing.assert_frame_equal(chosen.details().df(), dropped.details().df())
    pd.testing.assert_frame_equal(chosen.summary().df(), dropped.summary().df())
    # the weight-like column w singles out every record on its own when it is analysed
    everything = singling_out(ori, syn.assign(w=ori["w"]), progress=False)
    assert everything.summary().df()["total_identified"].iloc[0] == len(syn)
    assert chosen.summary().df()["total_identified"].iloc[0] < len(syn)


def test_singling_out_columns_errors(pair):
    from sqlpriv.errors import ColumnError, ParameterError

    _, _, ori, syn = pair
    with pytest.raises(ColumnError, match="'nope' is not in"):
        singling_out(ori, syn, columns=["a", "nope"], progress=False)
    with pytest.raises(ColumnError, match="missing from the synthetic table: 'b'"):
        singling_out(ori, syn.drop(columns="b"), columns=["a", "b"], progress=False)
    with pytest.raises(ParameterError, match="columns is empty"):
        singling_out(ori, syn, columns=[], progress=False)
    # a column missing from the synthetic table but not analysed is fine
    r = singling_out(ori, syn.drop(columns="w"), columns=["a", "c"], progress=False)
    assert sorted(r.columns) == ["a", "c"]


def test_singling_out_cli_columns(pair, tmp_path):
    ori, syn, o, s = pair
    code, out, err = cli(
        "singling-out", str(ori), str(syn), "-c", "a,b", "--format", "csv", "--details", str(tmp_path / "d.csv")
    )
    assert code == 0, err
    expected = singling_out(o[["a", "b"]], s[["a", "b"]], progress=False).details().df()
    assert len(pd.read_csv(tmp_path / "d.csv")) == len(expected)


def test_sample_uniques_columns(tmp_path):
    df = pd.DataFrame({"a": [1, 1, 2, 2], "b": ["x", "y", "x", "y"], "id": [1, 2, 3, 4]})
    path = tmp_path / "t.csv"
    df.to_csv(path, index=False)
    per_row = sample_uniques(df, ["a", "b"]).per_row().df()
    assert [sorted(map(tuple, m)) for m in per_row["msus"]] == [[("a", "b")]] * 4  # no single column is unique
    code, out, err = cli("uniques", str(path), "-c", "a,b", "--format", "csv")
    assert code == 0, err
    assert set(pd.read_csv(io.StringIO(out))["column"]) == {"a", "b"}
