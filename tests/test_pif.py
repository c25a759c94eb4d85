"""Personal information factors (docs/measures.md §2): the worked example, a brute-force oracle, bad input."""

from __future__ import annotations

import copy
import math
import random
from collections import Counter

import numpy as np
import pandas as pd
import pytest

from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError
from sqlpriv.pif.measure import cig, csf, fig, information_factors, pif, rig, top_rows

# docs/measures.md §2 worked example (piflib docs, CIG tutorial)
EXAMPLE = pd.DataFrame(
    {
        "gender": ["male"] * 6 + ["female"],
        "name": ["Anton", "Bill", "Charlie", "Don", "Emil", "Emil", "Charlie"],
        "eye_color": ["blue", "green", "green", "green", "blue", "green", "green"],
    }
)
REFERENCE_CIG = [
    [0.22, 1.31, 1.81],
    [0.22, 0.31, 0.49],
    [0.51, 0.31, 0.49],
    [0.22, 0.31, 0.49],
    [0.22, 1.31, 0.15],
    [0.22, 0.31, 0.15],
    [0.51, 1.81, 0.49],
]
REFERENCE_CSF = [
    [0.14, 0.36, 0.71],
    [0.14, 0.11, 0.29],
    [0.36, 0.04, 0.29],
    [0.14, 0.11, 0.29],
    [0.14, 0.21, 0.21],
    [0.14, 0.04, 0.21],
    [0.36, 0.71, 0.29],
]


def test_spec_worked_example_cig_every_cell():
    df = cig(EXAMPLE).df()
    assert list(df.columns) == ["row", "gender", "name", "eye_color"]
    assert df["row"].tolist() == list(range(7))
    assert df[["gender", "name", "eye_color"]].round(2).values.tolist() == REFERENCE_CIG


def test_spec_worked_example_csf_every_cell():
    df = csf(EXAMPLE).df()
    assert df[["gender", "name", "eye_color"]].round(2).values.tolist() == REFERENCE_CSF


def test_spec_example_exact_values():
    # row 0: gender cohort (Anton, blue) = {male}: log2(7/6); name cohort (male, blue) =
    # {Anton, Emil}: 1/2 log2(3.5) + 1/2 log2(1.75); eye cohort (male, Anton) = {blue}: log2(3.5)
    row = cig(EXAMPLE).df().iloc[0]
    assert row["gender"] == pytest.approx(math.log2(7 / 6), abs=1e-12)
    assert row["name"] == pytest.approx(0.5 * math.log2(3.5) + 0.5 * math.log2(1.75), abs=1e-12)
    assert row["eye_color"] == pytest.approx(math.log2(3.5), abs=1e-12)
    # CSF of Emil/green (row 5): |1/4 - 2/7|
    assert csf(EXAMPLE).df().iloc[5]["name"] == pytest.approx(abs(1 / 4 - 2 / 7), abs=1e-12)


# ---------------------------------------------------------------- brute-force oracle


def _entropy(values: list) -> float:
    n = len(values)
    return -sum(c / n * math.log2(c / n) for c in Counter(values).values())


def oracle(rows: list[tuple], priors: dict[int, dict], accuracies: dict[int, float]):
    """Straight from docs/measures.md §2: per row and column, loop over the leave-one-out cohort."""
    n, d = len(rows), len(rows[0])
    cigs = np.zeros((n, d))
    csfs = np.zeros((n, d))
    weights = np.zeros(d)
    for j in range(d):
        column = [r[j] for r in rows]
        q = priors.get(j) or {v: c / n for v, c in Counter(column).items()}
        a = accuracies.get(j, 1.0)
        for t in range(n):
            ctx = rows[t][:j] + rows[t][j + 1 :]
            cohort = [r[j] for r in rows if r[:j] + r[j + 1 :] == ctx]
            counts = Counter(cohort)
            p = {v: c / len(cohort) for v, c in counts.items()}
            support = q.keys() if a < 1 else p.keys()
            post = {x: a * p.get(x, 0.0) + (1 - a) * q[x] for x in support}
            cigs[t, j] = sum(pp * math.log2(pp / q[x]) for x, pp in post.items() if pp > 0)
            x = rows[t][j]
            csfs[t, j] = abs(post[x] - q[x])
        h = _entropy(column)
        h_cond = _entropy(rows) - _entropy([r[:j] + r[j + 1 :] for r in rows])
        weights[j] = h_cond / h if h > 0 else 0.0
    return cigs, csfs, cigs * weights


