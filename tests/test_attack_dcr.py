"""sqlpriv.dcr (docs/measures.md §11.6) against a brute force written here in numpy from SDMetrics'
and synthcity's definitions, on random tables with ties and NULLs, and small hand-checked examples."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sqlpriv.attacks.dcr import MEASURES, dcr
from sqlpriv.errors import ColumnError, ParameterError


def _table(rng: np.random.Generator, n: int) -> pd.DataFrame:
    df = pd.DataFrame(
        {
            "x": rng.integers(0, 4, n).astype(float),
            "y": rng.integers(0, 3, n).astype(float) * 2.5,
            "c": rng.choice(["a", "b", "c"], n).astype(object),
            "k": np.full(n, 7.0),  # constant: SDMetrics' range 0
        }
    )
    for col in ("x", "c", "k"):
        df.loc[rng.random(n) < 0.15, col] = None
    return df


NUMERIC = {"x": True, "y": True, "c": False, "k": True}


def _distances(data: pd.DataFrame, reference: pd.DataFrame, ranges: pd.DataFrame) -> np.ndarray:
    """SDMetrics' DCR distance of every (data row, reference row): the mean over the columns."""
    total = np.zeros((len(data), len(reference)))
    for c in data.columns:
        a = data[c].to_numpy(dtype=object)[:, None]
        b = reference[c].to_numpy(dtype=object)[None, :]
        na, nb = pd.isna(a), pd.isna(b)
        if NUMERIC[c]:
            col = ranges[c].dropna().astype(float)
            r = col.max() - col.min()
            af = np.where(na, 0.0, a).astype(float)
            bf = np.where(nb, 0.0, b).astype(float)
            diff = np.abs(af - bf)
            term = (diff > 0).astype(float) if r == 0 else np.minimum(diff / r, 1.0)
        else:
            term = (a != b).astype(float)
        term = np.where(na & nb, 0.0, np.where(na | nb, 1.0, term))
        total += term
    return total / data.shape[1]


def _copies(syn: pd.DataFrame, ori: pd.DataFrame) -> np.ndarray:
    key = lambda df: [tuple("<NULL>" if pd.isna(v) else v for v in row) for row in df.itertuples(index=False)]  # noqa: E731
    seen = set(key(ori))
    return np.array([k in seen for k in key(syn)])


def _oracle(ori: pd.DataFrame, syn: pd.DataFrame, ctl: pd.DataFrame) -> tuple[dict[str, float], pd.DataFrame]:
    d = np.sort(_distances(syn, ori, ori), axis=1)
    d1, d2 = d[:, 0], d[:, 1]
    nndr = np.where(d2 == 0, 0.0, d1 / np.where(d2 == 0, 1.0, d2))
    dh = _distances(syn, ctl, ctl).min(axis=1)
    closer = float(np.mean(d1 < dh))
    own = np.sort(_distances(ori, ori, ori), axis=1)[:, 1]
    to_syn = _distances(ori, syn, ori).min(axis=1)
    copies = _copies(syn, ori)
    figures = {
        "dcr_median": float(np.median(d1)),
        "dcr_min": float(d1.min()),
        "nndr_median": float(np.median(nndr)),
        "exact_copy_share": float(copies.mean()),
        "dcr_closer_to_training": closer,
        "dcr_overfitting_protection": min(2 * (1 - closer), 1.0),
        "identifiability": float(np.mean(to_syn < own)),
    }
    rows = pd.DataFrame({"dcr": d1, "dcr_second": d2, "nndr": nndr, "copy": copies, "dcr_holdout": dh})
    return figures, rows


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_figure_equals_brute_force_with_ties_and_nulls(seed: int) -> None:
    rng = np.random.default_rng(seed)
    ori, syn, ctl = _table(rng, 30), _table(rng, 25), _table(rng, 12)
    syn.iloc[:4] = ori.iloc[:4].to_numpy()  # exact copies, NULLs included
    out = dcr(ori, syn, control=ctl)
    want, rows = _oracle(ori, syn, ctl)
    for m, v in want.items():
        assert out.figures[m] == pytest.approx(v, abs=1e-9), m
    got = out.per_row().df()
    assert list(got["row"]) == list(range(len(syn)))
    for c in ("dcr", "dcr_second", "nndr", "dcr_holdout"):
        np.testing.assert_allclose(got[c].to_numpy(float), rows[c].to_numpy(float), atol=1e-9, err_msg=c)
    assert list(got["copy"]) == list(rows["copy"])
    assert list(got["closer_to_training"]) == list(rows["dcr"] < rows["dcr_holdout"])
    base = out.figures["dcr_baseline_random_median"]
    assert base is not None and base > 0 and out.random_rows is not None
    rand = out.random_rows.df().drop(columns="__sqlpriv_pos")[list(ori.columns)]
    assert len(rand) == len(syn)
    assert base == pytest.approx(float(np.median(_distances(rand, ori, ori).min(axis=1))), abs=1e-9)
    for c in ("x", "y"):  # drawn between the original's least and greatest value
        assert rand[c].dropna().between(ori[c].min(), ori[c].max()).all()
    assert set(rand["c"].dropna()) <= set(ori["c"].dropna())
    assert out.figures["dcr_baseline_protection"] == pytest.approx(min(want["dcr_median"] / base, 1.0), abs=1e-12)


