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