def random_table(rng: random.Random, n: int, d: int):
    """Columns of ints, strings or floats with NULLs; rows repeated on purpose."""
    kinds = [rng.choice(["int", "str", "float"]) for _ in range(d)]
    base = []
    for _ in range(max(1, n // 2)):
        row = []
        for kind in kinds:
            k = rng.randint(1, 4)
            v = rng.randint(0, k)
            if v == 0 and rng.random() < 0.6:
                row.append(None)
            elif kind == "int":
                row.append(v)
            elif kind == "str":
                row.append(f"v{v}")
            else:
                row.append(v / 4)
        base.append(tuple(row))
    rows = [rng.choice(base) for _ in range(n)]
    data = {}
    for j, kind in enumerate(kinds):
        values = [r[j] for r in rows]
        dtype = {"int": "Int64", "str": "object", "float": "Float64"}[kind]
        data[f"c{j}"] = pd.array(values, dtype=dtype)
    return pd.DataFrame(data), rows, kinds


def random_prior(rng: random.Random, rows: list[tuple], j: int, kind: str) -> dict:
    observed = {r[j] for r in rows}
    extra = {"int": 99, "str": "unseen", "float": 9.75}[kind]
    support = sorted(observed, key=repr) + [extra]
    weights = [rng.random() + 0.05 for _ in support]
    total = sum(weights)
    return {v: w / total for v, w in zip(support, weights)}


@pytest.mark.parametrize("seed", range(24))
def test_oracle_random_tables(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 40)
    d = rng.randint(2, 4)
    df, rows, kinds = random_table(rng, n, d)
    priors: dict[int, dict] = {}
    accuracies: dict[int, float] = {}
    if seed % 3:
        for j in range(d):
            if rng.random() < 0.5:
                priors[j] = random_prior(rng, rows, j, kinds[j])
            if rng.random() < 0.5:
                accuracies[j] = rng.choice([1.0, 0.5, 0.9, 0.25, 1e-3])
    original = df.copy()
    given_priors = {f"c{j}": p for j, p in priors.items()}
    given_priors_copy = copy.deepcopy(given_priors)
    factors = information_factors(df, priors=given_priors, accuracies={f"c{j}": a for j, a in accuracies.items()})
    want_cig, want_csf, want_wcig = oracle(rows, priors, accuracies)
    names = [f"c{j}" for j in range(d)]
    for measure, want in (("cig", want_cig), ("csf", want_csf), ("wcig", want_wcig)):
        got = factors.measure(measure).df()
        assert got["row"].tolist() == list(range(n))
        np.testing.assert_allclose(got[names].to_numpy(float), want, rtol=0, atol=1e-9, err_msg=measure)
        result = factors.measure(measure)
        np.testing.assert_allclose(rig(result).df()["rig"].to_numpy(float), want.sum(axis=1), atol=1e-9)
        got_fig = fig(result).df()
        assert got_fig["column"].tolist() == names
        np.testing.assert_allclose(got_fig["fig"].to_numpy(float), want.sum(axis=0), atol=1e-9)
        for p in (0, 37.5, 95, 100):
            assert pif(result, p) == pytest.approx(np.percentile(want.sum(axis=1), p), abs=1e-9)
    pd.testing.assert_frame_equal(df, original)  # input untouched
    assert given_priors == given_priors_copy


def test_multiword_patterns_and_key_column():
    # 10 columns of ~150 distinct values (8 bits each) need more than one 63-bit key word
    rng = random.Random(7)
    n = 200
    rows = [tuple(rng.randint(0, 1000) if j < 9 else rng.randint(0, 1) for j in range(10)) for _ in range(n)]
    rows[5] = rows[6]
    df = pd.DataFrame({f"c{j}": [r[j] for r in rows] for j in range(10)})
    df.insert(0, "id", [f"p{i}" for i in range(n)])
    factors = information_factors(df, key="id", accuracies={"c9": 0.8})
    assert len(factors.frame.words) > 1
    want_cig, want_csf, _ = oracle(rows, {}, {9: 0.8})
    got = factors.cig().df()
    assert got.columns[0] == "id" and got["id"].tolist() == df["id"].tolist()
    np.testing.assert_allclose(got[[f"c{j}" for j in range(10)]].to_numpy(float), want_cig, atol=1e-9)
    np.testing.assert_allclose(factors.csf().df()[[f"c{j}" for j in range(10)]].to_numpy(float), want_csf, atol=1e-9)


def test_prior_example_from_docs_and_key_types():
    # piflib docs: gender prior 0.51 / 0.49; the prior of an int column may use int or str keys
    df = pd.DataFrame(
        {
            "gender": ["male", "female", "male", "male"],
            "eye": ["blue", "blue", "green", "green"],
            "age": [30, 30, 41, 41],
        }
    )
    rows = list(df.itertuples(index=False, name=None))
    priors = {0: {"male": 0.51, "female": 0.49}, 2: {30: 0.25, 41: 0.5, 50: 0.25}}
    want_cig, want_csf, _ = oracle(rows, priors, {2: 0.7})
    for age_prior in ({30: 0.25, 41: 0.5, 50: 0.25}, {"30": 0.25, "41": 0.5, "50": 0.25}):
        got = information_factors(df, priors={"gender": priors[0], "age": age_prior}, accuracies={"age": 0.7})
        np.testing.assert_allclose(got.cig().df()[["gender", "eye", "age"]].to_numpy(float), want_cig, atol=1e-12)
        np.testing.assert_allclose(got.csf().df()[["gender", "eye", "age"]].to_numpy(float), want_csf, atol=1e-12)


def test_null_prior_key_and_dropna():
    a, b = ["x", None, "x", None, "y"], [1, 1, 2, 2, 2]
    df = pd.DataFrame({"a": pd.array(a, dtype=object), "b": b})
    rows = list(zip(a, b))
    prior = {"x": 0.5, None: 0.3, "y": 0.2}
    want, _, _ = oracle(rows, {0: prior}, {})
    got = cig(df, priors={"a": prior}).df()
    np.testing.assert_allclose(got[["a", "b"]].to_numpy(float), want, atol=1e-12)
    dropped = cig(df, dropna=True).df()
    assert dropped["row"].tolist() == [0, 2, 4]
    kept = [rows[i] for i in (0, 2, 4)]
    np.testing.assert_allclose(dropped[["a", "b"]].to_numpy(float), oracle(kept, {}, {})[0], atol=1e-12)


def test_column_expressions_and_weights():
    df = pd.DataFrame({"age": [21, 25, 33, 38, 45, 47], "sex": ["f", "m", "f", "m", "f", "f"]})
    factors = information_factors(df, columns=[{"decade": "age // 10"}, "sex"])
    rows = [(a // 10, s) for a, s in zip(df["age"], df["sex"])]
    np.testing.assert_allclose(
        factors.cig().df()[["decade", "sex"]].to_numpy(float), oracle(rows, {}, {})[0], atol=1e-12
    )
    w = factors.weights().df()
    assert w["column"].tolist() == ["decade", "sex"]
    h = _entropy([r[0] for r in rows])
    assert w["entropy"][0] == pytest.approx(h, abs=1e-12)
    assert w["conditional_entropy"][0] == pytest.approx(_entropy(rows) - _entropy([r[1] for r in rows]), abs=1e-12)


def test_constant_column_has_zero_weight_and_cig():
    df = pd.DataFrame({"a": [1, 1, 1], "b": [1, 2, 3]})
    f = information_factors(df)
    assert f.weights().df()["weight"].tolist() == [0.0, 1.0]
    assert f.wcig().df()["a"].tolist() == [0.0, 0.0, 0.0]
    assert f.cig().df()["a"].tolist() == [0.0, 0.0, 0.0]


def test_top_rows_and_result_interface(tmp_path):
    result = cig(EXAMPLE)
    top = top_rows(result, 3).df()
    assert top["row"].tolist() == [0, 6, 4]
    assert top.columns.tolist() == ["row", "rig", "gender", "name", "eye_color"]
    assert top["name"].tolist() == ["Anton", "Charlie", "Emil"]
    out = result.to_parquet(tmp_path / "cig.parquet")
    back = pd.read_parquet(out)
    pd.testing.assert_frame_equal(back, result.df())
    assert result.arrow().num_rows == 7
    assert "sqlpriv_pif_kl_term" in result.sql or "sqlpriv_pif_xlog2x" in result.sql


# ---------------------------------------------------------------- bad input


def _raises(exc, match, fn, *args, **kwargs):
    with pytest.raises(exc, match=match):
        fn(*args, **kwargs)


def test_prior_missing_observed_value_names_column_and_value():
    _raises(ParameterError, r"column 'eye_color'.*'green'", cig, EXAMPLE, priors={"eye_color": {"blue": 1.0}})


def test_prior_not_summing_to_one():
    _raises(ParameterError, r"'gender' sums to 0\.9", cig, EXAMPLE, priors={"gender": {"male": 0.5, "female": 0.4}})


def test_prior_negative_entry():
    _raises(ParameterError, r"'gender'.*negative", cig, EXAMPLE, priors={"gender": {"male": 1.2, "female": -0.2}})


def test_prior_zero_for_observed_value():
    _raises(
        ParameterError,
        r"'gender'.*probability 0.*'female'",
        cig,
        EXAMPLE,
        priors={"gender": {"male": 1.0, "female": 0.0}},
    )


def test_prior_key_of_wrong_type_and_duplicate():
    df = pd.DataFrame({"a": [1, 2], "b": [1, 1]})
    _raises(ParameterError, r"'a'.*'one'.*not a BIGINT", cig, df, priors={"a": {1: 0.5, 2: 0.25, "one": 0.25}})
    _raises(ParameterError, r"'a'.*'1'.*more than once", cig, df, priors={"a": {1: 0.25, "1": 0.25, 2: 0.5}})


@pytest.mark.parametrize("bad", [0, 0.0, -0.5, 1.5, True, "0.8", float("nan")])
def test_accuracy_outside_range(bad):
    _raises(
        ParameterError,
        r"accuracy of column 'name' must be a number in \(0, 1\]",
        cig,
        EXAMPLE,
        accuracies={"name": bad},
    )


def test_prior_or_accuracy_for_column_not_analysed():
    _raises(
        ColumnError,
        r"priors names the column 'name', which is not analysed",
        cig,
        EXAMPLE,
        columns=["gender", "eye_color"],
        priors={"name": {"x": 1.0}},
    )
    _raises(ColumnError, r"accuracies names the column 'age'", cig, EXAMPLE, accuracies={"age": 0.5})


def test_fewer_than_two_columns():
    _raises(ColumnError, r"at least 2 analysed columns.*leave-one-out", cig, EXAMPLE, columns=["gender"])


def test_empty_table():
    _raises(EmptyInputError, r"no rows", cig, EXAMPLE.iloc[:0])


def test_bad_summary_arguments():
    _raises(ParameterError, r"percentile", pif, cig(EXAMPLE), 101)
    _raises(ParameterError, r"rig\(\) needs the result", rig, EXAMPLE)


# ---------------------------------------------------------------- properties

from hypothesis import given, settings
from hypothesis import strategies as st


@pytest.mark.filterwarnings("ignore::sqlpriv.errors.SqlprivWarning")
@settings(max_examples=10, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from("abc"), st.integers(0, 2), st.sampled_from([None, "x"])), min_size=1, max_size=25
    ),
    st.randoms(use_true_random=False),
)
def test_properties_bounds_and_row_order(rows, rnd):
    """CIG >= 0, 0 <= CSF <= 1, 0 <= wCIG <= CIG, and shuffling rows only permutes the per-row values."""
    df = pd.DataFrame(
        {"a": [r[0] for r in rows], "b": [r[1] for r in rows], "c": pd.array([r[2] for r in rows], dtype=object)}
    )
    f = information_factors(df)
    values = {m: f.measure(m).df()[["a", "b", "c"]].to_numpy(float) for m in ("cig", "csf", "wcig")}
    assert (values["cig"] >= 0).all()
    assert ((values["csf"] >= 0) & (values["csf"] <= 1 + 1e-12)).all()
    assert (values["wcig"] >= 0).all() and (values["wcig"] <= values["cig"] + 1e-12).all()
    order = list(range(len(rows)))
    rnd.shuffle(order)
    shuffled = information_factors(df.iloc[order].reset_index(drop=True))
    for m, v in values.items():
        np.testing.assert_allclose(shuffled.measure(m).df()[["a", "b", "c"]].to_numpy(float), v[order], atol=1e-12)


def test_single_row_is_all_zero():
    with pytest.warns(Warning, match="single row"):
        got = cig(pd.DataFrame({"a": [1], "b": ["x"]})).df()
    assert got[["a", "b"]].values.tolist() == [[0.0, 0.0]]


def test_odd_column_names_are_quoted():
    names = ['a "b"', "it's", "row", "rig"]
    values = [[1, 1, 2, 2], ["x", "y", "x", "x"], [0, 0, 0, 1], [1, 2, 3, 3]]
    df = pd.DataFrame(dict(zip(names, values)))
    rows = list(zip(*values))
    prior = {"x": 0.7, "y": 0.3}
    result = cig(df, priors={"it's": prior})
    got = result.df()
    assert list(got.columns) == ["_row"] + names
    want = oracle(rows, {1: prior}, {})[0]
    np.testing.assert_allclose(got[names].to_numpy(float), want, atol=1e-12)
    top = top_rows(result, 1).df()
    assert list(top.columns) == ["_row", "_rig"] + names
    assert top["_rig"][0] == pytest.approx(want.sum(axis=1).max(), abs=1e-12)
    assert list(rig(result).df().columns) == ["_row", "_rig"]
    assert fig(result).df()["column"].tolist() == names


def test_table_on_a_connection_and_expression_prior():
    import duckdb

    con = duckdb.connect()
    con.execute(
        "create table people as select * from (values ('m', 30, 'a'), ('f', 30, 'a'), ('m', 41, 'b'), ('m', 41, 'b')) t(sex, age, town)"
    )
    prior = {3: 0.5, 4: 0.5}  # on the expression age // 10, typed like the expression
    got = cig("people", columns=["sex", {"decade": "age // 10"}, "town"], priors={"decade": prior}, con=con).df()
    rows = [("m", 3, "a"), ("f", 3, "a"), ("m", 4, "b"), ("m", 4, "b")]
    np.testing.assert_allclose(
        got[["sex", "decade", "town"]].to_numpy(float), oracle(rows, {1: prior}, {})[0], atol=1e-12
    )
    assert con.execute("select count(*) from people").fetchone()[0] == 4
