"""Cave's privacy factor and the request gate (docs/measures.md §3): hand-computed factors, joint figures
against a brute-force count on random tables, the correlated-columns warning, bad inputs,
and the printed SQL run through the DuckDB shell."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from collections import Counter

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError, SourceError, SqlprivError
from sqlpriv.request.measure import assess_request, privacy_profile

STRATEGIES = ["union", "grouping_sets"]
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ----------------------------------------------------------------- independent oracle


def brute_factor(values: list) -> dict:
    """Cave's per-field figures straight from the article's JavaScript (Counter of values)."""
    counts = list(Counter(_key(v) for v in values).values())
    k = len(counts)
    factor = sum(1 - 1 / f for f in counts) / k
    return {
        "privacy_factor": factor,
        "probability": 1 - factor,
        "shannons": sum(math.log2(f) for f in counts) / k,
        "harts": sum(math.log10(f) for f in counts) / k,
        "values": len(values),
        "categories": k,
    }


def _key(v):
    """NULL-like values (None, NaN) form one category of their own (docs/measures.md §0)."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return ("<null>",)
    return v


def brute_joint(rows: list[tuple], k: int) -> dict:
    sizes = list(Counter(tuple(_key(v) for v in r) for r in rows).values())
    n = len(rows)
    return {
        "n": n,
        "classes": len(sizes),
        "smallest_class": min(sizes),
        "rows_below_k": sum(s for s in sizes if s < k),
        "unique_rows": sum(1 for s in sizes if s == 1),
        "share_below_k": sum(s for s in sizes if s < k) / n,
        "share_unique": sum(1 for s in sizes if s == 1) / n,
        "guess_probability": len(sizes) / n,
        "privacy_factor": sum(1 - 1 / s for s in sizes) / len(sizes),
        "histogram": [sum(1 for s in sizes if min(s, k) == b) for b in range(1, k + 1)],
    }


def gate(score: float, approve: float, reject: float) -> str:
    return "approve" if score >= approve else ("reject" if score < reject else "review")


# ----------------------------------------------------------------- hand-computed factors

SMALL = pd.DataFrame(
    {
        "id": [101, 102, 103, 104, 105, 106],
        "const": ["x"] * 6,
        "g": ["a", "a", "a", "b", "b", "c"],
        "withnull": [None, None, 1.0, 1.0, 1.0, 2.0],
        "age": [31, 35, 38, 42, 47, 61],
    }
)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_profile_hand_computed(strategy):
    df = privacy_profile(SMALL, strategy=strategy).df().set_index("column")
    assert list(df.index) == ["id", "const", "g", "withnull", "age"]
    assert df.loc["id", "privacy_factor"] == 0.0  # every category has f = 1
    assert df.loc["id", "probability"] == 1.0
    assert df.loc["id", "shannons"] == 0.0
    assert df.loc["const", "privacy_factor"] == pytest.approx(1 - 1 / 6, abs=1e-15)
    assert df.loc["const", "shannons"] == pytest.approx(math.log2(6), abs=1e-12)
    assert df.loc["const", "harts"] == pytest.approx(math.log10(6), abs=1e-12)
    # g: counts 3, 2, 1 -> (2/3 + 1/2 + 0) / 3 = 7/18
    assert df.loc["g", "privacy_factor"] == pytest.approx(7 / 18, abs=1e-12)
    assert df.loc["g", "probability"] == pytest.approx(11 / 18, abs=1e-12)
    assert df.loc["g", "shannons"] == pytest.approx((math.log2(3) + 1) / 3, abs=1e-12)
    assert df.loc["g", "harts"] == pytest.approx((math.log10(3) + math.log10(2)) / 3, abs=1e-12)
    # NULL is a category of its own: counts 2 (NULL), 3, 1 -> same 7/18
    assert df.loc["withnull", "privacy_factor"] == pytest.approx(7 / 18, abs=1e-12)
    assert df.loc["withnull", "categories"] == 3
    assert df["values"].tolist() == [6] * 5
    assert df["categories"].tolist() == [6, 1, 3, 3, 6]