def test_hand_checked_example() -> None:
    ori = pd.DataFrame({"a": [0.0, 10.0, 5.0], "b": ["x", "y", "x"]})
    syn = pd.DataFrame({"a": [0.0, 9.0, 20.0], "b": ["x", "x", None]})
    out = dcr(ori, syn, baseline=False)
    rows = out.per_row().df()
    # row 0 copies (0, x); row 1: (5, x) at 4/10 / 2 = 0.2, then (0, x) at 0.9 / 2 = 0.45;
    # row 2: 20 is beyond the range (clipped at 1) and b is NULL: (1 + 1) / 2 = 1 to every row
    assert rows["dcr"].round(12).tolist() == [0.0, 0.2, 1.0]
    assert rows["dcr_second"].round(12).tolist() == [0.25, 0.45, 1.0]
    assert rows["nndr"].round(12).tolist() == [0.0, round(0.2 / 0.45, 12), 1.0]
    assert rows["copy"].tolist() == [True, False, False]
    assert out.figures["exact_copy_share"] == pytest.approx(1 / 3)
    assert out.figures["dcr_median"] == pytest.approx(0.2)
    # own nearest other original: (0,x)->(5,x) 0.25, (10,y)->(5,x) 0.75, (5,x)->(0,x) 0.25;
    # nearest synthetic: 0, (9,x) (0.1 + 1) / 2 = 0.55, (9,x) 0.2: all three closer
    assert out.figures["identifiability"] == pytest.approx(1.0)
    assert out.figures["dcr_baseline_protection"] is None
    assert set(out.summary()["measure"]) == set(MEASURES)


def test_overfitting_protection_hand_checked() -> None:
    train = pd.DataFrame({"a": [0.0, 10.0]})
    hold = pd.DataFrame({"a": [4.0, 6.0]})
    syn = pd.DataFrame({"a": [0.0, 5.0, 9.0]})
    out = dcr(train, syn, control=hold, baseline=False, identifiability=False)
    # holdout range 2: 0 -> 4 is 2 / 2 clipped at 1; 5 -> 0.5; 9 -> 1 (clipped)
    rows = out.per_row().df()
    assert rows["dcr"].round(12).tolist() == [0.0, 0.5, 0.1]
    assert rows["dcr_holdout"].round(12).tolist() == [1.0, 0.5, 1.0]
    assert rows["closer_to_training"].tolist() == [True, False, True]
    assert out.figures["dcr_overfitting_protection"] == pytest.approx(min(2 * (1 - 2 / 3), 1.0))


def test_baseline_is_seeded_and_columns_select() -> None:
    rng = np.random.default_rng(5)
    ori, syn = _table(rng, 20), _table(rng, 20)
    a, b = dcr(ori, syn, seed=3), dcr(ori, syn, seed=3)
    assert a.figures == b.figures
    only = dcr(ori, syn, columns=["x", "c"], baseline=False, identifiability=False)
    want, _ = _oracle(ori[["x", "c"]], syn[["x", "c"]], ori[["x", "c"]])
    assert only.figures["dcr_median"] == pytest.approx(want["dcr_median"], abs=1e-12)


def test_bad_input() -> None:
    ori = pd.DataFrame({"a": [1.0, 2.0], "b": ["x", "y"]})
    with pytest.raises(ColumnError):
        dcr(ori, ori, columns=["nope"])
    with pytest.raises(ParameterError):
        dcr(ori, ori, columns=[])
    with pytest.raises(ColumnError):
        dcr(ori, ori.rename(columns={"b": "c"}))


