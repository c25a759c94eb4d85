"""Issue 46: ``entity=`` (several rows per person: panel data) counts classes in persons, not rows,
beyond the risk and uniques families: the request gate's ``min_k``. Each figure against a brute
force written here (pandas groupby on the entities)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main
from sqlpriv.errors import ColumnError, ParameterError


def panel(seed: int = 0, people: int = 40) -> pd.DataFrame:
    """A panel: each person 1 to 5 rows (years), a sex and an age band that never change, a
    region that may, a wage per row."""
    rng = np.random.default_rng(seed)
    rows = []
    for pid in range(people):
        sex, band = rng.choice(["f", "m"]), int(rng.integers(2, 6)) * 10
        for year in range(int(rng.integers(1, 6))):
            rows.append((pid, 2000 + year, sex, band, str(rng.choice(["n", "s", "e"])), int(rng.integers(1, 4))))
    return pd.DataFrame(rows, columns=["pid", "year", "sex", "band", "region", "wage"])


def smallest_in_entities(df: pd.DataFrame, qis: list[str], entity: str) -> int:
    return int(df.groupby(qis, dropna=False)[entity].nunique().min())


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("qis", [["sex", "band"], ["sex", "band", "region"]])
def test_request_min_k_counts_entities(seed, qis):
    df = panel(seed)
    want = smallest_in_entities(df, qis, "pid")
    rows = int(df.groupby(qis, dropna=False).size().min())
    for min_k in (want, want + 1):
        a = sqlpriv.assess_request(df, qis, min_k=min_k, entity="pid", on_violation="reject", approve=0.0, reject=0.0)
        assert a.joint["smallest_class_entities"] == want
        assert a.joint["smallest_class"] == rows  # the row figures are unchanged
        assert ("min_k" in a.violated_rules) == (want < min_k)
        assert a.decision == ("reject" if want < min_k else "approve")
        if want < min_k:
            assert f"has {want} entit" in a.reason and "distinct pid" in a.reason


def test_request_min_k_in_entities_differs_from_rows():
    """One person with four rows in a class of their own: rows say 4, persons say 1."""
    df = pd.DataFrame({"pid": [1, 1, 1, 1, 2, 3], "age": [30, 30, 30, 30, 40, 40]})
    rows = sqlpriv.assess_request(df, ["age"], min_k=2, on_violation="reject", approve=0.0, reject=0.0)
    assert rows.decision == "approve" and rows.joint["smallest_class"] == 2
    people = sqlpriv.assess_request(df, ["age"], min_k=2, entity="pid", on_violation="reject", approve=0.0, reject=0.0)
    assert people.decision == "reject" and people.joint["smallest_class_entities"] == 1
    assert people.policy["entity"] == "pid"


def test_request_entity_with_dropna_and_weighted_fields():
    df = panel(3)
    df.loc[df.index[:7], "region"] = None
    kept = df.dropna(subset=["sex", "band", "region"])
    a = sqlpriv.assess_request(
        df, ["sex", "band", "region"], weights={"region": 0.5}, min_k=99, entity="pid", dropna=True
    )
    assert a.joint["smallest_class_entities"] == smallest_in_entities(kept, ["sex", "band"], "pid")


def test_request_entity_refusals():
    df = panel(0)
    with pytest.raises(ParameterError, match="give min_k"):
        sqlpriv.assess_request(df, ["sex"], entity="pid")
    with pytest.raises(ColumnError, match="both the entity and a requested field"):
        sqlpriv.assess_request(df, ["sex", "pid"], entity="pid", min_k=2)
    with pytest.raises(sqlpriv.errors.SqlprivError, match="nope"):
        sqlpriv.assess_request(df, ["sex"], entity="nope", min_k=2)
    df.loc[0, "pid"] = None
    with pytest.raises(ParameterError, match="NULL"):
        sqlpriv.assess_request(df, ["sex"], entity="pid", min_k=2).decision


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_request_cli_entity(tmp_path):
    df = pd.DataFrame({"pid": [1, 1, 1, 1, 2, 3], "age": [30, 30, 30, 30, 40, 40]})
    path = tmp_path / "p.csv"
    df.to_csv(path, index=False)
    base = ("request", str(path), "-c", "age", "--min-k", "2", "--on-violation", "reject", "--approve", "0")
    code, _, err = cli(*base, "--reject", "0")
    assert code == 0, err
    code, out, err = cli(*base, "--reject", "0", "--entity", "pid")
    assert code == 4, err


def disclosure_oracle(df: pd.DataFrame, qis: list[str], sens: str, entity: str) -> pd.DataFrame:
    """Per class: n (distinct entities, each (entity, value) once), l, alpha, equal-distance t."""
    pairs = df[[entity, *qis, sens]].drop_duplicates()
    whole = pairs[sens].value_counts(normalize=True)
    out = []
    for values, g in pairs.groupby(qis, dropna=False):
        share = g[sens].value_counts(normalize=True).reindex(whole.index, fill_value=0.0)
        t = 0.5 * float((share - whole).abs().sum())
        out.append((*values, len(g), g[sens].nunique(), float(share.max()), t))
    return pd.DataFrame(out, columns=[*qis, "n", "l_diversity", "alpha", "t_closeness"])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_attribute_disclosure_counts_entities(seed):
    """The region a person lives in (sensitive) may change between years; a person's repeated
    (class, region) rows count once."""
    df = panel(seed)
    qis = ["sex", "band"]
    want = disclosure_oracle(df, qis, "region", "pid").sort_values(qis).reset_index(drop=True)
    got = sqlpriv.attribute_disclosure(df, qis, sensitive="region", entity="pid").classes().df()
    got = got.sort_values(qis).reset_index(drop=True)
    assert got["n"].tolist() == want["n"].tolist()
    assert got["l_diversity"].tolist() == want["l_diversity"].tolist()
    assert np.allclose(got["alpha"], want["alpha"], atol=1e-12)
    assert np.allclose(got["t_closeness"], want["t_closeness"], atol=1e-12)
    summary = sqlpriv.attribute_disclosure(df, qis, sensitive="region", entity="pid").summary().df().iloc[0]
    assert summary["k"] == int(want["n"].min())
    rows = sqlpriv.attribute_disclosure(df, qis, sensitive="region").summary().df().iloc[0]
    assert rows["k"] == int(df.groupby(qis).size().min())  # without entity: rows, as before


def test_attribute_disclosure_entity_per_person_value():
    """A person with 3 rows alone in a class: k 1 with entity (3 without)."""
    df = pd.DataFrame({"pid": [1, 1, 1, 2, 3], "age": [30, 30, 30, 40, 40], "dx": ["a", "a", "a", "a", "b"]})
    with_entity = sqlpriv.attribute_disclosure(df, ["age"], sensitive="dx", entity="pid").summary().df()
    assert with_entity["k"].tolist() == [1]
    assert sqlpriv.attribute_disclosure(df, ["age"], sensitive="dx").summary().df()["k"].tolist() == [2]
    with pytest.raises(ParameterError, match="key"):
        sqlpriv.attribute_disclosure(df, ["age"], sensitive="dx", entity="pid", key="pid")
    with pytest.raises(ColumnError, match="entity and a sensitive"):
        sqlpriv.attribute_disclosure(df, ["age"], sensitive="pid", entity="pid")
    df.loc[0, "pid"] = None
    with pytest.raises(ParameterError, match="NULL"):
        sqlpriv.attribute_disclosure(df, ["age"], sensitive="dx", entity="pid")


def test_disclosure_cli_entity(tmp_path):
    df = pd.DataFrame({"pid": [1, 1, 1, 2, 3], "age": [30, 30, 30, 40, 40], "dx": ["a", "a", "a", "a", "b"]})
    path = tmp_path / "p.csv"
    df.to_csv(path, index=False)
    code, out, err = cli(
        "disclosure", str(path), "-c", "age", "--sensitive", "dx", "--entity", "pid", "--format", "json"
    )
    assert code in (0, 3), err
    assert json.dumps(json.loads(out)).count('"k": 1') >= 1


def test_anonymize_cli_takes_c_and_key(tmp_path):
    """Issue 46: ``-c`` names the quasi-identifiers (each with a --hierarchy) and ``--key`` the row
    key, as the other commands take them; the release is k-anonymous on the named columns."""
    df = pd.DataFrame(
        {"id": range(12), "age": [21, 22, 25, 27, 31, 33, 35, 38, 41, 44, 47, 49], "sex": list("fmfmfmfmfmfm")}
    )
    path, out = tmp_path / "p.csv", tmp_path / "out.csv"
    df.to_csv(path, index=False)
    hier = ("--hierarchy", "age=intervals:5,10,20", "--hierarchy", "sex=rare:100")
    code, _, err = cli("anonymize", str(path), "-c", "age,sex", "--key", "id", *hier, "--k", "3", "-o", str(out))
    assert code == 0, err
    released = pd.read_csv(out)
    assert released["id"].tolist() == list(range(12))  # the key carried as it is
    assert int(released.groupby(["age", "sex"]).size().min()) >= 3  # brute-force k on the release
    code, _, err = cli("anonymize", str(path), "-c", "age", *hier, "--k", "3")
    assert code != 0 and "which -c does not name" in err
    code, _, err = cli("anonymize", str(path), "-c", "age,id", *hier, "--k", "3")
    assert code != 0 and "'id' without a --hierarchy" in err
    code, _, err = cli("anonymize", str(path), "--key", "age", *hier, "--k", "3")
    assert code != 0 and "also a quasi-identifier" in err
    code, _, err = cli("anonymize", str(path), "--key", "nope", *hier, "--k", "3")
    assert code != 0 and "nope" in err


# --------------------------------------------------------------------------- generalize / anonymize with entity=


def entity_k(released: pd.DataFrame, qis: list[str], entity: str, suppressed: bool = False) -> int:
    """The smallest class of the released records (with ``suppressed``: of those not suppressed,
    every quasi-identifier ``*``), in distinct entities (brute force)."""
    kept = released[~(released[qis] == "*").all(axis=1)] if suppressed else released
    return int(kept.groupby(qis, dropna=False)[entity].nunique().min()) if len(kept) else 0


def sex_hierarchy():
    return {"f": ["*"], "m": ["*"]}


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)])
def test_generalize_k_counts_entities(seed):
    """Every lattice node's "meets k" equals the brute force in entities on its released rows; the
    best node meets it and no node below it does (loss is monotone); its release holds k entities
    in every class. Rows alone would accept a lower node (a person's repeated rows are not k people)."""
    df = panel(seed, people=30).drop(columns=["region"])
    df["age"] = df["band"] + df["pid"] % 10
    hier = {"age": sqlpriv.hierarchy.intervals(5, 10, 20), "sex": sex_hierarchy()}
    k = 3
    g = sqlpriv.generalize(df, hier, k=k, entity="pid", evaluate="all")
    assert g.n == df["pid"].nunique() and g.rows == len(df)
    cands = g.candidates().df()
    meets = {}
    for _, c in cands.iterrows():
        node = {"age": int(c["age"]), "sex": int(c["sex"])}
        meets[(node["age"], node["sex"])] = entity_k(g.apply(levels=node).df(), ["age", "sex"], "pid") >= k
        assert bool(c["meets_policy"]) == meets[(node["age"], node["sex"])], node
    best = (g.best["age"], g.best["sex"])
    assert meets[best]
    assert not any(m for node, m in meets.items() if node != best and node[0] <= best[0] and node[1] <= best[1])
    assert entity_k(g.apply().df(), ["age", "sex"], "pid") >= k
    rows = sqlpriv.generalize(df, hier, k=k)
    assert (rows.best["age"], rows.best["sex"]) != best or entity_k(rows.apply().df(), ["age", "sex"], "pid") >= k


def test_generalize_entity_differs_from_rows_and_suppresses_in_entities(tmp_path):
    """Each person has two or three rows of one age: k = 2 holds on rows at the raw ages, not on
    persons; with a suppression limit, the suppressed share is one of entities."""
    df = pd.DataFrame({"pid": [1, 1, 1, 2, 2, 3, 3, 4, 4], "age": [31, 31, 31, 33, 33, 36, 36, 38, 38], "x": range(9)})
    hier = {"age": sqlpriv.hierarchy.intervals(5, 10)}
    assert sqlpriv.generalize(df, hier, k=2).best == {"age": 0}
    g = sqlpriv.generalize(df, hier, k=2, entity="pid")
    assert g.best == {"age": 1}
    released = g.apply().df()
    assert entity_k(released, ["age"], "pid") == 2 and released["x"].tolist() == list(range(9))
    path = tmp_path / "p.csv"  # a file: released from the search's tables, verified when written
    df = pd.concat([df, pd.DataFrame({"pid": [5, 5, 5], "age": [50, 50, 50], "x": [9, 10, 11]})], ignore_index=True)
    df.to_csv(path, index=False)
    g = sqlpriv.generalize(str(path), hier, k=3, entity="pid", suppression_limit=0.5)
    out = g.apply().write(tmp_path / "out.csv")
    written = pd.read_csv(out, dtype=str)
    assert entity_k(written, ["age"], "pid", suppressed=True) >= 3 or (written["age"] == "*").all()
    suppressed = written[written["age"] == "*"]["pid"].nunique()
    assert suppressed <= 0.5 * df["pid"].nunique()
    assert set(written[written["age"] == "*"]["pid"]) == {"5"}  # three rows, one person: suppressed
    assert g.n == 5 and g.rows == 12


def test_generalize_entity_refusals():
    df = pd.DataFrame({"pid": [1, 1, 2], "age": [30, 31, 40]})
    hier = {"age": sqlpriv.hierarchy.intervals(5, 10)}
    with pytest.raises(ParameterError, match="different values of the quasi-identifiers"):
        sqlpriv.generalize(df, hier, entity="pid")
    with pytest.raises(ColumnError, match="entity and a quasi-identifier"):
        sqlpriv.generalize(df, {"pid": sqlpriv.hierarchy.intervals(5, 10)}, entity="pid")
    df = pd.DataFrame({"pid": [1, None, 2], "age": [30, 31, 40]})
    with pytest.raises(ParameterError, match="NULL"):
        sqlpriv.generalize(df, hier, entity="pid")


def test_anonymize_cli_entity(tmp_path):
    df = pd.DataFrame({"pid": [1, 1, 1, 2, 2, 3, 3, 4, 4], "age": [31, 31, 31, 33, 33, 36, 36, 38, 38]})
    path, out = tmp_path / "p.csv", tmp_path / "out.csv"
    df.to_csv(path, index=False)
    args = ("anonymize", str(path), "--hierarchy", "age=intervals:5,10", "--k", "2", "-o", str(out))
    code, _, err = cli(*args, "--entity", "pid", "--format", "json")
    assert code == 0, err
    assert entity_k(pd.read_csv(out, dtype=str), ["age"], "pid") == 2
    code, printed, err = cli(*args, "--format", "json")
    assert code == 0 and json.loads(printed)["best_node"][0]["age"] == 0  # rows: the raw ages


def compare_oracle(before: pd.DataFrame, released: pd.DataFrame, qis: list[str], entity: str) -> dict[str, float]:
    """compare()'s figures in entities (brute force): the source's classes, and the released
    records' that are not suppressed (every quasi-identifier '*'), each class sized in distinct
    entities; unique share over all entities, average risk over the kept ones."""
    want = {}
    suppressed = (released[qis] == "*").all(axis=1)
    for side, df, kept in (("before", before, before), ("after", released, released[~suppressed])):
        sizes = kept.groupby(qis, dropna=False)[entity].nunique()
        units = df[entity].nunique()
        want[side] = {
            "rows": len(df),
            "suppressed_rows": int(suppressed.sum()) if side == "after" else 0,
            "entities": units,
            "suppressed_entities": released[suppressed][entity].nunique() if side == "after" else 0,
            "classes": len(sizes),
            "smallest_class (k)": sizes.min(),
            "unique_share": (sizes == 1).sum() / units,
            "average_risk": len(sizes) / sizes.sum(),
            "highest_risk": 1 / sizes.min(),
        }
    return want


@pytest.mark.parametrize("seed", [0, 1])
def test_generalize_compare_counts_entities(seed):
    """compare()'s before/after table counted rows while the search and the release count
    entities: its class figures are now in distinct entities (oracle: pandas on the source and the
    release of each node), with the rows entities / suppressed_entities and counted_in naming the
    unit; without entity= the figures stay rows."""
    df = panel(seed, people=30).drop(columns=["region"])
    df["age"] = df["band"] + df["pid"] % 10
    hier = {"age": sqlpriv.hierarchy.intervals(5, 10, 20), "sex": sex_hierarchy()}
    g = sqlpriv.generalize(df, hier, k=3, entity="pid", suppression_limit=0.3)
    suppressed = 0
    for levels in ({"age": 1, "sex": 0}, {"age": 2, "sex": 1}, dict(g.best)):
        table = g.compare(levels, measures=False).df().set_index("figure")
        want = compare_oracle(df, g.apply(levels).df(), ["age", "sex"], "pid")
        suppressed += want["after"]["suppressed_entities"]
        for figure, value in want["before"].items():
            assert table.loc[figure, "before"] == pytest.approx(value, abs=1e-12), (levels, figure)
            assert table.loc[figure, "after"] == pytest.approx(want["after"][figure], abs=1e-12), (levels, figure)
        assert table.loc["counted_in", "after_decision"] == "distinct pid"
    assert want["before"]["smallest_class (k)"] == 1 and want["before"]["entities"] < len(df) and suppressed > 0
    rows = sqlpriv.generalize(df, hier, k=3).compare({"age": 1, "sex": 0}, measures=False).df().set_index("figure")
    assert "counted_in" not in rows.index and "entities" not in rows.index
    assert rows.loc["smallest_class (k)", "before"] == df.groupby(["age", "sex"]).size().min()