def test_profile_expression_column():
    df = privacy_profile(SMALL, ["g", {"decade": "age // 10"}]).df()
    assert df["column"].tolist() == ["g", "decade"]
    # decades 3, 3, 3, 4, 4, 6 -> counts 3, 2, 1
    assert df["privacy_factor"].iloc[1] == pytest.approx(7 / 18, abs=1e-12)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_request_with_unique_id_scores_zero(strategy):
    a = assess_request(SMALL, ["g", "id"], strategy=strategy)
    assert a.score == 0.0
    assert a.decision == "reject"
    assert a.joint["share_unique"] == 1.0
    assert a.joint["smallest_class"] == 1


def test_constant_and_group_product():
    a = assess_request(SMALL, ["const", "g"], approve=0.5, reject=0.1, k=2)
    assert a.score == pytest.approx((1 - 1 / 6) * 7 / 18, abs=1e-12)
    assert a.decision == "review"
    fields = a.fields().df()
    assert fields["factor"].tolist() == pytest.approx([1 - 1 / 6, 7 / 18], abs=1e-12)
    assert fields["expression"].isna().all()
    assert [list(x) for x in fields["source_columns"]] == [["const"], ["g"]]
    # joint of a constant and g = the classes of g
    assert a.joint["classes"] == 3
    assert a.joint["rows_below_k"] == 1  # the class 'c' of size 1 < k = 2
    assert a.joint["privacy_factor"] == pytest.approx(7 / 18, abs=1e-12)


@pytest.mark.parametrize("approve,reject,expected", [(0.3, 0.1, "approve"), (0.4, 0.1, "review"), (0.9, 0.4, "reject")])
def test_gate_thresholds(approve, reject, expected):
    # score of g = 7/18 = 0.3889
    assert assess_request(SMALL, ["g"], approve=approve, reject=reject).decision == expected


def test_gate_boundaries_are_inclusive_for_approve():
    a = assess_request(SMALL, ["const"], approve=1 - 1 / 6, reject=0.0)
    assert a.decision == "approve"
    b = assess_request(SMALL, ["const"], approve=1.0, reject=1 - 1 / 6)
    assert b.decision == "review"  # not below reject: review


# ----------------------------------------------------------------- expressions: before / after


def test_factor_before_and_after_expression():
    a = assess_request(SMALL, [{"decade": "age // 10"}, {"gc": "concat(g, const)"}, "g"], approve=0.9, reject=0.0)
    f = a.fields().df().set_index("field")
    assert f.loc["decade", "expression"] == "age // 10"
    assert list(f.loc["decade", "source_columns"]) == ["age"]
    assert f.loc["decade", "factor_before"] == 0.0  # ages are unique
    assert f.loc["decade", "factor_after"] == pytest.approx(7 / 18, abs=1e-12)
    # an expression over two columns: before = product of their factors
    assert list(f.loc["gc", "source_columns"]) == ["g", "const"]
    assert f.loc["gc", "factor_before"] == pytest.approx(7 / 18 * (1 - 1 / 6), abs=1e-12)
    assert f.loc["gc", "factor_after"] == pytest.approx(7 / 18, abs=1e-12)
    assert f.loc["g", "factor_before"] == f.loc["g", "factor_after"]
    # gc and g read the same column g: they are scored together, by the exact factor of the
    # pair (gc = g + a constant, so the pair has g's classes): 7/18 for decade, 7/18 for (gc, g)
    assert list(f.loc["gc", "scored_with"]) == ["gc", "g"] and f.loc["gc", "group_factor"] == pytest.approx(7 / 18)
    assert a.score == pytest.approx((7 / 18) ** 2, abs=1e-12)


