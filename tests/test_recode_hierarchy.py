"""sdcMicro's globalRecode break rules (equidistant, logEqui, equalAmount) as generalization
hierarchies: every released label against breaks computed here with numpy (R's seq, round and
type-7 quantiles) and R's cut labels written out here (docs/measures.md §12)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.cli import main
from sqlpriv.generalize.hierarchy import HierarchyError


def _oracle_breaks(method: str, b: int, x: np.ndarray) -> np.ndarray:
    """R: seq(min - 1, max + 1, length.out = b + 1) (numpy's linspace: the same lo + i * step),
    rounded half to even unless two breaks coincide; logEqui on log(x); equalAmount the type-7
    quantiles (numpy's linear), repeated ones dropped."""
    lo, hi = x.min(), x.max()
    if b == 1:
        return np.array([lo - 1, hi + 1])
    if method == "equalAmount":
        q = np.unique(np.quantile(x, np.arange(b + 1) / b))
        return q if len(q) > 1 else np.array([lo - 1, hi + 1])
    if method == "logEqui":
        br = np.exp(np.linspace(np.log(lo) - 1, np.log(hi) + 1, b + 1))
    else:
        br = np.linspace(lo - 1, hi + 1, b + 1)
    r = np.round(br)
    return r if len(np.unique(r)) == len(r) else br


def _oracle_labels(x: np.ndarray, br: np.ndarray) -> list[str]:
    """R's cut(x, br, include.lowest = TRUE, dig.lab = 8) labels, value by value."""
    text = ["%.8g" % (0.0 + v) for v in br]  # R formats 0 + breaks: -0 prints as 0
    out = []
    for v in x:
        i = max(int(np.searchsorted(br, v, side="left")), 1)  # the first break >= v closes its interval
        out.append(("[" if i == 1 else "(") + f"{text[i - 1]},{text[i]}]")
    return out


def _released(df: pd.DataFrame, spec: object, level: int = 1) -> list[str]:
    g = sqlpriv.generalize(df, hierarchies={"x": spec}, k=1)
    return [str(v) for v in g.apply({"x": level}).df()["x"]]


@pytest.mark.parametrize("method", ["equidistant", "logEqui", "equalAmount"])
@pytest.mark.parametrize("seed", range(6))
def test_labels_match_numpy_breaks(method: str, seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 200))
    x = rng.lognormal(3, 1.2, n) if seed % 2 else rng.integers(1, 120, n).astype(float)
    df = pd.DataFrame({"x": x})
    for level, b in enumerate((9, 4, 1), start=1):
        spec = f"{method}:{b}"  # one level each: nesting of the levels is the search's check
        assert _released(df, spec) == _oracle_labels(x, _oracle_breaks(method, b, x)), (method, b, level)


def test_nested_levels_and_search() -> None:
    x = np.arange(1.0, 101.0)
    df = pd.DataFrame({"x": x, "y": np.tile(["a", "b"], 50)})
    h = sqlpriv.hierarchy.equidistant(4, 2)  # 4 -> 2 equal intervals over [0, 101]: nested breaks
    g = sqlpriv.generalize(df, hierarchies={"x": h, "y": {"a": ["*"], "b": ["*"]}}, k=20)
    out = g.apply({"x": 2, "y": 0}).df()
    br = _oracle_breaks("equidistant", 2, x)
    assert list(out["x"]) == _oracle_labels(x, br)
    assert g.best is not None
    sizes = g.apply(g.best).df().groupby(["x", "y"]).size()
    assert sizes.min() >= 20


def test_missing_and_non_finite_keep_their_key() -> None:
    df = pd.DataFrame({"x": [1.0, 2.0, 3.0, None, float("nan"), 10.0]})
    got = _released(df, "equidistant:2")
    finite = np.array([1.0, 2.0, 3.0, 10.0])
    want = _oracle_labels(finite, _oracle_breaks("equidistant", 2, finite))
    assert [got[i] for i in (0, 1, 2, 5)] == want
    assert got[3] == ""  # a missing value: '' at every level, as intervals()
    assert got[4] == ""  # pandas NaN reaches DuckDB as a missing value


def test_cli_equidistant(tmp_path, capsys) -> None:
    x = np.arange(1, 41)
    pd.DataFrame({"age": x, "sex": np.tile(["m", "f"], 20)}).to_csv(tmp_path / "d.csv", index=False)
    out = tmp_path / "out.csv"
    rc = main(
        [
            "anonymize",
            str(tmp_path / "d.csv"),
            "--hierarchy",
            "age=equidistant:4",
            "--hierarchy",
            "sex=rare:100",
            "--k",
            "5",
            "-o",
            str(out),
        ]
    )
    assert rc == 0
    got = pd.read_csv(out)
    labels = set(_oracle_labels(x.astype(float), _oracle_breaks("equidistant", 4, x.astype(float))))
    assert set(got["age"].astype(str)) <= labels | {"*"}
    assert got.groupby(["age", "sex"]).size().min() >= 5


@pytest.mark.parametrize(
    "spec, words",
    [("equidistant:0", "whole numbers >= 1"), ("equalAmount:3,5", "must decrease"), ("logEqui:2.5", "whole numbers")],
)
def test_bad_specs(spec: str, words: str) -> None:
    with pytest.raises(HierarchyError, match=words):
        sqlpriv.hierarchy.from_spec(spec)


def test_log_of_non_positive_and_text_refused() -> None:
    with pytest.raises(HierarchyError, match="log"):
        _released(pd.DataFrame({"x": [0.0, 1.0, 5.0]}), "logEqui:2")
    with pytest.raises(HierarchyError, match="computes on a number"):
        _released(pd.DataFrame({"x": ["a", "b"]}), "equidistant:2")