def test_cli_figures_and_exit_codes(tmp_path, capsys) -> None:
    import json

    from sqlpriv.cli import main

    rng = np.random.default_rng(7)
    ori, syn = _table(rng, 20), _table(rng, 15)
    syn.iloc[:3] = ori.iloc[:3].to_numpy()
    ori.to_csv(tmp_path / "o.csv", index=False)
    syn.to_csv(tmp_path / "s.csv", index=False)
    argv = ["dcr", str(tmp_path / "o.csv"), str(tmp_path / "s.csv"), "--format", "json"]
    assert main(argv) == 0  # default policy: review, exit 0
    out = json.loads(capsys.readouterr().out)
    want = dcr(ori, syn).figures
    got = {r["measure"]: r["value"] for r in out["summary"]}
    assert got["exact_copy_share"] == pytest.approx(want["exact_copy_share"], abs=1e-12) == pytest.approx(1 / 3)
    assert got["dcr_median"] == pytest.approx(want["dcr_median"], abs=1e-12)
    assert out["verdict"]["status"] == "review"
    assert main([*argv, "--max-exact-copies", "0.1"]) == 3
    assert main([*argv, "--max-exact-copies", "0.1", "--on-violation", "reject"]) == 4
    assert main([*argv, "--max-exact-copies", "0.5"]) == 0
    assert main([*argv, "--min-dcr-baseline-protection", "1.01"]) == 3
    capsys.readouterr()


def test_sdmetrics_peer_where_installed() -> None:
    """SDMetrics itself (not in the test extra: skipped where it does not install): the same DCR per
    synthetic row, to the original and to the holdout, and the same DCROverfittingProtection."""
    pytest.importorskip("sdmetrics")
    from sdmetrics.single_table import DCROverfittingProtection
    from sdmetrics.single_table.privacy.dcr_utils import calculate_dcr

    rng = np.random.default_rng(11)
    ori, syn, ctl = (_table(rng, n) for n in (40, 30, 25))
    meta = {"columns": {c: {"sdtype": "numerical" if NUMERIC[c] else "categorical"} for c in ori.columns}}
    out = dcr(ori, syn, control=ctl, baseline=False, identifiability=False)
    rows = out.per_row().df()
    np.testing.assert_allclose(rows["dcr"], calculate_dcr(syn, ori, meta).to_numpy(), atol=1e-12)
    np.testing.assert_allclose(rows["dcr_holdout"], calculate_dcr(syn, ctl, meta).to_numpy(), atol=1e-12)
    peer = DCROverfittingProtection.compute_breakdown(ori, syn, ctl, meta, None)
    assert out.figures["dcr_overfitting_protection"] == pytest.approx(peer["score"], abs=1e-12)


def test_hostile_column_names() -> None:
    ori = pd.DataFrame({'a"b; drop': [0.0, 10.0, 5.0], "row": ["x", "y", "x"], "d": [1, 2, 3]})
    syn = pd.DataFrame({'a"b; drop': [0.0, 9.0], "row": ["x", "x"], "d": [1, 9]})
    out = dcr(ori, syn, baseline=False)
    # row 1: (5, x, 3) at (0.4 + 0 + 1 (6 / 2 clipped)) / 3
    assert out.per_row().df()["dcr"].round(12).tolist() == [0.0, round(1.4 / 3, 12)]
    assert out.figures["exact_copy_share"] == pytest.approx(0.5)


def test_printed_sql_replays_in_the_duckdb_shell(tmp_path, capsys) -> None:
    import io
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    from sqlpriv.cli import main

    shell = shutil.which("duckdb") or str(Path(sys.executable).with_name("duckdb"))
    if not Path(shell).exists():
        pytest.fail("the DuckDB shell is missing: pip install duckdb-cli (part of the test extra)")
    rng = np.random.default_rng(3)
    ori, syn, ctl = _table(rng, 20), _table(rng, 15), _table(rng, 10)
    for name, df in (("o", ori), ("s", syn), ("h", ctl)):
        df.to_csv(tmp_path / f"{name}.csv", index=False)
    capsys.readouterr()
    assert (
        main(["dcr", str(tmp_path / "o.csv"), str(tmp_path / "s.csv"), "--control", str(tmp_path / "h.csv"), "--sql"])
        == 0
    )
    script = capsys.readouterr().out
    done = subprocess.run([shell, "-csv"], input=script, capture_output=True, text=True, cwd=tmp_path, check=True)
    got = pd.read_csv(io.StringIO(done.stdout))
    want = dcr(tmp_path / "o.csv", tmp_path / "s.csv", control=tmp_path / "h.csv", baseline=False).per_row().df()
    for c in ("dcr", "dcr_second", "nndr", "dcr_holdout"):
        np.testing.assert_allclose(got[c].to_numpy(float), want[c].to_numpy(float), atol=1e-12, err_msg=c)
    assert got["copy"].tolist() == want["copy"].tolist()