def test_expression_that_lowers_the_factor_warns():
    # counts 1, 100, 100 -> factor 1 - (1 + 0.01 + 0.01) / 3 = 0.66; merging b and c gives
    # counts 1, 200 -> 1 - (1 + 0.005) / 2 = 0.4975: lower, although coarser
    df = pd.DataFrame({"x": ["a"] + ["b"] * 100 + ["c"] * 100})
    a = assess_request(df, [{"x2": "case when x = 'a' then 'a' else 'bc' end"}], approve=0.9, reject=0.1)
    f = a.fields().df().iloc[0]
    assert f["factor_before"] == pytest.approx(0.66, abs=1e-12)
    assert f["factor_after"] == pytest.approx(0.4975, abs=1e-12)
    assert any("more identifying" in w and "x2" in w for w in a.warnings)


def test_expression_over_a_column_named_like_the_field():
    df = pd.DataFrame({"zip": ["10001", "10002", "10003", "20001"]})
    a = assess_request(df, [{"zip": "left(zip, 1)"}], approve=0.9, reject=0.0, k=2)
    f = a.fields().df().iloc[0]
    assert f["factor_before"] == 0.0
    assert f["factor_after"] == pytest.approx(1 - (1 / 3 + 1) / 2, abs=1e-12)


# ----------------------------------------------------------------- weights


def test_weights_override_and_leave_the_joint_set():
    a = assess_request(SMALL, ["id", "g"], weights={"id": 0.99}, approve=0.3, reject=0.1, k=2)
    f = a.fields().df().set_index("field")
    assert f.loc["id", "factor_after"] == 0.0
    assert f.loc["id", "weight"] == 0.99
    assert f.loc["id", "factor"] == 0.99
    assert math.isnan(f.loc["g", "weight"])
    assert a.score == pytest.approx(0.99 * 7 / 18, abs=1e-12)
    assert a.decision == "approve"
    assert a.weights == {"id": 0.99}
    assert a.joint["columns"] == ["g"]
    assert a.joint["classes"] == 3
    assert a.joint["score"] == pytest.approx(0.99 * 7 / 18, abs=1e-12)


def test_all_fields_weighted_joint_is_the_empty_set():
    a = assess_request(SMALL, ["id"], weights={"ID": 1.0}, k=5)
    assert a.score == 1.0 and a.decision == "approve"
    assert a.joint["columns"] == []
    assert a.joint["classes"] == 1 and a.joint["smallest_class"] == 6
    assert a.joint["privacy_factor"] == pytest.approx(1 - 1 / 6, abs=1e-15)


# ----------------------------------------------------------------- product vs joint


def test_perfectly_correlated_columns_warn():
    # a and b are the same split under two names: each 1 - 1/5 = 0.8, product 0.64 (review),
    # the pair together is just one column: 0.8 (approve)
    a_col = ["p"] * 5 + ["q"] * 5 + ["r"] * 5
    df = pd.DataFrame({"a": a_col, "b": [{"p": 1, "q": 2, "r": 3}[v] for v in a_col]})
    a = assess_request(df, ["a", "b"], approve=0.7, reject=0.2)
    assert a.score == pytest.approx(0.8 * 0.8, abs=1e-12)
    assert a.decision == "review"
    assert a.joint["privacy_factor"] == pytest.approx(0.8, abs=1e-12)
    assert a.joint["decision"] == "approve"
    assert len(a.warnings) == 1
    assert "0.64 (Cave's thresholds alone: review)" in a.warnings[0] and "0.8 (approve)" in a.warnings[0]
    assert "less identifying" in a.warnings[0]


def test_independent_columns_product_approves_but_rows_are_unique():
    # two independent columns of 10 equal categories: each factor 1 - 10/100 = 0.9, product
    # 0.81 approves; together up to 100 classes of ~1 row: many rows are unique
    rng = np.random.default_rng(7)
    n = 100
    df = pd.DataFrame({"u": np.repeat(np.arange(10), 10), "v": rng.permutation(np.repeat(np.arange(10), 10))})
    a = assess_request(df, ["u", "v"], approve=0.8, reject=0.2)
    assert a.score == pytest.approx(0.81, abs=1e-12)
    assert a.decision == "approve"
    oracle = brute_joint(list(zip(df["u"], df["v"])), 5)
    assert a.joint["unique_rows"] == oracle["unique_rows"] > 0
    assert a.joint["privacy_factor"] == pytest.approx(oracle["privacy_factor"], abs=1e-12)
    assert a.joint["decision"] == gate(oracle["privacy_factor"], 0.8, 0.2) != "approve"
    assert any("more identifying" in w for w in a.warnings)
    assert any(f"{oracle['rows_below_k']} of {n} rows" in w for w in a.warnings)


def test_agreeing_request_has_no_warnings():
    df = pd.DataFrame({"a": ["x"] * 50 + ["y"] * 50})
    a = assess_request(df, ["a"])
    assert a.decision == "approve" and a.warnings == []


# ----------------------------------------------------------------- random tables vs brute force


@st.composite
def tables(draw):
    n = draw(st.integers(1, 40))
    d = draw(st.integers(1, 4))
    cols = {}
    for j in range(d):
        k = draw(st.integers(1, 6))
        kind = draw(st.sampled_from(["int", "str"]))
        values = (
            st.one_of(st.integers(0, k - 1), st.none())
            if kind == "int"
            else st.one_of(st.sampled_from(["a", "b b", "c'", "ü", "e", "f"][:k]), st.none())
        )
        cols[f"c {j}"] = draw(st.lists(values, min_size=n, max_size=n))
    return pd.DataFrame({name: pd.Series(v, dtype="object") for name, v in cols.items()})


@SETTINGS
@given(
    df=tables(),
    k=st.integers(1, 6),
    approve=st.floats(0, 1),
    gap=st.floats(0, 1),
    strategy=st.sampled_from(STRATEGIES),
    dropna=st.booleans(),
)
def test_against_brute_force(df, k, approve, gap, strategy, dropna):
    reject = approve * gap
    cols = list(df.columns)
    df = df.astype({c: "string" for c in cols})  # object columns of mixed None/str/int
    kept = df.dropna() if dropna else df
    if kept.empty:
        with pytest.raises(EmptyInputError, match="dropna=True leaves nothing"):
            assess_request(df, cols, k=k, strategy=strategy, dropna=True).decision  # lazy: the figures run on first use
        return
    a = assess_request(df, cols, approve=approve, reject=reject, k=k, strategy=strategy, dropna=dropna)
    assert a.dropped_rows == len(df) - len(kept)
    raw = {c: [None if pd.isna(v) else v for v in kept[c].tolist()] for c in cols}
    per_field = [brute_factor(raw[c]) for c in cols]
    score = math.prod(f["privacy_factor"] for f in per_field)
    assert a.score == pytest.approx(score, abs=1e-12)
    assert a.decision == gate(a.score, approve, reject)
    fields = a.fields().df()
    for name in ("privacy_factor", "shannons", "harts"):
        got = fields["factor_after" if name == "privacy_factor" else name].tolist()
        assert got == pytest.approx([f[name] for f in per_field], abs=1e-12)
    assert fields["categories"].tolist() == [f["categories"] for f in per_field]
    oracle = brute_joint(list(zip(*(raw[c] for c in cols))), k)
    for key in ("n", "classes", "smallest_class", "rows_below_k", "unique_rows"):
        assert a.joint[key] == oracle[key], key
    for key in ("share_below_k", "share_unique", "guess_probability", "privacy_factor"):
        assert a.joint[key] == pytest.approx(oracle[key], abs=1e-12), key
    hist = a.uniqueness().df()
    assert hist["classes"].tolist() == oracle["histogram"]
    assert hist["rows"].sum() == len(kept)
    assert hist["class_size"].tolist() == [str(i) for i in range(1, k)] + [f">={k}"]
    assert hist["row_share"].sum() == pytest.approx(1.0, abs=1e-12)
    prof = privacy_profile(df, strategy=strategy, dropna=dropna).df()
    assert prof["privacy_factor"].tolist() == pytest.approx([f["privacy_factor"] for f in per_field], abs=1e-12)


# ----------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"approve": 1.5}, "approve must be between 0 and 1, got 1.5"),
        ({"reject": -0.1}, "reject must be between 0 and 1, got -0.1"),
        ({"approve": float("nan")}, "approve must be a number between 0 and 1"),
        ({"approve": "0.8"}, "approve must be a number between 0 and 1, got '0.8'"),
        ({"approve": 0.2, "reject": 0.5}, r"approve \(0.2\) must be at least reject \(0.5\)"),
        ({"k": 0}, "k must be a positive integer"),
        ({"k": 2.5}, "k must be a positive integer"),
        ({"weights": {"g": 1.2}}, r"weight of 'g' must be between 0 and 1, got 1.2"),
        ({"weights": {"g": -0.5}}, r"weight of 'g' must be between 0 and 1"),
        ({"weights": [("g", 0.5)]}, "weights must be a mapping"),
        ({"strategy": "fast"}, "strategy must be one of"),
    ],
)
def test_bad_parameters(kwargs, match):
    with pytest.raises(ParameterError, match=match):
        assess_request(SMALL, ["g"], **kwargs)


@pytest.mark.parametrize("request_", [[], None, "", {}])
def test_empty_request(request_):
    with pytest.raises(ParameterError, match="the request is empty"):
        assess_request(SMALL, request_)


def test_unknown_column():
    with pytest.raises(ColumnError, match=r"column 'gender' is not in .*available columns: 'id', 'const', 'g'"):
        assess_request(SMALL, ["g", "gender"])


def test_unknown_weight_column():
    with pytest.raises(ColumnError, match=r"weight given for 'salary', which is neither a requested field"):
        assess_request(SMALL, ["g"], weights={"salary": 0.5})


def test_bad_expression_and_duplicate_field():
    with pytest.raises(ColumnError, match="'bad'"):
        assess_request(SMALL, [{"bad": "nosuchfn(g)"}])
    with pytest.raises(ColumnError, match="listed twice"):
        assess_request(SMALL, ["g", "G"])


def test_missing_file_and_empty_table(tmp_path):
    with pytest.raises(SourceError, match="does not exist"):
        assess_request(str(tmp_path / "nope.csv"), ["g"])
    empty = SMALL.iloc[:0]
    with pytest.raises(SqlprivError, match="no rows"):  # refused as every other family refuses 0 rows
        privacy_profile(empty).df()
    with pytest.raises(EmptyInputError, match="has no rows"):
        assess_request(empty, ["g"]).decision  # lazy: the figures run on first use


def test_inputs_not_modified():
    before = SMALL.copy()
    assess_request(SMALL, ["g", {"d": "age // 10"}], weights={"g": 0.5})
    pd.testing.assert_frame_equal(SMALL, before)


# ----------------------------------------------------------------- printed SQL in the shell


@pytest.mark.skipif(shutil.which("duckdb") is None, reason="duckdb shell not installed")
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("dropna", [False, True])
def test_sql_runs_in_duckdb_shell(tmp_path, strategy, dropna):
    path = tmp_path / "small.csv"
    SMALL.to_csv(path, index=False)
    a = assess_request(
        str(path), ["g", {"decade": "age // 10"}, "withnull"], weights={"g": 0.9}, strategy=strategy, k=2, dropna=dropna
    )
    assert a.n == (4 if dropna else 6)
    out = subprocess.run(["duckdb", "-json"], input=a.sql, capture_output=True, text=True, check=True).stdout
    results = [json.loads(chunk) for chunk in _json_arrays(out)]
    fields, report, hist = results
    assert [r["factor"] for r in fields] == pytest.approx(a.fields().df()["factor"].tolist(), abs=1e-12)
    assert report[0]["score"] == pytest.approx(a.score, abs=1e-12)
    assert report[0]["decision"] == a.decision
    assert report[0]["classes"] == a.joint["classes"]
    assert report[0]["rows_before_dropna"] - report[0]["n"] == a.dropped_rows
    assert [r["classes"] for r in hist] == a.uniqueness().df()["classes"].tolist()
    p = privacy_profile(str(path), strategy=strategy, dropna=dropna)
    out = subprocess.run(["duckdb", "-json"], input=p.sql, capture_output=True, text=True, check=True).stdout
    shell = json.loads(_json_arrays(out)[-1])  # after the statement that stops the script on 0 rows
    assert [r["privacy_factor"] for r in shell] == pytest.approx(p.df()["privacy_factor"].tolist(), abs=1e-12)


def _json_arrays(text: str) -> list[str]:
    """Split the shell's -json output (one JSON array per query) into the arrays."""
    chunks, depth, start = [], 0, None
    in_str = esc = False
    for i, ch in enumerate(text):
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
            continue
        if ch == '"':
            in_str = True
        elif ch == "[":
            depth += 1
            start = i if depth == 1 else start
        elif ch == "]":
            depth -= 1
            if depth == 0:
                chunks.append(text[start : i + 1])
    return chunks


# ----------------------------------------------------------------- peer: the article's own code


@pytest.mark.peer
@pytest.mark.skipif(shutil.which("node") is None, reason="node (to run the article's JavaScript) not installed")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_against_the_articles_javascript(seed):
    rng = np.random.default_rng(seed)
    n = 300
    df = pd.DataFrame(
        {
            "id": rng.permutation(n),
            "gender": rng.choice(["f", "m", "x"], n, p=[0.49, 0.49, 0.02]),
            "age": rng.integers(18, 90, n),
            "city": rng.choice([f"c{i}" for i in range(40)], n),
            "hobby": pd.Series(rng.choice(["chess", "golf", None], n), dtype="object"),
        }
    )
    script = __import__("pathlib").Path(__file__).parent / "data" / "request" / "cave_profile.js"
    request = ["gender", "age", "hobby"]
    payload = json.dumps({"data": json.loads(df.to_json(orient="records")), "request": request})
    js = json.loads(
        subprocess.run(["node", str(script)], input=payload, capture_output=True, text=True, check=True).stdout
    )
    ours = privacy_profile(df).df()
    assert ours["column"].tolist() == [r["Field"] for r in js["table"]]
    for ours_col, js_col in [
        ("privacy_factor", "PrivacyFactor"),
        ("probability", "Probability"),
        ("shannons", "Shannons"),
        ("harts", "Harts"),
        ("values", "Values"),
        ("categories", "Categories"),
    ]:
        assert ours[ours_col].tolist() == pytest.approx([r[js_col] for r in js["table"]], abs=1e-12), ours_col
    assert assess_request(df, request).score == pytest.approx(js["score"], abs=1e-12)


def test_auto_strategy_by_source(tmp_path):
    from sqlpriv.engine.connection import connect
    from sqlpriv.engine.sources import resolve_source
    from sqlpriv.request.measure import _pick_strategy

    con = connect()
    SMALL.to_csv(tmp_path / "s.csv", index=False)
    SMALL.to_parquet(tmp_path / "s.parquet")
    assert _pick_strategy("auto", resolve_source(str(tmp_path / "s.csv"), con)) == "grouping_sets"
    assert _pick_strategy("auto", resolve_source(str(tmp_path / "s.parquet"), con)) == "union"
    assert _pick_strategy("auto", resolve_source(SMALL, con)) == "union"
    assert _pick_strategy("grouping_sets", resolve_source(SMALL, con)) == "grouping_sets"
    a = privacy_profile(str(tmp_path / "s.csv"))
    assert "grouping sets" in a.sql and "union all" not in a.sql


def test_uniqueness_bins_for_a_huge_k():
    a = assess_request(SMALL, ["g"], k=10**9)
    hist = a.uniqueness().df()
    assert hist["class_size"].tolist() == [str(i) for i in range(1, 101)] + [">=1000000000"]
    assert hist["classes"].tolist()[:3] == [1, 1, 1] and hist["rows"].sum() == 6
    assert a.joint["rows_below_k"] == 6
    b = assess_request(pd.DataFrame({"x": [1] * 150 + [2] * 200 + [3]}), ["x"], k=190)
    sizes = b.uniqueness().df()
    assert sizes["class_size"].tolist() == [str(i) for i in range(1, 101)] + ["150", ">=190"]
    assert sizes["rows"].tolist()[-2:] == [150, 200] and sizes["rows"].iloc[0] == 1


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_constant_expression_and_odd_names(strategy):
    # a constant is one category (not GROUP BY 1, the first output column); quoted names
    df = pd.DataFrame({'a"b': [1, 1, 2, 3], "Select": ["x", "y", "x", "x"]})
    a = assess_request(
        df, ['a"b', {"one": "1"}, {"e": '"a""b" // 2'}, {"s2": 'upper("select")'}], strategy=strategy, k=2
    )
    f = a.fields().df().set_index("field")
    assert f.loc["one", "factor_after"] == pytest.approx(0.75, abs=1e-15)
    assert pd.isna(f.loc["one", "source_columns"]) and pd.isna(f.loc["one", "factor_before"])
    d = a.to_dict()["fields"][1]
    assert d["source_columns"] is None and d["factor_before"] is None and d["expression"] == "1"
    json.dumps(a.to_dict())
    assert list(f.loc["e", "source_columns"]) == ['a"b']
    assert f.loc["e", "factor_after"] == 0.5  # 0, 0, 1, 1
    assert list(f.loc["s2", "source_columns"]) == ["Select"]
    assert f.loc["s2", "factor_before"] == f.loc["s2", "factor_after"]
    assert a.joint["classes"] == 4  # (1, X), (1, Y), (2, X), (3, X)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_dropna_hand_computed(strategy):
    # rows 0 and 1 have a NULL in withnull: kept g = a, b, b, c -> counts 1, 2, 1 -> 1/6;
    # kept withnull = 1, 1, 1, 2 -> counts 3, 1 -> 1/3
    a = assess_request(SMALL, ["g", "withnull"], dropna=True, strategy=strategy, approve=0.1, reject=0.01)
    assert a.n == 4 and a.dropped_rows == 2
    assert a.fields().df()["factor"].tolist() == pytest.approx([1 / 6, 1 / 3], abs=1e-12)
    assert a.to_dict()["dropped_rows"] == 2
    b = assess_request(SMALL, ["g", "withnull"], strategy=strategy)
    assert b.n == 6 and b.dropped_rows == 0
    p = privacy_profile(SMALL, ["g", "withnull"], dropna=True, strategy=strategy).df()
    assert p["values"].tolist() == [4, 4]
    assert p["privacy_factor"].tolist() == pytest.approx([1 / 6, 1 / 3], abs=1e-12)
    with pytest.raises(EmptyInputError, match="every one of the 2 rows .* has a NULL"):
        assess_request(
            SMALL.iloc[:2], ["withnull"], dropna=True, strategy=strategy
        ).decision  # lazy: the figures run on first use
    with pytest.raises(ParameterError, match="dropna must be True or False"):
        assess_request(SMALL, ["g"], dropna="yes")


def test_assessment_is_lazy_and_prints_its_script_without_running():
    df = pd.DataFrame({"g": [1, 1, 2, 2, 3], "h": ["a", "b", "a", "b", "a"]})
    a = assess_request(df, ["g", "h"], k=2)
    assert "sizes" not in a.plan.done and "sqlpriv_request_decision" in a.sql
    assert "sizes" not in a.plan.done  # printing runs nothing
    assert (a.n, a.columns, a.dropped_rows) == (5, ["g", "h"], 0)
    # brute force: every (g, h) pair is unique, so 5 classes of 1 row
    assert a.joint["classes"] == len(set(zip(df.g, df.h))) == 5 and a.joint["smallest_class"] == 1
